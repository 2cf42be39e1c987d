/**
 * The signed-in account's calls: its summary, and what its client offers for paying. Apart from
 * endpoints.ts so that the landing page does not carry them.
 */
import { accountInformationSchema, type AccountInformation } from './account-contracts';
import { acceptsPaymentsResponseSchema, clientLinksResponseSchema } from './contracts';
import { call, http } from './http';

/** GET /api/OnlinePayment/GetAccountInformation: the open invoices and the total due. */
export const getAccountInformation = (): Promise<AccountInformation> =>
  call(() => http.get('OnlinePayment/GetAccountInformation'), accountInformationSchema);

/** GET /api/ClientLinks/GetClientLinks for the session's client: its external card page, '' when none. */
export const getSessionExternalCardLink = (): Promise<string> =>
  call(() => http.get('ClientLinks/GetClientLinks'), clientLinksResponseSchema).then((r) => r.externalCCLink);

/** GET /api/user/DoesClientAcceptPayments for the session's client. */
export const doesClientAcceptPayments = (): Promise<boolean> =>
  call(() => http.get('user/DoesClientAcceptPayments'), acceptsPaymentsResponseSchema).then((r) => r.acceptsPayments);
