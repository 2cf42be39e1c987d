import { Trans } from '@lingui/react/macro';

/** Confirms a new account from the link in the activation email. */
export function ActivateAccountScreen() {
  return (
    <section className="screen" aria-labelledby="activate-title">
      <h1 id="activate-title">
        <Trans>Activate your account</Trans>
      </h1>
      <p>
        <Trans>This page confirms your new account when you follow the link we sent to your email address.</Trans>
      </p>
    </section>
  );
}
