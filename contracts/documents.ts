/**
 * The documents screen's wire shapes: which documents the visitor may download. Anyone gets the
 * client's public documents; a signed-in user or guest also gets the statement of the session's
 * account and its payment history (each payment's receipt is the receipt PDF of payments.ts).
 * The PDFs themselves are downloads, not JSON. Flat shapes rather than a union, so the SPA's
 * parser needs no more of valibot than its other screens already load.
 */
import * as v from 'valibot';
import { cardBrandSchema } from './processor';

/** The public documents every client offers, as PDFs in the reader's language. */
export const publicDocumentKinds = ['financialAssistancePolicy', 'billingRightsNotice'] as const;
export const publicDocumentKindSchema = v.picklist(publicDocumentKinds);
export type PublicDocumentKind = v.InferOutput<typeof publicDocumentKindSchema>;

/** What a payment applied to one invoice. */
export const paymentLineSchema = v.object({
  invoiceNumber: v.string(),
  amountCents: v.pipe(v.number(), v.integer(), v.minValue(1)),
});

/** Money given back on a payment: a refund of part or all of it, or its void (the card was never charged). */
export const moneyBackKinds = ['refund', 'void'] as const;

/** One refund or void of a payment, as the money events record it. */
export const moneyBackSchema = v.object({
  kind: v.picklist(moneyBackKinds),
  /** ISO 8601 instant, UTC. */
  at: v.string(),
  amountCents: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type MoneyBack = v.InferOutput<typeof moneyBackSchema>;

/**
 * One past payment of the account, newest first in the list, with the invoices it paid (in the
 * order paid) and what was given back of it since (in the order given back).
 */
export const pastPaymentSchema = v.object({
  confirmationNumber: v.string(),
  /** ISO 8601 instant, UTC. */
  paidAt: v.string(),
  totalCents: v.pipe(v.number(), v.integer(), v.minValue(1)),
  cardBrand: cardBrandSchema,
  cardLast4: v.pipe(v.string(), v.regex(/^\d{4}$/)),
  lines: v.array(paymentLineSchema),
  refunds: v.array(moneyBackSchema),
});
export type PastPayment = v.InferOutput<typeof pastPaymentSchema>;

/** What the payer kept paid of a payment after its refunds: nothing after a void. */
export function keptCents(payment: Pick<PastPayment, 'totalCents' | 'refunds'>): number {
  return payment.refunds.reduce((kept, back) => kept - back.amountCents, payment.totalCents);
}

/** A signed-in account's own documents: what its statement says is due, and its payments. */
export const accountDocumentsSchema = v.object({
  accountNumber: v.string(),
  holderName: v.string(),
  /** What the statement will say is due today. */
  totalDueCents: v.pipe(v.number(), v.integer(), v.minValue(0)),
  payments: v.array(pastPaymentSchema),
});
export type AccountDocuments = v.InferOutput<typeof accountDocumentsSchema>;

/** Why a visitor gets no account documents: nobody is signed in, or the account is disabled (its invoices are hidden too). */
export const accountUnavailableReasons = ['signedOut', 'accountDisabled'] as const;

/**
 * GET /api/Documents/GetDocuments?clientCode=&billingGroup=: for a signed-in user or guest, the
 * session's client and account (the query is not read); for anyone else, the named client, or
 * none without a code (404 for an unknown code).
 */
export const documentListSchema = v.object({
  /** The client whose public documents these are; null when the visitor has none. */
  client: v.nullable(v.object({ code: v.string(), billingGroup: v.nullable(v.string()), name: v.string() })),
  publicDocuments: v.array(publicDocumentKindSchema),
  /** The signed-in user's or guest's statement and payments; null when there are none to show. */
  account: v.nullable(accountDocumentsSchema),
  /** Why `account` is null; null when it is not. */
  accountUnavailable: v.nullable(v.picklist(accountUnavailableReasons)),
});
export type DocumentList = v.InferOutput<typeof documentListSchema>;
