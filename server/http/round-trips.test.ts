/**
 * The hot path's database round trips: every API request reads the session and whom it speaks for
 * in one query, and the account summary adds one more. Counted through the database's query hook.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../db/client';
import { seedDemoData } from '../seed/seed';
import { DEMO_GUEST, DEMO_PASSWORD, TestBrowser, createTestApp, manualClock } from '../test/harness';

let opened: OpenedDatabase;
let statements: string[] = [];

beforeAll(async () => {
  opened = await openDatabase({ onQuery: (statement) => statements.push(statement) });
  await seedDemoData(opened.db, { nodeEnv: 'test' });
});
afterAll(async () => {
  await opened.close();
});

let clock: ReturnType<typeof manualClock>;
beforeEach(() => {
  clock = manualClock();
});

const openBrowser = () => new TestBrowser(createTestApp(opened.db, { now: clock.now })).open();

/** The statements one request runs, and what it answered. */
async function statementsOf(browser: TestBrowser, path: string) {
  statements = [];
  const response = await browser.getJson(path);
  return { status: response.status, body: response.body, statements: [...statements] };
}

describe('round trips to the database per request', () => {
  it('a signed-in user: one for the session check and the expiry poll, two for the account summary', async () => {
    const browser = await openBrowser();
    expect((await browser.login('pat.doe@example.com', DEMO_PASSWORD)).status).toBe(200);

    const check = await statementsOf(browser, '/api/User/GetIsUserLoggedIn');
    expect(check.body).toMatchObject({ userRole: 'ClientBillingUser', isUserActive: true, isAccountDisabled: false });
    expect(check.statements).toHaveLength(1);

    const poll = await statementsOf(browser, '/api/user/GetShouldDisplayAuthenticationMessage');
    expect(poll.body).toMatchObject({ display: false });
    expect(poll.statements).toHaveLength(1);

    const summary = await statementsOf(browser, '/api/OnlinePayment/GetAccountInformation');
    expect(summary.status).toBe(200);
    expect(summary.body).toHaveProperty('totalDueCents');
    expect(summary.body).toHaveProperty('invoices');
    expect(summary.statements).toHaveLength(2);
  });

  it('a guest: the same', async () => {
    const browser = await openBrowser();
    expect((await browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber)).status).toBe(200);

    const check = await statementsOf(browser, '/api/User/GetIsUserLoggedIn');
    expect(check.body).toMatchObject({ userRole: 'ClientBillingGuest', isUserActive: true });
    expect(check.statements).toHaveLength(1);

    const summary = await statementsOf(browser, '/api/OnlinePayment/GetAccountInformation');
    expect(summary.body).toMatchObject({ accountNumber: DEMO_GUEST.accountNumber });
    expect(summary.statements).toHaveLength(2);
  });

  it('adds the write that slides the expiry once a minute, not more', async () => {
    const browser = await openBrowser();
    expect((await browser.login('pat.doe@example.com', DEMO_PASSWORD)).status).toBe(200);
    clock.advanceSeconds(61);
    expect((await statementsOf(browser, '/api/User/GetIsUserLoggedIn')).statements).toHaveLength(2);
    expect((await statementsOf(browser, '/api/User/GetIsUserLoggedIn')).statements).toHaveLength(1);
  });
});
