import { Trans } from '@lingui/react/macro';

/** Ways to pay other than online. */
export function OtherPaymentScreen() {
  return (
    <section className="screen" aria-labelledby="other-payment-title">
      <h1 id="other-payment-title">
        <Trans>Other payment methods</Trans>
      </h1>
      <p>
        <Trans>This page lists the other ways to pay your bill, such as by phone or by post.</Trans>
      </p>
    </section>
  );
}
