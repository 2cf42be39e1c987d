import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionClientSchema } from '@contracts/session';
import { switchClientResponseSchema, userClientsSchema } from '@contracts/switch-clients';
import { users } from '../../db/schema';
import {
  DEMO_GUEST,
  DEMO_PASSWORD,
  TestBrowser,
  createTestApp,
  recordingLogger,
  resetSessions,
  useSeededDatabase,
} from '../../test/harness';

const database = useSeededDatabase();
const PAT = 'pat.doe@example.com';
const logger = recordingLogger();

beforeEach(async () => {
  await resetSessions(database.db);
  await database.db.update(users).set({ isActive: true });
  logger.lines.length = 0;
});

/** A browser on a fresh app over the shared database, before anyone signs in. */
const newBrowser = () => new TestBrowser(createTestApp(database.db, { logger })).open();

async function signedIn(email: string): Promise<TestBrowser> {
  const browser = await newBrowser();
  expect((await browser.login(email, DEMO_PASSWORD)).status).toBe(200);
  return browser;
}

const switchTo = (browser: TestBrowser, body: unknown) => browser.post('/api/User/SwitchClient', body);

async function sessionClient(browser: TestBrowser) {
  return v.parse(sessionClientSchema, (await browser.getJson('/api/User/GetClientCode')).body);
}

async function accountNumber(browser: TestBrowser) {
  return (await browser.getJson('/api/User/GetAccountNumber')).body;
}

describe('who may list and switch clients (every caller × both endpoints)', () => {
  type Caller = 'anonymous' | 'guest' | 'user' | 'accountDisabledUser' | 'inactiveUser' | 'userOfAnotherClient';

  const callers: Record<Caller, () => Promise<TestBrowser>> = {
    anonymous: newBrowser,
    guest: async () => {
      const browser = await newBrowser();
      expect((await browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber)).status).toBe(200);
      return browser;
    },
    user: () => signedIn(PAT),
    accountDisabledUser: () => signedIn('disabled.doe@example.com'),
    // Signed in, then deactivated by the billing office: the session speaks for nobody any more.
    inactiveUser: async () => {
      const browser = await signedIn(PAT);
      await database.db.update(users).set({ isActive: false }).where(eq(users.email, PAT));
      return browser;
    },
    // A user of NPP only, asking for SUN.
    userOfAnotherClient: () => signedIn('north.doe@example.com'),
  };

  const table: { caller: Caller; list: number; switchToSun: number; error?: string }[] = [
    { caller: 'anonymous', list: 401, switchToSun: 401, error: 'notSignedIn' },
    { caller: 'guest', list: 403, switchToSun: 403, error: 'forbidden' },
    { caller: 'user', list: 200, switchToSun: 200 },
    { caller: 'accountDisabledUser', list: 200, switchToSun: 200 },
    { caller: 'inactiveUser', list: 401, switchToSun: 401, error: 'notSignedIn' },
    { caller: 'userOfAnotherClient', list: 200, switchToSun: 403 },
  ];

  for (const row of table) {
    it(`${row.caller}: GetUserClients ${String(row.list)}, SwitchClient to SUN ${String(row.switchToSun)}`, async () => {
      const browser = await callers[row.caller]();
      const list = await browser.getJson('/api/User/GetUserClients');
      expect(list.status).toBe(row.list);
      if (row.error) expect(list.body).toEqual({ error: row.error });
      const switched = await switchTo(browser, { clientCode: 'SUN' });
      expect(switched.status).toBe(row.switchToSun);
      if (row.switchToSun !== 200) expect(((await switched.json()) as { error: string }).error).toBe(row.error ?? 'forbidden');
    });
  }

  it('refuses a switch without the anti-forgery token', async () => {
    const browser = await signedIn(PAT);
    const response = await browser.post('/api/User/SwitchClient', { clientCode: 'DLT', billingGroup: '52' }, { xsrf: 'none' });
    expect(response.status).toBe(403);
    expect(await sessionClient(browser)).toEqual({ clientCode: 'SUN', billingGroup: null });
  });
});

describe("the user's clients", () => {
  it('lists pat.doe’s SUN and DLT 52 accounts with names and logos, SUN current after signing in', async () => {
    const browser = await signedIn(PAT);
    const { status, body } = await browser.getJson('/api/User/GetUserClients');
    expect(status).toBe(200);
    expect(v.parse(userClientsSchema, body)).toEqual([
      { code: 'SUN', billingGroup: null, name: 'Sunrise Laboratories', logoUrl: '/logos/sun.svg', accountNumber: 'A-100200', isCurrent: true },
      { code: 'DLT', billingGroup: '52', name: 'Delta Diagnostics', logoUrl: '/logos/delta.svg', accountNumber: 'D-520100', isCurrent: false },
    ]);
  });

  it('lists a user of one client with that one marked current', async () => {
    const browser = await signedIn('north.doe@example.com');
    expect((await browser.getJson('/api/User/GetUserClients')).body).toEqual([
      expect.objectContaining({ code: 'NPP', accountNumber: 'N-200100', isCurrent: true }),
    ]);
  });
});

