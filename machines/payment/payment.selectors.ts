import type { SnapshotFrom } from 'xstate';
import type { PaymentMachine } from './payment.machine';
import { toStoredPayment } from './payment.progress';
import { amountError, amountToPay, billingErrors, openInvoices, paymentLines, resumeStep, wizardSteps, type WizardStep } from './payment.rules';
import type { OpenInvoice } from '@contracts/accounts';
import type { AmountChoice, AmountErrorCode, BillingErrorCode, BillingField, PaymentStep } from './payment.types';

type PaymentSnapshot = SnapshotFrom<PaymentMachine>;

/** Which page the payment route shows, for views. */
export type PaymentStatus =
  | 'loading'
  | 'loadFailed'
  | 'externalCardPage'
  | 'noOnlinePayments'
  | 'nothingDue'
  | 'wizard'
  | 'submitting'
  | 'submitFailed'
  | 'sessionEnded'
  | 'receipt';

/** One open invoice on the amounts page. */
export interface PaymentInvoiceRow {
  invoice: OpenInvoice;
  /** null when the invoice is not chosen. */
  choice: AmountChoice | null;
  /** What is paid on it in cents, or null when it is not chosen or its amount cannot be paid. */
  amountCents: number | null;
  /** Why its amount cannot be paid; only once the payer tried to go on. */
  error: AmountErrorCode | null;
}

/**
 * Derived lists are kept per context object (a new one only after a change), so a view reading
 * them with `useSelector` gets the same array until something it shows changed.
 */
function perContext<T>(derive: (context: PaymentSnapshot['context']) => T): (snapshot: PaymentSnapshot) => T {
  const cache = new WeakMap<PaymentSnapshot['context'], T>();
  return (snapshot) => {
    const cached = cache.get(snapshot.context);
    if (cached !== undefined) return cached;
    const value = derive(snapshot.context);
    cache.set(snapshot.context, value);
    return value;
  };
}

/** The wizard step the payer is on (submitting stays on the card step), or null outside the wizard. */
export const selectPaymentStep = (snapshot: PaymentSnapshot): PaymentStep | null => {
  if (snapshot.matches({ paying: 'choosingAmounts' })) return 'amounts';
  if (snapshot.matches({ paying: 'confirming' })) return 'confirmation';
  if (snapshot.matches({ paying: 'enteringBillingInformation' })) return 'information';
  if (snapshot.matches({ paying: 'card' }) || snapshot.matches('submitting') || snapshot.matches({ afterSubmitting: 'submitFailed' })) return 'card';
  if (snapshot.matches({ afterSubmitting: 'receipt' })) return 'receipt';
  return null;
};

/**
 * The wizard's steps the payer can open now: those whose earlier steps are all complete (any other
 * step asked for opens the first incomplete one instead).
 */
export const selectReachableSteps = perContext((context): readonly WizardStep[] => wizardSteps.filter((step) => resumeStep(context, step) === step));

/** Whether the payer may have the address remembered: a signed-in user, never a guest. */
export const selectMayRememberAddress = (snapshot: PaymentSnapshot): boolean => snapshot.context.accountEmail !== null;

/** "Remember this address for next time", as ticked. */
export const selectRememberAddress = (snapshot: PaymentSnapshot): boolean => snapshot.context.rememberAddress;

/** The current top state, named for views. */
export const selectPaymentStatus = (snapshot: PaymentSnapshot): PaymentStatus => {
  if (snapshot.matches('paying')) return 'wizard';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('externalCardPage')) return 'externalCardPage';
  if (snapshot.matches('noOnlinePayments')) return 'noOnlinePayments';
  if (snapshot.matches('nothingDue')) return 'nothingDue';
  if (snapshot.matches('submitting')) return 'submitting';
  if (snapshot.matches({ afterSubmitting: 'submitFailed' })) return 'submitFailed';
  if (snapshot.matches('sessionEnded')) return 'sessionEnded';
  if (snapshot.matches({ afterSubmitting: 'receipt' })) return 'receipt';
  return 'loading';
};

/** The account being paid, or null until it is loaded. */
export const selectAccount = (snapshot: PaymentSnapshot) => snapshot.context.account;

/** Every open invoice with its choice, amount and (after a try to go on) its error. */
export const selectInvoiceRows = perContext(({ account, choices, showAmountErrors }): PaymentInvoiceRow[] =>
  openInvoices(account).map((invoice) => {
    const choice = choices[invoice.invoiceNumber] ?? null;
    return {
      invoice,
      choice,
      amountCents: choice ? amountToPay(choice, invoice) : null,
      error: choice && showAmountErrors ? amountError(choice, invoice) : null,
    };
  }),
);

/** No invoice is chosen and the payer tried to go on: the amounts page says to choose one. */
export const selectNothingChosenError = (snapshot: PaymentSnapshot): boolean =>
  snapshot.context.showAmountErrors && Object.keys(snapshot.context.choices).length === 0;

/** The lines the payment would send: each chosen invoice whose amount can be paid (full is the balance). */
export const selectPaymentLines = perContext(({ choices, account }) => paymentLines(choices, account));

/** The total of the payable chosen amounts, in cents. */
export const selectPaymentTotalCents = (snapshot: PaymentSnapshot): number =>
  selectPaymentLines(snapshot).reduce((total, line) => total + line.amountCents, 0);

/** The billing information as typed. */
export const selectBillingDraft = (snapshot: PaymentSnapshot) => snapshot.context.billing;

const noBillingErrors: Partial<Record<BillingField, BillingErrorCode>> = Object.freeze({});

/** What is wrong with each billing field; only once the payer tried to go on. */
export const selectBillingErrors = perContext(
  ({ billing, showBillingErrors }): Partial<Record<BillingField, BillingErrorCode>> =>
    showBillingErrors ? billingErrors(billing) : noBillingErrors,
);

/** Why the card step shows a message (a refused card, the processor's page failing), or null. */
export const selectCardProblem = (snapshot: PaymentSnapshot) => snapshot.context.cardProblem;

/** The processor's card page has said it is ready (Pay may be pressed); false while it loads. */
export const selectAreCardFieldsReady = (snapshot: PaymentSnapshot): boolean => !snapshot.matches({ paying: { card: 'loadingFields' } });

/** Loading, waiting for the card token, or paying: the page shows it is busy and offers nothing to click. */
export const selectIsBusy = (snapshot: PaymentSnapshot): boolean => snapshot.hasTag('busy');

/** The receipt of the payment just made (or of the reloaded receipt page), or null. */
export const selectReceipt = (snapshot: PaymentSnapshot) => snapshot.context.receipt;

/** The progress as session storage keeps it, or null while no account is loaded. */
export const selectStoredPayment = perContext(toStoredPayment);

/**
 * What changed in the balances since the payer chose the amounts, when the server refused the
 * payment for it: the amounts page (or the page saying nothing is left to pay) tells the payer.
 */
export const selectBalanceChange = (snapshot: PaymentSnapshot) => snapshot.context.balanceChange;

/** The account is loading again because the server refused the payment over a changed balance. */
export const selectIsReloadingBalances = (snapshot: PaymentSnapshot): boolean =>
  snapshot.context.balancesSeen !== null && (snapshot.matches('loadingAccount') || snapshot.matches('loadFailed'));

/** Why loading or paying failed, or null. */
export const selectFailure = (snapshot: PaymentSnapshot) => snapshot.context.failure;

/** The client's external card page ('' when the built-in one is used). */
export const selectExternalCardLink = (snapshot: PaymentSnapshot) => snapshot.context.externalCardLink;
