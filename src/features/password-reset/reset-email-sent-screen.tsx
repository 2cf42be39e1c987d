import { Trans } from '@lingui/react/macro';
import { Screen } from '@/components/screen';

/** Says where the password-reset link went. */
export function ResetEmailSentScreen() {
  return (
    <Screen title={<Trans>Password reset email</Trans>}>
      <p>
        <Trans>This page confirms that we have sent a link to reset your password to the email address of your account.</Trans>
      </p>
    </Screen>
  );
}
