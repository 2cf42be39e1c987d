/** The signed-in account's summary (the open invoices a user or guest can pay) and its paid invoices. */
import { Hono } from 'hono';
import type { AccountInformation, PaidInvoices } from '@contracts/accounts';
import { getAccountInformation, getPaidInvoices } from '@contracts/accounts-endpoints';
import { route } from '../../http/endpoint-routes';
import { errorResponse } from '../../http/errors';
import { scopeOf } from '../../http/scope';
import type { AppEnv } from '../../http/types';
import type { AccountsService } from '../../core/accounts/accounts.service';

export function createAccountsRoutes({ accounts }: { accounts: AccountsService }) {
  const routes = new Hono<AppEnv>();

  // The SPA hides invoices from a disabled account; the server refuses them as well (the declarations say so).
  route(routes, getAccountInformation, async (c) => {
    const information: AccountInformation | null = await accounts.information(scopeOf(c.var.caller));
    if (!information) return errorResponse(c, 404, 'notFound');
    return c.json(information);
  });

  route(routes, getPaidInvoices, async (c) => {
    const paid: PaidInvoices = { invoices: await accounts.paidInvoices(scopeOf(c.var.caller)) };
    return c.json(paid);
  });

  return routes;
}
