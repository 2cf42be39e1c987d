import { beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import {
  DEMO_GUEST,
  DEMO_PASSWORD,
  TestBrowser,
  createTestApp,
  manualClock,
  freshBrowserWithClock,
  useSeededDatabase,
  plantAnonymousSession,
} from '../../test/harness';

const database = useSeededDatabase();
let clock: ReturnType<typeof manualClock>;
let browser: TestBrowser;


const openBrowser = async (config: { sessionWarningSeconds?: number } = {}) =>
  new TestBrowser(createTestApp(database.db, { now: clock.now, sessionIdleSeconds: 900, ...config })).open();

beforeEach(async () => {
  ({ clock, browser } = await freshBrowserWithClock(database.db, { sessionIdleSeconds: 900 }));
});

const poll = async (b: TestBrowser = browser) => {
  const { status, body } = await b.getJson('/api/user/GetShouldDisplayAuthenticationMessage');
  expect(status).toBe(200);
  return body;
};
const expiresAt = async () => (await database.db.select({ expiresAt: sessions.expiresAt }).from(sessions))[0]?.expiresAt;

describe('the session-expiry warning poll', () => {
  it('says nothing to warn about, with nothing left, to a visitor who is not signed in', async () => {
    expect(await poll()).toEqual({ display: false, secondsLeft: 0 });
    // Neither is a language choice, nor an anonymous session kept from before.
    await browser.post('/api/user/UpdateTranslationLanguage', { language: 'es-ES' });
    expect(await poll()).toEqual({ display: false, secondsLeft: 0 });
    await plantAnonymousSession(database.db, browser);
    expect(await poll()).toEqual({ display: false, secondsLeft: 0 });
  });

  it('warns only within the last 120 seconds, and reports 0 once the session has ended', async () => {
    await browser.login('pat.doe@example.com', DEMO_PASSWORD);
    expect(await poll()).toEqual({ display: false, secondsLeft: 900 });
    clock.advanceSeconds(700);
    expect(await poll()).toEqual({ display: false, secondsLeft: 200 });
    clock.advanceSeconds(79);
    expect(await poll()).toEqual({ display: false, secondsLeft: 121 });
    clock.advanceSeconds(1);
    expect(await poll()).toEqual({ display: true, secondsLeft: 120 });
    clock.advanceSeconds(119.25);
    // Part of a second left still counts as one: 0 is kept for a session that has ended.
    expect(await poll()).toEqual({ display: true, secondsLeft: 1 });
    clock.advanceSeconds(0.75);
    expect(await poll()).toEqual({ display: false, secondsLeft: 0 });
    expect((await browser.getJson('/api/User/GetIsUserLoggedIn')).body).toEqual({ userRole: null, isUserActive: false });
  });

  it('never slides the session: polling leaves the expiry where it was', async () => {
    await browser.login('pat.doe@example.com', DEMO_PASSWORD);
    const before = await expiresAt();
    for (let step = 0; step < 5; step += 1) {
      clock.advanceSeconds(170);
      await poll();
    }
    expect(await expiresAt()).toEqual(before);
    expect(await poll()).toEqual({ display: true, secondsLeft: 50 });
  });

  it('honours a configured warning window', async () => {
    const early = await openBrowser({ sessionWarningSeconds: 300 });
    await early.login('pat.doe@example.com', DEMO_PASSWORD);
    clock.advanceSeconds(599);
    expect(await poll(early)).toEqual({ display: false, secondsLeft: 301 });
    clock.advanceSeconds(1);
    expect(await poll(early)).toEqual({ display: true, secondsLeft: 300 });
  });

  it('warns a guest the same way', async () => {
    await browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber);
    clock.advanceSeconds(800);
    expect(await poll()).toEqual({ display: true, secondsLeft: 100 });
  });
});

