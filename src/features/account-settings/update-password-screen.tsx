import { Trans } from '@lingui/react/macro';
import { Screen } from '@/components/screen';

/** Changing the password. */
export function UpdatePasswordScreen() {
  return (
    <Screen title={<Trans>Update password</Trans>}>
      <p>
        <Trans>Here you change the password you sign in with.</Trans>
      </p>
    </Screen>
  );
}
