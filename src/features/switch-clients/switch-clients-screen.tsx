import { Trans, useLingui } from '@lingui/react/macro';
import {
  selectChosenClient,
  selectFailure,
  selectHasOtherClients,
  selectIsBusy,
  selectSwitchClientsStatus,
  selectUserClients,
} from '@machines/switch-clients/switch-clients.selectors';
import type { SwitchClientsFailure, UserClient } from '@machines/switch-clients/switch-clients.types';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Screen } from '@/components/screen';
import { displayName, useSwitchClients } from './use-switch-clients';


/**
 * Choosing which of the user's clients to work with: each with its name and logo, the current
 * one marked. Choosing another moves the session there and opens its invoices in its look.
 */
export function SwitchClientsScreen() {
  const { t } = useLingui();
  const { actor, choose, retry } = useSwitchClients();

  const status = useSelector(actor, selectSwitchClientsStatus);
  const clients = useSelector(actor, selectUserClients);
  const hasOthers = useSelector(actor, selectHasOtherClients);
  const busy = useSelector(actor, selectIsBusy);
  const failure = useSelector(actor, selectFailure);
  const chosen = useSelector(actor, selectChosenClient);

  const failures: Record<SwitchClientsFailure, string> = {
    refused: t`That provider is not one of yours, so we cannot show its bills. Please choose from the list.`,
    notSignedIn: t`Your session has ended. Please sign in again.`,
    network: t`We could not reach the server. Please check your connection and try again.`,
    serverError: t`Something went wrong on our side. Please try again.`,
  };
  const chosenName = chosen ? displayName(chosen) : '';

  return (
    <Screen title={<Trans>Switch provider</Trans>}>
      <p>
        <Trans>When you have accounts with more than one healthcare provider, here you choose whose bills to see.</Trans>
      </p>
      {status === 'loadFailed' ? (
        <div className="notice notice-error" role="alert">
          <p>{failure === 'notSignedIn' ? failures.notSignedIn : <Trans>We could not load your providers. Please try again.</Trans>}</p>
          <button type="button" className="button" onClick={retry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : null}
      {status === 'choosing' && failure ? (
        <p className="form-error" role="alert">
          {failures[failure]}
          {failure === 'notSignedIn' ? (
            <>
              {' '}
              <Link to="/{-$client}/login">
                <Trans>Sign in</Trans>
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {clients.length > 0 ? (
        <ul className="client-choices" aria-label={t`Your providers`} aria-busy={busy}>
          {clients.map((client) => (
            <ClientChoice key={`${client.code}/${client.billingGroup ?? ''}`} client={client} busy={busy} onChoose={choose} />
          ))}
        </ul>
      ) : null}
      {status === 'choosing' && !hasOthers ? (
        <p className="notice">
          <Trans>All your accounts are with this provider, so there is no other to switch to.</Trans>
        </p>
      ) : null}
      <p role="status" className={status === 'switching' || status === 'switched' ? undefined : 'visually-hidden'}>
        {status === 'loading' ? <Trans>Loading your providers…</Trans> : null}
        {status === 'switching' || status === 'switched' ? <Trans>Opening the bills from {chosenName}…</Trans> : null}
      </p>
    </Screen>
  );
}

/** One of the user's clients: logo, name and account, and the way to switch to it unless it is the current one. */
function ClientChoice({ client, busy, onChoose }: { client: UserClient; busy: boolean; onChoose: (client: UserClient) => void }) {
  const name = displayName(client);
  const accountNumber = client.accountNumber;
  return (
    <li className="client-choice" aria-current={client.isCurrent ? 'true' : undefined} data-client={client.code}>
      {/* The name is written beside it, so the logo adds nothing to read out. */}
      {client.logoUrl ? <img className="client-choice-logo" src={client.logoUrl} alt="" height={40} /> : null}
      <div className="client-choice-text">
        <h2>{name}</h2>
        <p>
          <Trans>Account {accountNumber}</Trans>
        </p>
      </div>
      {client.isCurrent ? (
        <p className="client-choice-current">
          <Trans>Current provider</Trans>
        </p>
      ) : (
        // Never disabled: a disabled button drops the focus to the page; a press while busy does nothing.
        <button type="button" className="button" aria-disabled={busy} onClick={() => onChoose(client)}>
          <Trans>Switch to {name}</Trans>
        </button>
      )}
    </li>
  );
}
