/**
 * The console's searches: what the Patients, Payments and Audit trail screens keep in their
 * address, which is also the query of the call each makes (GET /api/console/accounts, /payments,
 * /audit). One schema reads both, so an address the console shows is a query the server takes. Small on
 * purpose: the console's routes read their search with these, and every route's definition
 * travels with the patients' first page (the API reference's words for each part are added in
 * console-work.ts, where only the server and the reference read them).
 */
import * as v from 'valibot';
import { calendarDaySchema, MAX_CENTS } from './bounds';
import { optionalText, requiredText } from './text';

/** A whole number in a query or a path (digits only), as a number. */
export const digits = (max: number) => v.pipe(v.string(), v.regex(new RegExp(`^\\d{1,${String(max)}}$`)), v.transform(Number));

/** GET /api/console/accounts's query: an account number, a name, a registered user's email, or an invoice number. */
export const accountSearchQuerySchema = v.object({ q: requiredText(100) });

/** GET /api/console/payments's query (and the CSV's): every part optional, together they narrow (described for the API reference in console-work.ts). */
export const paymentSearchQuerySchema = v.object({
  from: v.optional(calendarDaySchema),
  to: v.optional(calendarDaySchema),
  account: v.optional(optionalText(64)),
  amountCents: v.optional(v.pipe(digits(10), v.maxValue(MAX_CENTS))),
  last4: v.optional(v.pipe(v.string(), v.regex(/^\d{4}$/))),
  page: v.optional(v.pipe(digits(6), v.minValue(1)), '1'),
});
export type PaymentSearchQuery = v.InferOutput<typeof paymentSearchQuerySchema>;

/** GET /api/console/audit's query (and the CSV's). */
export const auditQuerySchema = v.object({
  /** Words to find in who, what, the account or the detail. */
  q: v.optional(optionalText(100), ''),
  /** From this day on and to this day (UTC), each a day of the calendar within the bounds. */
  from: v.optional(calendarDaySchema),
  to: v.optional(calendarDaySchema),
});
export type AuditQuery = v.InferOutput<typeof auditQuerySchema>;
