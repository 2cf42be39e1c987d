/**
 * POST /api/OnlinePayment/MakePayment's request, which the server validates. The SPA only sends
 * it, so it imports these types and never the schemas: their valibot parts (trim, email, the
 * upper bound) stay out of the SPA's bundle.
 */
import * as v from 'valibot';
import { cardTokenPattern } from './processor';
import { defaultLanguage, languageSchema } from './session';
import { optionalText, requiredText } from './text';

/** Money is integer cents end to end; no single payment line reaches a million dollars. */
const centsSchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000_000));

/** One line of a payment: how much goes to which open invoice. */
export const paymentLineSchema = v.object({
  invoiceNumber: requiredText(32),
  amountCents: centsSchema,
});
export type PaymentLine = v.InferOutput<typeof paymentLineSchema>;



/** Who pays, where the card is billed, and where the receipt goes. */
export const billingInformationSchema = v.object({
  payerName: requiredText(120),
  addressLine1: requiredText(120),
  addressLine2: optionalText(120),
  city: requiredText(80),
  region: requiredText(80),
  postalCode: requiredText(16),
  country: requiredText(56),
  email: v.pipe(requiredText(254), v.email('invalid')),
});
export type BillingInformation = v.InferOutput<typeof billingInformationSchema>;

/**
 * POST /api/OnlinePayment/MakePayment, with the header `Idempotency-Key` (8 to 64 of
 * [A-Za-z0-9-]). The same key and body again return the first receipt; the same key with another
 * body is refused (409 idempotencyKeyReused).
 */
export const paymentRequestSchema = v.object({
  lines: v.pipe(v.array(paymentLineSchema), v.minLength(1), v.maxLength(50)),
  /** The sandbox processor's single-use token for the card; never the card number. */
  cardToken: v.pipe(v.string(), v.regex(cardTokenPattern)),
  billing: billingInformationSchema,
  /**
   * A signed-in payer's consent on the billing step: keep this billing address for their next
   * payment (true), or forget the one kept (false, the default). Ignored for a guest.
   */
  rememberAddress: v.optional(v.boolean(), false),
});
export type PaymentRequest = v.InferOutput<typeof paymentRequestSchema>;

export const idempotencyKeyPattern = /^[A-Za-z0-9-]{8,64}$/;

/** The headers of MakePayment: the payment's idempotency key. */
export const paymentHeadersSchema = v.object({ 'Idempotency-Key': v.pipe(v.string(), v.regex(idempotencyKeyPattern)) });

const confirmationNumberSchema = requiredText(32);

/** GET /api/OnlinePayment/GetReceipt's query. */
export const receiptQuerySchema = v.object({ confirmationNumber: confirmationNumberSchema });

/** GET /api/OnlinePayment/GetReceiptPdf's query: the receipt, in which language (en-US when none). */
export const receiptPdfQuerySchema = v.object({
  confirmationNumber: confirmationNumberSchema,
  language: v.optional(languageSchema, defaultLanguage),
});
