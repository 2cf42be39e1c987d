import { Trans } from '@lingui/react/macro';

/** Asking for a password-reset link. */
export function ForgotPasswordScreen() {
  return (
    <section className="screen" aria-labelledby="forgot-password-title">
      <h1 id="forgot-password-title">
        <Trans>Forgot your password?</Trans>
      </h1>
      <p>
        <Trans>Here you ask for a link to reset your password, sent to the email address of your account.</Trans>
      </p>
    </section>
  );
}
