import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginAttempts, sessions, users } from '../../db/schema';
import { sha256Hex } from '../../security/tokens';
import {
  DEMO_PASSWORD,
  TestBrowser,
  createTestApp,
  manualClock,
  freshBrowserWithClock,
  useSeededDatabase,
  setCookies,
  plantAnonymousSession,
} from '../../test/harness';
import { IN_FLIGHT_TIMEOUT_SECONDS } from '../../core/throttle/throttle.service';

const database = useSeededDatabase();
let clock: ReturnType<typeof manualClock>;
let browser: TestBrowser;
let browserAt: (remoteAddress: string) => Promise<TestBrowser>;

beforeEach(async () => {
  await database.db.update(users).set({ isActive: true, language: null });
  ({ clock, browser, browserAt } = await freshBrowserWithClock(database.db, { sessionIdleSeconds: 900 }));
});

const activeUser = { userRole: 'ClientBillingUser', isUserActive: true, isAccountDisabled: false };

const loggedInStatus = async (b: TestBrowser): Promise<unknown> => (await b.get('/api/User/GetIsUserLoggedIn')).json();

describe('anti-forgery token', () => {
  it('hands out a readable XSRF-TOKEN cookie on the first response', async () => {
    const fresh = new TestBrowser(createTestApp(database.db));
    const response = await fresh.get('/api/Client/GetClientList');
    const cookie = setCookies(response).find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.attributes).toEqual(expect.arrayContaining(['Path=/', 'SameSite=Strict']));
    expect(cookie?.attributes).not.toContain('HttpOnly');
    // Already holding one: not replaced.
    const again = await fresh.get('/api/Client/GetClientList');
    expect(setCookies(again).some((c) => c.name === 'XSRF-TOKEN')).toBe(false);
  });

  it('refuses a sign-in posted without the X-XSRF-TOKEN header', async () => {
    const response = await browser.post(
      '/api/userlogin/Login',
      { email: 'pat.doe@example.com', password: DEMO_PASSWORD, language: 'en-US' },
      { xsrf: 'none' },
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'xsrf' });
    expect(browser.cookies.has('pbp_session')).toBe(false);
  });

  it('refuses a POST whose header does not match the cookie', async () => {
    const response = await browser.post('/api/user/Logout', undefined, { xsrf: { value: 'A'.repeat(43) } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'xsrf' });
  });

  it('refuses a POST from a browser that never received the cookie, even with a header', async () => {
    const stranger = new TestBrowser(createTestApp(database.db));
    const response = await stranger.post('/api/user/Logout', undefined, { xsrf: { value: 'A'.repeat(43) } });
    expect(response.status).toBe(403);
  });
});

