import { Trans } from '@lingui/react/macro';

/** Reviewing the amounts of an online payment. */
export function PaymentConfirmationScreen() {
  return (
    <section className="screen" aria-labelledby="payment-confirmation-title">
      <h1 id="payment-confirmation-title">
        <Trans>Review your payment</Trans>
      </h1>
      <p>
        <Trans>Here you check the invoices and amounts you chose before you go on to pay.</Trans>
      </p>
    </section>
  );
}
