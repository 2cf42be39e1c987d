import { Trans } from '@lingui/react/macro';

/** Choosing a new password from the reset link. */
export function ResetPasswordScreen() {
  return (
    <section className="screen" aria-labelledby="reset-password-title">
      <h1 id="reset-password-title">
        <Trans>Reset your password</Trans>
      </h1>
      <p>
        <Trans>Here you choose a new password after following the link we sent to your email address.</Trans>
      </p>
    </section>
  );
}
