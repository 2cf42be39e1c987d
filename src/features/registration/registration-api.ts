/** The registration calls: register, activate, and ask for the activation link again. */
import type { RegistrationRequest } from '@contracts/registration';
import type { Language } from '@contracts/session';
import { http, observed, type CallOptions } from '@/lib/api/http';

/**
 * POST api/userregistration/Register, its answer read as text (the same whether the address was
 * new or already registered). `language`, sent as Accept-Language, is the one the emails are
 * written in.
 */
export const registerAccount = (body: RegistrationRequest, language: Language, { signal }: CallOptions = {}): Promise<string> =>
  observed(() => http.post('userregistration/Register', { json: body, headers: { 'Accept-Language': language }, signal }).text());

// The next two answer nothing the SPA needs beyond success: their bodies are not read.

/** POST api/userregistration/Activate with the emailed link's token; 404 notFound for an unusable link. */
export const activateAccount = (token: string, { signal }: CallOptions = {}): Promise<void> =>
  observed(async () => {
    await http.post('userregistration/Activate', { json: { token }, signal });
  });

/** POST api/userregistration/RemoveAccess with the notice link's token; 410 linkInvalid for an unusable link. */
export const removeAccess = (token: string, { signal }: CallOptions = {}): Promise<void> =>
  observed(async () => {
    await http.post('userregistration/RemoveAccess', { json: { token }, signal });
  });

/** POST api/userregistration/ResendActivation: a new link, written in `language` unless the account has one. */
export const resendActivation = (email: string, language: Language, { signal }: CallOptions = {}): Promise<void> =>
  observed(async () => {
    await http.post('userregistration/ResendActivation', { json: { email }, headers: { 'Accept-Language': language }, signal });
  });
