import { Trans } from '@lingui/react/macro';

/** Says where the password-reset link went. */
export function ResetEmailSentScreen() {
  return (
    <section className="screen" aria-labelledby="reset-email-sent-title">
      <h1 id="reset-email-sent-title">
        <Trans>Password reset email</Trans>
      </h1>
      <p>
        <Trans>This page confirms that we have sent a link to reset your password to the email address of your account.</Trans>
      </p>
    </section>
  );
}
