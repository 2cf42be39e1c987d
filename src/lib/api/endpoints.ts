/** The session's and the clients' calls. Each takes the caller's abort signal, so an actor that stops cancels its call. */
import { clientLinksResponseSchema, clientSchema, clientUrlResponseSchema, type Client } from '@contracts/clients';
import {
  accountNumberResponseSchema,
  authenticationMessageSchema,
  extendAuthenticationSchema,
  loggedInStatusSchema,
  logoutResponseSchema,
  passwordExpiredSchema,
  sessionClientSchema,
  translationLanguageSchema,
  userEmailResponseSchema,
  type AuthenticationMessage,
  type ExtendAuthentication,
  type Language,
  type LoggedInStatus,
  type LogoutResponse,
} from '@contracts/session';
import type { GuestLoginRequest, LoginRequest } from '@contracts/session-requests';
import { call, http, type CallOptions } from './http';

function lookupParams(clientCode: string, billingGroup: string | null): Record<string, string> {
  return billingGroup ? { clientCode, billingGroup } : { clientCode };
}

/** GET /api/User/GetIsUserLoggedIn */
export const getLoggedInStatus = ({ signal }: CallOptions = {}): Promise<LoggedInStatus> =>
  call(() => http.get('User/GetIsUserLoggedIn', { signal }), loggedInStatusSchema);

/** POST /api/userlogin/Login */
export const logIn = (body: LoginRequest, { signal }: CallOptions = {}): Promise<LoggedInStatus> =>
  call(() => http.post('userlogin/Login', { json: body, signal }), loggedInStatusSchema);

/** POST /api/userlogin/GuestLogin */
export const logInGuest = (body: GuestLoginRequest, { signal }: CallOptions = {}): Promise<LoggedInStatus> =>
  call(() => http.post('userlogin/GuestLogin', { json: body, signal }), loggedInStatusSchema);

/** POST /api/user/Logout */
export const logOut = ({ signal }: CallOptions = {}): Promise<LogoutResponse> =>
  call(() => http.post('user/Logout', { signal }), logoutResponseSchema);

/** GET /api/User/GetUserEmail */
export const getUserEmail = ({ signal }: CallOptions = {}): Promise<string> =>
  call(() => http.get('User/GetUserEmail', { signal }), userEmailResponseSchema).then((r) => r.email);

/** GET /api/User/GetAccountNumber */
export const getAccountNumber = ({ signal }: CallOptions = {}): Promise<string> =>
  call(() => http.get('User/GetAccountNumber', { signal }), accountNumberResponseSchema).then((r) => r.accountNumber);

/** GET /api/User/GetClientCode: the client the session is signed in under, with its billing group. */
export const getSessionClient = ({ signal }: CallOptions = {}): Promise<{ clientCode: string; billingGroup: string | null }> =>
  call(() => http.get('User/GetClientCode', { signal }), sessionClientSchema);

/** GET /api/User/GetIsPasswordExpired: days until the password expires, 0 once it has, -1 when it never does. */
export const getPasswordExpiryDays = ({ signal }: CallOptions = {}): Promise<number> =>
  call(() => http.get('User/GetIsPasswordExpired', { signal }), passwordExpiredSchema).then((r) => (r.isPasswordExpired ? 0 : r.daysUntilExpiry));

/** GET /api/user/GetShouldDisplayAuthenticationMessage (polled; never extends the session) */
export const getAuthenticationMessage = ({ signal }: CallOptions = {}): Promise<AuthenticationMessage> =>
  call(() => http.get('user/GetShouldDisplayAuthenticationMessage', { signal }), authenticationMessageSchema);

/** GET /api/user/ExtendAuthentication */
export const extendAuthentication = ({ signal }: CallOptions = {}): Promise<ExtendAuthentication> =>
  call(() => http.get('user/ExtendAuthentication', { signal }), extendAuthenticationSchema);

/** GET /api/Client/GetClient */
export const getClient = (clientCode: string, billingGroup: string | null, { signal }: CallOptions = {}): Promise<Client> =>
  call(() => http.get('Client/GetClient', { searchParams: lookupParams(clientCode, billingGroup), signal }), clientSchema);

/** GET /api/Client/GetClientUrl */
export const getClientUrl = (clientCode: string, billingGroup: string | null, { signal }: CallOptions = {}): Promise<string> =>
  call(
    () => http.get('Client/GetClientUrl', { searchParams: lookupParams(clientCode, billingGroup), signal }),
    clientUrlResponseSchema,
  ).then((r) => r.url);

/** GET /api/ClientLinks/GetClientLinks: the external card link ('' when none). */
export const getExternalCardLink = (clientCode: string, billingGroup: string | null, { signal }: CallOptions = {}): Promise<string> =>
  call(
    () => http.get('ClientLinks/GetClientLinks', { searchParams: lookupParams(clientCode, billingGroup), signal }),
    clientLinksResponseSchema,
  ).then((r) => r.externalCCLink);

/** GET /api/user/GetTranslationLanguage */
export const getTranslationLanguage = ({ signal }: CallOptions = {}): Promise<Language> =>
  call(() => http.get('user/GetTranslationLanguage', { signal }), translationLanguageSchema).then((r) => r.language);

/** POST /api/user/UpdateTranslationLanguage */
export const updateTranslationLanguage = (language: Language, { signal }: CallOptions = {}): Promise<Language> =>
  call(() => http.post('user/UpdateTranslationLanguage', { json: { language }, signal }), translationLanguageSchema).then(
    (r) => r.language,
  );
