import { Trans, useLingui } from '@lingui/react/macro';
import { selectAccount, selectInvoiceRows, selectPaymentTotalCents } from '@machines/payment/payment.selectors';
import { shallowEqual, useSelector } from '@xstate/react';
import { Screen } from '@/components/screen';
import { usePaymentEvents, usePaymentWizard } from './payment-context';
import { PaymentLinesTable } from './payment-lines-table';
import { WizardProgress } from './wizard-progress';

/** The second step: the amounts as they will be paid, before any detail is asked for. */
export function PaymentConfirmationScreen() {
  const { actor } = usePaymentWizard();
  const { goOn, goBack } = usePaymentEvents();
  const { t } = useLingui();
  const rows = useSelector(actor, selectInvoiceRows, shallowEqual);
  const lines = rows.flatMap(({ invoice, amountCents }) =>
    amountCents === null ? [] : [{ invoiceNumber: invoice.invoiceNumber, description: invoice.description, amountCents }],
  );
  const total = useSelector(actor, selectPaymentTotalCents);
  const account = useSelector(actor, selectAccount);

  return (
    <Screen title={<Trans>Review your payment</Trans>}>
      <WizardProgress step="confirmation" />
      {account ? (
        <p>
          <Trans>
            Account {account.accountNumber}, {account.holderName}
          </Trans>
        </p>
      ) : null}
      <PaymentLinesTable
        caption={<Trans>What you are paying</Trans>}
        amountHeading={t`Amount to pay`}
        totalLabel={<Trans>Total</Trans>}
        lines={lines}
        totalCents={total}
      />
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={goBack}>
          <Trans>Change the amounts</Trans>
        </button>
        <button type="button" className="button" onClick={goOn}>
          <Trans>Continue</Trans>
        </button>
      </div>
    </Screen>
  );
}
