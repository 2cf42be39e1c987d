import { Trans } from '@lingui/react/macro';
import { accessRemovalMachine } from '@machines/registration/access-removal.machine';
import {
  selectAccessRemovalFailure,
  selectAccessRemovalStatus,
  selectIsRemovingAccess,
} from '@machines/registration/access-removal.selectors';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { Screen } from '@/components/screen';
import { createAppActor } from '@/lib/create-app-actor';
import { forgetLinkToken, takeLinkToken } from '@/lib/link-token';
import { accessRemovalEvents } from './registration-events';
import { createAccessRemovalImplementations } from './registration.implementations';
import { useScreenActor } from './use-screen-actor';

type AccessRemovalActor = ActorRefFrom<typeof accessRemovalMachine>;

/** Where this tab keeps the link's token until it is spent. */
const accessRemovalTokenKey = 'accessRemovalToken';

/**
 * The link that an account's people get when someone registers for it: one press removes that
 * registration. Anyone holding the link may use it; it needs no sign-in.
 */
export function RemoveAccessScreen() {
  const [token] = useState(() => takeLinkToken(accessRemovalTokenKey));
  const actor = useScreenActor(() =>
    createAppActor(accessRemovalMachine.provide(createAccessRemovalImplementations({ forgetToken: () => forgetLinkToken(accessRemovalTokenKey) })), {
      input: { token },
    }),
  );
  const status = useSelector(actor, selectAccessRemovalStatus);
  return (
    <Screen title={<Trans>Remove access to your account</Trans>} narrow>
      {status === 'linkUnusable' ? <LinkUnusable /> : status === 'removed' ? <Removed /> : <Offer actor={actor} />}
    </Screen>
  );
}

function Offer({ actor }: { actor: AccessRemovalActor }) {
  const status = useSelector(actor, selectAccessRemovalStatus);
  const failure = useSelector(actor, selectAccessRemovalFailure);
  const busy = useSelector(actor, selectIsRemovingAccess);
  const { confirm, retry } = accessRemovalEvents(actor);
  return (
    <>
      <p>
        <Trans>
          Someone registered for online access to your billing account, and we emailed you this link. If you do not know
          them, remove their access: their sign-in to this account ends at once.
        </Trans>
      </p>
      <p>
        <Trans>If they are a family member or guarantor you know, you can close this page: nothing changes.</Trans>
      </p>
      {status === 'failed' ? (
        <div className="notice notice-error" role="alert">
          <p>
            {failure === 'network' ? (
              <Trans>We could not reach the server. Please check your connection and try again.</Trans>
            ) : (
              <Trans>Something went wrong on our side. Please try again.</Trans>
            )}
          </p>
          <p>
            <Trans>Nothing was removed yet. The link still works until it expires.</Trans>
          </p>
        </div>
      ) : null}
      <div className="actions">
        {/* Never disabled: a disabled button drops the focus; a second press while busy does nothing. */}
        <button type="button" className="button" aria-disabled={busy} onClick={status === 'failed' ? retry : confirm}>
          {busy ? (
            <Trans>Removing the access…</Trans>
          ) : status === 'failed' ? (
            <Trans>Try again</Trans>
          ) : (
            <Trans>Remove this access</Trans>
          )}
        </button>
      </div>
    </>
  );
}

function Removed() {
  const notice = useRef<HTMLDivElement>(null);
  // The button is gone: the notice takes the focus, so it is read at once.
  useEffect(() => {
    notice.current?.focus();
  }, []);
  return (
    <>
      <div className="notice notice-success" ref={notice} tabIndex={-1} role="status">
        <p>
          <Trans>The access is removed. That sign-in can no longer see this account.</Trans>
        </p>
      </div>
      <p>
        <Trans>If you think someone has your account and invoice numbers, please tell the billing office.</Trans>
      </p>
      <div className="actions">
        <Link to="/{-$client}/contact" className="button">
          <Trans>Contact us</Trans>
        </Link>
      </div>
    </>
  );
}

function LinkUnusable() {
  return (
    <>
      <div className="notice notice-error" role="alert">
        <p>
          <Trans>This link cannot be used: it was used already, is older than 30 days, or is incomplete. The access may have been removed already.</Trans>
        </p>
      </div>
      <p>
        <Trans>Signed in, Member information lists everyone registered for your account.</Trans>
      </p>
      <div className="actions">
        <Link to="/{-$client}/login" className="button">
          <Trans>Go to sign in</Trans>
        </Link>
      </div>
    </>
  );
}
