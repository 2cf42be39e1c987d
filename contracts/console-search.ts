/**
 * The console's searches: what the Patients, Payments and Audit trail screens keep in their
 * address, which is also the query of the call each makes (GET /api/console/accounts, /payments,
 * /audit). One schema reads both, so an address the console shows is a query the server takes. Small on
 * purpose: the console's routes read their search with these, and every route's definition
 * travels with the patients' first page.
 */
import * as v from 'valibot';
import { calendarDaySchema, FIRST_DAY, LAST_DAY, MAX_CENTS } from './bounds';
import { optionalText, requiredText } from './text';

const described = <S extends v.GenericSchema>(schema: S, description: string) => v.pipe(schema, v.description(description));

/** A whole number in a query or a path (digits only), as a number. */
export const digits = (max: number) => v.pipe(v.string(), v.regex(new RegExp(`^\\d{1,${String(max)}}$`)), v.transform(Number));

/** GET /api/console/accounts's query: an account number, a name, a registered user's email, or an invoice number. */
export const accountSearchQuerySchema = v.object({ q: requiredText(100) });

/** GET /api/console/payments's query (and the CSV's): every part optional, together they narrow. */
export const paymentSearchQuerySchema = v.object({
  from: v.optional(described(calendarDaySchema, `Paid on or after this day (in the client’s time zone), ${FIRST_DAY} to ${LAST_DAY}.`)),
  to: v.optional(described(calendarDaySchema, `Paid on or before this day (in the client’s time zone), ${FIRST_DAY} to ${LAST_DAY}.`)),
  account: v.optional(described(optionalText(64), 'The account number, whole.')),
  amountCents: v.optional(described(v.pipe(digits(10), v.maxValue(MAX_CENTS)), 'The payment’s total, in cents.')),
  last4: v.optional(described(v.pipe(v.string(), v.regex(/^\d{4}$/)), 'The card’s last four digits.')),
  page: v.optional(described(v.pipe(digits(6), v.minValue(1)), 'The page, from 1 (50 a page).'), '1'),
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
