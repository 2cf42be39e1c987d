import {
  authenticationMessageSchema,
  clientLinksResponseSchema,
  extendAuthenticationSchema,
  translationLanguageSchema,
  type AuthenticationMessage,
  type GuestLoginRequest,
  type Language,
  clientSchema,
  clientUrlResponseSchema,
  loggedInStatusSchema,
  logoutResponseSchema,
  userEmailResponseSchema,
  accountNumberResponseSchema,
  type Client,
  type LoggedInStatus,
  type LoginRequest,
  type LogoutResponse,
} from './contracts';
import { call, http } from './http';

function lookupParams(clientCode: string, billingGroup: string | null): Record<string, string> {
  return billingGroup ? { clientCode, billingGroup } : { clientCode };
}

/** GET /api/User/GetIsUserLoggedIn */
export const getLoggedInStatus = (): Promise<LoggedInStatus> =>
  call(() => http.get('User/GetIsUserLoggedIn'), loggedInStatusSchema);

/** POST /api/userlogin/Login */
export const logIn = (body: LoginRequest): Promise<LoggedInStatus> =>
  call(() => http.post('userlogin/Login', { json: body }), loggedInStatusSchema);

/** POST /api/user/Logout */
export const logOut = (): Promise<LogoutResponse> =>
  call(() => http.post('user/Logout'), logoutResponseSchema);

/** GET /api/User/GetUserEmail */
export const getUserEmail = (): Promise<string> =>
  call(() => http.get('User/GetUserEmail'), userEmailResponseSchema).then((r) => r.email);

/** GET /api/User/GetAccountNumber */
export const getAccountNumber = (): Promise<string> =>
  call(() => http.get('User/GetAccountNumber'), accountNumberResponseSchema).then((r) => r.accountNumber);

/** GET /api/Client/GetClient */
export const getClient = (clientCode: string, billingGroup: string | null): Promise<Client> =>
  call(() => http.get('Client/GetClient', { searchParams: lookupParams(clientCode, billingGroup) }), clientSchema);

/** GET /api/Client/GetClientUrl */
export const getClientUrl = (clientCode: string, billingGroup: string | null): Promise<string> =>
  call(() => http.get('Client/GetClientUrl', { searchParams: lookupParams(clientCode, billingGroup) }), clientUrlResponseSchema).then((r) => r.url);

/** POST /api/userlogin/GuestLogin */
export const logInGuest = (body: GuestLoginRequest): Promise<LoggedInStatus> =>
  call(() => http.post('userlogin/GuestLogin', { json: body }), loggedInStatusSchema);

/** GET /api/user/GetShouldDisplayAuthenticationMessage (polled; never extends the session) */
export const getAuthenticationMessage = (): Promise<AuthenticationMessage> =>
  call(() => http.get('user/GetShouldDisplayAuthenticationMessage'), authenticationMessageSchema);

/** GET /api/user/ExtendAuthentication */
export const extendAuthentication = (): Promise<{ secondsLeft: number }> =>
  call(() => http.get('user/ExtendAuthentication'), extendAuthenticationSchema);

/** GET /api/ClientLinks/GetClientLinks: the external card link ('' when none). */
export const getExternalCardLink = (clientCode: string, billingGroup: string | null): Promise<string> =>
  call(
    () => http.get('ClientLinks/GetClientLinks', { searchParams: lookupParams(clientCode, billingGroup) }),
    clientLinksResponseSchema,
  ).then((r) => r.externalCCLink);

/** GET /api/user/GetTranslationLanguage */
export const getTranslationLanguage = (): Promise<Language> =>
  call(() => http.get('user/GetTranslationLanguage'), translationLanguageSchema).then((r) => r.language);

/** POST /api/user/UpdateTranslationLanguage */
export const updateTranslationLanguage = (language: Language): Promise<Language> =>
  call(() => http.post('user/UpdateTranslationLanguage', { json: { language } }), translationLanguageSchema).then(
    (r) => r.language,
  );
