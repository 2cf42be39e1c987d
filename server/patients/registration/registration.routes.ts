/**
 * Registering and activating: open to everyone (the pages are open routes), and none of them
 * touches the caller's session.
 */
import { Hono, type Context } from 'hono';
import { registeredAnswer, type AccessRemoved, type ActivationResponse, type ResendActivationResponse } from '@contracts/registration';
import { activate, register, removeAccess, resendActivation } from '@contracts/registration-endpoints';
import { defaultLanguage, type Language } from '@contracts/session';
import { sourceAddress } from '../../http/client-address';
import { route } from '../../http/endpoint-routes';
import { ApiError, errorResponse } from '../../http/errors';
import type { AppEnv } from '../../http/types';
import type { RegistrationService, RequestOrigin } from '../../core/registration/registration.service';

/**
 * The portal language a request's Accept-Language asks for first (`es`, `es-MX` and `es-ES` all
 * mean es-ES), or en-US. The SPA sends the language the person reads the form in.
 */
export function acceptedLanguage(header: string | undefined): Language {
  for (const part of (header ?? '').split(',')) {
    const primary = part.split(';')[0]?.trim().toLowerCase().split('-')[0];
    if (primary === 'es') return 'es-ES';
    if (primary === 'en') return 'en-US';
  }
  return defaultLanguage;
}

/** 429 with how long to wait before asking again. */
function tooManyRequests(c: Context<AppEnv>, retryAfterSeconds: number): Response {
  c.header('Retry-After', String(retryAfterSeconds));
  return errorResponse(c, 429, 'tooManyRequests');
}

export function createRegistrationRoutes({
  registration,
  portalOrigin,
}: {
  registration: RegistrationService;
  /**
   * The origin the emails' links point to. Unset, the request's own: fine on one machine, but a
   * deployment should set it, since a request's Host header is the sender's to choose.
   */
  portalOrigin?: string | undefined;
}) {
  const routes = new Hono<AppEnv>();

  const originOf = (c: Context<AppEnv>): RequestOrigin => ({
    sourceAddress: sourceAddress(c),
    portalOrigin: portalOrigin ?? new URL(c.req.url).origin,
    language: acceptedLanguage(c.req.header('Accept-Language')),
  });

  route(routes, register, async (c, { json: request }) => {
    const outcome = await registration.register(request, originOf(c));
    switch (outcome.kind) {
      case 'passwordRefused':
        throw new ApiError(400, 'invalidRequest', { password: outcome.problem });
      case 'accountNotFound':
        // One answer whichever of client, account and invoice was wrong, as for a guest.
        return errorResponse(c, 400, 'invalidCredentials');
      case 'throttled':
        return tooManyRequests(c, outcome.retryAfterSeconds);
      case 'emailSent':
        return c.text(registeredAnswer);
    }
  });

  route(routes, activate, async (c, { json: { token } }) => {
    // Unknown, used and expired links are one answer.
    if (!(await registration.activate(token))) return errorResponse(c, 404, 'notFound');
    const response: ActivationResponse = { activated: true };
    return c.json(response);
  });

  route(routes, removeAccess, async (c, { json: { token } }) => {
    if (!(await registration.removeAccess(token))) return errorResponse(c, 410, 'linkInvalid');
    const response: AccessRemoved = { removed: true };
    return c.json(response);
  });

  route(routes, resendActivation, async (c, { json: { email } }) => {
    const outcome = await registration.resendActivation(email, originOf(c));
    if (outcome.kind === 'throttled') return tooManyRequests(c, outcome.retryAfterSeconds);
    const response: ResendActivationResponse = { accepted: true };
    return c.json(response);
  });

  return routes;
}
