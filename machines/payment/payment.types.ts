/**
 * The payment wizard's vocabulary: what it loads, what the payer chooses and types, what it
 * keeps in session storage, and the failures it knows. Money is integer cents throughout; the
 * card itself never appears here, only the processor's token, brand and last four digits.
 */
import type { AccountInformation } from '@contracts/accounts';
import type { SavedBillingAddress } from '@contracts/billing-address';
import type { PaymentLine } from '@contracts/payment-request';
import type { Receipt } from '@contracts/payments';
import type { CardToken } from '@contracts/processor';

/** The wizard's pages, in order; each is a route under payment/online. */
export const paymentSteps = ['amounts', 'confirmation', 'information', 'card', 'receipt'] as const;
export type PaymentStep = (typeof paymentSteps)[number];

/** What the wizard needs before it can show anything (output of the `loadAccount` actor). */
export interface PaymentStart {
  account: AccountInformation;
  /** DoesClientAcceptPayments for the session's client. */
  acceptsOnlinePayments: boolean;
  /** The client's external card page ('' when it uses the built-in one). */
  externalCardLink: string;
  /** The billing address the signed-in payer asked to be remembered last time; null for none (always for a guest). */
  savedAddress: SavedBillingAddress | null;
}

/**
 * Typed text as the view read it in the payer's language: its cents, or why it is not an amount.
 * `ambiguous` is grouping without a decimal mark ("1,234" in English), which a reader used to the
 * other convention could mean as a decimal: it is refused, never guessed.
 */
export type ParsedAmount = { cents: number } | { problem: 'invalid' | 'ambiguous' };

/**
 * What the payer chose for one invoice. `full` pays the whole balance; `part` pays what was
 * typed: `text` exactly as typed (never lost), `amount` as the view read it in the payer's
 * language.
 */
export type AmountChoice = { mode: 'full' } | { mode: 'part'; text: string; amount: ParsedAmount };

/** Why an amount cannot be paid; views translate these. */
export type AmountErrorCode = 'required' | 'notANumber' | 'ambiguous' | 'notPositive' | 'aboveBalance';

export const billingFields = [
  'payerName',
  'addressLine1',
  'addressLine2',
  'city',
  'region',
  'postalCode',
  'country',
  'email',
] as const;
export type BillingField = (typeof billingFields)[number];
export type BillingDraft = Record<BillingField, string>;
export type BillingErrorCode = 'required' | 'invalidEmail' | 'tooLong';

/** The request the `submitPayment` actor sends, with its idempotency key. */
export interface PaymentSubmission {
  idempotencyKey: string;
  lines: PaymentLine[];
  cardToken: string;
  billing: BillingDraft;
  /** Keep this billing address for the payer's next payment, or forget the one kept (never for a guest). */
  rememberAddress: boolean;
}

/**
 * What a failed call is reported as (the error of the `loadAccount` and `submitPayment` actors,
 * thrown by the app's implementations):
 * - cardDeclined, insufficientFunds: the processor refused the card (back to the card step);
 * - notSignedIn: the session ended (progress is kept for after signing in again);
 * - balanceChanged: the server refused the payment because an invoice's balance changed since the
 *   payer chose the amounts (a payment made elsewhere): nothing was charged, the account is loaded
 *   again and the payer checks the amounts;
 * - accountDisabled: the account is disabled: nothing about it can be paid here, and trying
 *   again changes nothing;
 * - rejected: the server refused the payment as it stands for another reason;
 * - serverError: the server or network failed (retry, with the same idempotency key).
 */
export type PaymentFailureCode =
  | 'cardDeclined'
  | 'insufficientFunds'
  | 'notSignedIn'
  | 'balanceChanged'
  | 'accountDisabled'
  | 'rejected'
  | 'serverError';
export interface PaymentFailure {
  code: PaymentFailureCode;
}

/**
 * What changed in the balances between the amounts the payer chose and the account loaded again
 * after the server refused the payment for it; views name these invoices.
 */
export interface BalanceChange {
  /** Invoices still open whose balance is not the one the payer saw, in the account's order. */
  changed: string[];
  /** Invoices the payer saw open that have nothing left to pay (they drop out of the payment). */
  closed: string[];
}

