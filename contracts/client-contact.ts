/**
 * GET /api/Client/GetContact?clientCode=&billingGroup=: how to reach a client's billing office, for
 * the Contact page (a file of its own: the first page never loads it). Every part may be missing.
 */
import * as v from 'valibot';
import { openingHoursSchema } from './payments';

export const clientContactSchema = v.object({
  name: v.string(),
  /** The billing office's phone, and when it is open; null when the client gave none. */
  phone: v.nullable(v.object({ number: v.string(), hours: v.nullable(openingHoursSchema) })),
  /** The billing office's postal address, one line each; empty when the client gave none. */
  addressLines: v.array(v.string()),
});
export type ClientContact = v.InferOutput<typeof clientContactSchema>;
