import { Trans } from '@lingui/react/macro';
import { selectClient } from '@machines/client/client.selectors';
import { selectAccount, selectRole } from '@machines/session/session.selectors';
import { useSelector } from '@xstate/react';
import { useMachines } from '@/lib/machines';
import { Screen } from '@/components/screen';

/** The account summary. For now it says whose account this is; invoices come with payments. */
export function InvoicesScreen() {
  const { session, client: clientActor } = useMachines();
  const account = useSelector(session, selectAccount);
  const role = useSelector(session, selectRole);
  const client = useSelector(clientActor, selectClient);

  return (
    <Screen title={<Trans>Your invoices</Trans>}>
      {account ? (
        <dl className="account-summary">
          <dt>
            <Trans>Signed in as</Trans>
          </dt>
          <dd data-testid="account-email">{account.email}</dd>
          <dt>
            <Trans>Account number</Trans>
          </dt>
          <dd data-testid="account-number">{account.accountNumber}</dd>
          {client?.name ? (
            <>
              <dt>
                <Trans>Billed by</Trans>
              </dt>
              <dd>{client.name}</dd>
            </>
          ) : null}
          <dt>
            <Trans>Access</Trans>
          </dt>
          <dd>{role === 'ClientBillingGuest' ? <Trans>Guest</Trans> : <Trans>Billing account holder</Trans>}</dd>
        </dl>
      ) : null}
    </Screen>
  );
}
