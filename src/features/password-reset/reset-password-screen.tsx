import { Trans } from '@lingui/react/macro';
import { Screen } from '@/components/screen';

/** Choosing a new password from the reset link. */
export function ResetPasswordScreen() {
  return (
    <Screen title={<Trans>Reset your password</Trans>}>
      <p>
        <Trans>Here you choose a new password after following the link we sent to your email address.</Trans>
      </p>
    </Screen>
  );
}