describe('extending the session', () => {
  it('starts the idle lifetime again and answers the time now left', async () => {
    await browser.login('pat.doe@example.com', DEMO_PASSWORD);
    clock.advanceSeconds(850);
    expect(await poll()).toEqual({ display: true, secondsLeft: 50 });

    expect(await browser.getJson('/api/user/ExtendAuthentication')).toEqual({ status: 200, body: { secondsLeft: 900 } });
    expect(await poll()).toEqual({ display: false, secondsLeft: 900 });

    // The extended session outlives the original expiry.
    clock.advanceSeconds(899);
    expect(await poll()).toEqual({ display: true, secondsLeft: 1 });
    expect((await browser.getJson('/api/User/GetIsUserLoggedIn')).body).toMatchObject({ userRole: 'ClientBillingUser' });
  });

  it('extends a guest session too', async () => {
    await browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber);
    clock.advanceSeconds(600);
    expect(await browser.getJson('/api/user/ExtendAuthentication')).toEqual({ status: 200, body: { secondsLeft: 900 } });
  });

  it('answers 401 notSignedIn without a session, and after the session has ended', async () => {
    expect(await browser.getJson('/api/user/ExtendAuthentication')).toEqual({
      status: 401,
      body: { error: 'notSignedIn' },
    });
    await browser.login('pat.doe@example.com', DEMO_PASSWORD);
    clock.advanceSeconds(900);
    expect(await browser.getJson('/api/user/ExtendAuthentication')).toEqual({
      status: 401,
      body: { error: 'notSignedIn' },
    });
    // Too late: extending did not bring it back.
    expect((await browser.getJson('/api/User/GetIsUserLoggedIn')).body).toEqual({ userRole: null, isUserActive: false });
  });
});

describe('the absolute lifetime', () => {
  it('ends a session twelve hours after sign-in however active it is, warning before the end', async () => {
    expect((await browser.login('pat.doe@example.com', DEMO_PASSWORD)).status).toBe(200);
    // Active every ten minutes for almost twelve hours.
    for (let minutes = 10; minutes <= 12 * 60 - 10; minutes += 10) {
      clock.advanceSeconds(600);
      expect((await browser.getJson('/api/User/GetIsUserLoggedIn')).body).toMatchObject({ userRole: 'ClientBillingUser' });
    }
    clock.advanceSeconds(600 - 60);
    // One minute before the twelve hours: however recent the activity, the end is near.
    expect(await poll()).toEqual({ display: true, secondsLeft: 60 });
    clock.advanceSeconds(60);
    expect((await browser.getJson('/api/User/GetIsUserLoggedIn')).body).toEqual({ userRole: null, isUserActive: false });
  });

  it('can be set shorter', async () => {
    const short = await new TestBrowser(
      createTestApp(database.db, { now: clock.now, sessionIdleSeconds: 900, sessionAbsoluteSeconds: 1200 }),
    ).open();
    expect((await short.login('pat.doe@example.com', DEMO_PASSWORD)).status).toBe(200);
    clock.advanceSeconds(600);
    expect((await short.getJson('/api/User/GetIsUserLoggedIn')).body).toMatchObject({ userRole: 'ClientBillingUser' });
    clock.advanceSeconds(600);
    expect((await short.getJson('/api/User/GetIsUserLoggedIn')).body).toEqual({ userRole: null, isUserActive: false });
  });
});

describe('sliding the idle expiry', () => {
  it('writes the session at most once a minute, however many requests come', async () => {
    expect((await browser.login('pat.doe@example.com', DEMO_PASSWORD)).status).toBe(200);
    const first = await expiresAt();
    clock.advanceSeconds(30);
    for (let request = 0; request < 5; request += 1) await browser.getJson('/api/User/GetIsUserLoggedIn');
    expect(await expiresAt()).toEqual(first);
    clock.advanceSeconds(30);
    await browser.getJson('/api/User/GetIsUserLoggedIn');
    expect((await expiresAt())?.getTime()).toBe((first?.getTime() ?? 0) + 60 * 1000);
  });

  it('always slides on an explicit extension', async () => {
    expect((await browser.login('pat.doe@example.com', DEMO_PASSWORD)).status).toBe(200);
    clock.advanceSeconds(10);
    expect(await browser.getJson('/api/user/ExtendAuthentication')).toEqual({ status: 200, body: { secondsLeft: 900 } });
  });
});
