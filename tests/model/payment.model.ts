import { account, billing, receipt, start, visa } from '@machines/payment/payment.fixtures';
import { paymentMachine } from '@machines/payment/payment.machine';
import { amountError, areAmountsValid, billingErrors, isBillingValid, openInvoices } from '@machines/payment/payment.rules';
import {
  selectFailure,
  selectIsBusy,
  selectPaymentStatus,
  selectPaymentStep,
  selectReceipt,
  selectStoredPayment,
} from '@machines/payment/payment.selectors';
import type { Receipt } from '@contracts/payments';
import type { BillingField, PaymentInput, PaymentStart, StoredPayment } from '@machines/payment/payment.types';
import { expect } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import { defineModel, errorCode, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});

// What the effects were asked to do during one path (reset before each).
const persisted: (StoredPayment | null)[] = [];
const externalPages: string[] = [];
let tokenRequests = 0;
let signInRequests = 0;

// The production machine; its actors never settle, so the model's events drive every outcome.
const machine = paymentMachine.provide({
  actors: {
    loadAccount: fromPromise(() => never<PaymentStart>()),
    submitPayment: fromPromise(() => never<Receipt>()),
    // The card page says nothing by itself: the model's events say when it is ready.
    cardFields: fromCallback(() => {}),
  },
  actions: {
    askForCardToken: () => tokenRequests++,
    persistProgress: (_, progress) => persisted.push(progress),
    openExternalCardPage: (_, { url }) => externalPages.push(url),
    requestSignIn: () => signInRequests++,
  },
});

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];
type ModelEvent = Exclude<Spec['events'], (snapshot: Snapshot) => unknown>[number];

const externalLink = 'https://payments.example.org/harbor';
/** The account's invoice that is paid already: the amounts page does not list it. */
const paidInvoiceNumber = 'SUN-100007';
const paidUp = { ...account, invoices: account.invoices.filter((invoice) => invoice.balanceCents === 0), totalDueCents: 0 };
/** The account after another tab paid 90.00 of SUN-100041 and all of SUN-100042. */
const paidElsewhere: PaymentStart = {
  ...start,
  account: {
    ...account,
    totalDueCents: 3000,
    invoices: account.invoices.map((invoice) => ({ ...invoice, balanceCents: invoice.invoiceNumber === 'SUN-100041' ? 3000 : 0 })),
  },
};

const loadEvents: ModelEvent[] = [
  { type: 'xstate.done.actor.loadAccount', output: start },
  { type: 'xstate.done.actor.loadAccount', output: { ...start, externalCardLink: externalLink } },
  { type: 'xstate.done.actor.loadAccount', output: { ...start, acceptsOnlinePayments: false } },
  { type: 'xstate.done.actor.loadAccount', output: { ...start, account: paidUp } },
  { type: 'xstate.error.actor.loadAccount', error: { code: 'serverError' } },
  { type: 'payment.retry' },
];

const wizardEvents: ModelEvent[] = [
  ...(['amounts', 'confirmation', 'information', 'card', 'receipt'] as const).map((step) => ({ type: 'payment.show', step }) as const),
  { type: 'payment.selectInvoice', invoiceNumber: 'SUN-100041', selected: false },
  { type: 'payment.selectInvoice', invoiceNumber: 'SUN-100041', selected: true },
  { type: 'payment.selectInvoice', invoiceNumber: 'SUN-100042', selected: false },
  { type: 'payment.selectInvoice', invoiceNumber: 'SUN-100042', selected: true },
  // A paid invoice cannot be chosen, in full or in part: the guard's "no".
  { type: 'payment.selectInvoice', invoiceNumber: 'SUN-100007', selected: true },
  { type: 'payment.payInFull', invoiceNumber: 'SUN-100007' },
  { type: 'payment.payPart', invoiceNumber: 'SUN-100007', text: '5.00', amount: { cents: 500 } },
  { type: 'payment.payPart', invoiceNumber: 'SUN-100041', text: '50.00', amount: { cents: 5000 } },
  { type: 'payment.payPart', invoiceNumber: 'SUN-100041', text: '200.00', amount: { cents: 20000 } },
  { type: 'payment.payPart', invoiceNumber: 'SUN-100041', text: 'fifty', amount: { problem: 'invalid' } },
  { type: 'payment.payInFull', invoiceNumber: 'SUN-100041' },
  { type: 'payment.updateBilling', field: 'email', value: 'pat.doe@' },
  { type: 'payment.useAccountDetails' },
  { type: 'payment.rememberAddress', remember: true },
  { type: 'payment.rememberAddress', remember: false },
  { type: 'payment.continue' },
  { type: 'payment.back' },
  { type: 'payment.cardFieldsReady' },
  { type: 'payment.cardFieldsLoading' },
  { type: 'payment.pay' },
  { type: 'payment.cardTokenized', card: visa },
  { type: 'payment.cardInvalid' },
  { type: 'payment.cardFailed' },
  { type: 'xstate.done.actor.submitPayment', output: receipt },
  ...(['cardDeclined', 'insufficientFunds', 'notSignedIn', 'serverError', 'rejected', 'balanceChanged'] as const).map(
    (code) => ({ type: 'xstate.error.actor.submitPayment', error: { code } }) as const,
  ),
  { type: 'payment.retry' },
  { type: 'payment.startOver' },
];

