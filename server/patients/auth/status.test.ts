import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { accountNumberResponseSchema, loggedInStatusSchema, passwordExpiredSchema, sessionClientSchema, userEmailResponseSchema } from '@contracts/session';
import { users } from '../../db/schema';
import {
  DEMO_GUEST,
  DEMO_PASSWORD,
  TestBrowser,
  createTestApp,
  useSeededDatabase,
  resetSessions,
  plantAnonymousSession,
} from '../../test/harness';

const database = useSeededDatabase();
let browser: TestBrowser;


beforeEach(async () => {
  await resetSessions(database.db);
  await database.db.update(users).set({ isActive: true });
  browser = await new TestBrowser(createTestApp(database.db)).open();
});

const notSignedIn = { status: 401, body: { error: 'notSignedIn' } };

describe('what a guest session reports', () => {
  beforeEach(async () => {
    expect((await browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber)).status).toBe(200);
  });

  it('is a signed-in, active guest whose account is not disabled', async () => {
    const { status, body } = await browser.getJson('/api/User/GetIsUserLoggedIn');
    expect(status).toBe(200);
    expect(v.parse(loggedInStatusSchema, body)).toEqual({
      userRole: 'ClientBillingGuest',
      isUserActive: true,
      isAccountDisabled: false,
    });
  });

  it('tells the guest their account number, an empty email and their client', async () => {
    const accountNumber = await browser.getJson('/api/User/GetAccountNumber');
    expect(v.parse(accountNumberResponseSchema, accountNumber.body)).toEqual({ accountNumber: 'A-778899' });
    const email = await browser.getJson('/api/User/GetUserEmail');
    expect(v.parse(userEmailResponseSchema, email.body)).toEqual({ email: '' });
    const client = await browser.getJson('/api/User/GetClientCode');
    expect(v.parse(sessionClientSchema, client.body)).toEqual({ clientCode: 'SUN', billingGroup: null });
  });

  it('answers the client calls for the guest’s client', async () => {
    expect(await browser.getJson('/api/user/DoesClientAcceptPayments')).toEqual({
      status: 200,
      body: { acceptsPayments: true },
    });
    expect(await browser.getJson('/api/ClientLinks/GetClientLinks')).toEqual({
      status: 200,
      body: { externalCCLink: '' },
    });
  });

  it('refuses the guest the user-only password call with 403', async () => {
    expect(await browser.getJson('/api/User/GetIsPasswordExpired')).toEqual({
      status: 403,
      body: { error: 'forbidden' },
    });
  });
});

describe('what a user session reports', () => {
  it('reports the disabled account of disabled.doe on sign-in and in the status', async () => {
    const response = await browser.login('disabled.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' });
    const disabled = { userRole: 'ClientBillingUser', isUserActive: true, isAccountDisabled: true };
    expect(await response.json()).toEqual(disabled);
    expect((await browser.getJson('/api/User/GetIsUserLoggedIn')).body).toEqual(disabled);
    expect((await browser.getJson('/api/User/GetAccountNumber')).body).toEqual({ accountNumber: 'A-100300' });
  });

  it('reports other users’ accounts as not disabled', async () => {
    for (const email of ['pat.doe@example.com', 'north.doe@example.com', 'harbor.doe@example.com']) {
      await browser.login(email, DEMO_PASSWORD);
      expect((await browser.getJson('/api/User/GetIsUserLoggedIn')).body).toMatchObject({ isAccountDisabled: false });
    }
  });

  it('tells the user the client and billing group they signed in under', async () => {
    await browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'dlt' });
    expect(await browser.getJson('/api/User/GetClientCode')).toEqual({
      status: 200,
      body: { clientCode: 'DLT', billingGroup: '52' },
    });
    await browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' });
    expect((await browser.getJson('/api/User/GetClientCode')).body).toEqual({ clientCode: 'SUN', billingGroup: null });
  });

  it('tells the user their password does not expire', async () => {
    await browser.login('pat.doe@example.com', DEMO_PASSWORD);
    const { status, body } = await browser.getJson('/api/User/GetIsPasswordExpired');
    expect(status).toBe(200);
    expect(v.parse(passwordExpiredSchema, body)).toEqual({ isPasswordExpired: false, daysUntilExpiry: -1 });
  });

  it('refuses the signed-in calls to a user deactivated since sign-in', async () => {
    await browser.login('pat.doe@example.com', DEMO_PASSWORD);
    await database.db.update(users).set({ isActive: false }).where(eq(users.email, 'pat.doe@example.com'));
    for (const path of ['/api/User/GetClientCode', '/api/User/GetIsPasswordExpired', '/api/User/GetAccountNumber']) {
      expect(await browser.getJson(path)).toEqual(notSignedIn);
    }
  });
});

describe('without a signed-in session', () => {
  it('answers the signed-in calls with 401 notSignedIn, also for an anonymous language session', async () => {
    const paths = [
      '/api/User/GetClientCode',
      '/api/User/GetIsPasswordExpired',
      '/api/User/GetAccountNumber',
      '/api/User/GetUserEmail',
      '/api/user/ExtendAuthentication',
    ];
    for (const path of paths) expect(await browser.getJson(path)).toEqual(notSignedIn);
    await plantAnonymousSession(database.db, browser);
    for (const path of paths) expect(await browser.getJson(path)).toEqual(notSignedIn);
    expect((await browser.getJson('/api/User/GetIsUserLoggedIn')).body).toEqual({ userRole: null, isUserActive: false });
  });
});
