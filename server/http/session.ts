/** The session cookie and the middleware that loads (and slides) the caller's session and principal. */
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { apiEndpoints } from '@contracts/api';
import { apiBase } from '@contracts/endpoint';
import type { Principal } from '../core/sessions/principal.service';
import type { SessionService } from '../core/sessions/session.service';
import { tokenOrUndefined } from '../security/tokens';
import { issueXsrfToken } from './xsrf';
import type { AppEnv } from './types';

export const SESSION_COOKIE = 'pbp_session';

/**
 * Calls that must not count as activity, as their declarations say (`slidesSession: false`). The
 * SPA polls whether to warn about the session ending; if polling slid the idle expiry, an idle
 * session would never end.
 */
export const NON_SLIDING_PATHS: ReadonlySet<string> = new Set(
  apiEndpoints.filter(({ endpoint }) => endpoint.slidesSession === false).map(({ endpoint }) => `${apiBase}${endpoint.path}`),
);

export interface SessionCookies {
  set(c: Context, token: string): void;
  /** After a sign-in: the new session's cookie, and a new anti-forgery token beside it. */
  signIn(c: Context, token: string): void;
  clear(c: Context): void;
}

/** Sets and clears the session cookie with the right attributes. */
export function createSessionCookies({ cookieSecure }: { cookieSecure: boolean }): SessionCookies {
  const options = { path: '/', httpOnly: true, sameSite: 'Lax', secure: cookieSecure } as const;
  const set = (c: Context, token: string) => setCookie(c, SESSION_COOKIE, token, options);
  return {
    set,
    signIn: (c, token) => {
      set(c, token);
      // A token read before sign-in (by a script that ran then) is worth nothing after it.
      issueXsrfToken(c, cookieSecure);
    },
    clear: (c) => {
      deleteCookie(c, SESSION_COOKIE, options);
    },
  };
}

/**
 * Puts the caller's live session (or null) in `c.var.session` and whom it speaks for in
 * `c.var.principal`; real activity slides the session's expiry.
 */
export function loadSession({ sessions, cookies }: { sessions: SessionService; cookies: SessionCookies }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const rawToken = getCookie(c, SESSION_COOKIE);
    const token = tokenOrUndefined(rawToken);
    let session = null;
    let principal: Principal | null = null;
    if (token !== undefined) {
      const found = await sessions.findByToken(token);
      if (found.status === 'live') {
        principal = found.principal;
        session = NON_SLIDING_PATHS.has(c.req.path) ? found.session : await sessions.touchIfDue(found.session);
      } else {
        if (found.status === 'expired') await sessions.delete(found.id);
        cookies.clear(c);
      }
    } else if (rawToken !== undefined) {
      cookies.clear(c);
    }
    c.set('session', session);
    c.set('principal', principal);
    await next();
  };
}