/** After a payment refused because a balance changed, the account also loads with the new balances. */
function reloadEvents(snapshot: Snapshot): ModelEvent[] {
  return snapshot.context.balancesSeen === null ? [] : [{ type: 'xstate.done.actor.loadAccount', output: paidElsewhere }];
}

/**
 * The billing form is filled one field at a time, in order: typing each field in any order
 * multiplies the graph without adding a behaviour.
 */
function nextBillingField(snapshot: Snapshot): ModelEvent[] {
  const [field] = Object.keys(billingErrors(snapshot.context.billing)) as (keyof typeof billing)[];
  return field === undefined ? [] : [{ type: 'payment.updateBilling', field, value: billing[field] }];
}

/** Which choice an invoice has, as far as the model cares. */
function choiceKind(snapshot: Snapshot, invoiceNumber: string): string {
  const choice = snapshot.context.choices[invoiceNumber];
  const invoice = openInvoices(snapshot.context.account).find((open) => open.invoiceNumber === invoiceNumber);
  if (!choice || !invoice) return 'none';
  if (choice.mode === 'full') return 'full';
  return amountError(choice, invoice) === null ? 'part' : 'wrongPart';
}

// Typed text, keys and receipts do not multiply the model; these do.
function serializeState(snapshot: Snapshot): string {
  const { context } = snapshot;
  const loading = snapshot.matches('loadingAccount') || snapshot.matches('loadFailed');
  const amounts = snapshot.matches({ paying: 'choosingAmounts' });
  const information = snapshot.matches({ paying: 'enteringBillingInformation' });
  return JSON.stringify({
    value: snapshot.value,
    requested: loading ? context.requestedStep : null,
    stored: loading ? context.stored !== null : null,
    seen: context.balancesSeen !== null,
    balanceChange: context.balanceChange,
    choices: amounts
      ? [choiceKind(snapshot, 'SUN-100041'), choiceKind(snapshot, 'SUN-100042'), context.showAmountErrors]
      : areAmountsValid(context.choices, context.account),
    confirmed: context.confirmed,
    billing: information ? [Object.keys(billingErrors(context.billing)), context.showBillingErrors] : isBillingValid(context.billing),
    remember: information ? context.rememberAddress : null,
    card: context.card !== null,
    cardProblem: context.cardProblem,
    failure: context.failure,
    receipt: context.receipt !== null,
  });
}

