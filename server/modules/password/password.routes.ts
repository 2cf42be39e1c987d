/**
 * The password calls: a reset link by email (open to anyone), the expiry and the change of a
 * signed-in user's password (users only).
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  forgotPasswordRequestSchema,
  resetLinkRequestSchema,
  resetPasswordRequestSchema,
  updatePasswordRequestSchema,
  type CurrentPasswordProblem,
  type NewPasswordProblem,
} from '@contracts/password-requests';
import type { passwordExpiredSchema } from '@contracts/session';
import { sourceAddress } from '../../http/client-address';
import { errorResponse } from '../../http/errors';
import { USERS_ONLY, requireSession } from '../../http/require-session';
import type { AppEnv } from '../../http/types';
import { readJsonBody } from '../../http/validation';
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

  routes.post('/ForgotPassword/CheckEmail', async (c) => {
    const request = await readJsonBody(c, forgotPasswordRequestSchema);
    const outcome = await passwords.requestReset(request, originOf(c), c.var.session?.language ?? null);
    if (outcome.kind === 'throttled') return tooManyRequests(c, outcome.retryAfterSeconds);
    return c.json({ sent: true } as const);
  });

  routes.post('/ForgotPassword/CheckResetLink', async (c) => {
    const { token } = await readJsonBody(c, resetLinkRequestSchema);
    const link = await passwords.checkResetLink(token);
    return link ? c.json(link) : errorResponse(c, 410, 'linkInvalid');
  });

  routes.post('/ForgotPassword/ResetPassword', async (c) => {
    const request = await readJsonBody(c, resetPasswordRequestSchema);
    const outcome = await passwords.resetPassword(request, originOf(c).portalOrigin, c.var.session?.language ?? null);
    if (outcome.kind === 'linkInvalid') return errorResponse(c, 410, 'linkInvalid');
    if (outcome.kind === 'refused') {
      const refusal: PasswordRefusal = { error: 'invalidRequest', fields: { password: outcome.problem } };
      return c.json(refusal, 400);
    }
    return c.json({ reset: true } as const);
  });

  routes.get('/User/GetIsPasswordExpired', requireSession({ roles: USERS_ONLY, whilePasswordExpired: true }), async (c) => {
    const { userId, clientId } = c.var.caller;
    if (userId === null) return errorResponse(c, 403, 'forbidden');
    const response: PasswordExpiredResponse = await passwords.passwordExpiry(userId, clientId);
    return c.json(response);
  });

  routes.post('/User/UpdatePassword', requireSession({ roles: USERS_ONLY, whilePasswordExpired: true }), async (c) => {
    const request = await readJsonBody(c, updatePasswordRequestSchema);
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
