import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { DEMO_PASSWORD, TestBrowser, createTestApp, useSeededDatabase, resetSessions } from '../../test/harness';

const database = useSeededDatabase();
let browser: TestBrowser;


beforeEach(async () => {
  await resetSessions(database.db);
  await database.db.update(users).set({ language: null });
  browser = await new TestBrowser(createTestApp(database.db)).open();
});

const language = async (b: TestBrowser): Promise<unknown> => (await b.get('/api/user/GetTranslationLanguage')).json();

describe('translation language', () => {
  it('is en-US for a visitor who never chose one', async () => {
    expect(await language(browser)).toEqual({ language: 'en-US' });
  });

  it('round-trips for an anonymous visitor in a cookie, without a server session', async () => {
    expect(browser.cookies.has('pbp_session')).toBe(false);
    const response = await browser.post('/api/user/UpdateTranslationLanguage', { language: 'es-ES' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ language: 'es-ES' });
    expect(browser.cookies.has('pbp_session')).toBe(false);
    expect(browser.cookies.get('pbp_language')).toBe('es-ES');
    // Nothing grows on the server however many visitors choose a language.
    for (let visitor = 0; visitor < 5; visitor += 1) {
      const other = await new TestBrowser(createTestApp(database.db)).open();
      await other.post('/api/user/UpdateTranslationLanguage', { language: 'es-ES' });
    }
    expect(await database.db.select().from(sessions)).toEqual([]);
    expect(await language(browser)).toEqual({ language: 'es-ES' });
    // Still anonymous.
    expect(await (await browser.get('/api/User/GetIsUserLoggedIn')).json()).toEqual({
      userRole: null,
      isUserActive: false,
    });
    // Another visitor is not affected.
    expect(await language(await new TestBrowser(createTestApp(database.db)).open())).toEqual({ language: 'en-US' });
  });

  it('round-trips for a signed-in user and is kept on the user for the next sign-in', async () => {
    await browser.login('pat.doe@example.com', DEMO_PASSWORD);
    expect(await language(browser)).toEqual({ language: 'en-US' });
    await browser.post('/api/user/UpdateTranslationLanguage', { language: 'es-ES' });
    expect(await language(browser)).toEqual({ language: 'es-ES' });
    const [row] = await database.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.email, 'pat.doe@example.com'));
    expect(row?.language).toBe('es-ES');

    // A later session of the same user, before any choice, reads the user's language.
    // Signing out keeps this browser in the language last chosen on it.
    await browser.post('/api/user/Logout');
    expect(await language(browser)).toEqual({ language: 'es-ES' });
    const other = await new TestBrowser(createTestApp(database.db)).open();
    await other.post('/api/userlogin/Login', { email: 'pat.doe@example.com', password: DEMO_PASSWORD, language: 'es-ES' });
    expect(await language(other)).toEqual({ language: 'es-ES' });
  });

  it('refuses an unsupported language with 400', async () => {
    const response = await browser.post('/api/user/UpdateTranslationLanguage', { language: 'fr-FR' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalidRequest', fields: { language: 'invalid' } });
  });
});
