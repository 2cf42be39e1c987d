import type { ConsolePayment } from '@contracts/console-work';
import type { FormContext, FormEvent, FormRejection } from '../form/form.types';

export const refundFields = ['amount', 'reason'] as const;

export type RefundField = (typeof refundFields)[number];

/** `tooMuch`: more than is left of the payment (by the form's rule, or the server's); `invalidCharacters`: a reason the server refuses for its control characters. */
export type RefundProblem = 'required' | 'invalid' | 'ambiguous' | 'tooMuch' | 'tooLong' | 'invalidCharacters';

/** Why the refund failed as a whole: the payment was voided, the key was used for another refund, signed out meanwhile, the network, the server. */
export type RefundFailure = 'paymentVoided' | 'keyReused' | 'expired' | 'network' | 'serverError';

export type RefundRejection = FormRejection<RefundField, RefundProblem, RefundFailure>;

/** Typed money read in the reader's language (the app's): its cents, or why not. */
export type ReadAmount = (text: string) => { cents: number } | { problem: 'invalid' | 'ambiguous' };

/** The refund just made, said above the list. */
export type RefundNotice = { confirmationNumber: string; refundNumber: string; amountCents: number } | null;

export interface RefundContext extends FormContext<RefundField, RefundProblem, RefundFailure> {
  payments: ConsolePayment[];
  /** The payment whose refund form is open. */
  refunding: string | null;
  /** The refund's Idempotency-Key: one per refund meant. */
  idempotencyKey: string | null;
  notice: RefundNotice;
}

export type RefundEvent =
  | FormEvent<RefundField>
  /** Refund on a payment's row: its form opens, empty. */
  | { type: 'refund.open'; confirmationNumber: string }
  | { type: 'refund.cancel' }
  /** The answers to "Refund this amount to the card?". */
  | { type: 'refund.confirm' }
  | { type: 'refund.back' };

/** What the refund call gets: the payment, the typed amount and reason, and the key. */
export interface RefundCall {
  confirmationNumber: string;
  amount: string;
  reason: string;
  idempotencyKey: string;
}
