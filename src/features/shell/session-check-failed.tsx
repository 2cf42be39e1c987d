import { Trans } from '@lingui/react/macro';
import { useSessionStartEvents } from '@/lib/use-machine-events';

/** Says that the session check at start-up failed, and offers to try again. */
export function SessionCheckFailed() {
  const { recheck } = useSessionStartEvents();
  return (
    <div role="alert" className="notice notice-error">
      <p>
        <Trans>We could not check whether you are signed in.</Trans>
      </p>
      <button type="button" className="button" onClick={recheck}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
