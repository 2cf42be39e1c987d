import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { accounts, sessions } from '../../db/schema';
import { sha256Hex } from '../../security/tokens';
import {
  DEMO_GUEST,
  DEMO_PASSWORD,
  TestBrowser,
  createTestApp,
  manualClock,
  freshBrowserWithClock,
  useSeededDatabase,
  setCookies,
  plantAnonymousSession,
} from '../../test/harness';

const database = useSeededDatabase();
let clock: ReturnType<typeof manualClock>;
let browser: TestBrowser;
let browserAt: (remoteAddress: string) => Promise<TestBrowser>;

beforeEach(async () => {
  ({ clock, browser, browserAt } = await freshBrowserWithClock(database.db));
});

const guestStatus = { userRole: 'ClientBillingGuest', isUserActive: true, isAccountDisabled: false };
const anonymousStatus = { userRole: null, isUserActive: false };
const status = async (b: TestBrowser) => (await b.getJson('/api/User/GetIsUserLoggedIn')).body;

describe('guest sign-in', () => {
  it('signs the demo guest in with the account and invoice numbers under the client', async () => {
    const response = await browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(guestStatus);
    const cookie = setCookies(response).find((c) => c.name === 'pbp_session');
    expect(cookie?.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/']));
    expect(await status(browser)).toEqual(guestStatus);
  });

  it('compares the numbers and the client code trimmed and case-insensitively', async () => {
    const response = await browser.guestLogin('  a-778899 ', ' sun-100042\t', { clientCode: 'sun' });
    expect(response.status).toBe(200);
    expect(await status(browser)).toEqual(guestStatus);
  });

  it('accepts any invoice of the account, also one already paid', async () => {
    expect((await browser.guestLogin('A-778899', 'SUN-100044')).status).toBe(200);
    expect((await browser.guestLogin('A-100200', 'SUN-100012')).status).toBe(200);
  });

  it('stores a guest session with the client and account and no user', async () => {
    await browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber, { language: 'es-ES' });
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sha256Hex(browser.cookies.get('pbp_session') ?? '')));
    const [account] = await database.db
      .select()
      .from(accounts)
      .where(eq(accounts.accountNumber, DEMO_GUEST.accountNumber));
    expect(row).toMatchObject({
      userId: null,
      role: 'ClientBillingGuest',
      clientId: account?.clientId,
      accountId: account?.id,
      language: 'es-ES',
    });
    expect(await browser.getJson('/api/user/GetTranslationLanguage')).toEqual({
      status: 200,
      body: { language: 'es-ES' },
    });
  });

  it('answers every wrong pair identically, whichever part was wrong', async () => {
    const attempts: [string, string, Record<string, string>][] = [
      ['A-000000', 'SUN-100042', {}], // unknown account
      ['A-778899', 'SUN-999999', {}], // unknown invoice
      ['A-778899', 'SUN-100031', {}], // an invoice of another account (pat.doe's)
      ['D-520100', 'DLT-520031', {}], // an account and invoice of another client
      ['D-520100', 'DLT-520031', { clientCode: 'DLT', billingGroup: '48' }], // another billing group's
      ['A-778899', 'SUN-100042', { clientCode: 'DLT' }], // the right pair under the wrong client
      ['A-778899', 'SUN-100042', { clientCode: 'QQQ' }], // an unknown client
    ];
    const answers: { body: string; cookies: string[] }[] = [];
    for (const [accountNumber, invoiceNumber, extra] of attempts) {
      const response = await browser.guestLogin(accountNumber, invoiceNumber, extra);
      expect(response.status).toBe(401);
      answers.push({ body: await response.text(), cookies: setCookies(response).map((c) => c.name) });
    }
    // Without a client code there is no account to find.
    const withoutClient = await browser.post('/api/userlogin/GuestLogin', {
      accountNumber: DEMO_GUEST.accountNumber,
      invoiceNumber: DEMO_GUEST.invoiceNumber,
      language: 'en-US',
    });
    expect(withoutClient.status).toBe(401);
    answers.push({ body: await withoutClient.text(), cookies: setCookies(withoutClient).map((c) => c.name) });

    for (const answer of answers) expect(answer).toEqual({ body: '{"error":"invalidCredentials"}', cookies: [] });
    expect(browser.cookies.has('pbp_session')).toBe(false);
    expect(await status(browser)).toEqual(anonymousStatus);
  });

  it('signs a guest in under the billing group the account belongs to', async () => {
    const response = await browser.guestLogin('d-520100', 'dlt-520047', { clientCode: 'DLT', billingGroup: '52' });
    expect(response.status).toBe(200);
    expect(await browser.getJson('/api/User/GetClientCode')).toEqual({
      status: 200,
      body: { clientCode: 'DLT', billingGroup: '52' },
    });
  });

  it('gives a new session token on guest sign-in and the old one stops working', async () => {
    const anonymousToken = await plantAnonymousSession(database.db, browser);
    expect(anonymousToken).not.toBe('');

    await browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber);
    const guestToken = browser.cookies.get('pbp_session') ?? '';
    expect(guestToken).not.toBe(anonymousToken);
    expect(await database.db.select().from(sessions).where(eq(sessions.id, sha256Hex(anonymousToken)))).toEqual([]);

    // Signing in again, as guest or user, rotates again and ends the guest session.
    await browser.login('pat.doe@example.com', DEMO_PASSWORD);
    expect(browser.cookies.get('pbp_session')).not.toBe(guestToken);
    expect(await database.db.select().from(sessions).where(eq(sessions.id, sha256Hex(guestToken)))).toEqual([]);
    expect((await database.db.select().from(sessions)).length).toBe(1);

    // Replaying the guest token gets nothing.
    const replay = new TestBrowser(createTestApp(database.db, { now: clock.now }));
    replay.cookies.set('pbp_session', guestToken);
    expect(await status(replay)).toEqual(anonymousStatus);
  });

  it('refuses a sign-in without the anti-forgery header, and a malformed body', async () => {
    const noHeader = await browser.post(
      '/api/userlogin/GuestLogin',
      { ...DEMO_GUEST, language: 'en-US', clientCode: 'SUN' },
      { xsrf: 'none' },
    );
    expect(noHeader.status).toBe(403);
    const missing = await browser.post('/api/userlogin/GuestLogin', { accountNumber: 'A-778899', language: 'en-US' });
    expect(missing.status).toBe(400);
    const tooLong = await browser.guestLogin('A'.repeat(33), DEMO_GUEST.invoiceNumber);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({ error: 'invalidRequest', fields: { accountNumber: 'tooLong' } });
  });

  it('ends the guest session on logout', async () => {
    await browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber);
    expect((await browser.post('/api/user/Logout')).status).toBe(200);
    expect(await status(browser)).toEqual(anonymousStatus);
    expect(await database.db.select().from(sessions)).toEqual([]);
  });
});

