/**
 * The signed-in account's calls: its summary, and what its client offers for paying. Apart from
 * endpoints.ts so that the landing page does not carry them.
 */
import type { AccountInformation, PaidInvoice } from '@contracts/accounts';
import * as accounts from '@contracts/accounts-endpoints';
import * as clients from '@contracts/clients-endpoints';
import { callEndpoint, type CallOptions } from './http';

/** The open invoices and the total due. */
export const getAccountInformation = (options?: CallOptions): Promise<AccountInformation> => callEndpoint(accounts.getAccountInformation, options);

/** The paid invoices, the most recently paid first, each with the payment that paid it. */
export const getPaidInvoices = (options?: CallOptions): Promise<PaidInvoice[]> =>
  callEndpoint(accounts.getPaidInvoices, options).then((r) => r.invoices);

/** The session's client's external card page, '' when none. */
export const getSessionExternalCardLink = (options?: CallOptions): Promise<string> =>
  callEndpoint(clients.getClientLinks, options).then((r) => r.externalCCLink);

/** Whether the session's client takes payments online. */
export const doesClientAcceptPayments = (options?: CallOptions): Promise<boolean> =>
  callEndpoint(clients.doesClientAcceptPayments, options).then((r) => r.acceptsPayments);
