import {
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
