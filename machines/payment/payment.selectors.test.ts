import { describe, expect, it } from 'vitest';
import type { StateValue } from 'xstate';
import { account, billing, receipt, visa } from './payment.fixtures';
import { emptyBilling, paymentMachine } from './payment.machine';
import {
  selectAccount,
  selectBalanceChange,
  selectBillingDraft,
  selectBillingErrors,
  selectCardProblem,
  selectExternalCardLink,
  selectFailure,
  selectInvoiceRows,
  selectIsBusy,
  selectIsReloadingBalances,
  selectNothingChosenError,
  selectPaymentLines,
  selectPaymentStatus,
  selectPaymentStep,
  selectPaymentTotalCents,
  selectReachableSteps,
  selectReceipt,
  selectStoredPayment,
  type PaymentStatus,
} from './payment.selectors';
import type { PaymentContext, PaymentStep } from './payment.types';

const baseContext: PaymentContext = {
  requestedStep: 'amounts',
  shownStep: null,
  accountEmail: 'pat.doe@example.com',
  account,
  acceptsOnlinePayments: true,
  externalCardLink: '',
  choices: { 'SUN-100041': { mode: 'full' }, 'SUN-100042': { mode: 'full' } },
  confirmed: false,
  billing,
  showAmountErrors: false,
  showBillingErrors: false,
  idempotencyKey: null,
  card: null,
  cardProblem: null,
  failure: null,
  receipt: null,
  balancesSeen: null,
  balanceChange: null,
  stored: null,
  savedAddress: null,
  rememberAddress: false,
};

/** A hand-made snapshot of the machine in this state with this context. */
const snapshotOf = (value: StateValue, context: Partial<PaymentContext> = {}) =>
  paymentMachine.resolveState({ value, context: { ...baseContext, ...context } });

describe('where the payer is', () => {
  const cases: [StateValue, PaymentStatus, PaymentStep | null, boolean][] = [
    ['loadingAccount', 'loading', null, true],
    ['loadFailed', 'loadFailed', null, false],
    ['externalCardPage', 'externalCardPage', null, false],
    ['noOnlinePayments', 'noOnlinePayments', null, false],
    ['nothingDue', 'nothingDue', null, false],
    [{ paying: 'choosingAmounts' }, 'wizard', 'amounts', false],
    [{ paying: 'confirming' }, 'wizard', 'confirmation', false],
    [{ paying: 'enteringBillingInformation' }, 'wizard', 'information', false],
    [{ paying: { card: 'loadingFields' } }, 'wizard', 'card', false],
    [{ paying: { card: 'editing' } }, 'wizard', 'card', false],
    [{ paying: { card: 'tokenizing' } }, 'wizard', 'card', true],
    ['submitting', 'submitting', 'card', true],
    [{ afterSubmitting: 'submitFailed' }, 'submitFailed', 'card', false],
    ['sessionEnded', 'sessionEnded', null, false],
    [{ afterSubmitting: 'receipt' }, 'receipt', 'receipt', false],
  ];
  it.each(cases)('in %j the view shows %s on step %s (busy: %s)', (value, status, step, busy) => {
    const snapshot = snapshotOf(value);
    expect(selectPaymentStatus(snapshot)).toBe(status);
    expect(selectPaymentStep(snapshot)).toBe(step);
    expect(selectIsBusy(snapshot)).toBe(busy);
  });
});

describe('the steps the progress names as links', () => {
  it('offers only the steps whose earlier steps are complete', () => {
    expect(selectReachableSteps(snapshotOf({ paying: 'choosingAmounts' }, { choices: {}, billing: emptyBilling }))).toEqual(['amounts']);
    expect(selectReachableSteps(snapshotOf({ paying: 'choosingAmounts' }, { billing: emptyBilling }))).toEqual(['amounts', 'confirmation']);
    expect(selectReachableSteps(snapshotOf({ paying: 'confirming' }, { confirmed: true, billing: emptyBilling }))).toEqual([
      'amounts',
      'confirmation',
      'information',
    ]);
    expect(selectReachableSteps(snapshotOf({ paying: 'enteringBillingInformation' }, { confirmed: true }))).toEqual([
      'amounts',
      'confirmation',
      'information',
      'card',
    ]);
  });
});