describe('signing in', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie, and the user is then signed in and active', async () => {
    const response = await browser.login('pat.doe@example.com', DEMO_PASSWORD);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(activeUser);
    const cookie = setCookies(response).find((c) => c.name === 'pbp_session');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/']));
    expect(cookie?.attributes).not.toContain('Secure');
    expect(await loggedInStatus(browser)).toEqual(activeUser);
  });

  it('marks cookies Secure when the site runs over HTTPS', async () => {
    const secure = await new TestBrowser(createTestApp(database.db, { cookieSecure: true })).open();
    const response = await secure.login('pat.doe@example.com', DEMO_PASSWORD);
    for (const cookie of setCookies(response)) expect(cookie.attributes).toContain('Secure');
  });

  it('stores the session as a digest of the cookie token, never the token itself', async () => {
    await browser.login('pat.doe@example.com', DEMO_PASSWORD);
    const token = browser.cookies.get('pbp_session') ?? '';
    const rows = await database.db.select({ id: sessions.id }).from(sessions);
    expect(rows.map((row) => row.id)).toEqual([sha256Hex(token)]);
  });

  it('compares the email trimmed and case-insensitively', async () => {
    const response = await browser.login('  Pat.Doe@EXAMPLE.com ', DEMO_PASSWORD);
    expect(response.status).toBe(200);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const wrongPassword = await browser.login('pat.doe@example.com', 'not the password');
    const unknownEmail = await browser.login('nobody@example.com', DEMO_PASSWORD);
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    const wrongBody = await wrongPassword.text();
    expect(wrongBody).toBe(await unknownEmail.text());
    expect(JSON.parse(wrongBody)).toEqual({ error: 'invalidCredentials' });
    expect(setCookies(wrongPassword).map((c) => c.name)).toEqual(setCookies(unknownEmail).map((c) => c.name));
    expect(await loggedInStatus(browser)).toEqual({ userRole: null, isUserActive: false });
  });

  const sessionClient = async (b: TestBrowser): Promise<unknown> => (await b.get('/api/User/GetClientCode')).json();

  it("signs a user in at their own client when the password is right at another client's address, or at an unknown code", async () => {
    const atSunrise = await browser.login('north.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' });
    expect(atSunrise.status).toBe(200);
    expect(await sessionClient(browser)).toEqual({ clientCode: 'NPP', billingGroup: null });
    const atUnknown = await browser.login('north.doe@example.com', DEMO_PASSWORD, { clientCode: 'XYZ' });
    expect(atUnknown.status).toBe(200);
    expect(await sessionClient(browser)).toEqual({ clientCode: 'NPP', billingGroup: null });
  });

  it("answers a wrong password at another client's address as it answers every wrong password, revealing nothing", async () => {
    const elsewhere = await browser.login('north.doe@example.com', 'not the password', { clientCode: 'SUN' });
    const unknown = await browser.login('nobody@example.com', 'not the password', { clientCode: 'SUN' });
    expect(elsewhere.status).toBe(401);
    expect(await elsewhere.text()).toBe(await unknown.text());
    expect(await loggedInStatus(browser)).toEqual({ userRole: null, isUserActive: false });
  });

  it('signs a member in under the requested client and billing group, else under another entry of the same code', async () => {
    const underDelta = await browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'dlt', billingGroup: '52' });
    expect(underDelta.status).toBe(200);
    expect(await sessionClient(browser)).toEqual({ clientCode: 'DLT', billingGroup: '52' });
    const underSunrise = await browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' });
    expect(underSunrise.status).toBe(200);
    expect(await sessionClient(browser)).toEqual({ clientCode: 'SUN', billingGroup: null });
    // pat.doe has no account in Delta's group 48: Delta's group 52 is theirs.
    const underOtherGroup = await browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'DLT', billingGroup: '48' });
    expect(underOtherGroup.status).toBe(200);
    expect(await sessionClient(browser)).toEqual({ clientCode: 'DLT', billingGroup: '52' });
  });

  it('tells the signed-in user their email and the account number of the client they signed in under', async () => {
    expect((await browser.get('/api/User/GetUserEmail')).status).toBe(401);
    expect(await (await browser.get('/api/User/GetAccountNumber')).json()).toEqual({ error: 'notSignedIn' });
    await browser.login('Pat.Doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' });
    expect(await (await browser.get('/api/User/GetUserEmail')).json()).toEqual({ email: 'pat.doe@example.com' });
    expect(await (await browser.get('/api/User/GetAccountNumber')).json()).toEqual({ accountNumber: 'A-100200' });
    await browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'DLT', billingGroup: '52' });
    const underDelta = (await (await browser.get('/api/User/GetAccountNumber')).json()) as { accountNumber: string };
    expect(underDelta.accountNumber).not.toBe('A-100200');
  });

  it('lands a user who names no client on their own client', async () => {
    await browser.login('harbor.doe@example.com', DEMO_PASSWORD);
    const links = await browser.get('/api/ClientLinks/GetClientLinks');
    expect(await links.json()).toEqual({ externalCCLink: 'https://payments.example.org/harbor' });
  });

  it('refuses an inactive user with the same answer as a wrong password', async () => {
    await database.db.update(users).set({ isActive: false }).where(eq(users.email, 'north.doe@example.com'));
    const response = await browser.login('north.doe@example.com', DEMO_PASSWORD);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'invalidCredentials' });
  });

  it('signs in a user whose account is disabled (the SPA hides the payment items)', async () => {
    const response = await browser.login('disabled.doe@example.com', DEMO_PASSWORD);
    expect(response.status).toBe(200);
  });

  it("stores the posted language as the user's first choice, and keeps a saved choice after that", async () => {
    const languageOfPat = async () =>
      (await database.db.select({ language: users.language }).from(users).where(eq(users.email, 'pat.doe@example.com')))[0]
        ?.language;
    await browser.post('/api/userlogin/Login', { email: 'pat.doe@example.com', password: DEMO_PASSWORD, language: 'es-ES' });
    expect(await languageOfPat()).toBe('es-ES');
    await browser.post('/api/userlogin/Login', { email: 'pat.doe@example.com', password: DEMO_PASSWORD, language: 'en-US' });
    expect(await languageOfPat()).toBe('es-ES');
    expect(await (await browser.get('/api/user/GetTranslationLanguage')).json()).toEqual({ language: 'es-ES' });
  });

  it('gives a new session token on sign-in and the old one stops working', async () => {
    await plantAnonymousSession(database.db, browser);
    const before = browser.cookies.get('pbp_session');
    expect(before).toBeDefined();
    await browser.login('pat.doe@example.com', DEMO_PASSWORD);
    const after = browser.cookies.get('pbp_session');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);

    const [oldRow] = await database.db.select().from(sessions).where(eq(sessions.id, sha256Hex(before ?? '')));
    expect(oldRow).toBeUndefined();

    // A second sign-in rotates again.
    await browser.login('pat.doe@example.com', DEMO_PASSWORD);
    expect(browser.cookies.get('pbp_session')).not.toBe(after);
    const [{ n } = { n: 0 }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    expect(n).toBe(1);
  });

  it('answers 400 invalidRequest to a body that is not JSON or misses fields', async () => {
    const notJson = await browser.post('/api/userlogin/Login', 'email=pat');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: 'invalidRequest' });
    const missing = await browser.post('/api/userlogin/Login', { email: 'pat.doe@example.com' });
    expect(missing.status).toBe(400);
    const badLanguage = await browser.post('/api/userlogin/Login', {
      email: 'pat.doe@example.com',
      password: DEMO_PASSWORD,
      language: 'fr-FR',
    });
    expect(badLanguage.status).toBe(400);
  });
});

