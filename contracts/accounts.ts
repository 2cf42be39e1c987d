/**
 * The account summary's wire shapes. Only the invoices and payment screens (and the server) read
 * them, so the first page never loads them.
 */
import * as v from 'valibot';

/** A calendar date as the server sends it: YYYY-MM-DD. */
const isoDateSchema = v.pipe(v.string(), v.isoDate());

const centsSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * One service billed on an invoice: what was charged, what the insurer paid and adjusted, what the
 * patient already paid and what is left (charge - insurance - adjustments - patient paid = balance).
 */
export const invoiceLineSchema = v.object({
  lineNumber: v.pipe(v.number(), v.integer(), v.minValue(1)),
  serviceDate: isoDateSchema,
  procedureCode: v.string(),
  description: v.string(),
  units: v.pipe(v.number(), v.integer(), v.minValue(1)),
  chargeCents: centsSchema,
  insurancePaidCents: centsSchema,
  adjustmentsCents: centsSchema,
  patientPaidCents: centsSchema,
  balanceCents: centsSchema,
  /** Who was billed for it ('' when not given), and where that claim stands. */
  payerName: v.string(),
  claimStatus: v.string(),
});
export type InvoiceLine = v.InferOutput<typeof invoiceLineSchema>;

/** One open invoice of the account. Money is integer cents. */
export const openInvoiceSchema = v.object({
  invoiceNumber: v.string(),
  description: v.string(),
  invoiceDate: isoDateSchema,
  dueDate: isoDateSchema,
  amountCents: v.pipe(v.number(), v.integer(), v.minValue(1)),
  balanceCents: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Who the services were for ('' when the statement did not say). */
  patientName: v.string(),
  /** The good-faith estimate given before the services, if any (see bill-dispute.ts). */
  goodFaithEstimateCents: v.nullable(centsSchema),
  /** What the invoice is for, by line number; empty for an invoice from before the statement feed. */
  lines: v.array(invoiceLineSchema),
});
export type OpenInvoice = v.InferOutput<typeof openInvoiceSchema>;

/**
 * GET /api/OnlinePayment/GetAccountInformation (user or guest; 403 accountDisabled for a
 * disabled account): the account summary with its open invoices and what is due in all.
 */
export const accountInformationSchema = v.object({
  accountNumber: v.string(),
  holderName: v.string(),
  invoices: v.array(openInvoiceSchema),
  totalDueCents: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type AccountInformation = v.InferOutput<typeof accountInformationSchema>;

/**
 * One invoice the account has paid in full, with the payment in the portal that brought its
 * balance to zero (whose receipt documents it), or none when the billing office recorded it.
 */
export const paidInvoiceSchema = v.object({
  invoiceNumber: v.string(),
  description: v.string(),
  invoiceDate: isoDateSchema,
  amountCents: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** When that payment was made: ISO 8601 instant, UTC; null when settled with the billing office. */
  paidAt: v.nullable(v.string()),
  /** That payment's confirmation number, the receipt's; null when settled with the billing office. */
  confirmationNumber: v.nullable(v.string()),
});
export type PaidInvoice = v.InferOutput<typeof paidInvoiceSchema>;

/**
 * GET /api/OnlinePayment/GetPaidInvoices (user or guest; 403 accountDisabled for a disabled
 * account): the session account's paid invoices, the most recently paid first.
 */
export const paidInvoicesSchema = v.object({ invoices: v.array(paidInvoiceSchema) });
export type PaidInvoices = v.InferOutput<typeof paidInvoicesSchema>;