/** Why the card step shows a message: a refusal above, or the processor's page failing. */
export type CardProblem = 'cardDeclined' | 'insufficientFunds' | 'processorUnavailable';

/** The wizard's progress in session storage ("the online payment grid information"). */
export interface StoredPayment {
  /** Progress belongs to one account; another account's is dropped. */
  accountNumber: string;
  choices: Record<string, AmountChoice>;
  confirmed: boolean;
  billing: BillingDraft;
  /** "Remember this address for next time" as the payer left it. */
  rememberAddress: boolean;
  /** The last receipt, so a reload of the receipt page shows it again. */
  receipt: Receipt | null;
}

export interface PaymentInput {
  /** What session storage held (already checked for shape by the app), or null. */
  stored: StoredPayment | null;
  /** The step in the URL the wizard was opened on. */
  requestedStep: PaymentStep;
  /** The signed-in user's email, for "same as my account"; null for a guest. */
  accountEmail: string | null;
}

export interface PaymentContext {
  requestedStep: PaymentStep;
  /** The wizard page on screen now (null while none is): a route change to it changes nothing. */
  shownStep: PaymentStep | null;
  accountEmail: string | null;
  account: AccountInformation | null;
  acceptsOnlinePayments: boolean;
  externalCardLink: string;
  /** The address remembered for the signed-in payer, offered on the billing step; null once forgotten. */
  savedAddress: SavedBillingAddress | null;
  /** The payer's consent to keep the billing address for next time (a signed-in payer only). */
  rememberAddress: boolean;
  /** Only the invoices chosen for payment have an entry. */
  choices: Record<string, AmountChoice>;
  /** The payer saw the amounts on the confirmation page and went on. */
  confirmed: boolean;
  billing: BillingDraft;
  /** Errors show only after the payer tried to go on from that page. */
  showAmountErrors: boolean;
  showBillingErrors: boolean;
  /** Created when the payer reaches the card step; the same key is used for every retry. */
  idempotencyKey: string | null;
  card: CardToken | null;
  cardProblem: CardProblem | null;
  failure: PaymentFailureCode | null;
  receipt: Receipt | null;
  /**
   * The open balances the payer saw (cents by invoice number) when the server refused the payment
   * because a balance changed; kept until the account is loaded again and compared with it.
   */
  balancesSeen: Record<string, number> | null;
  /** What that comparison found, for the amounts page to tell the payer; null once they leave it. */
  balanceChange: BalanceChange | null;
  /** The stored progress, kept until the account is loaded and it can be checked against it. */
  stored: StoredPayment | null;
}

export type PaymentEvent =
  /** The route shows this step (a link, the browser's back or forward, a typed URL). */
  | { type: 'payment.show'; step: PaymentStep }
  | { type: 'payment.selectInvoice'; invoiceNumber: string; selected: boolean }
  | { type: 'payment.payInFull'; invoiceNumber: string }
  | { type: 'payment.payPart'; invoiceNumber: string; text: string; amount: ParsedAmount }
  | { type: 'payment.updateBilling'; field: BillingField; value: string }
  | { type: 'payment.useAccountDetails' }
  /** Ticks or unticks "Remember this address for next time". */
  | { type: 'payment.rememberAddress'; remember: boolean }
  | { type: 'payment.continue' }
  | { type: 'payment.back' }
  /** Pay: ask the processor's page for a token. */
  | { type: 'payment.pay' }
  /** The processor's card page has loaded (again, after a language change) and can take the card. */
  | { type: 'payment.cardFieldsReady' }
  /** The processor's card page is loading (again). */
  | { type: 'payment.cardFieldsLoading' }
  | { type: 'payment.cardTokenized'; card: CardToken }
  /** The processor's page found the fields invalid (it says which itself). */
  | { type: 'payment.cardInvalid' }
  | { type: 'payment.cardFailed' }
  | { type: 'payment.retry' }
  | { type: 'payment.startOver' };

export type PaymentTag = 'busy';

/** What the payment machine asks of the processor's card page (through its `cardFields` actor): a token of the card typed there. */
export type CardFieldsRequest = { type: 'cardFields.tokenize' };