describe('throttling', () => {
  it('after five failures makes each attempt wait longer, and lets the owner in once the wait is over', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await browser.login('pat.doe@example.com', `wrong-${attempt}`)).status).toBe(401);
    }
    const waiting = await browser.login('PAT.DOE@example.com', DEMO_PASSWORD);
    expect(waiting.status).toBe(429);
    expect(await waiting.json()).toEqual({ error: 'tooManyRequests' });
    expect(waiting.headers.get('retry-after')).toBe('1');

    clock.advanceSeconds(1);
    expect((await browser.login('pat.doe@example.com', 'wrong-6')).status).toBe(401);
    const longer = await browser.login('pat.doe@example.com', DEMO_PASSWORD);
    expect(longer.status).toBe(429);
    expect(longer.headers.get('retry-after')).toBe('2');

    // Other emails are unaffected; the owner is in once the wait is over: no lock.
    expect((await browser.login('north.doe@example.com', DEMO_PASSWORD)).status).toBe(200);
    clock.advanceSeconds(2);
    expect((await browser.login('pat.doe@example.com', DEMO_PASSWORD)).status).toBe(200);
  });

  it('never makes the owner wait longer than five minutes, however many strangers fail', async () => {
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const stranger = await browserAt(`198.51.100.${String(attempt)}`);
      await stranger.login('pat.doe@example.com', 'guess');
      clock.advanceSeconds(5 * 60);
    }
    expect((await browser.login('pat.doe@example.com', DEMO_PASSWORD)).status).toBe(200);
  });

  it('throttles unknown emails the same way, so the answer reveals nothing', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) await browser.login('ghost@example.com', 'whatever');
    expect((await browser.login('ghost@example.com', 'whatever')).status).toBe(429);
  });

  it('evaluates fifty wrong passwords sent at once only five times: the attempt is reserved before the password is checked', async () => {
    const attackers = await Promise.all(Array.from({ length: 50 }, (_, index) => browserAt(`203.0.113.${String(index + 1)}`)));
    const statuses = await Promise.all(attackers.map((attacker) => attacker.login('pat.doe@example.com', 'wrong').then((r) => r.status)));
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);
  });

  it('lets ten right passwords sent at once all in: only failures count, never attempts still being checked', async () => {
    const owners = await Promise.all(Array.from({ length: 10 }, (_, index) => browserAt(`203.0.113.${String(index + 101)}`)));
    const statuses = await Promise.all(owners.map((owner) => owner.login('pat.doe@example.com', DEMO_PASSWORD).then((r) => r.status)));
    expect(statuses).toEqual(Array<number>(10).fill(200));
  });

  it('after five wrong passwords holds ten right ones sent at once for the one wait, then lets all ten in', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await browser.login('pat.doe@example.com', `wrong-${String(attempt)}`)).status).toBe(401);
    const owners = await Promise.all(Array.from({ length: 10 }, (_, index) => browserAt(`203.0.113.${String(index + 151)}`)));
    const early = await Promise.all(owners.map((owner) => owner.login('pat.doe@example.com', DEMO_PASSWORD)));
    expect(early.map((response) => [response.status, response.headers.get('retry-after')])).toEqual(Array(10).fill([429, '1']));
    clock.advanceSeconds(1);
    const statuses = await Promise.all(owners.map((owner) => owner.login('pat.doe@example.com', DEMO_PASSWORD).then((r) => r.status)));
    expect(statuses).toEqual(Array<number>(10).fill(200));
  });

  it('evaluates at most five of five wrong and ten right passwords sent together as failures, and answers each sensibly', async () => {
    const senders = await Promise.all(Array.from({ length: 15 }, (_, index) => browserAt(`203.0.113.${String(index + 201)}`)));
    const answers = await Promise.all(
      senders.map(async (sender, index) => {
        const right = index % 3 !== 0;
        const response = await sender.login('pat.doe@example.com', right ? DEMO_PASSWORD : `wrong-${String(index)}`);
        return { right, status: response.status };
      }),
    );
    for (const { right, status } of answers) expect(right ? [200, 429] : [401, 429]).toContain(status);
    expect(answers.filter((answer) => !answer.right && answer.status === 401).length).toBeLessThanOrEqual(5);
    // A right password refused can only have met five failures settled before it.
    const refusedRight = answers.filter((answer) => answer.right && answer.status === 429).length;
    if (refusedRight > 0) expect(answers.filter((answer) => !answer.right && answer.status === 401)).toHaveLength(5);
    // And once the wait is over the owner is in, whatever the mix left behind.
    clock.advanceSeconds(5 * 60);
    expect((await browser.login('pat.doe@example.com', DEMO_PASSWORD)).status).toBe(200);
  });

  it('counts an attempt never settled (its server stopped) as a failure once it is a minute old, until the owner signs in', async () => {
    const leftInFlight = new Date(clock.now().getTime() - (IN_FLIGHT_TIMEOUT_SECONDS + 1) * 1000);
    await database.db.insert(loginAttempts).values(Array.from({ length: 12 }, () => ({ email: 'inflight:pat.doe@example.com', attemptedAt: leftInFlight })));
    // Twelve failures: the wait is 2^7 s from the latest, 61 s ago.
    const waiting = await browser.login('pat.doe@example.com', DEMO_PASSWORD);
    expect([waiting.status, waiting.headers.get('retry-after')]).toEqual([429, String(2 ** 7 - 61)]);
    clock.advanceSeconds(2 ** 7 - 61);
    expect((await browser.login('pat.doe@example.com', DEMO_PASSWORD)).status).toBe(200);
    // Forgotten with the owner's sign-in, like any failure: one more is the first since.
    expect((await browser.login('pat.doe@example.com', 'wrong')).status).toBe(401);
    expect((await browser.login('pat.doe@example.com', DEMO_PASSWORD)).status).toBe(200);
  });

  it('stops one address that sprays many emails after fifty failures, and only that address', async () => {
    const sprayer = await browserAt('203.0.113.99');
    for (let attempt = 1; attempt <= 50; attempt += 1) {
      expect((await sprayer.login(`spray-${String(attempt)}@example.com`, 'guess')).status).toBe(401);
    }
    expect((await sprayer.login('north.doe@example.com', DEMO_PASSWORD)).status).toBe(429);
    expect((await browser.login('north.doe@example.com', DEMO_PASSWORD)).status).toBe(200);
    clock.advanceSeconds(15 * 60 + 1);
    expect((await sprayer.login('north.doe@example.com', DEMO_PASSWORD)).status).toBe(200);
  });
});

