import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/** What a screen shows when it could not load: never a blank page. */
export function RouteErrorScreen() {
  return (
    <section className="screen" aria-labelledby="route-error-title">
      <h1 id="route-error-title">
        <Trans>Something went wrong</Trans>
      </h1>
      <p>
        <Trans>This page could not be loaded. Please check your connection and try again.</Trans>
      </p>
      <Link to="/{-$client}" className="button">
        <Trans>Go to the home page</Trans>
      </Link>
    </section>
  );
}
