import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, clients, outboxEmails, userClients, userTokens, users } from '../../db/schema';
import { SESSION_COOKIE } from '../../http/session';
import { hashPassword } from '../../security/password';
import {
  DEMO_GUEST,
  DEMO_PASSWORD,
  freshBrowserWithClock,
  recordingLogger,
  useSeededDatabase,
  type TestBrowser,
} from '../../test/harness';
import { latestEmails } from '../../core/mail/outbox';
import { TYPED_RECIPIENT_POLICY } from '../../core/mail/recipient-limits';
import { issueToken } from '../../core/tokens/tokens.service';

const database = useSeededDatabase();
let clock: Awaited<ReturnType<typeof freshBrowserWithClock>>['clock'];
let browserAt: (remoteAddress: string) => Promise<TestBrowser>;
let logger: ReturnType<typeof recordingLogger>;
let demoPasswordHash: string;
let addresses = 0;

beforeAll(async () => {
  demoPasswordHash = await hashPassword(DEMO_PASSWORD);
});

beforeEach(async () => {
  logger = recordingLogger();
  ({ clock, browserAt } = await freshBrowserWithClock(database.db, { logger }));
  await database.db.execute(sql`truncate table outbox_emails, user_tokens`);
});

const anyDay = expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string;
const registeredPat = { name: 'Pat Doe', email: 'pat.doe@example.com', registeredOn: anyDay, activated: true };

/** A browser of its own source address, so throttling by address never mixes tests. */
const newBrowser = () => browserAt(`192.0.2.${String(++addresses % 250)}`);

let people = 0;
/**
 * A user of their own (with an account under SUN, or the client named), so that tests that change
 * names, addresses and sessions never touch the demo users or each other.
 */
async function newUser(options: { language?: string; clientCode?: string } = {}): Promise<{ id: number; email: string }> {
  people += 1;
  const email = `member.${String(people)}.${String(Date.now())}@example.com`;
  const db = database.db;
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.code, options.clientCode ?? 'SUN'), sql`${clients.billingGroup} is null`));
  if (!client) throw new Error('no client');
  const accountNumber = `M-${String(people).padStart(4, '0')}-${String(Date.now() % 100000)}`;
  await db.insert(accounts).values({ clientId: client.id, accountNumber, holderName: 'Morgan Member' });
  const [user] = await db
    .insert(users)
    .values({ email, passwordHash: demoPasswordHash, firstName: 'Morgan', lastName: 'Member', language: options.language ?? null, activatedAt: new Date() })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  await db.insert(userClients).values({ userId: user.id, clientId: client.id, accountNumber });
  return { id: user.id, email };
}

async function signedIn(email: string, extra: Record<string, string> = {}): Promise<TestBrowser> {
  const browser = await newBrowser();
  const response = await browser.login(email, DEMO_PASSWORD, extra);
  expect(response.status).toBe(200);
  return browser;
}

const roleOf = async (browser: TestBrowser) =>
  ((await browser.getJson('/api/User/GetIsUserLoggedIn')).body as { userRole: string | null }).userRole;

async function json(response: Response): Promise<unknown> {
  return response.json();
}

async function emailsTo(address: string) {
  return database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, address));
}

/** The token of the confirmation link in the newest email to `address`. */
async function linkTokenTo(address: string): Promise<string> {
  const [email] = (await emailsTo(address)).slice(-1);
  const token = /confirmation\/update#token=([A-Za-z0-9_-]{43})/.exec(email?.body ?? '')?.[1];
  if (!token) throw new Error(`No confirmation link to ${address}`);
  return token;
}

