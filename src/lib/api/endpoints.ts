/**
 * The session's and the clients' calls, built from their declarations (contracts/session-endpoints.ts,
 * clients-endpoints.ts). Each takes the caller's abort signal, so an actor that stops cancels its call.
 */
import type { Client } from '@contracts/clients';
import * as clients from '@contracts/clients-endpoints';
import type { AuthenticationMessage, ExtendAuthentication, Language, LoggedInStatus, LogoutResponse } from '@contracts/session';
import * as session from '@contracts/session-endpoints';
import type { GuestLoginRequest, LoginRequest } from '@contracts/session-requests';
import { callEndpoint, type CallOptions } from './http';

export const getLoggedInStatus = (options?: CallOptions): Promise<LoggedInStatus> => callEndpoint(session.getIsUserLoggedIn, options);

export const logIn = (json: LoginRequest, { signal }: CallOptions = {}): Promise<LoggedInStatus> => callEndpoint(session.login, { json, signal });

export const logInGuest = (json: GuestLoginRequest, { signal }: CallOptions = {}): Promise<LoggedInStatus> =>
  callEndpoint(session.guestLogin, { json, signal });

export const logOut = (options?: CallOptions): Promise<LogoutResponse> => callEndpoint(session.logout, options);

export const getUserEmail = (options?: CallOptions): Promise<string> => callEndpoint(session.getUserEmail, options).then((r) => r.email);

export const getAccountNumber = (options?: CallOptions): Promise<string> =>
  callEndpoint(session.getAccountNumber, options).then((r) => r.accountNumber);

/** The client the session is signed in under, with its billing group. */
export const getSessionClient = (options?: CallOptions): Promise<{ clientCode: string; billingGroup: string | null }> =>
  callEndpoint(session.getClientCode, options);

/** Days until the password expires, 0 once it has, -1 when it never does. */
export const getPasswordExpiryDays = (options?: CallOptions): Promise<number> =>
  callEndpoint(session.getIsPasswordExpired, options).then((r) => (r.isPasswordExpired ? 0 : r.daysUntilExpiry));

/** Polled; never extends the session. */
export const getAuthenticationMessage = (options?: CallOptions): Promise<AuthenticationMessage> =>
  callEndpoint(session.getShouldDisplayAuthenticationMessage, options);

export const extendAuthentication = (options?: CallOptions): Promise<ExtendAuthentication> => callEndpoint(session.extendAuthentication, options);

export const getClient = (clientCode: string, billingGroup: string | null, { signal }: CallOptions = {}): Promise<Client> =>
  callEndpoint(clients.getClient, { query: { clientCode, billingGroup: billingGroup ?? undefined }, signal });

export const getClientUrl = (clientCode: string, billingGroup: string | null, { signal }: CallOptions = {}): Promise<string> =>
  callEndpoint(clients.getClientUrl, { query: { clientCode, billingGroup: billingGroup ?? undefined }, signal }).then((r) => r.url);

/** The named client's external card link ('' when none). */
export const getExternalCardLink = (clientCode: string, billingGroup: string | null, { signal }: CallOptions = {}): Promise<string> =>
  callEndpoint(clients.getClientLinks, { query: { clientCode, billingGroup: billingGroup ?? undefined }, signal }).then((r) => r.externalCCLink);

export const getTranslationLanguage = (options?: CallOptions): Promise<Language> =>
  callEndpoint(session.getTranslationLanguage, options).then((r) => r.language);

export const updateTranslationLanguage = (language: Language, { signal }: CallOptions = {}): Promise<Language> =>
  callEndpoint(session.updateTranslationLanguage, { json: { language }, signal }).then((r) => r.language);