describe('signing out and session expiry', () => {
  it('ends the session on logout and clears the cookie', async () => {
    await browser.login('pat.doe@example.com', DEMO_PASSWORD);
    const token = browser.cookies.get('pbp_session') ?? '';
    const response = await browser.post('/api/user/Logout');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: '' });
    const cleared = setCookies(response).find((c) => c.name === 'pbp_session');
    expect(cleared?.attributes).toContain('Max-Age=0');
    expect(await loggedInStatus(browser)).toEqual({ userRole: null, isUserActive: false });

    // Replaying the old cookie does not bring the session back.
    browser.cookies.set('pbp_session', token);
    expect(await loggedInStatus(browser)).toEqual({ userRole: null, isUserActive: false });
  });

  it('answers logout without a session too', async () => {
    const response = await browser.post('/api/user/Logout');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: '' });
  });

  it('signs the user out after the idle lifetime without activity', async () => {
    await browser.login('pat.doe@example.com', DEMO_PASSWORD);
    clock.advanceSeconds(901);
    expect(await loggedInStatus(browser)).toEqual({ userRole: null, isUserActive: false });
  });

  it('keeps an active user signed in: each request starts the idle lifetime again', async () => {
    await browser.login('pat.doe@example.com', DEMO_PASSWORD);
    clock.advanceSeconds(600);
    expect(await loggedInStatus(browser)).toEqual(activeUser);
    clock.advanceSeconds(600);
    expect(await loggedInStatus(browser)).toEqual(activeUser);
  });

  it('does not count the session-warning poll as activity', async () => {
    await browser.login('pat.doe@example.com', DEMO_PASSWORD);
    clock.advanceSeconds(600);
    await browser.get('/api/user/GetShouldDisplayAuthenticationMessage');
    clock.advanceSeconds(400);
    expect(await loggedInStatus(browser)).toEqual({ userRole: null, isUserActive: false });
  });

  it('reports a deactivated user as not active', async () => {
    await browser.login('pat.doe@example.com', DEMO_PASSWORD);
    await database.db.update(users).set({ isActive: false }).where(eq(users.email, 'pat.doe@example.com'));
    expect(await loggedInStatus(browser)).toEqual({ ...activeUser, isUserActive: false });
  });
});
