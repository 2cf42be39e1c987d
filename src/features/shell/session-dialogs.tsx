import { Trans } from '@lingui/react/macro';
import { selectIsExpiring, selectIsWarning } from '@machines/session/session.selectors';
import { useSelector } from '@xstate/react';
import { useMachines } from '@/lib/machines';
import { useSessionEvents } from '@/lib/use-session-events';
import { ModalDialog } from './modal-dialog';

/** The session-expiry warning and, when it runs out, the inactivity notice. */
export function SessionDialogs() {
  const { session } = useMachines();
  const warning = useSelector(session, selectIsWarning);
  const expiring = useSelector(session, selectIsExpiring);
  const { extend, decline, acknowledgeExpiry } = useSessionEvents();

  if (warning) {
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
        <p>
          <Trans id="Default.SessionWarning">
            You have less than 2 minutes left on your session. Do you wish to continue?
          </Trans>
        </p>
      </ModalDialog>
    );
  }

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
