/**
 * The account summary's wire shapes. Only the invoices and payment screens (and the server) read
 * them, so the first page never loads them.
 */
import * as v from 'valibot';

/** A calendar date as the server sends it: YYYY-MM-DD. */
const isoDateSchema = v.pipe(v.string(), v.isoDate());

/** One open invoice of the account. Money is integer cents. */
export const openInvoiceSchema = v.object({
  invoiceNumber: v.string(),
  description: v.string(),
  invoiceDate: isoDateSchema,
  dueDate: isoDateSchema,
  amountCents: v.pipe(v.number(), v.integer(), v.minValue(1)),
  balanceCents: v.pipe(v.number(), v.integer(), v.minValue(1)),
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
