/**
 * Keeping a staff member signed in to the console (WCAG 2.2.1): the warning before the session
 * ends, with Stay signed in, and once it has ended the sign-in over the screen, which stays as it
 * was underneath with what was typed.
 */
import { Trans } from '@lingui/react/macro';
import { selectEmail, selectFailure, selectHasEnded, selectIsBusy, selectIsExtending, selectIsWarning, selectSessionEndsAt } from '@machines/console/staff-session.selectors';
import { useSelector } from '@xstate/react';
import { ModalDialog } from '@/components/modal-dialog';
import { TimeLeft } from '@/components/time-left';
import { useAnnouncedSeconds, useSecondsUntil } from '@/lib/countdown';
import { useStaffSessionEvents, type StaffSessionActor } from './office-session-events';
import { useConsoleFailureMessage } from './office-messages';
import { StaffSignInForm } from './staff-sign-in-screen';

/** The warning, or the sign-in once the session has ended; nothing while the session runs. */
export function OfficeSessionDialogs({ actor, clientCode }: { actor: StaffSessionActor; clientCode: string }) {
  const warning = useSelector(actor, selectIsWarning);
  const ended = useSelector(actor, selectHasEnded);
  if (warning) return <SessionWarning actor={actor} />;
  if (ended) return <SignInAgain actor={actor} clientCode={clientCode} />;
  return null;
}

/**
 * The warning, counting down in words to the end the server gave. A screen reader hears the time
 * when it opens and at steps (full minutes, 30 s, 10 s), never every second.
 */
function SessionWarning({ actor }: { actor: StaffSessionActor }) {
  const { stay, signOut } = useStaffSessionEvents(actor);
  const endsAt = useSelector(actor, selectSessionEndsAt);
  const extending = useSelector(actor, selectIsExtending);
  const failure = useSelector(actor, selectFailure);
  const failureMessage = useConsoleFailureMessage();
  const seconds = useSecondsUntil(endsAt);
  const announced = useAnnouncedSeconds(seconds, { atStart: true });
  return (
    <ModalDialog
      title={<Trans>Your session is about to end</Trans>}
      onEscape={stay}
      actions={
        <>
          <button type="button" className="button" onClick={stay} aria-disabled={extending} autoFocus>
            {extending ? <Trans>Staying signed in…</Trans> : <Trans>Stay signed in</Trans>}
          </button>
          <button type="button" className="button button-secondary" onClick={signOut}>
            <Trans>Sign out</Trans>
          </button>
        </>
      }
    >
      <p data-testid="office-time-left">
        <Trans>
          Without activity, your billing office session ends in <TimeLeft seconds={seconds} />. Stay signed in to go on where you are.
        </Trans>
      </p>
      {failure ? (
        <p className="form-error" role="alert">
          {failureMessage(failure)}
        </p>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announced === null ? null : (
          <Trans>
            Time left in your session: <TimeLeft seconds={announced} />.
          </Trans>
        )}
      </p>
    </ModalDialog>
  );
}

/** The session has ended: sign in again over the screen, which keeps what was typed underneath. */
function SignInAgain({ actor, clientCode }: { actor: StaffSessionActor; clientCode: string }) {
  const { signOut, signedInAgain } = useStaffSessionEvents(actor);
  const email = useSelector(actor, selectEmail);
  const busy = useSelector(actor, selectIsBusy);
  return (
    <ModalDialog
      role="dialog"
      title={<Trans>Your session has ended</Trans>}
      // Nothing to close: the console cannot be used until someone signs in or leaves.
      onEscape={() => {}}
      actions={
        <button type="button" className="button button-secondary" onClick={signOut} aria-disabled={busy}>
          <Trans>Sign out instead</Trans>
        </button>
      }
    >
      <p>
        <Trans>Sign in again to go on where you were: what you typed on this page is still there.</Trans>
      </p>
      <StaffSignInForm
        clientCode={clientCode}
        factors={null}
        email={email}
        onSignedIn={(session) => signedInAgain(session.email)}
        // A staff member still owing a second factor cannot be signed in over a screen: the console opens its set-up page.
        onEnrol={() => window.location.assign(`/${clientCode}/office/welcome`)}
        stepHeading={(text) => <h3>{text}</h3>}
      />
    </ModalDialog>
  );
}
