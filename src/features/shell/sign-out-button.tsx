import { Trans } from '@lingui/react/macro';
import { selectIsSignedIn } from '@machines/session/session.selectors';
import { useSelector } from '@xstate/react';
import { useSessionEvents } from '@/lib/use-session-events';
import { useMachines } from '@/lib/machines';

/** Shown only while someone is signed in. */
export function SignOutButton() {
  const { session } = useMachines();
  const signedIn = useSelector(session, selectIsSignedIn);
  const { logOut } = useSessionEvents();
  if (!signedIn) return null;
  return (
    <button type="button" className="button button-secondary" onClick={logOut}>
      <Trans>Sign out</Trans>
    </button>
  );
}
