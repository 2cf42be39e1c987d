/**
 * The forgotten-password calls: ask for a reset link, check a link, and set the new password.
 * Each rejects with an ApiError, as every call of the app does.
 */
import type { ForgotPasswordRequest, ResetPasswordRequest } from '@contracts/password-requests';
import { http, observed, type CallOptions } from '@/lib/api/http';

/** POST api/ForgotPassword/CheckEmail: the same answer whether or not the address has an account. */
export const requestResetLink = (request: ForgotPasswordRequest, { signal }: CallOptions = {}): Promise<void> =>
  observed(async () => {
    await http.post('ForgotPassword/CheckEmail', { json: request, signal });
  });

/** POST api/ForgotPassword/CheckResetLink: the account a working link is for (410 linkInvalid otherwise). */
export const checkResetLink = (token: string, { signal }: CallOptions = {}): Promise<{ email: string }> =>
  observed(async () => {
    const answer: unknown = await http.post('ForgotPassword/CheckResetLink', { json: { token }, signal }).json();
    // A plain check rather than a schema: the page stays light, and a strange answer is a server error.
    if (typeof answer !== 'object' || answer === null || !('email' in answer) || typeof answer.email !== 'string') throw new TypeError('Unexpected answer');
    return { email: answer.email };
  });

/** POST api/ForgotPassword/ResetPassword: spends the link on the new password. */
export const resetPassword = (request: ResetPasswordRequest, { signal }: CallOptions = {}): Promise<void> =>
  observed(async () => {
    await http.post('ForgotPassword/ResetPassword', { json: request, signal });
  });
