/**
 * POST /api/OnlinePayment/MakePayment's request, which the server validates. The SPA only sends
 * it, so it imports these types and never the schemas: their valibot parts (trim, email, the
 * upper bound) stay out of the SPA's bundle.
 */
import * as v from 'valibot';
import { cardTokenPattern } from './processor';

/** Money is integer cents end to end; no single payment line reaches a million dollars. */
const centsSchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000_000));

/** One line of a payment: how much goes to which open invoice. */
export const paymentLineSchema = v.object({
  invoiceNumber: v.pipe(v.string(), v.minLength(1), v.maxLength(32)),
  amountCents: centsSchema,
});
export type PaymentLine = v.InferOutput<typeof paymentLineSchema>;

const text = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max));
const optionalText = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max));

/** Who pays, where the card is billed, and where the receipt goes. */
export const billingInformationSchema = v.object({
  payerName: text(120),
  addressLine1: text(120),
  addressLine2: optionalText(120),
  city: text(80),
  region: text(80),
  postalCode: text(16),
  country: text(56),
  email: v.pipe(v.string(), v.trim(), v.email(), v.maxLength(254)),
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
});
export type PaymentRequest = v.InferOutput<typeof paymentRequestSchema>;

export const idempotencyKeyPattern = /^[A-Za-z0-9-]{8,64}$/;
