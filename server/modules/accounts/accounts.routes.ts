/** The signed-in account's summary: the open invoices a user or guest can pay. */
import { Hono } from 'hono';
import type { AccountInformation } from '@contracts/accounts';
import { errorResponse } from '../../http/errors';
import { USERS_AND_GUESTS, requireSession } from '../../http/require-session';
import type { AppEnv } from '../../http/types';
import type { AccountsService } from './accounts.service';

export function createAccountsRoutes({ accounts }: { accounts: AccountsService }) {
  const routes = new Hono<AppEnv>();

  routes.get('/OnlinePayment/GetAccountInformation', requireSession({ roles: USERS_AND_GUESTS }), async (c) => {
    const caller = c.var.caller;
    // The SPA hides invoices from a disabled account; the server refuses them as well.
    if (caller.isAccountDisabled) return errorResponse(c, 403, 'accountDisabled');
    const information: AccountInformation | null = await accounts.information({ clientId: caller.clientId }, caller.accountId);
    if (!information) return errorResponse(c, 404, 'notFound');
    return c.json(information);
  });

  return routes;
}
