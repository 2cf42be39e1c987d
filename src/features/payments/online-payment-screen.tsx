import { Trans, useLingui } from '@lingui/react/macro';
import {
  selectBalanceChange,
  selectNothingChosenError,
  selectInvoiceRows,
  selectPaymentTotalCents,
  type PaymentInvoiceRow,
} from '@machines/payment/payment.selectors';
import type { AmountErrorCode } from '@machines/payment/payment.types';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type SyntheticEvent } from 'react';
import { InvoiceExplained } from '@/components/invoice-explained';
import { Screen } from '@/components/screen';
import { TextField } from '@/components/text-field';
import { centsToInput, formatDate, formatMoney, parseMoney } from '@/lib/format';
import { BalanceChangeNotice } from './balance-change-notice';
import { Money } from './money';
import { usePaymentEvents, usePaymentWizard } from './payment-context';
import { WizardProgress } from './wizard-progress';
import { labDataLanguage } from '@/lib/lab-data';
import { useLanguage } from '@/lib/use-language';

/** What is wrong with how an amount is written, rather than with paying it. */
const unreadableAmount: readonly AmountErrorCode[] = ['required', 'notANumber', 'ambiguous'];

/** The first step of an online payment: which invoices to pay, in full or in part. */
export function OnlinePaymentScreen() {
  const { actor } = usePaymentWizard();
  const { goOn } = usePaymentEvents();
  const rows = useSelector(actor, selectInvoiceRows);
  const total = useSelector(actor, selectPaymentTotalCents);
  const nothingChosen = useSelector(actor, selectNothingChosenError);
  const balanceChange = useSelector(actor, selectBalanceChange);
  const problem = useRef<HTMLDivElement>(null);
  const hasErrors = nothingChosen || rows.some((row) => row.error !== null);
  const unreadable = rows.some((row) => row.error !== null && unreadableAmount.includes(row.error));

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    goOn();
  }

  // After a refused "Continue", the summary of what to fix takes the focus; after a payment refused
  // over a changed balance, the notice saying so keeps it (its errors are the consequence).
  useEffect(() => {
    if (hasErrors && !balanceChange) problem.current?.focus();
  }, [hasErrors, balanceChange]);

  return (
    <Screen title={<Trans>Online payment</Trans>}>
      <WizardProgress step="amounts" />
      {balanceChange ? <BalanceChangeNotice change={balanceChange} /> : null}
      <p>
        <Trans>Choose the invoices to pay. You can pay the full balance or a part of it.</Trans>
      </p>
      {hasErrors ? (
        <div className="notice notice-error" role="alert" tabIndex={-1} ref={problem}>
          {nothingChosen ? (
            <Trans>Choose at least one invoice to pay.</Trans>
          ) : unreadable ? (
            <Trans>Some amounts are missing or not written as an amount. Check the invoices marked below.</Trans>
          ) : (
            <Trans>Some amounts cannot be paid. Check the invoices marked below.</Trans>
          )}
        </div>
      ) : null}
      <form className="form payment-form" method="post" noValidate onSubmit={submit}>
        <ul className="payment-grid">
          {rows.map((row) => (
            <InvoiceChoice key={row.invoice.invoiceNumber} row={row} />
          ))}
        </ul>
        <p className="payment-total" aria-live="polite">
          <Trans>Total to pay:</Trans> <Money cents={total} />
        </p>
        <div className="actions">
          <button type="submit" className="button">
            <Trans>Continue</Trans>
          </button>
        </div>
      </form>
    </Screen>
  );
}

function InvoiceChoice({ row }: { row: PaymentInvoiceRow }) {
  const { t } = useLingui();
  const { selectInvoice, payInFull, payPart } = usePaymentEvents();
  const id = useId();
  const { invoice, choice, error } = row;
  const locale = useLanguage();
  const number = invoice.invoiceNumber;
  const balance = formatMoney(invoice.balanceCents, locale);

  const typed = choice?.mode === 'part' ? choice.text.trim() : '';
  const example = centsToInput(123450, locale);
  const errorMessages: Record<AmountErrorCode, string> = {
    required: t`Enter the amount to pay on invoice ${number}.`,
    notANumber: t`Enter an amount like ${centsToInput(2500, locale)}.`,
    ambiguous: t`The amount ${typed} could be read in two ways. Write it without thousands separators, like ${example}.`,
    notPositive: t`The amount must be more than zero.`,
    aboveBalance: t`The amount cannot be more than the balance of ${balance}.`,
  };
  const typeAmount = (text: string) => payPart(number, text, parseMoney(text, locale));

  return (
    <li className={choice ? 'invoice-choice chosen' : 'invoice-choice'}>
      <div className="invoice-choice-head">
        <input
          type="checkbox"
          id={`${id}-pay`}
          checked={choice !== null}
          onChange={(event) => selectInvoice(number, event.target.checked)}
        />
        <label htmlFor={`${id}-pay`}>
          <Trans>Pay invoice {number}</Trans>
        </label>
      </div>
      <dl className="invoice-facts">
        <div>
          <dt>
            <Trans>Description</Trans>
          </dt>
          <dd lang={labDataLanguage}>{invoice.description}</dd>
        </div>
        <div>
          <dt>
            <Trans>Due date</Trans>
          </dt>
          <dd>{formatDate(invoice.dueDate, locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Balance</Trans>
          </dt>
          <dd>{balance}</dd>
        </div>
      </dl>
      <InvoiceExplained invoice={invoice} />
      {/* Always there, whatever is chosen (only enabled for what is): the progress a reload
          resumes, applied after the server's page, and every choice move nothing on the page. */}
      <fieldset className="amount-choice" disabled={choice === null}>
        <legend>
          <Trans>How much to pay on invoice {number}</Trans>
        </legend>
        <label className="choice">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={choice?.mode === 'full'}
            onChange={() => payInFull(number)}
          />{' '}
          <Trans>The full balance ({balance})</Trans>
        </label>
        <label className="choice">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={choice?.mode === 'part'}
            // Choosing it (arrow keys included) never moves focus: the field follows in the tab order.
            onChange={() => typeAmount('')}
          />{' '}
          <Trans>Another amount</Trans>
        </label>
        <TextField
          label={<Trans>Amount to pay on invoice {number}</Trans>}
          name={`amount-${number}`}
          autoComplete="off"
          maxLength={16}
          inputMode="decimal"
          disabled={choice?.mode !== 'part'}
          value={choice?.mode === 'part' ? choice.text : ''}
          onChange={typeAmount}
          error={error ? errorMessages[error] : undefined}
        />
      </fieldset>
    </li>
  );
}
