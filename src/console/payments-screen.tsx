import { Trans, useLingui } from "@lingui/react/macro";
import type {
  ConsolePayment,
  PaymentSearchQuery,
} from "@contracts/console-work";
import {
  paymentRefundMachine,
  REFUND_REASON_MAX,
} from "@machines/console/payment-refund.machine";
import {
  refundFields,
  type ReadAmount,
} from "@machines/console/payment-refund.types";
import {
  selectFailure,
  selectIsBusy,
  selectIsConfirming,
  selectNotice,
  selectOpenPayment,
  selectPayments,
  selectRefundProblems,
} from "@machines/console/payment-refund.selectors";
import { useSelector } from "@xstate/react";
import { useEffect, useMemo, useRef, useState, type SyntheticEvent } from "react";
import { Screen } from "@/components/screen";
import { Link, useNavigate } from "@tanstack/react-router";
import { Field, TextField } from "@/components/text-field";
import {
  centsToInput,
  formatDateTime,
  formatMoney,
  parseMoney,
} from "@/lib/format";
import { useFormFields } from "@/lib/use-form-fields";
import { paymentsCsvUrl } from "./office-api";
import { useConsoleFailureMessage } from "./office-messages";
import { createPaymentRefundImplementations } from "./office.implementations";
import { ColumnHeaders } from "@/components/column-headers";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useScreenActor } from '@/lib/use-screen-actor';
import { usePaymentRefundEvents, type PaymentRefundActor } from './payments-events';

export type PaymentFilters = Partial<Omit<PaymentSearchQuery, "page">> & {
  page?: number;
};

/**
 * Payments (`/{client}/office/payments`): the lab's payments, newest first, 50 a page, found by
 * the days paid, the account, the amount and the card's last four (the address keeps them); the
 * same search as CSV; and, for billing staff and office admins, a refund from a payment's row.
 */
