import { Trans } from '@lingui/react/macro';

/** The first step of an online payment: what to pay. */
export function OnlinePaymentScreen() {
  return (
    <section className="screen" aria-labelledby="online-payment-title">
      <h1 id="online-payment-title">
        <Trans>Online payment</Trans>
      </h1>
      <p>
        <Trans>Here you choose which invoices to pay and how much to pay on each.</Trans>
      </p>
    </section>
  );
}
