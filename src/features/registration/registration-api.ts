/** The registration calls: register, activate, and ask for the activation link again. */
import {
  activationResponseSchema,
  registeredAnswer,
  resendActivationResponseSchema,
  type ActivationResponse,
  type RegistrationRequest,
  type ResendActivationResponse,
} from '@contracts/registration';
import type { Language } from '@contracts/session';
import { ApiError } from '@/lib/api/errors';
import { call, http, observed, type CallOptions } from '@/lib/api/http';

/**
 * POST api/userregistration/Register, its answer read as text. `language` (sent as
 * Accept-Language) is the one the emails are written in.
 */
export const registerAccount = (body: RegistrationRequest, language: Language, { signal }: CallOptions = {}): Promise<string> =>
  observed(async () => {
    const answer = await http.post('userregistration/Register', { json: body, headers: { 'Accept-Language': language }, signal }).text();
    if (answer !== registeredAnswer) throw new ApiError('malformedResponse', null);
    return answer;
  });

/** POST api/userregistration/Activate with the emailed link's token. */
export const activateAccount = (token: string, { signal }: CallOptions = {}): Promise<ActivationResponse> =>
  call(() => http.post('userregistration/Activate', { json: { token }, signal }), activationResponseSchema);

/** POST api/userregistration/ResendActivation: a new link, written in `language` unless the account has one. */
export const resendActivation = (email: string, language: Language, { signal }: CallOptions = {}): Promise<ResendActivationResponse> =>
  call(
    () => http.post('userregistration/ResendActivation', { json: { email }, headers: { 'Accept-Language': language }, signal }),
    resendActivationResponseSchema,
  );
