import { Trans } from '@lingui/react/macro';

/** Changing the email address. */
export function UpdateEmailScreen() {
  return (
    <section className="screen" aria-labelledby="update-email-title">
      <h1 id="update-email-title">
        <Trans>Update email</Trans>
      </h1>
      <p>
        <Trans>Here you change the email address you sign in with and receive messages at.</Trans>
      </p>
    </section>
  );
}
