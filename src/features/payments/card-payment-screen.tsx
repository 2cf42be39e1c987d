import { Trans } from '@lingui/react/macro';

/** Paying by card. */
export function CardPaymentScreen() {
  return (
    <section className="screen" aria-labelledby="card-payment-title">
      <h1 id="card-payment-title">
        <Trans>Card payment</Trans>
      </h1>
      <p>
        <Trans>Here you enter your card details to pay. We never store your card number.</Trans>
      </p>
    </section>
  );
}