function assertSnapshot(snapshot: Snapshot): void {
  const { context } = snapshot;
  const status = selectPaymentStatus(snapshot);
  const wizard = snapshot.matches('paying');
  expect(status === 'wizard').toBe(wizard);
  expect(selectIsBusy(snapshot)).toBe(
    snapshot.matches('loadingAccount') || snapshot.matches({ paying: { card: 'tokenizing' } }) || snapshot.matches('submitting'),
  );
  expect(selectFailure(snapshot) !== null).toBe(['loadFailed', 'submitFailed', 'sessionEnded'].includes(status));
  // A stored receipt stays in context only while it may still be shown; the wizard never has one.
  if (status === 'receipt') expect(selectReceipt(snapshot)).not.toBeNull();
  if (wizard || status === 'submitting' || status === 'submitFailed') expect(selectReceipt(snapshot)).toBeNull();
  if (wizard) {
    expect(context.account).not.toBeNull();
    expect(selectPaymentStep(snapshot)).not.toBeNull();
    const open = new Set(openInvoices(context.account).map((invoice) => invoice.invoiceNumber));
    for (const invoiceNumber of Object.keys(context.choices)) expect(open.has(invoiceNumber)).toBe(true);
  } else if (status !== 'submitting' && status !== 'submitFailed' && status !== 'receipt') {
    expect(selectPaymentStep(snapshot)).toBeNull();
  }
  // Beyond the amounts, they can be paid and were confirmed; beyond the billing page, it is complete.
  const pastAmounts = (['confirming', 'enteringBillingInformation', 'card'] as const).some((step) => snapshot.matches({ paying: step }));
  const atCardOrLater = snapshot.matches({ paying: 'card' }) || status === 'submitting' || status === 'submitFailed';
  if (pastAmounts || atCardOrLater) expect(areAmountsValid(context.choices, context.account)).toBe(true);
  if (snapshot.matches({ paying: 'enteringBillingInformation' }) || atCardOrLater) expect(context.confirmed).toBe(true);
  if (atCardOrLater) {
    expect(isBillingValid(context.billing)).toBe(true);
    expect(context.idempotencyKey).not.toBeNull();
  }
  if (snapshot.matches({ paying: { card: 'tokenizing' } })) expect(tokenRequests).toBeGreaterThan(0);
  expect(context.card !== null).toBe(status === 'submitting' || status === 'submitFailed' || status === 'sessionEnded');
  if (status === 'receipt') expect(Object.keys(context.choices)).toEqual([]);
  if (status === 'externalCardPage') expect(externalPages.at(-1)).toBe(externalLink);
  if (status === 'sessionEnded') expect(signInRequests).toBe(1);
  // A payment refused over a changed balance: the account loads again with the progress waiting,
  // no card and no key; then the amounts (or the page that replaces the wizard) say what changed.
  if (context.balancesSeen !== null) {
    expect(['loading', 'loadFailed']).toContain(status);
    expect(context.card).toBeNull();
    expect(context.idempotencyKey).toBeNull();
    expect(context.stored?.confirmed).toBe(false);
  }
  if (context.balanceChange !== null) {
    expect(snapshot.matches({ paying: 'choosingAmounts' }) || ['nothingDue', 'noOnlinePayments', 'externalCardPage'].includes(status)).toBe(true);
  }
  if (snapshot.matches({ paying: 'choosingAmounts' }) && context.balanceChange !== null) expect(context.confirmed).toBe(false);
  // Session storage keeps up with the progress, and never holds the card token.
  if (persisted.length > 0) {
    const last = persisted.at(-1) ?? null;
    if (wizard || ['submitting', 'submitFailed', 'sessionEnded', 'receipt'].includes(status)) {
      expect(last).toEqual(selectStoredPayment(snapshot));
    }
    expect(JSON.stringify(persisted)).not.toContain(visa.token);
  }
}

const inputs: { name: string; input: PaymentInput; events: (snapshot: Snapshot) => readonly ModelEvent[] }[] = [
  {
    name: 'a first visit',
    input: { stored: null, requestedStep: 'amounts', accountEmail: 'pat.doe@example.com' },
    events: (snapshot) => [...loadEvents, ...reloadEvents(snapshot), ...wizardEvents, ...nextBillingField(snapshot)],
  },
  {
    // Only how the stored receipt is opened: what follows is the first visit's model again.
    name: 'a reload of the receipt',
    input: {
      stored: { accountNumber: account.accountNumber, choices: {}, confirmed: false, billing, rememberAddress: false, receipt },
      requestedStep: 'receipt',
      accountEmail: null,
    },
    events: (snapshot) =>
      snapshot.matches('loadingAccount') && snapshot.context.stored === null
        ? []
        : [...loadEvents, { type: 'payment.show', step: 'receipt' }, { type: 'payment.show', step: 'amounts' }, { type: 'payment.startOver' }],
  },
  {
    name: 'a reload of the card step',
    input: {
      stored: {
        accountNumber: account.accountNumber,
        choices: { 'SUN-100041': { mode: 'part', text: '50.00', amount: { cents: 5000 } } },
        confirmed: true,
        billing,
        rememberAddress: false,
        receipt: null,
      },
      requestedStep: 'card',
      accountEmail: null,
    },
    events: (snapshot) => (snapshot.matches('loadingAccount') ? loadEvents.slice(0, 1) : []),
  },
];

