import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Screen } from '@/components/screen';

export function NotFoundScreen() {
  return (
    <Screen title={<Trans>Page not found</Trans>}>
      <p>
        <Trans>We could not find the page you asked for.</Trans>
      </p>
      <Link to="/{-$client}" className="button">
        <Trans>Go to the home page</Trans>
      </Link>
    </Screen>
  );
}
