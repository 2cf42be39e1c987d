/**
 * The member requests, which the server validates. The SPA only sends them, so it imports their
 * types and never these schemas: their text checks (normalising, trimming, the email pattern)
 * stay out of its bundle.
 */
import * as v from 'valibot';
import { COMPANY_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_INPUT_MAX_LENGTH, emailTokenPattern } from './member';
import { optionalText, requiredText, secretText } from './text';

/** POST /api/User/UpdateMemberInformation: a 400 names the fields that do not fit. */
export const memberDetailsRequestSchema = v.object({
  firstName: requiredText(NAME_MAX_LENGTH),
  lastName: requiredText(NAME_MAX_LENGTH),
  company: optionalText(COMPANY_MAX_LENGTH),
});
export type MemberDetailsRequest = v.InferOutput<typeof memberDetailsRequestSchema>;

/**
 * POST /api/User/RequestEmailChange (ClientBillingUser, account not disabled): the new address and
 * the current password. A 400 names the fields to fix: `newEmail` (also when it is the current
 * address), `password` (also when it is not the user's). Otherwise the answer is always the
 * same, whether or not the address belongs to someone else: a link goes to the new address, a
 * notice to the current one, and the address changes only when the link is opened.
 */
export const emailChangeRequestSchema = v.object({
  newEmail: v.pipe(requiredText(EMAIL_MAX_LENGTH), v.email('invalid')),
  password: secretText(PASSWORD_INPUT_MAX_LENGTH),
});
export type EmailChangeRequest = v.InferOutput<typeof emailChangeRequestSchema>;

/**
 * POST /api/User/ConfirmEmailChange (ClientBillingUser, account not disabled): the token of the
 * link. 404 notFound for a link that does not work for this user (unknown, used, expired, of
 * another user, or its address taken meanwhile); the address has then not changed.
 */
export const emailChangeConfirmationSchema = v.object({
  token: v.pipe(v.string('invalid'), v.regex(emailTokenPattern, 'invalid')),
});
export type EmailChangeConfirmation = v.InferOutput<typeof emailChangeConfirmationSchema>;