describe('switching the session’s client', () => {
  it('moves pat.doe’s session to DLT 52: its client, account, invoices and list follow, and back again', async () => {
    const browser = await signedIn(PAT);
    const response = await switchTo(browser, { clientCode: 'dlt', billingGroup: '52' });
    expect(response.status).toBe(200);
    expect(v.parse(switchClientResponseSchema, await response.json())).toEqual({ clientCode: 'DLT', billingGroup: '52' });

    expect(await sessionClient(browser)).toEqual({ clientCode: 'DLT', billingGroup: '52' });
    expect(await accountNumber(browser)).toEqual({ accountNumber: 'D-520100' });
    expect((await browser.getJson('/api/User/GetIsUserLoggedIn')).body).toEqual({
      userRole: 'ClientBillingUser',
      isUserActive: true,
      isAccountDisabled: false,
    });
    const summary = (await browser.getJson('/api/OnlinePayment/GetAccountInformation')).body as { invoices: { invoiceNumber: string }[] };
    expect(summary.invoices.map((invoice) => invoice.invoiceNumber)).toEqual(['DLT-520031', 'DLT-520047']);
    const list = v.parse(userClientsSchema, (await browser.getJson('/api/User/GetUserClients')).body);
    expect(list.filter((client) => client.isCurrent).map((client) => client.code)).toEqual(['DLT']);

    expect((await switchTo(browser, { clientCode: 'SUN' })).status).toBe(200);
    expect(await sessionClient(browser)).toEqual({ clientCode: 'SUN', billingGroup: null });
    expect(await accountNumber(browser)).toEqual({ accountNumber: 'A-100200' });
  });

  it('finds DLT by its primary entry when no billing group is sent', async () => {
    const browser = await signedIn(PAT);
    expect(await (await switchTo(browser, { clientCode: 'DLT', billingGroup: '' })).json()).toEqual({ clientCode: 'DLT', billingGroup: '52' });
  });

  it('moves only the session that asked: the same user in another browser stays under SUN', async () => {
    const here = await signedIn(PAT);
    const elsewhere = await signedIn(PAT);
    expect((await switchTo(here, { clientCode: 'DLT', billingGroup: '52' })).status).toBe(200);
    expect(await sessionClient(elsewhere)).toEqual({ clientCode: 'SUN', billingGroup: null });
  });

  it('switching to the current client again changes nothing', async () => {
    const browser = await signedIn(PAT);
    expect((await switchTo(browser, { clientCode: 'SUN' })).status).toBe(200);
    expect(await sessionClient(browser)).toEqual({ clientCode: 'SUN', billingGroup: null });
  });

  it('lets a user whose account is disabled switch (here to their own client), still disabled there', async () => {
    const browser = await signedIn('disabled.doe@example.com');
    expect((await switchTo(browser, { clientCode: 'SUN' })).status).toBe(200);
    expect((await browser.getJson('/api/User/GetIsUserLoggedIn')).body).toMatchObject({ isAccountDisabled: true });
  });
});

describe('a forged switch', () => {
  it('to a client where the user has no account is refused with 403, and the session stays where it was', async () => {
    const browser = await signedIn(PAT);
    for (const body of [{ clientCode: 'NPP' }, { clientCode: 'HBR' }, { clientCode: 'DLT', billingGroup: '48' }, { clientCode: 'DLT', billingGroup: 'it' }]) {
      const response = await switchTo(browser, body);
      expect(response.status, JSON.stringify(body)).toBe(403);
      expect(await response.json()).toEqual({ error: 'forbidden' });
    }
    expect(await sessionClient(browser)).toEqual({ clientCode: 'SUN', billingGroup: null });
    expect(await accountNumber(browser)).toEqual({ accountNumber: 'A-100200' });
    const summary = (await browser.getJson('/api/OnlinePayment/GetAccountInformation')).body as { accountNumber: string };
    expect(summary.accountNumber).toBe('A-100200');
  });

  it('to a client that does not exist is 404, the session unchanged', async () => {
    const browser = await signedIn(PAT);
    for (const body of [{ clientCode: 'QQQ' }, { clientCode: 'DLT', billingGroup: 'nope' }]) {
      const response = await switchTo(browser, body);
      expect(response.status, JSON.stringify(body)).toBe(404);
    }
    expect(await sessionClient(browser)).toEqual({ clientCode: 'SUN', billingGroup: null });
  });

  it('that is malformed is a 400 with the field, never a 500', async () => {
    const browser = await signedIn(PAT);
    const cases: [body: unknown, fields: Record<string, string> | undefined][] = [
      ['not json', undefined],
      [null, { '(body)': 'invalid' }],
      [{}, { clientCode: 'required' }],
      [{ clientCode: 'S1' }, { clientCode: 'invalid' }],
      [{ clientCode: 'SUNNY' }, { clientCode: 'invalid' }],
      [{ clientCode: 42 }, { clientCode: 'invalid' }],
      [{ clientCode: 'DLT', billingGroup: 'a\u0000b' }, { billingGroup: 'invalidCharacters' }],
      [{ clientCode: 'DLT', billingGroup: 'x'.repeat(9) }, { billingGroup: 'tooLong' }],
    ];
    for (const [body, fields] of cases) {
      const response = await switchTo(browser, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { error: string; fields?: Record<string, string> };
      expect(answer.error).toBe('invalidRequest');
      if (fields) expect(answer.fields).toEqual(fields);
    }
    expect(await sessionClient(browser)).toEqual({ clientCode: 'SUN', billingGroup: null });
  });

  it('with an oversized body is a 413', async () => {
    const browser = await signedIn(PAT);
    const response = await switchTo(browser, { clientCode: 'DLT', padding: 'x'.repeat(70 * 1024) });
    expect(response.status).toBe(413);
    expect(await sessionClient(browser)).toEqual({ clientCode: 'SUN', billingGroup: null });
  });

  it('leaves nothing in the logs', async () => {
    const browser = await signedIn(PAT);
    await switchTo(browser, { clientCode: 'NPP' });
    await switchTo(browser, 'not json');
    await switchTo(browser, { clientCode: 'DLT', billingGroup: '52' });
    expect(logger.lines).toEqual([]);
  });
});
