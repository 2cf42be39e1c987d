/** Sign-in, sign-out and the signed-in status. */
import { Hono } from 'hono';
import {
  loginRequestSchema,
  type AccountNumberResponse,
  type LoggedInStatus,
  type LogoutResponse,
  type UserEmailResponse,
} from '../../../src/lib/api/contracts';
import { errorResponse } from '../../http/errors';
import type { SessionCookies } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { readJsonBody } from '../../http/validation';
import type { SessionService } from '../sessions/session.service';
import type { AuthService } from './auth.service';

export function createAuthRoutes({
  auth,
  sessions,
  cookies,
}: {
  auth: AuthService;
  sessions: SessionService;
  cookies: SessionCookies;
}) {
  const routes = new Hono<AppEnv>();

  routes.get('/User/GetIsUserLoggedIn', async (c) => {
    const status: LoggedInStatus = await auth.status(c.var.session);
    return c.json(status);
  });

  routes.get('/User/GetUserEmail', async (c) => {
    const account = await auth.account(c.var.session);
    if (!account) return errorResponse(c, 401, 'notSignedIn');
    const response: UserEmailResponse = { email: account.email };
    return c.json(response);
  });

  routes.get('/User/GetAccountNumber', async (c) => {
    const account = await auth.account(c.var.session);
    if (!account) return errorResponse(c, 401, 'notSignedIn');
    const response: AccountNumberResponse = { accountNumber: account.accountNumber };
    return c.json(response);
  });

  routes.post('/userlogin/Login', async (c) => {
    const request = await readJsonBody(c, loginRequestSchema);
    const outcome = await auth.login(request);
    if (outcome.kind === 'throttled') return errorResponse(c, 429, 'tooManyRequests');
    if (outcome.kind === 'invalidCredentials') return errorResponse(c, 401, 'invalidCredentials');

    // A new token on every sign-in, so a token planted before sign-in never gains the user's rights.
    const previous = c.var.session;
    if (previous) await sessions.delete(previous.id);
    await sessions.purgeExpired();
    const { token } = await sessions.create({
      userId: outcome.userId,
      clientId: outcome.clientId,
      role: outcome.role,
      language: request.language,
    });
    cookies.set(c, token);
    const status: LoggedInStatus = { userRole: outcome.role, isUserActive: true };
    return c.json(status);
  });

  routes.post('/user/Logout', async (c) => {
    const session = c.var.session;
    if (session) await sessions.delete(session.id);
    cookies.clear(c);
    // A client-specific page comes later; an empty url sends the SPA to its root route.
    const response: LogoutResponse = { url: '' };
    return c.json(response);
  });

  return routes;
}
