/**
 * Anti-forgery (double-submit cookie): every response hands out an `XSRF-TOKEN` cookie readable
 * by the SPA, and every state-changing API request must echo it in `X-XSRF-TOKEN`. A page on
 * another origin can make the browser send the cookie but cannot read it to set the header.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { apiEndpoints } from '@contracts/api';
import { apiBase } from '@contracts/endpoint';
import { constantTimeEqual, newToken, tokenOrUndefined } from '../security/tokens';
import { isPartnerApiPath } from './api-key';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * GETs that change state anyway, because the specification gives them that method (their
 * declarations say `changesState`): extending the session. They need the token like any POST, or
 * another site could keep a victim's session alive.
 */
const STATE_CHANGING_GETS = new Set(
  apiEndpoints.filter(({ endpoint }) => endpoint.changesState).map(({ endpoint }) => `${apiBase}${endpoint.path}`.toLowerCase()),
);

function needsToken(method: string, path: string): boolean {
  // The partner API takes no cookie at all (an API key in the Authorization header), so
  // another site cannot make a browser call it with someone's credentials.
  if (!isApiPath(path) || isPartnerApiPath(path)) return false;
  return !SAFE_METHODS.has(method) || STATE_CHANGING_GETS.has(path.toLowerCase());
}

/** Files and development pages never need the token: no cookie on them. */
const TOKENLESS_PREFIXES = ['/assets/', '/logos/', '/dev/'];
const HAS_EXTENSION = /\.[^/]+$/;

/** The API and the SPA's pages hand out the token; static files and logos stay cookie-free (cacheable). */
function handsOutToken(path: string): boolean {
  if (isPartnerApiPath(path)) return false;
  return (
    isApiPath(path) || (!HAS_EXTENSION.test(path) && !TOKENLESS_PREFIXES.some((prefix) => path.startsWith(prefix)))
  );
}

/** True for paths the API answers (as opposed to the SPA's pages and files). */
export function isApiPath(path: string): boolean {
  return path === apiBase || path.startsWith(`${apiBase}/`);
}

/** Sets a new anti-forgery token cookie, readable by the SPA's script. */
export function issueXsrfToken(c: Context, cookieSecure: boolean): void {
  setCookie(c, XSRF_COOKIE, newToken(), { path: '/', sameSite: 'Strict', httpOnly: false, secure: cookieSecure });
}

/** Issues the token cookie and refuses unsafe API requests that do not echo it. */
export function xsrfProtection({ cookieSecure }: { cookieSecure: boolean }): MiddlewareHandler {
  return async (c, next) => {
    const cookieToken = tokenOrUndefined(getCookie(c, XSRF_COOKIE));

    if (cookieToken === undefined && handsOutToken(c.req.path)) issueXsrfToken(c, cookieSecure);

    if (needsToken(c.req.method, c.req.path)) {
      const headerToken = c.req.header(XSRF_HEADER);
      if (cookieToken === undefined || headerToken === undefined || !constantTimeEqual(headerToken, cookieToken)) {
        return c.json({ error: 'xsrf' }, 403);
      }
    }

    await next();
  };
}
