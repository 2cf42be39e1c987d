/**
 * The password calls: asking for a reset link by email, checking and using that link, and
 * changing the password while signed in. The server validates the requests with these schemas;
 * the SPA checks the answers with the response schemas and imports only the request types.
 */
import * as v from 'valibot';
import type { PasswordRuleProblem } from './passwords';
import { clientCodeSchema } from './clients';
import { emailAddressSchema } from './registration';
import { languageSchema } from './session';
import { billingGroupSchema, secretText } from './text';

/**
 * A password as typed, for the transport only: 128 characters counted as a person does can take
 * twice as many UTF-16 units (and a few more after NFC), so the wire allows 512 and the password
 * rules (`passwordProblem`) say "too long" in the person's terms.
 */
const typedPassword = secretText(512);

/** The token of an emailed link, as the link carries it (43 base64url characters). */
const linkToken = v.pipe(v.string('invalid'), v.regex(/^[A-Za-z0-9_-]{43}$/, 'invalid'));

/**
 * POST /api/ForgotPassword/CheckEmail: send a reset link to this address if an account uses it.
 * The client fields name the client whose page asked (its name signs the email); the language is
 * the page's, for a user who has none saved.
 */
export const forgotPasswordRequestSchema = v.object({
  email: emailAddressSchema,
  language: v.optional(languageSchema),
  clientCode: v.optional(clientCodeSchema),
  billingGroup: billingGroupSchema,
});
export type ForgotPasswordRequest = v.InferOutput<typeof forgotPasswordRequestSchema>;

/** The answer to CheckEmail: always the same, so it never tells whether the address has an account. */
export const forgotPasswordResponseSchema = v.object({ sent: v.literal(true) });

/** POST /api/ForgotPassword/CheckResetLink: whether a reset link still works, without spending it. */
export const resetLinkRequestSchema = v.object({ token: linkToken });
export type ResetLinkRequest = v.InferOutput<typeof resetLinkRequestSchema>;

/** The account a working reset link is for (410 `linkInvalid` when it is used, expired or unknown). */
export const resetLinkResponseSchema = v.object({ email: v.string() });
export type ResetLinkResponse = v.InferOutput<typeof resetLinkResponseSchema>;

/**
 * POST /api/ForgotPassword/ResetPassword: spends the link and sets the new password. The client
 * and language are the page's, for the notice email, as for CheckEmail.
 */
export const resetPasswordRequestSchema = v.object({
  token: linkToken,
  password: typedPassword,
  language: v.optional(languageSchema),
  clientCode: v.optional(clientCodeSchema),
  billingGroup: billingGroupSchema,
});
export type ResetPasswordRequest = v.InferOutput<typeof resetPasswordRequestSchema>;

/** The answer to ResetPassword: every session of the user has ended; sign in with the new password. */
export const resetPasswordResponseSchema = v.object({ reset: v.literal(true) });

/** POST /api/User/UpdatePassword: the signed-in user changes the password; the answer is the new expiry. */
export const updatePasswordRequestSchema = v.object({ currentPassword: typedPassword, newPassword: typedPassword });
export type UpdatePasswordRequest = v.InferOutput<typeof updatePasswordRequestSchema>;

/**
 * Why the server refused a new password, in the 400's `fields`: the shared rules, a common
 * password, or (when changing it) the password already in use.
 */
export type NewPasswordProblem = PasswordRuleProblem | 'common' | 'sameAsCurrent';
/** Why the server refused the current password when changing it. */
export type CurrentPasswordProblem = 'incorrect';
