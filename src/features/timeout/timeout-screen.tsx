import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Screen } from '@/components/screen';

/** Where the loading overlay sends the visitor when a page takes longer than the loading time-out. */
export function TimeoutScreen() {
  return (
    <Screen title={<Trans>The page took too long to load</Trans>}>
      <p>
        <Trans>This can happen when the connection is slow or the service is busy. Please check your connection and try again.</Trans>
      </p>
      <Link to="/{-$client}" className="button">
        <Trans>Try again from the home page</Trans>
      </Link>
    </Screen>
  );
}
