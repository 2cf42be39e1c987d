import { Trans } from '@lingui/react/macro';
import { Screen } from '@/components/screen';

/** Asking for a password-reset link. */
export function ForgotPasswordScreen() {
  return (
    <Screen title={<Trans>Forgot your password?</Trans>}>
      <p>
        <Trans>Here you ask for a link to reset your password, sent to the email address of your account.</Trans>
      </p>
    </Screen>
  );
}
