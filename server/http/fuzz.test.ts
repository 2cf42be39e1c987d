/**
 * Every endpoint, fed what an attacker or a broken client sends: bodies that are not JSON, of the
 * wrong type, huge, with control characters in every text, deeply nested; and query strings with
 * the same. The server may refuse (400, 401, 403, 404, 413, 422, 429), never fail (5xx). The
 * console's and the partner API's endpoints, fed the same by staff and API keys, are
 * fuzz-console.test.ts: a file of its own, so that the two long runs share the test workers.
 */
import { describe, expect, it } from 'vitest';
import { createApiKeysService } from '../core/api-keys/api-keys.service';
import { signedInStaff, staffClock, SUN_AUDITOR } from '../test/console-fixtures';
import { bodies, queries } from '../test/fuzz-corpus';
import { DEMO_GUEST, DEMO_PASSWORD, TestBrowser, clientIdOf, createTestApp, useSeededDatabase, resetSessions } from '../test/harness';

describe('fuzzing every endpoint', () => {
  const database = useSeededDatabase();

  it('never answers with a server error', async () => {
    await resetSessions(database.db);
    const app = createTestApp(database.db);
    const routes = [
      ...new Map(
        app.routes
          .filter((route) => route.method !== 'ALL' && !route.path.includes('*') && route.path !== '/')
          .map((route) => [`${route.method} ${route.path}`, route]),
      ).values(),
    ];
    expect(routes.length).toBeGreaterThan(15);

    const anonymous = await new TestBrowser(app).open();
    const user = await new TestBrowser(app).open();
    expect((await user.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' })).status).toBe(200);
    const guest = await new TestBrowser(app).open();
    expect((await guest.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber)).status).toBe(200);

    const failures: string[] = [];
    let tried = 0;
    for (const browser of [anonymous, user, guest]) {
      for (const route of routes) {
        // Signing in or out would change who the browser is for the next requests.
        const changesIdentity = /Login|Logout|SignOut/i.test(route.path);
        if (route.method === 'GET') {
          for (const query of queries()) {
            tried++;
            const response = await browser.get(`${route.path}${query}`);
            if (response.status >= 500) failures.push(`${response.status} GET ${route.path}${query.slice(0, 80)}`);
          }
        } else {
          const sender = changesIdentity && browser !== anonymous ? anonymous : browser;
          for (const body of bodies()) {
            tried++;
            const response = await sender.request(route.method, route.path, {
              body,
              headers: { 'Idempotency-Key': 'fuzz-key-00000001' },
            });
            if (response.status >= 500) {
              failures.push(`${response.status} ${route.method} ${route.path} ${JSON.stringify(body).slice(0, 80)}`);
            }
          }
        }
      }
    }
    console.log(`fuzz: ${tried} requests over ${routes.length} endpoints, ${failures.length} server errors`);
    expect(failures.join("\n")).toBe("");
  }, 300000);

  it('refuses a day or an amount that does not exist with a 400 naming the field, to staff and keys alike', async () => {
    const clock = await staffClock(database.db);
    const app = createTestApp(database.db, { now: clock.now });
    const staff = await signedInStaff(app, clock.now, SUN_AUDITOR, 'SUN', '192.0.2.99');
    const { key } = await createApiKeysService({ db: database.db, now: clock.now }).create({ clientId: await clientIdOf(database.db, 'SUN'), scopes: ['payments:read'] });
    const withKey = async (path: string) => app.request(path, { headers: { Authorization: `Bearer ${key}` } });

    const refused: [() => Promise<Response>, string][] = [
      [() => staff.get('/api/console/payments?from=2026-02-31'), 'from'],
      [() => staff.get('/api/console/payments?from=0000-01-01'), 'from'],
      [() => staff.get('/api/console/payments?to=2101-01-01'), 'to'],
      [() => staff.get('/api/console/payments?amountCents=9999999999'), 'amountCents'],
      [() => staff.get('/api/console/payments?amountCents=2147483648'), 'amountCents'],
      [() => staff.get('/api/console/payments.csv?to=9999-12-31'), 'to'],
      [() => staff.get('/api/console/audit?to=9999-12-31'), 'to'],
      [() => staff.get('/api/console/audit?from=1999-12-31'), 'from'],
      [() => staff.get('/api/console/audit.csv?from=2026-13-01'), 'from'],
      [() => withKey('/api/office/v1/postings?date=2026-13-01'), 'date'],
      [() => withKey('/api/office/v1/postings?date=0000-01-01'), 'date'],
      [() => withKey('/api/office/v1/postings?date=9999-12-31'), 'date'],
      [() => withKey('/api/office/v1/postings?date=2025-02-29'), 'date'],
    ];
    for (const [call, field] of refused) {
      const response = await call();
      expect(`${String(response.status)} ${await response.text()}`).toBe(`400 ${JSON.stringify({ error: 'invalidRequest', fields: { [field]: 'invalid' } })}`);
    }

    // The bounds themselves, and a leap day, are days like any other.
    for (const call of [
      () => staff.get('/api/console/payments?from=2000-01-01&to=2100-12-31&amountCents=2147483647'),
      () => staff.get('/api/console/payments.csv?from=2024-02-29'),
      () => staff.get('/api/console/audit?from=2000-01-01&to=2100-12-31'),
      () => withKey('/api/office/v1/postings?date=2100-12-31'),
      () => withKey('/api/office/v1/postings?date=2024-02-29'),
    ]) {
      expect((await call()).status).toBe(200);
    }
  });

  it('names the fields it refuses, with the reason, and keeps what it accepts normalised', async () => {
    const browser = await new TestBrowser(createTestApp(database.db)).open();
    const refused = await browser.post('/api/userlogin/Login', { email: 'pat\u0000@example.com', password: '', language: 'en-US' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'invalidRequest', fields: { email: 'invalidCharacters', password: 'required' } });

    const tooLong = await browser.post('/api/userlogin/GuestLogin', { accountNumber: 'A'.repeat(33), language: 'en-US' });
    expect(await tooLong.json()).toEqual({ error: 'invalidRequest', fields: { accountNumber: 'tooLong', invoiceNumber: 'required' } });

    // Spaces around the numbers, as pasted from a statement, are not part of them.
    const pasted = await browser.guestLogin(` ${DEMO_GUEST.accountNumber} `, `${DEMO_GUEST.invoiceNumber}\u00a0`);
    expect(pasted.status).toBe(200);
  });
});
