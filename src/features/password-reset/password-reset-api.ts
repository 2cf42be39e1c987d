/**
 * The forgotten-password calls (contracts/password-endpoints.ts): ask for a reset link, check a
 * link, and set the new password. Each rejects with an ApiError, as every call of the app does.
 */
import * as password from '@contracts/password-endpoints';
import type { ForgotPasswordRequest, ResetPasswordRequest } from '@contracts/password-requests';
import { callEndpoint, type CallOptions } from '@/lib/api/http';

/** The same answer whether or not the address has an account. */
export const requestResetLink = (json: ForgotPasswordRequest, { signal }: CallOptions = {}): Promise<void> =>
  callEndpoint(password.checkEmail, { json, signal }).then(() => undefined);

/** The account a working link is for (410 linkInvalid otherwise). */
export const checkResetLink = (token: string, { signal }: CallOptions = {}): Promise<{ email: string }> =>
  callEndpoint(password.checkResetLink, { json: { token }, signal });

/** Spends the link on the new password. */
export const resetPassword = (json: ResetPasswordRequest, { signal }: CallOptions = {}): Promise<void> =>
  callEndpoint(password.resetPassword, { json, signal }).then(() => undefined);
