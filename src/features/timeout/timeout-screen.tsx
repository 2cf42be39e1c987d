import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/** Where the loading overlay sends the visitor when a page takes longer than the loading time-out. */
export function TimeoutScreen() {
  return (
    <section className="screen" aria-labelledby="timeout-title">
      <h1 id="timeout-title">
        <Trans>The page took too long to load</Trans>
      </h1>
      <p>
        <Trans>This can happen when the connection is slow or the service is busy. Please check your connection and try again.</Trans>
      </p>
      <Link to="/{-$client}" className="button">
        <Trans>Try again from the home page</Trans>
      </Link>
    </section>
  );
}
