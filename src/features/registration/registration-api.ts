/** The registration calls (contracts/registration-endpoints.ts): register, activate, and ask for the activation link again. */
import type { RegistrationRequest } from '@contracts/registration';
import * as registration from '@contracts/registration-endpoints';
import type { Language } from '@contracts/session';
import { callEndpoint, type CallOptions } from '@/lib/api/http';

/**
 * Registers, its answer read as text (the same whether the address was new or already
 * registered). `language`, sent as Accept-Language, is the one the emails are written in.
 */
export const registerAccount = (json: RegistrationRequest, language: Language, { signal }: CallOptions = {}): Promise<string> =>
  callEndpoint(registration.register, { json, headers: { 'Accept-Language': language }, signal });

/** Activates with the emailed link's token; 404 notFound for an unusable link. */
export const activateAccount = (token: string, { signal }: CallOptions = {}): Promise<void> =>
  callEndpoint(registration.activate, { json: { token }, signal }).then(() => undefined);

/** Removes a registration with the notice link's token; 410 linkInvalid for an unusable link. */
export const removeAccess = (token: string, { signal }: CallOptions = {}): Promise<void> =>
  callEndpoint(registration.removeAccess, { json: { token }, signal }).then(() => undefined);

/** A new link, written in `language` unless the account has one. */
export const resendActivation = (email: string, language: Language, { signal }: CallOptions = {}): Promise<void> =>
  callEndpoint(registration.resendActivation, { json: { email }, headers: { 'Accept-Language': language }, signal }).then(() => undefined);
