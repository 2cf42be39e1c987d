import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, TestBrowser, createTestApp, useSeededDatabase } from '../test/harness';

describe('anti-forgery on the state-changing GET', () => {
  const database = useSeededDatabase();

  it('refuses to extend a session without the token, and extends it with the token', async () => {
    const browser = await new TestBrowser(createTestApp(database.db)).open();
    expect((await browser.login('pat.doe@example.com', DEMO_PASSWORD)).status).toBe(200);
    for (const path of ['/api/user/ExtendAuthentication', '/api/User/extendAuthentication']) {
      const forged = await browser.request('GET', path, { xsrf: 'none' });
      expect(forged.status).toBe(403);
      expect(await forged.json()).toEqual({ error: 'xsrf' });
    }
    const wrong = await browser.request('GET', '/api/user/ExtendAuthentication', { xsrf: { value: 'not-the-token' } });
    expect(wrong.status).toBe(403);
    expect((await browser.get('/api/user/ExtendAuthentication')).status).toBe(200);
  });

  it('leaves the other GETs free of it', async () => {
    const browser = await new TestBrowser(createTestApp(database.db)).open();
    expect((await browser.request('GET', '/api/User/GetIsUserLoggedIn', { xsrf: 'none' })).status).toBe(200);
    expect((await browser.request('GET', '/api/user/GetShouldDisplayAuthenticationMessage', { xsrf: 'none' })).status).toBe(200);
  });

  it('hands out a new token at sign-in, so one read before it is worth nothing after', async () => {
    const browser = await new TestBrowser(createTestApp(database.db)).open();
    const before = browser.cookies.get('XSRF-TOKEN');
    expect(before).toBeTruthy();
    expect((await browser.login('pat.doe@example.com', DEMO_PASSWORD)).status).toBe(200);
    const after = browser.cookies.get('XSRF-TOKEN');
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    const stale = await browser.request('POST', '/api/user/UpdateTranslationLanguage', {
      body: { language: 'es-ES' },
      xsrf: { value: before ?? '' },
    });
    expect(stale.status).toBe(403);
    expect((await browser.post('/api/user/UpdateTranslationLanguage', { language: 'es-ES' })).status).toBe(200);
  });
});
