/**
 * The signed-in account's calls: its summary, and what its client offers for paying. Apart from
 * endpoints.ts so that the landing page does not carry them.
 */
import { accountInformationSchema, paidInvoicesSchema, type AccountInformation, type PaidInvoice } from '@contracts/accounts';
import { acceptsPaymentsResponseSchema, clientLinksResponseSchema } from '@contracts/clients';
import { call, http, type CallOptions } from './http';

/** GET /api/OnlinePayment/GetAccountInformation: the open invoices and the total due. */
export const getAccountInformation = ({ signal }: CallOptions = {}): Promise<AccountInformation> =>
  call(() => http.get('OnlinePayment/GetAccountInformation', { signal }), accountInformationSchema);

/** GET /api/OnlinePayment/GetPaidInvoices: the paid invoices, the most recently paid first, each with the payment that paid it. */
export const getPaidInvoices = ({ signal }: CallOptions = {}): Promise<PaidInvoice[]> =>
  call(() => http.get('OnlinePayment/GetPaidInvoices', { signal }), paidInvoicesSchema).then((r) => r.invoices);

/** GET /api/ClientLinks/GetClientLinks for the session's client: its external card page, '' when none. */
export const getSessionExternalCardLink = ({ signal }: CallOptions = {}): Promise<string> =>
  call(() => http.get('ClientLinks/GetClientLinks', { signal }), clientLinksResponseSchema).then((r) => r.externalCCLink);

/** GET /api/user/DoesClientAcceptPayments for the session's client. */
export const doesClientAcceptPayments = ({ signal }: CallOptions = {}): Promise<boolean> =>
  call(() => http.get('user/DoesClientAcceptPayments', { signal }), acceptsPaymentsResponseSchema).then((r) => r.acceptsPayments);
