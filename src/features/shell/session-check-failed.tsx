import { Trans } from '@lingui/react/macro';
import { useSessionStartEvents } from '@/lib/use-machine-events';

/** Says that the session check at start-up failed, and offers to try again: the page's one heading while no screen can show. */
export function SessionCheckFailed() {
  const { recheck } = useSessionStartEvents();
  return (
    <section className="screen screen-narrow" aria-labelledby="session-check-failed">
      <h1 id="session-check-failed">
        <Trans>The portal is not answering</Trans>
      </h1>
      <div role="alert" className="notice notice-error">
        <p>
          <Trans>We could not check whether you are signed in.</Trans>
        </p>
        <button type="button" className="button" onClick={recheck}>
          <Trans>Try again</Trans>
        </button>
      </div>
    </section>
  );
}
