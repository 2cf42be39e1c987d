/** The password's endpoints: a reset link by email and its use (open to anyone), and changing it while signed in. */
import { defineEndpoint, usersOnly } from './endpoint';
import {
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  resetLinkRequestSchema,
  resetLinkResponseSchema,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
  updatePasswordRequestSchema,
} from './password-requests';
import { passwordExpiredSchema } from './session';

export const checkEmail = defineEndpoint({
  method: 'POST',
  path: '/ForgotPassword/CheckEmail',
  summary: "Sends a reset link (one hour, works once) to the address if an account uses it; always the same answer",
  description: '429 tooManyRequests with Retry-After, the same for any address.',
  access: 'anyone',
  json: forgotPasswordRequestSchema,
  response: forgotPasswordResponseSchema,
});

export const checkResetLink = defineEndpoint({
  method: 'POST',
  path: '/ForgotPassword/CheckResetLink',
  summary: 'The account a reset link is for, without spending it',
  description: '410 linkInvalid for a used, expired or unknown link.',
  access: 'anyone',
  json: resetLinkRequestSchema,
  response: resetLinkResponseSchema,
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/ForgotPassword/ResetPassword',
  summary: 'Spends the reset link on the new password and ends every session of the user',
  description: "A 400 names the new password's broken rule in fields.password (the link stays good); 410 linkInvalid for a used, expired or unknown link.",
  access: 'anyone',
  json: resetPasswordRequestSchema,
  response: resetPasswordResponseSchema,
});

export const updatePassword = defineEndpoint({
  method: 'POST',
  path: '/User/UpdatePassword',
  summary: "Changes the signed-in user's password (also an expired one); every other session ends. Answers the new expiry",
  description:
    'A 400 names the field: currentPassword (incorrect; it counts as a failed sign-in) or newPassword (its broken rule, or sameAsCurrent). 429 tooManyRequests with Retry-After.',
  access: { roles: usersOnly, whilePasswordExpired: true },
  json: updatePasswordRequestSchema,
  response: passwordExpiredSchema,
});
