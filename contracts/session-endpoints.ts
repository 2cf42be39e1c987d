/**
 * The session's endpoints: signing in and out, who is signed in, the session's own figures, its
 * expiry, and the reader's language. The first page loads them (see endpoint.ts).
 */
import { defineEndpoint, usersAndGuests, usersOnly } from './endpoint';
import { guestLoginRequestSchema, loginRequestSchema } from './session-requests';
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
} from './session';

/** The session's own figures: open to a user whose password has expired, as the way to change it needs them. */
const sessionFigures = { roles: usersAndGuests, whilePasswordExpired: true } as const;

export const getIsUserLoggedIn = defineEndpoint({
  method: 'GET',
  path: '/User/GetIsUserLoggedIn',
  summary: 'Whether this browser has a signed-in, active user or guest, and in which role',
  access: 'anyone',
  response: loggedInStatusSchema,
});

export const login = defineEndpoint({
  method: 'POST',
  path: '/userlogin/Login',
  summary: 'Signs a billing user in with an email and password, under the named client (else the first one joined)',
  description:
    'A new session cookie and anti-forgery token. 401 invalidCredentials; 403 accountNotActivated; 429 tooManyRequests with Retry-After after repeated failures.',
  access: 'anyone',
  json: loginRequestSchema,
  response: loggedInStatusSchema,
});

export const guestLogin = defineEndpoint({
  method: 'POST',
  path: '/userlogin/GuestLogin',
  summary: "Signs a guest in with an account number and one of its invoices' numbers",
  description: '401 invalidCredentials; 429 tooManyRequests with Retry-After after repeated failures.',
  access: 'anyone',
  json: guestLoginRequestSchema,
  response: loggedInStatusSchema,
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/user/Logout',
  summary: 'Ends the session; `url` is where the browser goes next (empty: the portal\'s own page)',
  access: 'anyone',
  response: logoutResponseSchema,
});

export const getUserEmail = defineEndpoint({
  method: 'GET',
  path: '/User/GetUserEmail',
  summary: "The signed-in user's email address (empty for a guest)",
  access: sessionFigures,
  response: userEmailResponseSchema,
});

export const getAccountNumber = defineEndpoint({
  method: 'GET',
  path: '/User/GetAccountNumber',
  summary: "The session account's number",
  access: sessionFigures,
  response: accountNumberResponseSchema,
});

export const getClientCode = defineEndpoint({
  method: 'GET',
  path: '/User/GetClientCode',
  summary: 'The client the session is signed in under, with its billing group',
  access: sessionFigures,
  response: sessionClientSchema,
});

export const getIsPasswordExpired = defineEndpoint({
  method: 'GET',
  path: '/User/GetIsPasswordExpired',
  summary: "Whether the user's password has expired, and the days until it does (-1: never)",
  description: "Expired when the billing office marked it for change or the client's password lifetime has passed.",
  access: { roles: usersOnly, whilePasswordExpired: true },
  response: passwordExpiredSchema,
});

export const getShouldDisplayAuthenticationMessage = defineEndpoint({
  method: 'GET',
  path: '/user/GetShouldDisplayAuthenticationMessage',
  summary: 'Whether to warn that the session is ending, and how long it has left (polled)',
  description: 'Polling it never counts as activity, so an idle session still ends.',
  access: 'anyone',
  response: authenticationMessageSchema,
  slidesSession: false,
});

export const extendAuthentication = defineEndpoint({
  method: 'GET',
  path: '/user/ExtendAuthentication',
  summary: "Extends the session and answers its new remaining lifetime",
  description: 'A GET that changes state: like every state-changing call it needs the X-XSRF-TOKEN header.',
  access: sessionFigures,
  response: extendAuthenticationSchema,
  changesState: true,
});

export const getTranslationLanguage = defineEndpoint({
  method: 'GET',
  path: '/user/GetTranslationLanguage',
  summary: "The reader's language: the signed-in user's, else this browser's choice, else en-US",
  access: 'anyone',
  response: translationLanguageSchema,
});

export const updateTranslationLanguage = defineEndpoint({
  method: 'POST',
  path: '/user/UpdateTranslationLanguage',
  summary: "Chooses the reader's language: for the signed-in user, and for this browser (the pbp_language cookie)",
  access: 'anyone',
  json: translationLanguageSchema,
  response: translationLanguageSchema,
});