describe('the amounts page', () => {
  it('lists only open invoices, with what each pays and no errors before the payer tries to go on', () => {
    const snapshot = snapshotOf(
      { paying: 'choosingAmounts' },
      { choices: { 'SUN-100041': { mode: 'part', text: '500', amount: { cents: 50000 } } } },
    );
    expect(selectInvoiceRows(snapshot)).toEqual([
      { invoice: account.invoices[0], choice: { mode: 'part', text: '500', amount: { cents: 50000 } }, amountCents: null, error: null },
      { invoice: account.invoices[1], choice: null, amountCents: null, error: null },
    ]);
    expect(selectNothingChosenError(snapshot)).toBe(false);
  });

  it('names each wrong amount once the payer tried to go on', () => {
    const snapshot = snapshotOf(
      { paying: 'choosingAmounts' },
      {
        showAmountErrors: true,
        choices: { 'SUN-100041': { mode: 'part', text: '500', amount: { cents: 50000 } }, 'SUN-100042': { mode: 'part', text: '-1', amount: { cents: -100 } } },
      },
    );
    expect(selectInvoiceRows(snapshot).map((row) => row.error)).toEqual(['aboveBalance', 'notPositive']);
  });

  it('says to choose an invoice when none is chosen and the payer tried to go on', () => {
    expect(selectNothingChosenError(snapshotOf({ paying: 'choosingAmounts' }, { showAmountErrors: true, choices: {} }))).toBe(true);
  });

  it('adds up the payable amounts, paying full ones at their balance', () => {
    const snapshot = snapshotOf(
      { paying: 'confirming' },
      { choices: { 'SUN-100041': { mode: 'part', text: '12.34', amount: { cents: 1234 } }, 'SUN-100042': { mode: 'full' } } },
    );
    expect(selectPaymentLines(snapshot)).toEqual([
      { invoiceNumber: 'SUN-100041', amountCents: 1234 },
      { invoiceNumber: 'SUN-100042', amountCents: 4550 },
    ]);
    expect(selectPaymentTotalCents(snapshot)).toBe(5784);
  });

  it('gives the same rows again until the context changes, so views do not redraw for nothing', () => {
    const snapshot = snapshotOf({ paying: 'choosingAmounts' });
    expect(selectInvoiceRows(snapshot)).toBe(selectInvoiceRows(snapshot));
    expect(selectPaymentLines(snapshot)).toBe(selectPaymentLines(snapshot));
    expect(selectInvoiceRows(snapshotOf({ paying: 'choosingAmounts' }))).not.toBe(selectInvoiceRows(snapshot));
  });

  it('counts nothing before the account is loaded', () => {
    const snapshot = snapshotOf('loadingAccount', { account: null, choices: {} });
    expect(selectAccount(snapshot)).toBeNull();
    expect(selectInvoiceRows(snapshot)).toEqual([]);
    expect(selectPaymentTotalCents(snapshot)).toBe(0);
    expect(selectStoredPayment(snapshot)).toBeNull();
  });
});

describe('a payment refused because a balance changed', () => {
  const seen = { 'SUN-100041': 12000, 'SUN-100042': 4550 };

  it('says the balances are loading again only while the account loads after the refusal', () => {
    expect(selectIsReloadingBalances(snapshotOf('loadingAccount', { balancesSeen: seen }))).toBe(true);
    expect(selectIsReloadingBalances(snapshotOf('loadFailed', { balancesSeen: seen, failure: 'serverError' }))).toBe(true);
    expect(selectIsReloadingBalances(snapshotOf('loadingAccount'))).toBe(false);
  });

  it('gives the amounts page the invoices that changed or closed', () => {
    const balanceChange = { changed: ['SUN-100041'], closed: ['SUN-100042'] };
    expect(selectBalanceChange(snapshotOf({ paying: 'choosingAmounts' }, { balanceChange }))).toEqual(balanceChange);
    expect(selectBalanceChange(snapshotOf({ paying: 'choosingAmounts' }))).toBeNull();
  });
});

describe('the billing page', () => {
  const draft = { ...emptyBilling, payerName: 'Pat', email: 'pat@example', country: 'x'.repeat(57) };

  it('shows no errors before the payer tries to go on', () => {
    expect(selectBillingErrors(snapshotOf({ paying: 'enteringBillingInformation' }, { billing: draft }))).toEqual({});
  });

  it('names each missing, too long or implausible field once the payer tried to go on', () => {
    const snapshot = snapshotOf({ paying: 'enteringBillingInformation' }, { billing: draft, showBillingErrors: true });
    expect(selectBillingDraft(snapshot)).toEqual(draft);
    expect(selectBillingErrors(snapshot)).toEqual({
      addressLine1: 'required',
      city: 'required',
      region: 'required',
      postalCode: 'required',
      country: 'tooLong',
      email: 'invalidEmail',
    });
  });
});

describe('card, failures and the receipt', () => {
  it('reads the card problem, the failure, the receipt and the external link', () => {
    expect(selectCardProblem(snapshotOf({ paying: { card: 'editing' } }, { cardProblem: 'cardDeclined' }))).toBe('cardDeclined');
    expect(selectFailure(snapshotOf({ afterSubmitting: 'submitFailed' }, { failure: 'serverError' }))).toBe('serverError');
    expect(selectReceipt(snapshotOf({ afterSubmitting: 'receipt' }, { receipt }))).toEqual(receipt);
    expect(selectExternalCardLink(snapshotOf('externalCardPage', { externalCardLink: 'https://x.example/' }))).toBe('https://x.example/');
  });

  it('gives the stored progress without the card token or the idempotency key', () => {
    const snapshot = snapshotOf('submitting', { card: visa, idempotencyKey: 'key-1', confirmed: true });
    expect(selectStoredPayment(snapshot)).toEqual({
      accountNumber: account.accountNumber,
      choices: baseContext.choices,
      confirmed: true,
      billing,
      rememberAddress: false,
      receipt: null,
    });
  });
});
