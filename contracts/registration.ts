/**
 * Registering an account and activating it with the emailed link. The server validates these
 * requests; the SPA imports only their types (the limits are in registration-limits.ts), so the
 * schemas' valibot parts stay out of its bundle.
 *
 * POST api/userregistration/Register answers `registeredAnswer` as text, the same whether or not
 * the email was already registered: a new address gets the activation link, a known one a
 * "someone tried to register with your address" email instead.
 */
import * as v from 'valibot';
import { clientCodeSchema } from './clients';
import { PASSWORD_MAX_LENGTH } from './passwords';
import { COMPANY_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, POSTAL_CODE_MAX_LENGTH, REFERENCE_MAX_LENGTH } from './registration-limits';
import { billingGroupSchema, optionalText, requiredText, secretText } from './text';

/** An email address as a request sends it: trimmed text of an address's shape. */
export const emailAddressSchema = v.pipe(requiredText(EMAIL_MAX_LENGTH), v.email('invalid'));

/**
 * POST api/userregistration/Register. `rosterAcct`, an open `invoice` of it and the guarantor's
 * `postalCode` (printed on the statement, not on the invoice stub) prove the account is the
 * person's: more than a guest's one-time payment needs. `clientCode` is sent upper-cased and
 * `billingGroup` empty. The password's rules (passwords.ts, and "not common" on the server) are
 * checked after the shape.
 */
export const registrationRequestSchema = v.object({
  firstName: requiredText(NAME_MAX_LENGTH),
  lastName: requiredText(NAME_MAX_LENGTH),
  company: v.optional(optionalText(COMPANY_MAX_LENGTH), ''),
  email: emailAddressSchema,
  password: secretText(PASSWORD_MAX_LENGTH),
  clientCode: clientCodeSchema,
  rosterAcct: requiredText(REFERENCE_MAX_LENGTH),
  invoice: requiredText(REFERENCE_MAX_LENGTH),
  postalCode: requiredText(POSTAL_CODE_MAX_LENGTH),
  billingGroup: billingGroupSchema,
});
export type RegistrationRequest = v.InferOutput<typeof registrationRequestSchema>;

/** The text body of a successful Register. */
export const registeredAnswer = 'registered';

/** POST api/userregistration/Activate: the token of the emailed link. 404 notFound when it is unknown, used or expired. */
export const activationRequestSchema = v.object({ token: requiredText(128) });
export type ActivationRequest = v.InferOutput<typeof activationRequestSchema>;

/** The answer of a successful Activate. */
export const activationResponseSchema = v.object({ activated: v.literal(true) });
export type ActivationResponse = v.InferOutput<typeof activationResponseSchema>;

/**
 * POST api/userregistration/ResendActivation: a new activation link for an account that waits for
 * one. The same answer whatever the address (429 when asked too often for it).
 */
export const resendActivationRequestSchema = v.object({ email: emailAddressSchema });
export type ResendActivationRequest = v.InferOutput<typeof resendActivationRequestSchema>;

/** The answer of ResendActivation: accepted, never whether anything was sent. */
export const resendActivationResponseSchema = v.object({ accepted: v.literal(true) });
export type ResendActivationResponse = v.InferOutput<typeof resendActivationResponseSchema>;

/**
 * POST api/userregistration/RemoveAccess: the token of the link that the account's other users
 * (and its email on file) were sent when someone registered for it. 410 linkInvalid when it is
 * unknown, used or expired.
 */
export const removeAccessRequestSchema = v.object({ token: requiredText(128) });
export type RemoveAccessRequest = v.InferOutput<typeof removeAccessRequestSchema>;

/** The answer of a successful RemoveAccess. */
export const accessRemovedSchema = v.object({ removed: v.literal(true) });
export type AccessRemoved = v.InferOutput<typeof accessRemovedSchema>;
