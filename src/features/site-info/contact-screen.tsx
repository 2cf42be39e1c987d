import { Trans } from '@lingui/react/macro';
import { selectClient, selectClientUrl } from '@machines/client/client.selectors';
import { useLoaderData } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMachines } from '@/lib/machines';
import { OpeningHoursText, PhoneLink, PostalAddress } from '@/components/contact-details';
import { Screen } from '@/components/screen';

/** How to reach the provider's billing office: its phone and address when the portal has them; they are on every invoice too. */
export function ContactScreen() {
  const details = useLoaderData({ from: '/{-$client}/contact' });
  const contact = details.status === 'known' ? details.contact : null;
  const { client: clientActor } = useMachines();
  const clientName = useSelector(clientActor, selectClient)?.name ?? '';
  // Only a checked http(s) address reaches the machine.
  const clientUrl = useSelector(clientActor, selectClientUrl);

  return (
    <Screen title={<Trans>Contact us</Trans>}>
      {contact?.phone ? (
        <section aria-labelledby="contact-phone" data-testid="contact-phone">
          <h2 id="contact-phone">
            <Trans>Call the billing office</Trans>
          </h2>
          <p>
            <PhoneLink number={contact.phone.number} />
          </p>
          {contact.phone.hours ? <OpeningHoursText hours={contact.phone.hours} /> : null}
        </section>
      ) : null}
      {contact && contact.addressLines.length > 0 ? (
        <section aria-labelledby="contact-address" data-testid="contact-address">
          <h2 id="contact-address">
            <Trans>Write to the billing office</Trans>
          </h2>
          <PostalAddress lines={contact.addressLines} />
        </section>
      ) : null}
      {details.status === 'failed' ? (
        <p className="notice notice-error" role="alert">
          <Trans>We could not load the billing office's phone and address. Please try again later, or use the details on your invoice.</Trans>
        </p>
      ) : null}
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
