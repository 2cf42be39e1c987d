/** The signed-in account's invoices, open and paid (loaded by the invoices and payment screens). */
import { accountInformationSchema, paidInvoicesSchema } from './accounts';
import { defineEndpoint, usersAndGuests } from './endpoint';

/** Invoices and what is made of them are hidden from a disabled account. */
const enabledAccounts = { roles: usersAndGuests, enabledAccount: true } as const;

export const getAccountInformation = defineEndpoint({
  method: 'GET',
  path: '/OnlinePayment/GetAccountInformation',
  summary: "The session account's open invoices and the total due",
  access: enabledAccounts,
  response: accountInformationSchema,
});

export const getPaidInvoices = defineEndpoint({
  method: 'GET',
  path: '/OnlinePayment/GetPaidInvoices',
  summary: "The session account's paid invoices, the most recently paid first, each with the payment that paid it",
  access: enabledAccounts,
  response: paidInvoicesSchema,
});