/** What the loaded account and its client allow, in words. */
function loaded({ account: loadedAccount, acceptsOnlinePayments, externalCardLink }: PaymentStart): string {
  const open = openInvoices(loadedAccount).length;
  const invoices = open === 0 ? 'nothing due' : `${String(open)} open invoice${open === 1 ? '' : 's'}`;
  if (!acceptsOnlinePayments) return `${invoices}, at a client that takes no online payments`;
  if (externalCardLink !== '') return `${invoices}, at a client that takes cards on its own page`;
  return invoices;
}

const fieldNames: Record<BillingField, string> = {
  payerName: "payer's name",
  addressLine1: 'first address line',
  addressLine2: 'second address line',
  city: 'city',
  region: 'region',
  postalCode: 'postal code',
  country: 'country',
  email: 'receipt email',
};

/** The online payment wizard, from loading the account to the receipt. */
export const paymentModel = defineModel({
  name: 'payment',
  title: 'Payment',
  machine,
  variants: inputs.map(({ name, input, events }) => ({ name, spec: { machine, input, events, serializeState, assertSnapshot } })),
  reset: () => {
    persisted.length = 0;
    externalPages.length = 0;
    tokenRequests = 0;
    signInRequests = 0;
  },
  // A step opened by its address (the browser's history), and choices on an invoice the amounts page
  // does not list, are not what a person does on the way: the plan prefers Continue and open invoices.
  isRoundabout: (event) => event.type === 'payment.show' || ('invoiceNumber' in event && event.invoiceNumber === paidInvoiceNumber),
  describeEvent: (event) => {
    switch (event.type) {
      case 'xstate.done.actor.loadAccount':
        return `The account loads: ${loaded(event.output as PaymentStart)}`;
      case 'xstate.error.actor.loadAccount':
        return `Loading the account fails (${errorCode(event.error)})`;
      case 'payment.retry':
        return 'Chooses Try again';
      case 'payment.show':
        return `Opens the ${event.step} step`;
      case 'payment.selectInvoice':
        return `${event.selected ? 'Ticks' : 'Unticks'} invoice ${event.invoiceNumber}`;
      case 'payment.payPart':
        return `Types ${event.text} to pay on invoice ${event.invoiceNumber}`;
      case 'payment.payInFull':
        return `Chooses to pay invoice ${event.invoiceNumber} in full`;
      case 'payment.updateBilling':
        return `Types "${event.value}" as the ${fieldNames[event.field]}`;
      case 'payment.useAccountDetails':
        return 'Chooses "same as my account"';
      case 'payment.rememberAddress':
        return event.remember ? 'Ticks "Remember this address for next time"' : 'Unticks "Remember this address for next time"';
      case 'payment.continue':
        return 'Chooses Continue';
      case 'payment.back':
        return 'Chooses Back';
      case 'payment.cardFieldsReady':
        return 'The card page is ready';
      case 'payment.cardFieldsLoading':
        return 'The card page loads again';
      case 'payment.pay':
        return 'Chooses Pay';
      case 'payment.cardTokenized':
        return `The processor gives a token for the ${event.card.brand} card ending ${event.card.last4}`;
      case 'payment.cardInvalid':
        return 'The processor finds the card fields invalid';
      case 'payment.cardFailed':
        return 'The card page fails';
      case 'xstate.done.actor.submitPayment':
        return `The payment goes through (${(event.output as Receipt).confirmationNumber})`;
      case 'xstate.error.actor.submitPayment':
        return `The payment fails (${errorCode(event.error)})`;
      case 'payment.startOver':
        return 'Chooses Make another payment';
      default:
        return event.type;
    }
  },
});
