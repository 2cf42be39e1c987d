import { Trans } from '@lingui/react/macro';
import { selectClient, selectClientUrl } from '@machines/client/client.selectors';
import { useSelector } from '@xstate/react';
import { useMachines } from '@/lib/machines';
import { Screen } from '@/components/screen';

/** How to reach the provider's billing office; the provider's own details are on every invoice. */
export function ContactScreen() {
  const { client: clientActor } = useMachines();
  const clientName = useSelector(clientActor, selectClient)?.name ?? '';
  // Only a checked http(s) address reaches the machine.
  const clientUrl = useSelector(clientActor, selectClientUrl);

  return (
    <Screen title={<Trans>Contact us</Trans>}>
      <p>
        <Trans>
          Questions about a bill? Call or write to the billing office of your healthcare provider: their phone number, email address and
          postal address are printed on your invoice.
        </Trans>
      </p>
      {clientName ? (
        <p>
          <Trans>Your bills on this portal come from {clientName}.</Trans>
          {clientUrl ? (
            <>
              {' '}
              <a href={clientUrl} rel="noopener noreferrer">
                <Trans>Visit the {clientName} website</Trans>
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      <p>
        <Trans>Have your account number and invoice number at hand when you call.</Trans>
      </p>
      <p>
        <Trans>For your safety, never send card numbers or medical details by email.</Trans>
      </p>
    </Screen>
  );
}
