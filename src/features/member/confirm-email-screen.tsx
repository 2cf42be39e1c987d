import { Trans } from '@lingui/react/macro';
import { emailConfirmationMachine } from '@machines/email-change/email-confirmation.machine';
import { selectConfirmationFailure, selectConfirmationStatus } from '@machines/email-change/email-confirmation.selectors';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Screen } from '@/components/screen';
import { withClientPrefix } from '@/lib/client-path';
import { createAppActor } from '@/lib/create-app-actor';
import { useMachines } from '@/lib/machines';
import { forgetEmailToken, readEmailToken } from './pending-email-token';
import { useEmailConfirmationEvents, type EmailConfirmationActor } from './member-events';
import { createEmailConfirmationImplementations } from './member.implementations';
import { useFailureMessages } from './messages';

const title = <Trans>Confirm your changes</Trans>;

/** Opens the link of an email change: the address changes now, and the success screen follows. */
export function ConfirmEmailScreen() {
  const [token] = useState(readEmailToken);
  return <Screen title={title}>{token ? <Confirmation token={token} /> : <LinkFailed />}</Screen>;
}

function Confirmation({ token }: { token: string }) {
  const { app } = useMachines();
  const navigate = useNavigate();
  const [actor] = useState(() =>
    createAppActor(
      emailConfirmationMachine.provide(
        createEmailConfirmationImplementations({
          forgetToken: forgetEmailToken,
          showSuccess: () => {
            void navigate({
              to: '/{-$client}/success',
              params: (params) => params,
              search: { message: 'emailUpdated', redirect: withClientPrefix('/member', window.location.pathname) },
              replace: true,
            });
          },
        }),
      ),
      // In the app's system: the machine has the session, found by its system id, ask the server again.
      { input: { token }, parent: app },
    ),
  );
  // Started once and never stopped: the link is spent once, even when React mounts twice.
  useEffect(() => {
    actor.start();
  }, [actor]);
  const status = useSelector(actor, selectConfirmationStatus);

  if (status === 'linkFailed') return <LinkFailed />;
  if (status === 'confirmFailed') return <ConfirmFailed actor={actor} />;
  return (
    <p role="status">
      {status === 'confirmed' ? <Trans>Your email address has been changed.</Trans> : <Trans>Confirming your new email address…</Trans>}
    </p>
  );
}

function ConfirmFailed({ actor }: { actor: EmailConfirmationActor }) {
  const failure = useSelector(actor, selectConfirmationFailure);
  const failureMessages = useFailureMessages();
  const { retry } = useEmailConfirmationEvents(actor);
  return (
    <>
      <div className="notice notice-error" role="alert">
        <p>{failureMessages[failure ?? 'serverError']}</p>
        <p>
          <Trans>Your email address has not changed yet. The link still works until it expires.</Trans>
        </p>
      </div>
      <div className="actions">
        <button type="button" className="button" onClick={retry}>
          <Trans>Try again</Trans>
        </button>
      </div>
    </>
  );
}

/** A link that does not work, calmly: nothing changed, and a new one is a page away. */
function LinkFailed() {
  return (
    <>
      <div className="notice" role="status" data-testid="link-failed">
        <p>
          <Trans>This link cannot change your email address. It may have expired or been used already, or the address can no longer be used.</Trans>
        </p>
        <p>
          <Trans>Your email address has not changed. You can ask for a new link.</Trans>
        </p>
      </div>
      <div className="actions">
        <Link to="/{-$client}/email" className="button">
          <Trans>Update email</Trans>
        </Link>
        <Link to="/{-$client}/member" className="button button-secondary">
          <Trans>Member information</Trans>
        </Link>
      </div>
    </>
  );
}