async function emailOf(userId: number): Promise<string | undefined> {
  const [row] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

describe('who may call the member endpoints', () => {
  type Caller = 'anonymous' | 'guest' | 'user' | 'disabled user' | 'user of another client';
  const callers: Caller[] = ['anonymous', 'guest', 'user', 'disabled user', 'user of another client'];

  async function browserFor(caller: Caller): Promise<TestBrowser> {
    const browser = await newBrowser();
    if (caller === 'guest') expect((await browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber)).status).toBe(200);
    if (caller === 'user') expect((await browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' })).status).toBe(200);
    if (caller === 'disabled user') expect((await browser.login('disabled.doe@example.com', DEMO_PASSWORD)).status).toBe(200);
    if (caller === 'user of another client') expect((await browser.login('north.doe@example.com', DEMO_PASSWORD)).status).toBe(200);
    return browser;
  }

  const signedInAnswers = { anonymous: 401, guest: 403 } as const;
  // What each caller gets: the refusals of the access policy, or the endpoint's own answer to
  // the request below (a wrong password and a link nobody was sent are refused by the endpoint,
  // which proves the request got past the policy).
  const table: { call: string; send: (browser: TestBrowser) => Promise<Response>; answers: Record<Caller, number> }[] = [
    {
      call: 'GET /api/User/GetMemberInformation',
      send: (browser) => browser.get('/api/User/GetMemberInformation'),
      answers: { ...signedInAnswers, user: 200, 'disabled user': 200, 'user of another client': 200 },
    },
    {
      call: 'POST /api/User/UpdateMemberInformation',
      // Refused by the endpoint (a first name is required): nothing changes for the demo users.
      send: (browser) => browser.post('/api/User/UpdateMemberInformation', { firstName: '', lastName: 'Doe', company: '' }),
      answers: { ...signedInAnswers, user: 400, 'disabled user': 400, 'user of another client': 400 },
    },
    {
      call: 'POST /api/User/RequestEmailChange',
      send: (browser) => browser.post('/api/User/RequestEmailChange', { newEmail: 'someone.new@example.com', password: 'not the password' }),
      answers: { ...signedInAnswers, user: 400, 'disabled user': 403, 'user of another client': 400 },
    },
    {
      call: 'POST /api/User/ConfirmEmailChange',
      send: (browser) => browser.post('/api/User/ConfirmEmailChange', { token: 'A'.repeat(43) }),
      answers: { ...signedInAnswers, user: 404, 'disabled user': 403, 'user of another client': 404 },
    },
    {
      call: 'POST /api/User/SignOutEverywhere',
      send: (browser) => browser.post('/api/User/SignOutEverywhere'),
      answers: { ...signedInAnswers, user: 200, 'disabled user': 200, 'user of another client': 200 },
    },
  ];

  for (const { call, send, answers } of table) {
    it.each(callers)(`${call} answers %s as the access policy says`, async (caller) => {
      const response = await send(await browserFor(caller));
      expect(response.status).toBe(answers[caller]);
      const body = await json(response);
      if (answers[caller] === 401) expect(body).toEqual({ error: 'notSignedIn' });
      if (answers[caller] === 403) expect(body).toEqual({ error: caller === 'guest' ? 'forbidden' : 'accountDisabled' });
    });
  }

  it('shows each user only their own details and accounts, whichever client they are under', async () => {
    const pat = await browserFor('user');
    expect((await pat.getJson('/api/User/GetMemberInformation')).body).toEqual({
      firstName: 'Pat',
      lastName: 'Doe',
      company: '',
      accounts: [
        { clientCode: 'SUN', billingGroup: null, clientName: 'Sunrise Laboratories', accountNumber: 'A-100200', registeredUsers: [registeredPat] },
        { clientCode: 'DLT', billingGroup: '52', clientName: 'Delta Diagnostics', accountNumber: 'D-520100', registeredUsers: [registeredPat] },
      ],
    });
    const north = await browserFor('user of another client');
    expect((await north.getJson('/api/User/GetMemberInformation')).body).toEqual({
      firstName: 'Noor',
      lastName: 'Doe',
      company: '',
      accounts: [
        {
          clientCode: 'NPP',
          billingGroup: null,
          clientName: 'Northpoint Pathology',
          accountNumber: 'N-200100',
          registeredUsers: [{ name: 'Noor Doe', email: 'north.doe@example.com', registeredOn: anyDay, activated: true }],
        },
      ],
    });
  });

  it("lists everyone registered for each of the user's accounts, so a registration nobody asked for is seen", async () => {
    const member = await newUser();
    const [account] = await database.db.select({ clientId: userClients.clientId, accountNumber: userClients.accountNumber }).from(userClients).where(eq(userClients.userId, member.id));
    if (!account) throw new Error('no account');
    const [other] = await database.db
      .insert(users)
      .values({ email: `other.${member.email}`, passwordHash: demoPasswordHash, firstName: 'Casey', lastName: 'Stranger', activatedAt: null })
      .returning({ id: users.id });
    await database.db.insert(userClients).values({ userId: other?.id ?? 0, clientId: account.clientId, accountNumber: account.accountNumber });

    const browser = await signedIn(member.email);
    const information = (await browser.getJson('/api/User/GetMemberInformation')).body as { accounts: { registeredUsers: unknown[] }[] };
    expect(information.accounts.map((entry) => entry.registeredUsers)).toEqual([
      [
        { name: 'Morgan Member', email: member.email, registeredOn: anyDay, activated: true },
        { name: 'Casey Stranger', email: `other.${member.email}`, registeredOn: anyDay, activated: false },
      ],
    ]);
  });
});

describe('changing the name and company', () => {
  it('stores them normalised and trimmed, and answers what was stored', async () => {
    const user = await newUser();
    const browser = await signedIn(user.email);
    const response = await browser.post('/api/User/UpdateMemberInformation', {
      firstName: '  Jose\u0301 ',
      lastName: 'Nuñez-Doe',
      company: '\tAcme Clinic ',
    });
    expect(response.status).toBe(200);
    const stored = { firstName: 'José', lastName: 'Nuñez-Doe', company: 'Acme Clinic' };
    expect(await json(response)).toEqual(stored);
    expect((await browser.getJson('/api/User/GetMemberInformation')).body).toMatchObject(stored);
  });

  it('takes an empty company: it is optional', async () => {
    const user = await newUser();
    const browser = await signedIn(user.email);
    const response = await browser.post('/api/User/UpdateMemberInformation', { firstName: 'Morgan', lastName: 'Member', company: '' });
    expect(await json(response)).toEqual({ firstName: 'Morgan', lastName: 'Member', company: '' });
  });

  it('refuses what the form must not take, naming each field, and changes nothing', async () => {
    const user = await newUser();
    const browser = await signedIn(user.email);
    const response = await browser.post('/api/User/UpdateMemberInformation', {
      firstName: '   ',
      lastName: 'D'.repeat(101),
      company: 'Acme\u0000',
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({
      error: 'invalidRequest',
      fields: { firstName: 'required', lastName: 'tooLong', company: 'invalidCharacters' },
    });
    expect((await browser.getJson('/api/User/GetMemberInformation')).body).toMatchObject({ firstName: 'Morgan', lastName: 'Member', company: '' });
  });

  it('answers a body that is not the request with 400 or 413, never a server error', async () => {
    const user = await newUser();
    const browser = await signedIn(user.email);
    for (const path of ['/api/User/UpdateMemberInformation', '/api/User/RequestEmailChange', '/api/User/ConfirmEmailChange']) {
      for (const body of ['not json', '[]', 'null', { firstName: 5, lastName: [], company: {} }, { newEmail: null, password: 7 }, { token: 42 }]) {
        const response = await browser.post(path, body);
        expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(await json(response)).toMatchObject({ error: 'invalidRequest' });
      }
      const huge = await browser.post(path, { firstName: 'x'.repeat(70_000), newEmail: 'x', token: 'x' });
      expect(huge.status).toBe(413);
    }
    expect(logger.lines).toEqual([]);
  });
});

describe('signing out on every device', () => {
  it('ends every session of the user, the one asking included, and nobody else’s', async () => {
    const user = await newUser();
    const laptop = await signedIn(user.email);
    const phone = await signedIn(user.email);
    const someoneElse = await signedIn('north.doe@example.com');

    const response = await laptop.post('/api/User/SignOutEverywhere');

    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ endedSessions: 2 });
    // The browser that asked forgets its session cookie at once.
    expect(laptop.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await roleOf(laptop)).toBeNull();
    expect(await roleOf(phone)).toBeNull();
    expect((await phone.get('/api/User/GetMemberInformation')).status).toBe(401);
    expect(await roleOf(someoneElse)).toBe('ClientBillingUser');
  });

  it('lets the user sign in again afterwards', async () => {
    const user = await newUser();
    const browser = await signedIn(user.email);
    await browser.post('/api/User/SignOutEverywhere');
    expect((await browser.login(user.email, DEMO_PASSWORD)).status).toBe(200);
    expect(await roleOf(browser)).toBe('ClientBillingUser');
  });
});

describe('changing the email address', () => {
  const request = (browser: TestBrowser, newEmail: string, password = DEMO_PASSWORD) =>
    browser.post('/api/User/RequestEmailChange', { newEmail, password });
  const confirm = (browser: TestBrowser, token: string) => browser.post('/api/User/ConfirmEmailChange', { token });

  it('sends a link to the new address and a notice to the current one, and changes nothing yet', async () => {
    const user = await newUser();
    const browser = await signedIn(user.email);
    const newEmail = `renamed.${String(Date.now())}@example.com`;

    const response = await request(browser, `  ${newEmail.toUpperCase()} `);

    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ newEmail });
    const [toNew] = await emailsTo(newEmail);
    expect(toNew?.subject).toBe('Sunrise Laboratories: confirm your new email address');
    expect(toNew?.body).toContain('within 24 hours');
    expect(toNew?.body).toMatch(/^http:\/\/localhost\/SUN\/confirmation\/update#token=[A-Za-z0-9_-]{43}$/m);
    const [toOld] = await emailsTo(user.email);
    expect(toOld?.subject).toBe('Sunrise Laboratories: a change of your email address was requested');
    expect(toOld?.body).toContain(`from ${user.email} to ${newEmail}`);
    // The notice never carries the link: whoever reads the old mailbox cannot confirm the change.
    expect(toOld?.body).not.toContain('#token=');
    expect(await emailOf(user.id)).toBe(user.email);
    expect((await (await newBrowser()).login(user.email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('changes the address once the link is opened: the new one signs in, the old one no longer', async () => {
    const user = await newUser();
    const browser = await signedIn(user.email);
    const newEmail = `changed.${String(Date.now())}@example.com`;
    await request(browser, newEmail);

    const response = await confirm(browser, await linkTokenTo(newEmail));

    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ email: newEmail });
    expect(await emailOf(user.id)).toBe(newEmail);
    expect((await browser.getJson('/api/User/GetUserEmail')).body).toEqual({ email: newEmail });
    expect((await (await newBrowser()).login(newEmail, DEMO_PASSWORD)).status).toBe(200);
    expect((await (await newBrowser()).login(user.email, DEMO_PASSWORD)).status).toBe(401);
  });

  it('writes both emails in the user’s language', async () => {
    const user = await newUser({ language: 'es-ES' });
    const browser = await signedIn(user.email);
    const newEmail = `nuevo.${String(Date.now())}@example.com`;
    await request(browser, newEmail);
    expect((await emailsTo(newEmail))[0]?.subject).toBe('Sunrise Laboratories: confirme su nueva dirección de correo electrónico');
    expect((await emailsTo(newEmail))[0]?.body).toContain('en las próximas 24 horas');
    expect((await emailsTo(user.email))[0]?.subject).toBe('Sunrise Laboratories: se ha pedido cambiar su dirección de correo electrónico');
  });

  it('opens a link once only', async () => {
    const user = await newUser();
    const browser = await signedIn(user.email);
    const newEmail = `once.${String(Date.now())}@example.com`;
    await request(browser, newEmail);
    const token = await linkTokenTo(newEmail);
    expect((await confirm(browser, token)).status).toBe(200);
    const again = await confirm(browser, token);
    expect(again.status).toBe(404);
    expect(await json(again)).toEqual({ error: 'notFound' });
  });

  it('refuses a link after 24 hours, and leaves the address as it was', async () => {
    const user = await newUser();
    const browser = await signedIn(user.email);
    const newEmail = `late.${String(Date.now())}@example.com`;
    await request(browser, newEmail);
    const token = await linkTokenTo(newEmail);

    clock.advanceSeconds(24 * 60 * 60 + 1);
    const later = await signedIn(user.email);

    expect((await confirm(later, token)).status).toBe(404);
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('works only for the user it was sent for: another user signed in cannot spend it', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const ownerBrowser = await signedIn(owner.email);
    const newEmail = `owned.${String(Date.now())}@example.com`;
    await request(ownerBrowser, newEmail);
    const token = await linkTokenTo(newEmail);

    expect((await confirm(await signedIn(stranger.email), token)).status).toBe(404);
    expect(await emailOf(stranger.id)).toBe(stranger.email);
    // Still good for its owner.
    expect((await confirm(ownerBrowser, token)).status).toBe(200);
  });

  it('keeps only the newest link working', async () => {
    const user = await newUser();
    const browser = await signedIn(user.email);
    const first = `first.${String(Date.now())}@example.com`;
    const second = `second.${String(Date.now())}@example.com`;
    await request(browser, first);
    const firstToken = await linkTokenTo(first);
    await request(browser, second);
    expect((await confirm(browser, firstToken)).status).toBe(404);
    expect((await confirm(browser, await linkTokenTo(second))).status).toBe(200);
    expect(await emailOf(user.id)).toBe(second);
  });

  it('answers a taken address exactly like a free one, and its link then fails calmly', async () => {
    const user = await newUser();
    const other = await newUser();
    const browser = await signedIn(user.email);

    const taken = await request(browser, other.email);
    const free = await request(await signedIn((await newUser()).email), `free.${String(Date.now())}@example.com`);

    expect(taken.status).toBe(free.status);
    expect(await json(taken)).toEqual({ newEmail: other.email });
    expect(Object.keys((await json(free)) as object)).toEqual(['newEmail']);
    // The link goes out as for any other address (its owner may simply ignore it)...
    const token = await linkTokenTo(other.email);
    // ...and opening it changes nothing.
    const response = await confirm(browser, token);
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ error: 'notFound' });
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await emailOf(other.id)).toBe(other.email);
  });

  it('fails calmly when the address was taken between the request and the link', async () => {
    const user = await newUser();
    const browser = await signedIn(user.email);
    const newEmail = `raced.${String(Date.now())}@example.com`;
    await request(browser, newEmail);
    const token = await linkTokenTo(newEmail);
    const rival = await newUser();
    await database.db.update(users).set({ email: newEmail }).where(eq(users.id, rival.id));

    expect((await confirm(browser, token)).status).toBe(404);
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('refuses a wrong current password at the password field, and sends nothing', async () => {
    const user = await newUser();
    const browser = await signedIn(user.email);
    const newEmail = `wrong.${String(Date.now())}@example.com`;
    const response = await request(browser, newEmail, 'Not-the-password-1');
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: 'invalidRequest', fields: { password: 'invalid' } });
    expect(await emailsTo(newEmail)).toEqual([]);
    expect(await emailsTo(user.email)).toEqual([]);
  });

  it('refuses the current address and addresses that are not ones, at the new address field', async () => {
    const user = await newUser();
    const browser = await signedIn(user.email);
    for (const newEmail of [user.email, ` ${user.email.toUpperCase()}`, 'not-an-address', '', 'a@b\u0000.com', `${'x'.repeat(250)}@example.com`]) {
      const response = await request(browser, newEmail);
      expect(response.status, newEmail).toBe(400);
      expect(await json(response)).toMatchObject({ error: 'invalidRequest', fields: { newEmail: expect.any(String) as unknown } });
    }
    expect(await database.db.select().from(outboxEmails)).toEqual([]);
  });

  it('slows down guessing the password here as at sign-in', async () => {
    const user = await newUser();
    const browser = await signedIn(user.email);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await request(browser, 'guess@example.com', `Wrong-guess-${String(attempt)}`)).status).toBe(400);
    }
    const throttled = await request(browser, 'guess@example.com', DEMO_PASSWORD);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('Retry-After')).toBe('1');
    // The failures count for signing in too: it is the same password.
    expect((await (await newBrowser()).login(user.email, DEMO_PASSWORD)).status).toBe(429);
  });

  it('sends at most five links a quarter of an hour, so nobody can use it to flood an inbox', async () => {
    const user = await newUser();
    const browser = await signedIn(user.email);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await request(browser, `flood.${String(attempt)}@example.com`)).status).toBe(200);
    }
    const sixth = await request(browser, 'flood.6@example.com');
    expect(sixth.status).toBe(429);
    expect(await emailsTo('flood.6@example.com')).toEqual([]);
    clock.advanceSeconds(15 * 60 + 1);
    expect((await request(await signedIn(user.email), 'flood.7@example.com')).status).toBe(200);
  });

  // Six sign-ins and thirty requests that each check a password: 9 s alone, past 20 s on a busy machine.
  it('sends one address at most five links a quarter of an hour, however many accounts ask: 429 with Retry-After beyond', async () => {
    const victim = 'victim.of.a.flood@example.com';
    const askers: TestBrowser[] = [];
    for (let account = 0; account < 6; account++) askers.push(await signedIn((await newUser()).email));
    const answers: Response[] = [];
    for (let round = 0; round < 5; round++) {
      for (const asker of askers) answers.push(await request(asker, victim));
    }
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(TYPED_RECIPIENT_POLICY.freeFailures);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(30 - TYPED_RECIPIENT_POLICY.freeFailures);
    for (const answer of refused) {
      expect(await answer.json()).toEqual({ error: 'tooManyRequests' });
      expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
    const toVictim = (await latestEmails(database.db, 500)).filter((email) => email.toAddress === victim);
    expect(toVictim).toHaveLength(TYPED_RECIPIENT_POLICY.freeFailures);
    // Once the window has passed, the address may be asked for again.
    clock.advanceSeconds(TYPED_RECIPIENT_POLICY.windowSeconds + 1);
    expect((await request(await signedIn((await newUser()).email), victim)).status).toBe(200);
  }, 60_000);

  it('points the link at the configured portal origin rather than at the request’s host', async () => {
    const user = await newUser();
    const { browserAt: at } = await freshBrowserWithClock(database.db, { portalOrigin: 'https://portal.example.org' });
    const browser = await at('192.0.2.251');
    expect((await browser.login(user.email, DEMO_PASSWORD)).status).toBe(200);
    const newEmail = `origin.${String(Date.now())}@example.com`;
    await request(browser, newEmail);
    expect((await emailsTo(newEmail))[0]?.body).toContain('https://portal.example.org/SUN/confirmation/update#token=');
  });

  it('keeps the password and the link’s token out of the logs and the stored tokens', async () => {
    const user = await newUser();
    const browser = await signedIn(user.email);
    const newEmail = `secret.${String(Date.now())}@example.com`;
    await request(browser, newEmail);
    await request(browser, newEmail, 'A-wrong-password-9');
    const token = await linkTokenTo(newEmail);
    await confirm(browser, token);
    const stored = await database.db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(JSON.stringify(stored)).not.toContain(token);
    const everything = [...logger.lines, JSON.stringify(await database.db.select().from(outboxEmails))].join('\n');
    expect(everything).not.toContain(DEMO_PASSWORD);
    expect(everything).not.toContain('A-wrong-password-9');
    expect(logger.lines.join('\n')).not.toContain(token);
  });

  it('stops reset links sent to the old address once the address changes', async () => {
    const user = await newUser();
    const browser = await signedIn(user.email);
    const resetToken = await issueToken(database.db, { userId: user.id, purpose: 'resetPassword', now: clock.now() });
    const newEmail = `reset.${String(Date.now())}@example.com`;
    await request(browser, newEmail);
    await confirm(browser, await linkTokenTo(newEmail));
    const left = await database.db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, 'resetPassword')));
    expect(left).toEqual([]);
    expect(resetToken).toHaveLength(43);
  });
});
