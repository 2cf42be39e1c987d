/**
 * The portal's HTTP app before any module is mounted: the security headers, the health probes,
 * anti-forgery, compression of the SPA's assets, and for the API no caching and the caller's
 * session (each endpoint limits its own body); unknown paths and errors answered as
 * `error-mapping.ts` says. `createApp` (app.ts) mounts the API's modules, the development pages
 * and the static host on it.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { apiBase } from '@contracts/endpoint';
import type { SessionService } from '../core/sessions/session.service';
import { isPartnerApiPath } from './api-key';
import { mapErrors, notFound, type Logger } from './error-mapping';
import { portalSecurityHeaders } from './security-headers';
import { loadSession, type SessionCookies } from './session';
import type { AppEnv } from './types';
import { xsrfProtection } from './xsrf';

export interface HttpAppDeps {
  cookieSecure: boolean;
  /** The card processor's origin, the only one the portal frames (unset: none). */
  cardFieldsOrigin?: string | undefined;
  sessions: SessionService;
  cookies: SessionCookies;
  isDatabaseReachable: () => Promise<boolean>;
  isDraining: () => boolean;
  logger: Logger;
}

/** Runs `handler` except on the partner API (where `partnerApi` runs, if given, before the route). */
function exceptPartnerApi(handler: MiddlewareHandler<AppEnv>, partnerApi?: (c: Context<AppEnv>) => void): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!isPartnerApiPath(c.req.path)) return handler(c, next);
    partnerApi?.(c);
    await next();
  };
}

export function createHttpApp({ cookieSecure, cardFieldsOrigin, sessions, cookies, isDatabaseReachable, isDraining, logger }: HttpAppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // The portal frames only the card processor's page, which lives on an origin of its own.
  app.use(portalSecurityHeaders({ cookieSecure, cardFieldsOrigin }));
  // For a load balancer: the process is up; and it can serve (the database answers, not shutting down).
  // Before the anti-forgery and session layers: probes get no cookies and touch no session.
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  });
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (isDraining()) return c.json({ status: 'draining' }, 503);
    return (await isDatabaseReachable()) ? c.json({ status: 'ready' }) : c.json({ status: 'databaseUnavailable' }, 503);
  });
  app.use(xsrfProtection({ cookieSecure }));
  // The SPA's scripts and styles travel compressed; the bundle budget is measured the same way.
  app.use('/assets/*', compress());

  const api = `${apiBase}/*`;
  // Set before the handler runs: a header added to a response already built costs a copy of it,
  // and this path is taken by every API call.
  app.use(api, (c, next) => {
    c.header('Cache-Control', 'no-store');
    return next();
  });
  // Each endpoint limits its body as its declaration says (endpoint-routes.ts); a path no endpoint
  // answers reads no body.
  // The partner API is called with an API key: it never reads or slides a session.
  app.use(api, exceptPartnerApi(loadSession({ sessions, cookies }), (c) => {
    c.set('session', null);
    c.set('principal', null);
  }));

  app.notFound(notFound);
  app.onError(mapErrors(logger));
  return app;
}
