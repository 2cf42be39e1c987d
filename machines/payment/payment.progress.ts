/**
 * The payment wizard's progress as plain functions: the starting draft, what is kept in session
 * storage and how it resumes, the request a payment sends, and the progress "start over" leaves.
 * The machine's actions are built from these.
 */
import { openInvoices, paymentLines, trimBilling } from './payment.rules';
import type {
  AmountChoice,
  BalanceChange,
  BillingDraft,
  PaymentContext,
  PaymentFailureCode,
  PaymentStart,
  PaymentSubmission,
  StoredPayment,
} from './payment.types';

// Every code once: a new code that is not listed here fails the type check.
const knownFailureCodes: Record<PaymentFailureCode, true> = {
  cardDeclined: true,
  insufficientFunds: true,
  notSignedIn: true,
  balanceChanged: true,
  accountDisabled: true,
  rejected: true,
  serverError: true,
};

const isFailureCode = (code: string): code is PaymentFailureCode => Object.hasOwn(knownFailureCodes, code);

/** Reads the failure code an effect rejected with; anything unknown counts as a server error. */
export function toPaymentFailureCode(error: unknown): PaymentFailureCode {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return typeof code === 'string' && isFailureCode(code) ? code : 'serverError';
}

/** A billing draft with every field empty. */
export const emptyBilling: BillingDraft = {
  payerName: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
  email: '',
};

/** The country a billing address starts in. */
export const defaultCountry = 'US';

/**
 * The draft a payer without stored billing starts with: the account holder, the signed-in email,
 * and the address remembered for them (else the default country).
 */
function initialBilling(context: Pick<PaymentContext, 'account' | 'accountEmail' | 'savedAddress'>): BillingDraft {
  return {
    ...emptyBilling,
    country: defaultCountry,
    ...context.savedAddress,
    payerName: context.account?.holderName ?? '',
    email: context.accountEmail ?? '',
  };
}

/** The progress to keep in session storage, or null while no account is loaded. */
export function toStoredPayment(context: PaymentContext): StoredPayment | null {
  if (!context.account) return null;
  return {
    accountNumber: context.account.accountNumber,
    choices: context.choices,
    confirmed: context.confirmed,
    billing: context.billing,
    rememberAddress: context.rememberAddress,
    receipt: context.receipt,
  };
}

/**
 * The progress to go on with once the account is known: another account's progress is dropped,
 * and so is a finished payment's (a stored receipt) unless its receipt is asked for; choices for
 * invoices that are no longer open are dropped (and then the amounts must be confirmed again);
 * everything else, typed text included, is kept. Without progress, every open invoice is chosen
 * in full.
 */
export function resumeProgress(
  context: PaymentContext,
  { account, savedAddress }: Pick<PaymentStart, 'account' | 'savedAddress'>,
): Pick<PaymentContext, 'choices' | 'confirmed' | 'billing' | 'rememberAddress' | 'receipt'> {
  const open = openInvoices(account);
  const stored = context.stored;
  const usable =
    stored !== null &&
    stored.accountNumber === account.accountNumber &&
    (stored.receipt === null || context.requestedStep === 'receipt');
  if (!usable) {
    const choices: Record<string, AmountChoice> = {};
    for (const invoice of open) choices[invoice.invoiceNumber] = { mode: 'full' };
    return {
      choices,
      confirmed: false,
      billing: initialBilling({ account, accountEmail: context.accountEmail, savedAddress }),
      // An address remembered before was remembered with the payer's consent, which stands until unticked.
      rememberAddress: savedAddress !== null,
      receipt: null,
    };
  }
  const openNumbers = new Set(open.map((invoice) => invoice.invoiceNumber));
  const choices = Object.fromEntries(Object.entries(stored.choices).filter(([invoiceNumber]) => openNumbers.has(invoiceNumber)));
  const dropped = Object.keys(choices).length !== Object.keys(stored.choices).length;
  return {
    choices,
    confirmed: stored.confirmed && !dropped,
    billing: { ...stored.billing },
    rememberAddress: stored.rememberAddress,
    receipt: stored.receipt,
  };
}

/**
 * The progress to load the account again with after the server refused the payment because a
 * balance changed. Choices and billing wait in `stored`, as after a reload, so loading drops the
 * invoices no longer open and keeps the rest as typed; the amounts must be confirmed again, and
 * their errors show at once (an amount now above its balance says so). The balances the payer saw
 * are kept for the comparison. The card token, its key and the failure go: the next request
 * differs and needs a new card.
 */
export function progressAfterBalanceRefusal(
  context: PaymentContext,
): Pick<
  PaymentContext,
  'stored' | 'balancesSeen' | 'balanceChange' | 'requestedStep' | 'showAmountErrors' | 'idempotencyKey' | 'card' | 'cardProblem' | 'failure'
> {
  const stored = toStoredPayment(context);
  return {
    stored: stored && { ...stored, confirmed: false, receipt: null },
    balancesSeen: Object.fromEntries(openInvoices(context.account).map((invoice) => [invoice.invoiceNumber, invoice.balanceCents])),
    balanceChange: null,
    requestedStep: 'amounts',
    showAmountErrors: true,
    idempotencyKey: null,
    card: null,
    cardProblem: null,
    failure: null,
  };
}

/** Which of the balances the payer saw differ in the account now, and which invoices have closed. */
export function compareBalances(seen: Record<string, number>, account: PaymentStart['account']): BalanceChange {
  const now = new Map(openInvoices(account).map((invoice) => [invoice.invoiceNumber, invoice.balanceCents]));
  const change: BalanceChange = { changed: [], closed: [] };
  for (const [invoiceNumber, cents] of Object.entries(seen)) {
    const balance = now.get(invoiceNumber);
    if (balance === undefined) change.closed.push(invoiceNumber);
    else if (balance !== cents) change.changed.push(invoiceNumber);
  }
  return change;
}

/** The request for the payment as the payer left it: full amounts become the balance. */
export function toSubmission(context: PaymentContext): PaymentSubmission {
  return {
    idempotencyKey: context.idempotencyKey ?? '',
    lines: paymentLines(context.choices, context.account),
    cardToken: context.card?.token ?? '',
    billing: trimBilling(context.billing),
    // A guest's address is never kept.
    rememberAddress: context.accountEmail !== null && context.rememberAddress,
  };
}

export const withChoice = (context: PaymentContext, invoiceNumber: string, choice: AmountChoice | null) => {
  const { [invoiceNumber]: _previous, ...others } = context.choices;
  return choice === null ? others : { ...others, [invoiceNumber]: choice };
};

/** Progress after "start over": nothing chosen or typed is kept; the account is loaded again. */
export const clearedProgress = {
  stored: null,
  account: null,
  choices: {},
  confirmed: false,
  billing: emptyBilling,
  savedAddress: null,
  rememberAddress: false,
  showAmountErrors: false,
  showBillingErrors: false,
  idempotencyKey: null,
  card: null,
  cardProblem: null,
  failure: null,
  receipt: null,
  shownStep: null,
  balancesSeen: null,
  balanceChange: null,
} satisfies Partial<PaymentContext>;
