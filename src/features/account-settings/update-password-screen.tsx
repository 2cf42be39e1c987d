import { Trans } from '@lingui/react/macro';

/** Changing the password. */
export function UpdatePasswordScreen() {
  return (
    <section className="screen" aria-labelledby="update-password-title">
      <h1 id="update-password-title">
        <Trans>Update password</Trans>
      </h1>
      <p>
        <Trans>Here you change the password you sign in with.</Trans>
      </p>
    </section>
  );
}
