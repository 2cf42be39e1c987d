/** The caller's translation language. */
import { Hono } from 'hono';
import { translationLanguageSchema } from '@contracts/session';
import type { SessionCookies } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { readJsonBody } from '../../http/validation';
import type { LanguageService } from './language.service';

export function createLanguageRoutes({ language, cookies }: { language: LanguageService; cookies: SessionCookies }) {
  const routes = new Hono<AppEnv>();

  routes.get('/user/GetTranslationLanguage', async (c) => {
    return c.json({ language: await language.get(c.var.session) });
  });

  routes.post('/user/UpdateTranslationLanguage', async (c) => {
    const body = await readJsonBody(c, translationLanguageSchema);
    const { newSessionToken } = await language.set(c.var.session, body.language);
    if (newSessionToken) cookies.set(c, newSessionToken);
    return c.json({ language: body.language });
  });

  return routes;
}
