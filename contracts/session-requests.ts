/**
 * The sign-in requests, which the server validates. The SPA only sends them, so it imports their
 * types and never these schemas: their text checks (normalising, trimming) stay out of its bundle.
 */
import * as v from 'valibot';
import { clientCodeSchema } from './clients';
import { languageSchema } from './session';
import { billingGroupSchema, requiredText, secretText } from './text';

/** POST /api/userlogin/Login. The client fields say under which client the user signs in. */
export const loginRequestSchema = v.object({
  email: requiredText(254),
  password: secretText(128),
  language: languageSchema,
  clientCode: v.optional(clientCodeSchema),
  billingGroup: billingGroupSchema,
});
export type LoginRequest = v.InferOutput<typeof loginRequestSchema>;

/** POST /api/userlogin/GuestLogin: a guest signs in with an account number and one of its invoices. */
export const guestLoginRequestSchema = v.object({
  accountNumber: requiredText(32),
  invoiceNumber: requiredText(32),
  language: languageSchema,
  clientCode: v.optional(clientCodeSchema),
  billingGroup: billingGroupSchema,
});
export type GuestLoginRequest = v.InferOutput<typeof guestLoginRequestSchema>;
