/**
 * The password calls: a reset link by email (open to anyone), the expiry and the change of a
 * signed-in user's password (users only).
 */
import { Hono, type Context } from 'hono';
import type * as v from 'valibot';
import { checkEmail, checkResetLink, resetPassword, updatePassword } from '@contracts/password-endpoints';
import type { CurrentPasswordProblem, NewPasswordProblem } from '@contracts/password-requests';
import type { passwordExpiredSchema } from '@contracts/session';
import { getIsPasswordExpired } from '@contracts/session-endpoints';
import { sourceAddress } from '../../http/client-address';
import { route } from '../../http/endpoint-routes';
import { errorResponse } from '../../http/errors';
import type { AppEnv } from '../../http/types';
import type { PasswordService } from './password.service';

type PasswordExpiredResponse = v.InferOutput<typeof passwordExpiredSchema>;

/** A 400 that says which password field breaks which rule, as the form shows it. */
interface PasswordRefusal {
  error: 'invalidRequest';
  fields: { password?: NewPasswordProblem; newPassword?: NewPasswordProblem; currentPassword?: CurrentPasswordProblem };
}

function tooManyRequests(c: Context, retryAfterSeconds: number): Response {
  c.header('Retry-After', String(retryAfterSeconds));
  return errorResponse(c, 429, 'tooManyRequests');
}

export interface PasswordRoutesDeps {
  passwords: PasswordService;
  /**
   * The origin the emails' links point to. Set it wherever the portal is reached through a proxy:
   * the request's own origin comes from its Host header, which the sender chooses.
   */
  portalOrigin?: string | undefined;
}

export function createPasswordRoutes({ passwords, portalOrigin }: PasswordRoutesDeps) {
  const routes = new Hono<AppEnv>();
  const originOf = (c: Context) => ({ sourceAddress: sourceAddress(c), portalOrigin: portalOrigin ?? new URL(c.req.url).origin });

  route(routes, checkEmail, async (c, { json: request }) => {
    const outcome = await passwords.requestReset(request, originOf(c), c.var.session?.language ?? null);
    if (outcome.kind === 'throttled') return tooManyRequests(c, outcome.retryAfterSeconds);
    return c.json({ sent: true } as const);
  });

  route(routes, checkResetLink, async (c, { json: { token } }) => {
    const link = await passwords.checkResetLink(token);
    return link ? c.json(link) : errorResponse(c, 410, 'linkInvalid');
  });

  route(routes, resetPassword, async (c, { json: request }) => {
    const outcome = await passwords.resetPassword(request, originOf(c).portalOrigin, c.var.session?.language ?? null);
    if (outcome.kind === 'linkInvalid') return errorResponse(c, 410, 'linkInvalid');
    if (outcome.kind === 'refused') {
      const refusal: PasswordRefusal = { error: 'invalidRequest', fields: { password: outcome.problem } };
      return c.json(refusal, 400);
    }
    return c.json({ reset: true } as const);
  });

  route(routes, getIsPasswordExpired, async (c) => {
    const { userId, clientId } = c.var.caller;
    if (userId === null) return errorResponse(c, 403, 'forbidden');
    const response: PasswordExpiredResponse = await passwords.passwordExpiry(userId, clientId);
    return c.json(response);
  });

  route(routes, updatePassword, async (c, { json: request }) => {
    const { userId, clientId, email } = c.var.caller;
    const session = c.var.session;
    if (userId === null || !session) return errorResponse(c, 403, 'forbidden');
    const outcome = await passwords.updatePassword(
      { userId, clientId, email, sessionId: session.id, sessionLanguage: session.language },
      request,
      originOf(c),
    );
    if (outcome.kind === 'throttled') return tooManyRequests(c, outcome.retryAfterSeconds);
    if (outcome.kind === 'refused') {
      const { kind: _kind, ...fields } = outcome;
      const refusal: PasswordRefusal = { error: 'invalidRequest', fields };
      return c.json(refusal, 400);
    }
    const response: PasswordExpiredResponse = outcome.expiry;
    return c.json(response);
  });

  return routes;
}
