import { Trans, useLingui } from '@lingui/react/macro';
import { selectReceipt } from '@machines/payment/payment.selectors';
import type { CardToken } from '@contracts/processor';
import { selectIsBillingUser } from '@machines/session/session.selectors';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Screen } from '@/components/screen';
import { formatDateTime } from '@/lib/format';
import { useMachines } from '@/lib/machines';
import { receiptPdfUrl } from './payment-api';
import { usePaymentEvents, usePaymentWizard } from './payment-context';
import { PaymentLinesTable } from './payment-lines-table';
import { useLanguage } from '@/lib/use-language';

const brandNames: Record<CardToken['brand'], string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: '',
};

/** The last step: what was paid, against which invoices, with which card; to print or download. */
export function PaymentReceiptScreen() {
  const { t } = useLingui();
  const { session } = useMachines();
  const { actor } = usePaymentWizard();
  const { startOver } = usePaymentEvents();
  const receipt = useSelector(actor, selectReceipt);
  const isUser = useSelector(session, selectIsBillingUser);
  const language = useLanguage();
  if (!receipt) return null;
  const card = brandNames[receipt.cardBrand] || t`Card`;
  const last4 = receipt.cardLast4;
  // An element, not a string, in the message: Lingui takes anything like <b>...</b> in a message's
  // text for markup of its own and drops it, and a name is shown as it was typed. <bdi> keeps a
  // right-to-left name from reordering the words around it.
  const payer = <bdi>{receipt.payerName}</bdi>;

  return (
    <Screen title={<Trans>Payment receipt</Trans>}>
      <div className="notice notice-success" role="status">
        <p>
          <Trans>Thank you, your payment is complete. A copy of this receipt goes to {receipt.email}.</Trans>
        </p>
      </div>
      <dl className="receipt-facts">
        <div>
          <dt>
            <Trans>Confirmation number</Trans>
          </dt>
          <dd data-testid="confirmation-number">{receipt.confirmationNumber}</dd>
        </div>
        <div>
          <dt>
            <Trans>Date</Trans>
          </dt>
          <dd>{formatDateTime(receipt.paidAt, language)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Account</Trans>
          </dt>
          <dd>
            {receipt.accountNumber}, {receipt.holderName}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Paid by</Trans>
          </dt>
          <dd>
            <Trans>
              {payer}, {card} ending in {last4}
            </Trans>
          </dd>
        </div>
      </dl>
      <PaymentLinesTable
        caption={<Trans>What was paid</Trans>}
        amountHeading={t`Paid`}
        totalLabel={<Trans>Total paid</Trans>}
        lines={receipt.lines}
        totalCents={receipt.totalCents}
        showBalances
      />
      <div className="actions no-print">
        <button type="button" className="button" onClick={() => window.print()}>
          <Trans>Print</Trans>
        </button>
        <a className="button button-secondary" href={receiptPdfUrl(receipt.confirmationNumber, language)} download>
          <Trans>Download PDF</Trans>
        </a>
        <Link to="/{-$client}/invoices" className="button button-secondary">
          <Trans>Your invoices</Trans>
        </Link>
        <button type="button" className="button button-secondary" onClick={startOver}>
          <Trans>Make another payment</Trans>
        </button>
      </div>
      {!isUser ? (
        <section className="notice no-print" aria-labelledby="register-offer">
          <h2 id="register-offer">
            <Trans>Next time, sign in</Trans>
          </h2>
          <p>
            <Trans>
              With an account you can see all your invoices and documents and pay without looking up your invoice
              number. It is optional.
            </Trans>
          </p>
          <Link to="/{-$client}/registration">
            <Trans>Create an account</Trans>
          </Link>
        </section>
      ) : null}
    </Screen>
  );
}
