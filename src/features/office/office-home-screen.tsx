import { Trans } from '@lingui/react/macro';
import { Screen } from '@/components/screen';

/** The console's first screen once signed in. */
export function OfficeHomeScreen() {
  return (
    <Screen title={<Trans>Today</Trans>}>
      <p>
        <Trans>Welcome to the billing office. Choose a page from the menu above.</Trans>
      </p>
    </Screen>
  );
}
