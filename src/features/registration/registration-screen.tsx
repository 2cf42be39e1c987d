import { Trans } from '@lingui/react/macro';

/** Registering for a billing account. */
export function RegistrationScreen() {
  return (
    <section className="screen" aria-labelledby="registration-title">
      <h1 id="registration-title">
        <Trans>Create an account</Trans>
      </h1>
      <p>
        <Trans>Here you register for a billing account with your account number and an invoice number, to see and pay your bills at any time.</Trans>
      </p>
    </section>
  );
}