export function PaymentsScreen({
  payments,
  more,
  query,
  canRefund,
}: {
  payments: ConsolePayment[];
  more: boolean;
  query: PaymentFilters;
  canRefund: boolean;
}) {
  const { t, i18n } = useLingui();
  const actor = useScreenActor(() => paymentRefundMachine.provide(createPaymentRefundImplementations(() => (text) => parseMoney(text, i18n.locale))), { input: { payments } });
  const { open: openRefund } = usePaymentRefundEvents(actor);
  const rows = useSelector(actor, selectPayments);
  const notice = useSelector(actor, selectNotice);
  const failure = useSelector(actor, selectFailure);
  const open = useSelector(actor, selectOpenPayment);
  const money = (cents: number) => formatMoney(cents, i18n.locale);
  const page = query.page ?? 1;
  const consoleFailure = useConsoleFailureMessage();
  // When the form closes, the focus goes to what comes next: the refund made, the failure, or
  // (cancelled) back to the row's Refund that opened it.
  const refundButtons = useRef(new Map<string, HTMLButtonElement>());
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  const lastOpen = useRef<string | null>(null);
  const openNumber = open?.confirmationNumber ?? null;
  useEffect(() => {
    if (openNumber !== null) {
      lastOpen.current = openNumber;
      return;
    }
    const opener = lastOpen.current;
    if (opener === null) return;
    lastOpen.current = null;
    (noticeRef.current ?? failureRef.current ?? refundButtons.current.get(opener))?.focus();
  }, [openNumber]);

  return (
    <Screen title={<Trans>Payments</Trans>}>
      <PaymentFiltersForm query={query} />
      <div role="status">
        {notice ? (
          <p className="notice notice-success" tabIndex={-1} ref={noticeRef}>
            <Trans>
              Refund {notice.refundNumber} of {money(notice.amountCents)} made
              on {notice.confirmationNumber}: the payer gets an email.
            </Trans>
          </p>
        ) : null}
      </div>
      {failure && open === undefined ? (
        <p className="form-error" role="alert" tabIndex={-1} ref={failureRef}>
          {failure === "paymentVoided"
            ? t`This payment was voided: there is nothing left to refund.`
            : failure === "keyReused"
              ? t`A refund of this payment may have gone through already: search again to see it as it stands.`
              : consoleFailure(failure)}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p role="status" tabIndex={-1} data-search-results>
          <Trans>No payment matches this search.</Trans>
        </p>
      ) : (
        <div
          className="table-scroll"
          tabIndex={0}
          role="region"
          aria-label={t`Payments found`}
          data-search-results
        >
          <table className="data-table" data-testid="payments">
            <ColumnHeaders names={[t`Confirmation`, t`Paid`, t`Account`, t`Payer`, t`Card`, t`Amount`, t`Refunded`, ...(canRefund ? [t`Refund`] : [])]} />
            <tbody>
              {rows.map((payment) => (
                <tr key={payment.confirmationNumber}>
                  <td>{payment.confirmationNumber}</td>
                  <td>{formatDateTime(payment.paidAt, i18n.locale)}</td>
                  <td>{payment.accountNumber}</td>
                  <td>{payment.payerName}</td>
                  <td>
                    {payment.cardBrand} ···· {payment.cardLast4}
                  </td>
                  <td>{money(payment.totalCents)}</td>
                  <td>
                    {payment.voided
                      ? t`Voided`
                      : payment.refundedCents === 0
                        ? "—"
                        : money(payment.refundedCents)}
                  </td>
                  {canRefund ? (
                    <td>
                      {payment.refundableCents > 0 && !payment.voided ? (
                        <button
                          type="button"
                          className="button button-secondary"
                          ref={(element) => {
                            if (element) refundButtons.current.set(payment.confirmationNumber, element);
                            else refundButtons.current.delete(payment.confirmationNumber);
                          }}
                          onClick={() => openRefund(payment.confirmationNumber)}
                        >
                          <Trans>Refund {payment.confirmationNumber}</Trans>
                        </button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open ? (
        <RefundForm
          actor={actor}
          payment={open}
          readAmount={(text) => parseMoney(text, i18n.locale)}
        />
      ) : null}
      {page > 1 || more ? (
        <nav className="office-actions" aria-label={t`Pages`}>
          {page > 1 ? (
            <Link
              to="/{-$client}/office/payments"
              search={{ ...query, page: page - 1 === 1 ? undefined : page - 1 }}
            >
              <Trans>Previous page</Trans>
            </Link>
          ) : null}
          <span>
            <Trans>Page {page}</Trans>
          </span>
          {more ? (
            <Link to="/{-$client}/office/payments" search={{ ...query, page: page + 1 }}>
              <Trans>Next page</Trans>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </Screen>
  );
}

/**
 * The refund form of one payment: the amount (empty; what is left is said above it) and the
 * reason, then the question with the amount and the card, its No focused.
 */
function RefundForm({
  actor,
  payment,
  readAmount,
}: {
  actor: PaymentRefundActor;
  payment: ConsolePayment;
  readAmount: ReadAmount;
}) {
  const { t, i18n } = useLingui();
  const { cancel, confirm, back } = usePaymentRefundEvents(actor);
  const selectProblems = useMemo(() => selectRefundProblems(readAmount), [readAmount]);
  const problems = useSelector(actor, selectProblems);
  const busy = useSelector(actor, selectIsBusy);
  const confirming = useSelector(actor, selectIsConfirming);
  const failure = useSelector(actor, selectFailure);
  const consoleFailure = useConsoleFailureMessage();
  const left = formatMoney(payment.refundableCents, i18n.locale);
  const form = useFormFields(actor, {
    fields: refundFields,
    problems,
    message: (field, problem) => {
      if (field === "reason") {
        if (problem === "tooLong") return t`Keep the reason to ${REFUND_REASON_MAX} characters.`;
        if (problem === "invalidCharacters") return t`The reason holds characters that cannot be used, such as control characters. Type it again.`;
        return t`Say why: the office keeps the reason (the payer never sees it).`;
      }
      if (problem === "required") return t`Enter the amount to refund.`;
      if (problem === "tooMuch")
        return t`At most ${left} is left to refund on this payment.`;
      if (problem === "ambiguous")
        return t`Write the amount with its cents, such as 12.50, so it cannot be misread.`;
      return t`Enter an amount, such as 12.50.`;
    },
  });
  const reason = form.field("reason");
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [payment.confirmationNumber]);
  return (
    <section className="notice" aria-labelledby="refund-heading">
      <h2 id="refund-heading" ref={headingRef} tabIndex={-1}>
        <Trans>Refund {payment.confirmationNumber}</Trans>
      </h2>
      <p>
        <Trans>
          Paid {formatMoney(payment.totalCents, i18n.locale)} by{" "}
          {payment.payerName}; {left} left to refund, to the card ending in{" "}
          {payment.cardLast4}.
        </Trans>
      </p>
      {failure ? (
        <p className="form-error" role="alert">
          {failure === "paymentVoided" || failure === "keyReused"
            ? t`Something went wrong on our side. Nothing was lost: try again in a moment.`
            : consoleFailure(failure)}
        </p>
      ) : null}
      <form
        className="form"
        method="post"
        noValidate
        onSubmit={form.onSubmit}
        aria-busy={busy}
      >
        <TextField
          label={<Trans>Amount to refund</Trans>}
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
          {...form.field("amount")}
        />
        <Field
          label={<Trans>Reason</Trans>}
          hint={
            <Trans>
              For the office's own records, at most {REFUND_REASON_MAX}{" "}
              characters. The payer never sees it.
            </Trans>
          }
          error={problems.reason ? reason.error : undefined}
        >
          {(control) => (
            <textarea
              {...control}
              name="reason"
              rows={3}
              value={reason.value}
              ref={(element) => reason.inputRef(element as unknown as HTMLInputElement | null)}
              onChange={(event) => reason.onChange(event.target.value)}
              onBlur={reason.onBlur}
            />
          )}
        </Field>
        <div className="office-actions">
          <button
            type="submit"
            className="button"
            aria-disabled={busy}
            onMouseDown={(event) => event.preventDefault()}
          >
            {busy ? (
              <Trans>Refunding…</Trans>
            ) : (
              <Trans>Refund to the card</Trans>
            )}
          </button>
          <button
            type="button"
            className="button button-secondary"
            aria-disabled={busy || confirming}
            onClick={() => {
              if (!busy && !confirming) cancel();
            }}
          >
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
      {confirming ? (
        <RefundQuestion
          amount={form.field("amount").value}
          payment={payment}
          readAmount={readAmount}
          onYes={confirm}
          onNo={back}
        />
      ) : null}
    </section>
  );
}

/** "Refund this much to the card?": the amount as read, never what is left by default. */
function RefundQuestion({ amount, payment, readAmount, onYes, onNo }: { amount: string; payment: ConsolePayment; readAmount: ReadAmount; onYes: () => void; onNo: () => void }) {
  const { i18n } = useLingui();
  const read = readAmount(amount);
  const sum = "cents" in read ? formatMoney(read.cents, i18n.locale) : amount;
  return (
    <ConfirmDialog
      question={
        <Trans>
          Refund {sum} of {payment.confirmationNumber} to the card ending in {payment.cardLast4}? It cannot be undone.
        </Trans>
      }
      yes={<Trans>Yes, refund {sum}</Trans>}
      no={<Trans>No, go back</Trans>}
      onYes={onYes}
      onNo={onNo}
    />
  );
}

/** The search's fields: kept as typed until Search, then in the address. */
function PaymentFiltersForm({ query }: { query: PaymentFilters }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [from, setFrom] = useState(query.from ?? "");
  const [to, setTo] = useState(query.to ?? "");
  const [account, setAccount] = useState(query.account ?? "");
  const [amount, setAmount] = useState(
    query.amountCents === undefined
      ? ""
      : centsToInput(query.amountCents, i18n.locale),
  );
  const [last4, setLast4] = useState(query.last4 ?? "");
  const [problems, setProblems] = useState<{ amount?: string; last4?: string }>(
    {},
  );
  const search = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed =
      amount.trim() === "" ? null : parseMoney(amount, i18n.locale);
    const found: { amount?: string; last4?: string } = {};
    if (parsed !== null && "problem" in parsed)
      found.amount = t`Enter an amount, such as 12.50.`;
    if (last4.trim() !== "" && !/^\d{4}$/.test(last4.trim()))
      found.last4 = t`Enter the card's last four digits, such as 4242.`;
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    void navigate({ to: "/{-$client}/office/payments", search: {
      from: from || undefined,
      to: to || undefined,
      account: account.trim() || undefined,
      amountCents:
        parsed !== null && "cents" in parsed ? parsed.cents : undefined,
      last4: last4.trim() || undefined,
    } });
  };
  return (
    <form className="office-filters" role="search" noValidate onSubmit={search}>
      <div className="field">
        <label htmlFor="payments-from">
          <Trans>Paid from</Trans>
        </label>
        <input
          id="payments-from"
          name="from"
          type="date"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="payments-to">
          <Trans>Paid to</Trans>
        </label>
        <input
          id="payments-to"
          name="to"
          type="date"
          value={to}
          onChange={(event) => setTo(event.target.value)}
        />
      </div>
      <TextField
        label={<Trans>Account</Trans>}
        name="account"
        value={account}
        maxLength={64}
        autoComplete="off"
        onChange={setAccount}
      />
      <TextField
        label={<Trans>Amount</Trans>}
        name="amount"
        value={amount}
        maxLength={20}
        inputMode="decimal"
        autoComplete="off"
        onChange={setAmount}
        error={problems.amount}
      />
      <TextField
        label={<Trans>Card's last four</Trans>}
        name="last4"
        value={last4}
        maxLength={4}
        inputMode="numeric"
        autoComplete="off"
        onChange={setLast4}
        error={problems.last4}
      />
      <div className="office-actions">
        <button type="submit" className="button">
          <Trans>Search</Trans>
        </button>
        <a
          className="button button-secondary"
          href={paymentsCsvUrl(query)}
          download
        >
          <Trans>Download as CSV</Trans>
        </a>
      </div>
    </form>
  );
}
