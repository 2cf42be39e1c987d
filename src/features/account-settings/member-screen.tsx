import { Trans } from '@lingui/react/macro';
import { Screen } from '@/components/screen';

/** The signed-in billing user's details. */
export function MemberScreen() {
  return (
    <Screen title={<Trans>Member information</Trans>}>
      <p>
        <Trans>This page shows the details of your billing account: your name, your email address and the providers you have accounts with.</Trans>
      </p>
    </Screen>
  );
}
