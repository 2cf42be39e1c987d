import { Trans } from '@lingui/react/macro';
import { selectClient } from '@machines/client/client.selectors';
import { selectIsBillingUser, selectSessionClientCode } from '@machines/session/session.selectors';
import { selectIsBusy, selectUserClients } from '@machines/switch-clients/switch-clients.selectors';
import { useLocation } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMachines } from '@/lib/machines';
import { displayName, useSwitchClients } from './use-switch-clients';

/**
 * Says why a page asked for under another client's address opened under the session's client
 * (the address's code is the search's `from`): a signed-in user sees their own client's data, in its look. A
 * billing user with an account at that client is offered the switch there.
 */
export function ClientMovedNotice() {
  const { session, client } = useMachines();
  // Set by the guards when they move a page to the session's client.
  const from = useLocation({ select: (location) => new URLSearchParams(location.searchStr).get('from') ?? '' });
  const sessionCode = useSelector(session, selectSessionClientCode);
  const current = useSelector(client, selectClient);
  const billingUser = useSelector(session, selectIsBillingUser);
  // Only a client code is ever shown: the address is anyone's to write.
  if (sessionCode === null || !/^[a-z]{2,4}$/i.test(from) || sessionCode.toUpperCase() === from.toUpperCase()) return null;
  const currentName = current?.name || sessionCode;
  const code = from.toUpperCase();
  return billingUser ? <OfferSwitch from={code} currentName={currentName} /> : <MovedHere from={code} currentName={currentName} />;
}

function MovedHere({ from, currentName }: { from: string; currentName: string }) {
  return (
    <p className="notice" role="status" data-testid="client-moved">
      <Trans>
        The address you opened is for another provider ({from}). You are signed in with {currentName}, where your account is,
        so the page opened here.
      </Trans>
    </p>
  );
}

function OfferSwitch({ from, currentName }: { from: string; currentName: string }) {
  const { actor, choose } = useSwitchClients();
  const clients = useSelector(actor, selectUserClients);
  const busy = useSelector(actor, selectIsBusy);
  const there = clients.find((candidate) => !candidate.isCurrent && candidate.code.toUpperCase() === from.toUpperCase());
  if (!there) return <MovedHere from={from} currentName={currentName} />;
  const name = displayName(there);
  return (
    <div className="notice" role="status" data-testid="client-moved">
      <p>
        <Trans>
          The address you opened is for {name}, where you also have an account. You are signed in with {currentName}, so the page
          opened here.
        </Trans>
      </p>
      {/* Never disabled: a disabled button drops the focus to the page; a press while busy does nothing. */}
      <button type="button" className="button" aria-disabled={busy} onClick={() => choose(there)}>
        <Trans>Switch to {name}</Trans>
      </button>
    </div>
  );
}
