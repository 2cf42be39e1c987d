/** The caller's translation language. */
import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { getTranslationLanguage, updateTranslationLanguage } from '@contracts/session-endpoints';
import { route } from '../../http/endpoint-routes';
import type { AppEnv } from '../../http/types';
import type { LanguageService } from './language.service';

/** An anonymous visitor's language lives in this cookie, not in a server session. */
export const LANGUAGE_COOKIE = 'pbp_language';
const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function createLanguageRoutes({ language, cookieSecure }: { language: LanguageService; cookieSecure: boolean }) {
  const routes = new Hono<AppEnv>();

  route(routes, getTranslationLanguage, async (c) => {
    return c.json({ language: await language.get(c.var.session, getCookie(c, LANGUAGE_COOKIE)) });
  });

  route(routes, updateTranslationLanguage, async (c, { json: body }) => {
    await language.set(c.var.session, body.language);
    // Always the cookie too: the choice outlives a sign-out, and nobody needs a session to make it.
    setCookie(c, LANGUAGE_COOKIE, body.language, {
      path: '/',
      // Not HttpOnly: the SPA writes the same cookie when an anonymous visitor chooses, so the
      // first screen the server renders next speaks that language. It holds no secret.
      httpOnly: false,
      sameSite: 'Lax',
      secure: cookieSecure,
      maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS,
    });
    return c.json({ language: body.language });
  });

  return routes;
}
