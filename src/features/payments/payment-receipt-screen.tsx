import { Trans } from '@lingui/react/macro';

/** The receipt of an online payment. */
export function PaymentReceiptScreen() {
  return (
    <section className="screen" aria-labelledby="payment-receipt-title">
      <h1 id="payment-receipt-title">
        <Trans>Payment receipt</Trans>
      </h1>
      <p>
        <Trans>This page shows the receipt of your payment, to print or keep.</Trans>
      </p>
    </section>
  );
}
