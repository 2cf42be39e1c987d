import { Trans } from '@lingui/react/macro';

/** The payer's name and address for an online payment. */
export function BillingInformationScreen() {
  return (
    <section className="screen" aria-labelledby="billing-information-title">
      <h1 id="billing-information-title">
        <Trans>Billing information</Trans>
      </h1>
      <p>
        <Trans>Here you enter the name and address of the person paying.</Trans>
      </p>
    </section>
  );
}
