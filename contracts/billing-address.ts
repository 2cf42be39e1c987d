/**
 * The billing address a signed-in payer asked to be remembered for next time. Only the address
 * (never the card, the name or the receipt email), per user and client:
 *
 * - GET /api/OnlinePayment/GetSavedBillingAddress: `{ address }`, null when none is kept; a guest
 *   always gets null (a guest's address is never kept).
 * - POST /api/OnlinePayment/ForgetSavedBillingAddress (a billing user; empty body): forgets it at
 *   once, when the payer unticks "Remember this address for next time". 204.
 * - MakePayment keeps the billing address of a payment that goes through when its request says
 *   `rememberAddress: true` (users only), and forgets the kept one when it says false.
 */
import * as v from 'valibot';

export const savedBillingAddressSchema = v.object({
  addressLine1: v.string(),
  addressLine2: v.string(),
  city: v.string(),
  region: v.string(),
  postalCode: v.string(),
  /** ISO 3166-1 alpha-2, as the country list sends it (older payments may hold a country's name). */
  country: v.string(),
});
export type SavedBillingAddress = v.InferOutput<typeof savedBillingAddressSchema>;

export const savedBillingAddressResponseSchema = v.object({ address: v.nullable(savedBillingAddressSchema) });
export type SavedBillingAddressResponse = v.InferOutput<typeof savedBillingAddressResponseSchema>;