describe('guest sign-in throttling', () => {
  it('makes one account wait longer after five failures, even for the right pair, until the wait is over', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      // Any spelling of the account number counts for the same account.
      const accountNumber = attempt % 2 === 0 ? 'A-778899' : ' a-778899';
      expect((await browser.guestLogin(accountNumber, `SUN-9000${String(attempt)}`)).status).toBe(401);
    }
    const throttled = await browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber);
    expect(throttled.status).toBe(429);
    expect(await throttled.json()).toEqual({ error: 'tooManyRequests' });
    expect(throttled.headers.get('retry-after')).toBe('1');
    expect(browser.cookies.has('pbp_session')).toBe(false);

    // Another account of the same client is unaffected.
    expect((await browser.guestLogin('A-100200', 'SUN-100031')).status).toBe(200);

    clock.advanceSeconds(1);
    expect((await browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber)).status).toBe(200);
  });

  it("never closes a client to its guests, however many strangers fail across its accounts", async () => {
    for (let attempt = 1; attempt <= 40; attempt += 1) {
      const stranger = await browserAt(`198.51.100.${String(attempt)}`);
      expect((await stranger.guestLogin(`A-${String(500000 + attempt)}`, 'SUN-100042')).status).toBe(401);
    }
    expect((await browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber)).status).toBe(200);
  });

  it('forgets an account’s failures after its guest signs in', async () => {
    for (let round = 1; round <= 2; round += 1) {
      for (let attempt = 1; attempt <= 5; attempt += 1) await browser.guestLogin(DEMO_GUEST.accountNumber, 'SUN-000000');
      clock.advanceSeconds(1);
      expect((await browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber)).status).toBe(200);
      await browser.post('/api/user/Logout');
    }
  });

  it('lets ten guests with the right pair sent at once all in: only failures count', async () => {
    const guests = await Promise.all(Array.from({ length: 10 }, (_, index) => browserAt(`203.0.113.${String(index + 101)}`)));
    const statuses = await Promise.all(guests.map((guest) => guest.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber).then((r) => r.status)));
    expect(statuses).toEqual(Array<number>(10).fill(200));
  });

  it('stops one address guessing account numbers after fifty failures', async () => {
    const guesser = await browserAt('203.0.113.50');
    for (let attempt = 1; attempt <= 50; attempt += 1) await guesser.guestLogin(`A-${String(800000 + attempt)}`, 'X');
    expect((await guesser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber)).status).toBe(429);
    expect((await browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber)).status).toBe(200);
  });

  it('keeps guest throttling apart from user sign-in', async () => {
    for (let attempt = 1; attempt <= 30; attempt += 1) await browser.guestLogin(`A-${String(700000 + attempt)}`, 'X');
    expect((await browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' })).status).toBe(200);
  });
});
