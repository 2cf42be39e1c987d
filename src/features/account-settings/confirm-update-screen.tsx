import { Trans } from '@lingui/react/macro';

/** Confirms an account change from the link in the confirmation email. */
export function ConfirmUpdateScreen() {
  return (
    <section className="screen" aria-labelledby="confirm-update-title">
      <h1 id="confirm-update-title">
        <Trans>Confirm your changes</Trans>
      </h1>
      <p>
        <Trans>This page confirms a change to your account when you follow the link we sent to your email address.</Trans>
      </p>
    </section>
  );
}
