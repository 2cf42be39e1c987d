/**
 * The card processor as the payments service sees it. The sandbox (sandbox-processor.ts) is one
 * implementation; a real processor's hosted fields and charge API would be another, and swapping
 * them is a change of this one adapter.
 */
import type { CardBrand } from '@contracts/processor';
import type { Database } from '../../db/client';

export interface ChargeRequest {
  /** The single-use token the processor's card-fields page handed the SPA. */
  token: string;
  amountCents: number;
  /** Unique per payment attempt, so a processor that retries charges once. */
  idempotencyKey: string;
}

export type ChargeResult =
  | { status: 'approved'; brand: CardBrand; last4: string }
  | { status: 'declined' }
  | { status: 'insufficientFunds' }
  /** Unknown, expired or already used. */
  | { status: 'tokenInvalid' };

export interface CardProcessor {
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

/**
 * The processor for work inside one database transaction. A real processor (an HTTP service)
 * ignores the transaction; the sandbox keeps its tokens in this database, and on PGlite (a single
 * connection) a query outside the open transaction would wait for that transaction to end.
 */
export type CardProcessorFor = (transaction: Database) => CardProcessor;
