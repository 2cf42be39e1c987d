/**
 * The card processor as the payments service sees it, in the three steps real processors offer:
 * authorize (the card's bank holds the amount), capture (the held amount is taken) and void (the
 * hold is released, or a capture not yet settled is cancelled). The sandbox (sandbox-processor.ts)
 * is one implementation; a real processor's hosted fields and API would be another, and swapping
 * them is a change of this one adapter.
 */
import type { CardBrand } from '@contracts/processor';
import type { Database } from '../../db/client';

export interface AuthorizeRequest {
  /** The single-use token the processor's card-fields page handed the SPA. */
  token: string;
  amountCents: number;
  /** Unique per payment attempt, so a processor that retries authorizes once. */
  idempotencyKey: string;
}

export type AuthorizeResult =
  | { status: 'approved'; authorizationId: string; /** The issuer's approval code, as printed on a receipt. */ authorizationCode: string; brand: CardBrand; last4: string }
  | { status: 'declined' }
  | { status: 'insufficientFunds' }
  /** Unknown, expired or already used. */
  | { status: 'tokenInvalid' };

export interface CardProcessor {
  authorize(request: AuthorizeRequest): Promise<AuthorizeResult>;
  /** Takes the authorized amount; throws when the processor cannot. */
  capture(authorizationId: string): Promise<void>;
  /** Releases an authorization (or cancels its unsettled capture); throws when the processor cannot. */
  voidAuthorization(authorizationId: string): Promise<void>;
  /**
   * Gives back part or all of a captured amount; the same idempotency key again makes no second
   * refund and answers the first one's id. Throws when the processor cannot.
   */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
}

export interface RefundRequest {
  authorizationId: string;
  amountCents: number;
  idempotencyKey: string;
}

/**
 * The processor for work inside one database transaction. A real processor (an HTTP service)
 * ignores the transaction; the sandbox keeps its records in this database, and on PGlite (a single
 * connection) a query outside the open transaction would wait for that transaction to end.
 */
export type CardProcessorFor = (transaction: Database) => CardProcessor;
