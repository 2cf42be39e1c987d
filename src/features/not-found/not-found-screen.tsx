import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

export function NotFoundScreen() {
  return (
    <section className="screen" aria-labelledby="not-found-title">
      <h1 id="not-found-title">
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>We could not find the page you asked for.</Trans>
      </p>
      <Link to="/{-$client}" className="button">
        <Trans>Go to the home page</Trans>
      </Link>
    </section>
  );
}
