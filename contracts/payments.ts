/**
 * The wire shapes the payment screens read: the receipt and the client's other ways to pay. Only
 * the payment screens (and the server) load them, never the landing page. The request the SPA
 * sends is in payment-request.ts, which the SPA imports for its types only.
 */
import * as v from 'valibot';
import type { ApiErrorCode } from './errors';
import { cardBrandSchema } from './processor';

/** Money is integer cents end to end. */
const centsSchema = v.pipe(v.number(), v.integer(), v.minValue(1));

/** One paid line on a receipt, with the invoice's balance after the payment. */
export const receiptLineSchema = v.object({
  invoiceNumber: v.string(),
  description: v.string(),
  amountCents: centsSchema,
  balanceAfterCents: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type ReceiptLine = v.InferOutput<typeof receiptLineSchema>;

/**
 * The answer of MakePayment, and of GET /api/OnlinePayment/GetReceipt?confirmationNumber=
 * (scoped to the session's account and client).
 */
export const receiptSchema = v.object({
  confirmationNumber: v.string(),
  /** ISO 8601 instant, UTC, as Date.toISOString() writes it. */
  paidAt: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/)),
  accountNumber: v.string(),
  holderName: v.string(),
  lines: v.array(receiptLineSchema),
  totalCents: centsSchema,
  cardBrand: cardBrandSchema,
  cardLast4: v.pipe(v.string(), v.regex(/^\d{4}$/)),
  payerName: v.string(),
  email: v.string(),
});
export type Receipt = v.InferOutput<typeof receiptSchema>;

/**
 * Error codes of MakePayment (in the usual `{ error }` body):
 * 402 cardDeclined | insufficientFunds; 409 idempotencyKeyReused; 422 invalidRequest |
 * amountExceedsBalance | invoiceNotOpen | cardTokenInvalid; 403 onlinePaymentsNotAccepted |
 * accountDisabled | forbidden; 401 notSignedIn.
 */
export type PaymentErrorCode = Extract<
  ApiErrorCode,
  | 'cardDeclined'
  | 'insufficientFunds'
  | 'idempotencyKeyReused'
  | 'amountExceedsBalance'
  | 'invoiceNotOpen'
  | 'cardTokenInvalid'
  | 'onlinePaymentsNotAccepted'
>;

/**
 * When a phone line is open: ISO days (1 is Monday) and 24-hour times in an IANA time zone, so
 * that the reader's language can say it.
 */
export const openingHoursSchema = v.object({
  fromDay: v.pipe(v.number(), v.integer(), v.minValue(1)),
  toDay: v.pipe(v.number(), v.integer(), v.minValue(1)),
  opens: v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/)),
  closes: v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/)),
  timeZone: v.string(),
});
export type OpeningHours = v.InferOutput<typeof openingHoursSchema>;

/** GET /api/OnlinePayment/GetPaymentOptions: the session client's other ways to pay. */
export const paymentOptionsSchema = v.object({
  clientName: v.string(),
  /** Whom a cheque is made out to, and the postal address lines; null when not by mail. */
  mail: v.nullable(v.object({ payableTo: v.string(), addressLines: v.array(v.string()) })),
  /** A phone number for card payments by phone, and when it is open; null when none. */
  phone: v.nullable(v.object({ number: v.string(), hours: v.nullable(openingHoursSchema) })),
});
export type PaymentOptions = v.InferOutput<typeof paymentOptionsSchema>;
