/** Sign-in (user and guest), sign-out, and what the session is signed in as. */
import { Hono, type Context } from 'hono';
import type * as v from 'valibot';
import { type AccountNumberResponse, type LoggedInStatus, type LogoutResponse, type UserEmailResponse, type sessionClientSchema } from '@contracts/session';
import { getAccountNumber, getClientCode, getIsUserLoggedIn, getUserEmail, guestLogin as guestLoginEndpoint, login, logout } from '@contracts/session-endpoints';
import { sourceAddress } from '../../http/client-address';
import { route } from '../../http/endpoint-routes';
import { errorResponse } from '../../http/errors';
import type { SessionCookies } from '../../http/session';
import type { AppEnv } from '../../http/types';
import type { ClientsService } from '../../core/clients/clients.service';
import type { NewSessionFields, SessionService } from '../../core/sessions/session.service';
import type { AuthService } from './auth.service';
import type { GuestLoginService } from './guest-login.service';
import { loggedInStatus } from '../../core/sessions/principal.service';

/** 429 with how long to wait before the next attempt. */
function tooManyRequests(c: Context<AppEnv>, retryAfterSeconds: number): Response {
  c.header('Retry-After', String(retryAfterSeconds));
  return errorResponse(c, 429, 'tooManyRequests');
}

type SessionClientResponse = v.InferOutput<typeof sessionClientSchema>;

export function createAuthRoutes({
  auth,
  guestLogin,
  clients,
  sessions,
  cookies,
}: {
  auth: AuthService;
  guestLogin: GuestLoginService;
  clients: ClientsService;
  sessions: SessionService;
  cookies: SessionCookies;
}) {
  const routes = new Hono<AppEnv>();

  /** The session service rotates the session; the cookies (session and anti-forgery) follow. */
  async function startSignedInSession(c: Context<AppEnv>, fields: NewSessionFields): Promise<void> {
    const { token } = await sessions.rotate(c.var.session, fields);
    cookies.signIn(c, token);
  }

  route(routes, getIsUserLoggedIn, (c) => {
    const status: LoggedInStatus = loggedInStatus(c.var.principal);
    return c.json(status);
  });

  route(routes, getUserEmail, (c) => {
    // A guest has no email: the answer is empty rather than refused, so the shell need not ask who is signed in.
    const response: UserEmailResponse = { email: c.var.caller.email };
    return c.json(response);
  });

  route(routes, getAccountNumber, (c) => {
    const response: AccountNumberResponse = { accountNumber: c.var.caller.accountNumber };
    return c.json(response);
  });

  route(routes, getClientCode, async (c) => {
    const client = await clients.byId(c.var.caller.clientId);
    if (!client) return errorResponse(c, 401, 'notSignedIn');
    const response: SessionClientResponse = { clientCode: client.code, billingGroup: client.billingGroup };
    return c.json(response);
  });

  route(routes, login, async (c, { json: request }) => {
    const outcome = await auth.login(request, sourceAddress(c));
    if (outcome.kind === 'throttled') return tooManyRequests(c, outcome.retryAfterSeconds);
    if (outcome.kind === 'invalidCredentials') return errorResponse(c, 401, 'invalidCredentials');
    if (outcome.kind === 'notActivated') return errorResponse(c, 403, 'accountNotActivated');

    await startSignedInSession(c, {
      userId: outcome.userId,
      clientId: outcome.clientId,
      role: outcome.role,
      accountId: null,
      language: request.language,
    });
    const status: LoggedInStatus = {
      userRole: outcome.role,
      isUserActive: true,
      isAccountDisabled: outcome.isAccountDisabled,
    };
    return c.json(status);
  });

  route(routes, guestLoginEndpoint, async (c, { json: request }) => {
    const outcome = await guestLogin.login(request, sourceAddress(c));
    if (outcome.kind === 'throttled') return tooManyRequests(c, outcome.retryAfterSeconds);
    if (outcome.kind === 'invalidCredentials') return errorResponse(c, 401, 'invalidCredentials');

    await startSignedInSession(c, {
      userId: null,
      clientId: outcome.clientId,
      role: 'ClientBillingGuest',
      accountId: outcome.accountId,
      language: request.language,
    });
    const status: LoggedInStatus = { userRole: 'ClientBillingGuest', isUserActive: true, isAccountDisabled: false };
    return c.json(status);
  });

  route(routes, logout, async (c) => {
    const session = c.var.session;
    if (session) await sessions.delete(session.id);
    cookies.clear(c);
    // A client-specific page comes later; an empty url sends the SPA to its root route.
    const response: LogoutResponse = { url: '' };
    return c.json(response);
  });

  return routes;
}
