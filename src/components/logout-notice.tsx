import { Trans } from '@lingui/react/macro';
import { selectLogoutReason } from '@machines/session/session.selectors';
import { useSelector } from '@xstate/react';
import { useMachines } from '@/lib/machines';

/** After signing out, the next screen says why: the user's own choice (here or on every device), inactivity, or another tab. */
export function LogoutNotice() {
  const { session } = useMachines();
  const reason = useSelector(session, selectLogoutReason);
  if (reason === 'inactivity') {
    return (
      <p className="notice" role="status">
        <Trans id="Default.InactivityMessage">Your session has ended because of inactivity. Please sign in again.</Trans>
      </p>
    );
  }
  if (reason === 'elsewhere') {
    return (
      <p className="notice" role="status">
        <Trans>You were signed out, perhaps in another tab or window. Sign in again to go on where you were.</Trans>
      </p>
    );
  }
  if (reason === 'everywhere') {
    return (
      <p className="notice" role="status">
        <Trans>You have signed out on every device, this one included.</Trans>
      </p>
    );
  }
  if (reason === 'user') {
    return (
      <p className="notice" role="status">
        <Trans id="Default.LogoutMessage">You have signed out. Thank you for using the portal.</Trans>
      </p>
    );
  }
  return null;
}
