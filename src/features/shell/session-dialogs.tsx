import { Trans } from '@lingui/react/macro';
import { selectIsExpiring, selectIsWarning, selectSessionEndsAt } from '@machines/session/session.selectors';
import { useSelector } from '@xstate/react';
import { useAnnouncedSeconds, useSecondsUntil } from '@/lib/countdown';
import { useMachines } from '@/lib/machines';
import { useSessionEvents } from '@/lib/use-session-events';
import { ModalDialog } from '@/components/modal-dialog';
import { TimeLeft } from '@/components/time-left';

/** The session-expiry warning and, when it runs out, the inactivity notice. */
export function SessionDialogs() {
  const { session } = useMachines();
  const warning = useSelector(session, selectIsWarning);
  const expiring = useSelector(session, selectIsExpiring);
  // The machine always sets it before warning; 0 would only show 0 seconds left.
  const endsAt = useSelector(session, selectSessionEndsAt) ?? 0;
  const { acknowledgeExpiry } = useSessionEvents();

  if (warning) return <SessionWarning endsAt={endsAt} />;

  if (expiring) {
    return (
      <ModalDialog
        title={<Trans>Signed out</Trans>}
        onEscape={acknowledgeExpiry}
        actions={
          <button type="button" className="button" onClick={acknowledgeExpiry} autoFocus>
            <Trans>OK</Trans>
          </button>
        }
      >
        <p>
          <Trans id="Default.InactivityMessage">Your session has ended because of inactivity. Please sign in again.</Trans>
        </p>
      </ModalDialog>
    );
  }

  return null;
}

/**
 * The warning, counting down to the end of the session each second (WCAG 2.2.1). The machine
 * decides when the time is up; this only shows it. A screen reader hears the time when the
 * dialog opens and at steps (full minutes, 30 s, 10 s), never every second.
 */
function SessionWarning({ endsAt }: { endsAt: number }) {
  const { extend, decline } = useSessionEvents();
  const seconds = useSecondsUntil(endsAt);
  const announced = useAnnouncedSeconds(seconds, { atStart: true });
  return (
    <ModalDialog
      title={<Trans>Your session is about to end</Trans>}
      onEscape={extend}
      actions={
        <>
          <button type="button" className="button" onClick={extend} autoFocus>
            <Trans>Continue</Trans>
          </button>
          <button type="button" className="button button-secondary" onClick={decline}>
            <Trans>Sign out</Trans>
          </button>
        </>
      }
    >
      <p data-testid="session-time-left">
        <Trans>
          Your session ends in <TimeLeft seconds={seconds} />. Do you wish to continue?
        </Trans>
      </p>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announced === null ? null : (
          <Trans>
            Your session ends in <TimeLeft seconds={announced} />.
          </Trans>
        )}
      </p>
    </ModalDialog>
  );
}
