import { and, eq, like, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { clients, outboxEmails, userClients, userTokens, users } from '../../db/schema';
import { sha256Hex } from '../../security/tokens';
import {
  DEMO_GUEST,
  DEMO_PASSWORD,
  TestBrowser,
  createTestApp,
  manualClock,
  recordingLogger,
  resetSessions,
  settled,
  useSeededDatabase,
} from '../../test/harness';
import { DEMO_POSTAL_CODE } from '../../seed/demo-data';
import { acceptedLanguage } from './registration.routes';

const database = useSeededDatabase();
let clock: ReturnType<typeof manualClock>;
let logger: ReturnType<typeof recordingLogger>;
let app: ReturnType<typeof createTestApp>;
/** The last test's app, whose work after its answers must land before the next test starts. */
let previousApp: ReturnType<typeof createTestApp> | null = null;
let browser: TestBrowser;

const PASSWORD = 'Quiet meadow lantern 42';
/** Every address these tests register ends so, and is removed before each test. */
const domain = 'registered.example';

beforeEach(async () => {
  // What the last test's requests left to do after their answers lands before the slate is wiped.
  if (previousApp) await settled(previousApp);
  await resetSessions(database.db);
  await database.db.execute(sql`truncate table user_tokens, outbox_emails`);
  await database.db.delete(users).where(like(users.email, `%@${domain}`));
  await database.db.update(users).set({ isActive: true });
  clock = manualClock();
  logger = recordingLogger();
  app = createTestApp(database.db, { now: clock.now, logger });
  previousApp = app;
  browser = await new TestBrowser(app).open();
});

/** A complete registration of the demo guest's account; `overrides` change fields. */
function registration(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Riley',
    lastName: 'Doe',
    company: '',
    email: `riley@${domain}`,
    password: PASSWORD,
    clientCode: 'SUN',
    rosterAcct: DEMO_GUEST.accountNumber,
    invoice: DEMO_GUEST.invoiceNumber,
    postalCode: DEMO_POSTAL_CODE,
    billingGroup: '',
    ...overrides,
  };
}

function register(body: Record<string, unknown>, options: { from?: TestBrowser; language?: string } = {}) {
  return (options.from ?? browser).post('/api/userregistration/Register', body, {
    headers: options.language ? { 'Accept-Language': options.language } : {},
  });
}

/** The emails to `address`, once the work the requests left after their answers is done. */
async function emailsTo(address: string) {
  await settled(app);
  return database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, address)).orderBy(outboxEmails.id);
}

/** The token of the newest activation link emailed to `address`. */
async function activationToken(address: string): Promise<string> {
  const emails = await emailsTo(address);
  const token = /\/confirmation\/activate#token=([A-Za-z0-9_-]{43})/.exec(emails.at(-1)?.body ?? '')?.[1];
  if (!token) throw new Error(`No activation link emailed to ${address}`);
  return token;
}

const activate = (token: unknown, from = browser) => from.post('/api/userregistration/Activate', { token });
const resend = (email: string, from = browser) => from.post('/api/userregistration/ResendActivation', { email });

async function clientIdOf(code: string, billingGroup: string | null = null): Promise<number> {
  const rows = await database.db.select({ id: clients.id, billingGroup: clients.billingGroup }).from(clients).where(eq(clients.code, code));
  const row = rows.find((candidate) => candidate.billingGroup === billingGroup);
  if (!row) throw new Error(`No client ${code}`);
  return row.id;
}

async function userRow(email: string) {
  await settled(app);
  const [row] = await database.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('registering', () => {
  it("registers the demo guest's account: a user waiting for activation, and an email with the activation link", async () => {
    const response = await register(registration({ company: ' Doe & Sons ', email: ` Riley@${domain.toUpperCase()} ` }));

    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('registered');
    const user = await userRow(`riley@${domain}`);
    expect(user).toMatchObject({ firstName: 'Riley', lastName: 'Doe', company: 'Doe & Sons', isActive: true, activatedAt: null, language: 'en-US' });
    const memberships = await database.db
      .select({ role: userClients.role, accountNumber: userClients.accountNumber })
      .from(userClients)
      .where(eq(userClients.userId, user?.id ?? 0));
    expect(memberships).toEqual([{ role: 'ClientBillingUser', accountNumber: 'A-778899' }]);

    const [email] = await emailsTo(`riley@${domain}`);
    expect(email?.subject).toBe('Sunrise Laboratories: activate your account');
    expect(email?.body).toContain('Hello Riley,');
    // The token rides in the fragment, which browsers never send: no proxy or access log keeps it.
    expect(email?.body).toMatch(/http:\/\/localhost\/SUN\/confirmation\/activate#token=[A-Za-z0-9_-]{43}\n/);
    expect(email?.body).not.toContain('?token=');
    expect(email?.body).not.toContain(PASSWORD);
    // The link's token is stored only as its digest.
    const token = await activationToken(`riley@${domain}`);
    const tokens = await database.db.select().from(userTokens);
    expect(tokens.filter((row) => row.purpose === 'activateAccount').map((row) => row.tokenHash)).toEqual([sha256Hex(token)]);
    expect(JSON.stringify(tokens)).not.toContain(token);
    // So is the link that the account's email on file got to remove the access.
    const removal = await removalToken('jordan.guest@example.com');
    expect(tokens.filter((row) => row.purpose === 'removeAccess').map((row) => row.tokenHash)).toEqual([sha256Hex(removal)]);
  });

  it("points the link at the public address when one is set, whatever Host the request names", async () => {
    const configured = createTestApp(database.db, { now: clock.now, logger, publicUrl: 'https://billing.example.org' });
    const forger = await new TestBrowser(configured).open();
    const response = await forger.post('http://attacker.example/api/userregistration/Register', registration({ email: `forged@${domain}` }));
    expect(response.status).toBe(200);
    await settled(configured);
    const [email] = await emailsTo(`forged@${domain}`);
    expect(email?.body).toMatch(/https:\/\/billing\.example\.org\/SUN\/confirmation\/activate#token=/);
    expect(email?.body).not.toContain('attacker.example');
  });

  it('writes the email in the language the form was read in, and keeps it as the new user\'s', async () => {
    expect((await register(registration(), { language: 'es-ES,es;q=0.9,en;q=0.8' })).status).toBe(200);
    const [email] = await emailsTo(`riley@${domain}`);
    expect(email?.subject).toBe('Sunrise Laboratories: active su cuenta');
    expect(email?.body).toContain('Hola, Riley:');
    expect((await userRow(`riley@${domain}`))?.language).toBe('es-ES');
  });

  it('gives an address already registered the same answer, changes nothing, and emails its owner instead', async () => {
    const response = await register(registration({ email: ' Pat.Doe@Example.com ', firstName: 'Mallory' }), { language: 'en-US' });

    expect(response.status).toBe(200);
    expect(await response.text()).toBe('registered');
    const pat = await userRow('pat.doe@example.com');
    expect(pat?.firstName).toBe('Pat');
    const memberships = await database.db.select().from(userClients).where(eq(userClients.userId, pat?.id ?? 0));
    expect(memberships.map((row) => row.accountNumber).sort()).toEqual(['A-100200', 'D-520100']);
    const [email] = await emailsTo('pat.doe@example.com');
    expect(email?.subject).toBe('Sunrise Laboratories: someone tried to register with your email address');
    expect(email?.body).toContain('http://localhost/SUN/login');
    expect(email?.body).toContain('http://localhost/SUN/forgotpassword');
    expect(email?.body).not.toContain('confirmation/activate');
    // The password typed into the form did not become pat's.
    expect((await new TestBrowser(app).open().then((b) => b.login('pat.doe@example.com', DEMO_PASSWORD))).status).toBe(200);
  });

  it('sends an address that registered but never activated a fresh link with the notice, and the older link stops working', async () => {
    await register(registration());
    const first = await activationToken(`riley@${domain}`);
    const again = await register(registration({ password: 'Another quiet lantern 7' }));

    expect(await again.text()).toBe('registered');
    const emails = await emailsTo(`riley@${domain}`);
    expect(emails.at(-1)?.subject).toBe('Sunrise Laboratories: someone tried to register with your email address');
    const second = await activationToken(`riley@${domain}`);
    expect(second).not.toBe(first);
    expect((await activate(first)).status).toBe(404);
    expect((await activate(second)).status).toBe(200);
    // The first registration's password stays.
    expect((await browser.login(`riley@${domain}`, PASSWORD)).status).toBe(200);
  });

  it('lets several people register for one billing account, each with a sign-in of their own; the guest still signs in', async () => {
    for (const name of ['riley', 'jordan']) {
      expect((await register(registration({ firstName: name, email: `${name}@${domain}` }))).status).toBe(200);
      expect((await activate(await activationToken(`${name}@${domain}`))).status).toBe(200);
    }
    for (const name of ['riley', 'jordan']) {
      const person = await new TestBrowser(app).open();
      expect((await person.login(`${name}@${domain}`, PASSWORD, { clientCode: 'SUN' })).status).toBe(200);
      expect(await person.getJson('/api/User/GetAccountNumber')).toEqual({ status: 200, body: { accountNumber: 'A-778899' } });
    }
    expect((await browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber)).status).toBe(200);
  });

  it('refuses a client, account, open invoice and postal code that do not belong together with one answer, creating nothing', async () => {
    const wrong = [
      { invoice: 'SUN-100012' }, // pat's invoice, another account
      { postalCode: '60601' }, // the account's number and invoice, but not the statement's postal code
      { rosterAcct: 'A-100200', invoice: 'SUN-100012' }, // pat's own account, with his paid invoice: a closed one proves nothing
      { rosterAcct: 'A-000000' },
      { clientCode: 'HBR' }, // the account is SUN's
      { clientCode: 'QQQ' }, // no such client
    ];
    for (const [index, fields] of wrong.entries()) {
      const response = await register(registration({ email: `wrong${String(index)}@${domain}`, ...fields }), { from: await new TestBrowser(app, `198.51.100.${String(index)}`).open() });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'invalidCredentials' });
    }
    expect(await database.db.select().from(users).where(like(users.email, `%@${domain}`))).toEqual([]);
    expect(await database.db.select().from(outboxEmails)).toEqual([]);
  });

  it('takes the postal code as a statement prints it or a person types it', async () => {
    for (const [index, postalCode] of [' 62704-1234 ', '627 04'].entries()) {
      const response = await register(registration({ email: `zip${String(index)}@${domain}`, postalCode }));
      expect(response.status).toBe(200);
    }
  });

  it('refuses a password that breaks the rules with the reason at the password field', async () => {
    const cases = [
      { password: 'short', reason: 'tooShort' },
      { password: 'password1234', reason: 'common' },
      { password: `RILEY@${domain}`, reason: 'sameAsEmail' },
      { password: 'x'.repeat(129), reason: 'tooLong' },
    ];
    for (const { password, reason } of cases) {
      const response = await register(registration({ password }));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'invalidRequest', fields: { password: reason } });
    }
    expect(await userRow(`riley@${domain}`)).toBeUndefined();
  });

  it('names each field that does not fit, with the reason', async () => {
    const response = await register(
      registration({ firstName: ' ', lastName: 'x'.repeat(101), email: 'not an address', clientCode: 'SUNNY', rosterAcct: 'A\u0000', invoice: undefined, postalCode: ' ' }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalidRequest',
      fields: {
        firstName: 'required',
        lastName: 'tooLong',
        email: 'invalid',
        clientCode: 'invalid',
        rosterAcct: 'invalidCharacters',
        invoice: 'required',
        postalCode: 'required',
      },
    });
  });

  it('answers 400 to a body that is not JSON and 413 to one that is too big, never 500', async () => {
    expect((await browser.post('/api/userregistration/Register', '{"firstName":')).status).toBe(400);
    expect((await browser.post('/api/userregistration/Register', registration({ company: 'x'.repeat(70_000) }))).status).toBe(413);
    expect((await browser.post('/api/userregistration/Activate', '[]')).status).toBe(400);
    expect((await browser.post('/api/userregistration/ResendActivation', 'null')).status).toBe(400);
  });

  it("counts a wrong account and invoice against the guest sign-in's limits", async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await register(registration({ invoice: 'SUN-999999' }))).status).toBe(400);
    }
    const throttled = await register(registration());
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('Retry-After'))).toBeGreaterThan(0);
    const guest = await new TestBrowser(app, '198.51.100.77').open();
    expect((await guest.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber)).status).toBe(429);
  });
});

/** The token of the newest "someone registered for your account" link emailed to `address`. */
async function removalToken(address: string): Promise<string> {
  const emails = await emailsTo(address);
  const token = /\/confirmation\/removeaccess#token=([A-Za-z0-9_-]{43})/.exec(emails.at(-1)?.body ?? '')?.[1];
  if (!token) throw new Error(`No access-removal link emailed to ${address}`);
  return token;
}

const removeAccess = (token: unknown, from = browser) => from.post('/api/userregistration/RemoveAccess', { token });

describe("telling the account's people that someone registered", () => {
  it("emails the account's email on file and every other registered user, each with the link that removes the new access", async () => {
    expect((await register(registration())).status).toBe(200);
    const [toFile] = await emailsTo('jordan.guest@example.com');
    expect(toFile?.subject).toBe('Sunrise Laboratories: someone registered for your billing account');
    expect(toFile?.body).toContain('billing account A-778899');
    expect(toFile?.body).toContain('Name given: Riley Doe');
    expect(toFile?.body).toContain(`Email address: riley@${domain}`);
    expect(toFile?.body).toMatch(/http:\/\/localhost\/SUN\/confirmation\/removeaccess#token=[A-Za-z0-9_-]{43}\n/);
    // The one who registered is not told about it by this email.
    expect((await emailsTo(`riley@${domain}`)).map((email) => email.subject)).toEqual(['Sunrise Laboratories: activate your account']);

    // Riley, registered (even before activating), is told when the next person registers, in Riley's language.
    await database.db.update(users).set({ language: 'es-ES' }).where(eq(users.email, `riley@${domain}`));
    expect((await register(registration({ firstName: 'Sam', email: `sam@${domain}` }))).status).toBe(200);
    const toRiley = (await emailsTo(`riley@${domain}`)).at(-1);
    expect(toRiley?.subject).toBe('Sunrise Laboratories: alguien se ha registrado en su cuenta de facturación');
    expect(toRiley?.body).toContain(`Correo electrónico: sam@${domain}`);
    expect((await emailsTo('jordan.guest@example.com')).at(-1)?.body).toContain('Name given: Sam Doe');
  });

  it('removes the access at once with the link: the sign-in, its sessions and its activation link stop working; the link works once', async () => {
    await register(registration());
    await activate(await activationToken(`riley@${domain}`));
    const riley = await new TestBrowser(app).open();
    expect((await riley.login(`riley@${domain}`, PASSWORD, { clientCode: 'SUN' })).status).toBe(200);
    await register(registration({ firstName: 'Sam', email: `sam@${domain}` }));
    const samActivation = await activationToken(`sam@${domain}`);

    // Riley did not register Sam: the link in Riley's notice removes Sam.
    const token = await removalToken(`riley@${domain}`);
    const stranger = await new TestBrowser(app).open();
    const removed = await removeAccess(token, stranger);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ removed: true });
    expect(await userRow(`sam@${domain}`)).toBeUndefined();
    expect((await activate(samActivation)).status).toBe(404);
    expect((await removeAccess(token)).status).toBe(410);
    expect(await (await removeAccess(token)).json()).toEqual({ error: 'linkInvalid' });
    // Riley's own access is untouched.
    expect((await riley.getJson('/api/User/GetAccountNumber')).body).toEqual({ accountNumber: 'A-778899' });
  });

  it("ends the removed user's sessions under that client and keeps the user's other accounts", async () => {
    await register(registration());
    await activate(await activationToken(`riley@${domain}`));
    const riley = await userRow(`riley@${domain}`);
    // Riley has an account at DLT too (the billing office added it).
    await database.db.insert(userClients).values({ userId: riley?.id ?? 0, clientId: await clientIdOf('DLT', '52'), accountNumber: 'D-520100' });
    const signedIn = await new TestBrowser(app).open();
    expect((await signedIn.login(`riley@${domain}`, PASSWORD, { clientCode: 'SUN' })).status).toBe(200);

    expect((await removeAccess(await removalToken('jordan.guest@example.com'))).status).toBe(200);
    expect((await signedIn.getJson('/api/User/GetIsUserLoggedIn')).body).toMatchObject({ isUserActive: false });
    const elsewhere = await new TestBrowser(app).open();
    // No account at SUN any more: the right password at SUN's address signs in at the user's other client.
    expect((await elsewhere.login(`riley@${domain}`, PASSWORD, { clientCode: 'SUN' })).status).toBe(200);
    expect((await elsewhere.getJson('/api/User/GetClientCode')).body).toEqual({ clientCode: 'DLT', billingGroup: '52' });
    expect((await elsewhere.login(`riley@${domain}`, PASSWORD, { clientCode: 'DLT', billingGroup: '52' })).status).toBe(200);
    expect((await elsewhere.getJson('/api/User/GetClientCode')).body).toEqual({ clientCode: 'DLT', billingGroup: '52' });
  });

  it('refuses an unknown or malformed link with 410, changing nothing', async () => {
    await register(registration());
    for (const token of ['A'.repeat(43), 'short']) expect((await removeAccess(token)).status).toBe(410);
    expect(await userRow(`riley@${domain}`)).toBeDefined();
  });
});

describe('activating', () => {
  it('activates with the link once; signing in works from then on', async () => {
    await register(registration());
    const token = await activationToken(`riley@${domain}`);

    const response = await activate(token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ activated: true });
    expect((await userRow(`riley@${domain}`))?.activatedAt).toEqual(clock.now());
    expect((await activate(token)).status).toBe(404);
    const login = await browser.login(`riley@${domain}`, PASSWORD, { clientCode: 'SUN' });
    expect(login.status).toBe(200);
    expect(await login.json()).toEqual({ userRole: 'ClientBillingUser', isUserActive: true, isAccountDisabled: false });
  });

  it('refuses a link after its 24 hours, an unknown one and a malformed one', async () => {
    await register(registration());
    const token = await activationToken(`riley@${domain}`);
    clock.advanceSeconds(24 * 60 * 60);

    expect(await (await activate(token)).json()).toEqual({ error: 'notFound' });
    expect((await activate('A'.repeat(43))).status).toBe(404);
    expect((await activate('not a token')).status).toBe(404);
    expect((await activate('')).status).toBe(400);
    expect((await activate(42)).status).toBe(400);
    expect((await userRow(`riley@${domain}`))?.activatedAt).toBeNull();
  });
});

describe('signing in before activating', () => {
  it('says the account waits for activation only to the right password', async () => {
    await register(registration());
    // The user is written after the answer, as its email is.
    await settled(app);

    const early = await browser.login(`riley@${domain}`, PASSWORD);
    expect(early.status).toBe(403);
    expect(await early.json()).toEqual({ error: 'accountNotActivated' });
    expect(browser.cookies.has('pbp_session')).toBe(false);
    const wrong = await browser.login(`riley@${domain}`, 'Not the password at all');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'invalidCredentials' });
  });

  it('sends a new link on request (the older one stops working), and nothing for an address that waits for none, with the same answer', async () => {
    await register(registration());
    const first = await activationToken(`riley@${domain}`);

    const response = await resend(` RILEY@${domain} `);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ accepted: true });
    const second = await activationToken(`riley@${domain}`);
    expect(second).not.toBe(first);
    expect((await activate(first)).status).toBe(404);

    for (const address of ['pat.doe@example.com', `nobody@${domain}`]) {
      const other = await resend(address);
      expect(other.status).toBe(200);
      expect(await other.json()).toEqual({ accepted: true });
      expect(await emailsTo(address)).toEqual([]);
    }
    expect((await activate(second)).status).toBe(200);
    expect(await (await resend(`riley@${domain}`)).json()).toEqual({ accepted: true });
    expect(await emailsTo(`riley@${domain}`)).toHaveLength(2);
  });

  it('writes a new link in the language the user registered in', async () => {
    await register(registration(), { language: 'es' });
    await settled(app);
    await resend(`riley@${domain}`);
    const emails = await emailsTo(`riley@${domain}`);
    expect(emails.map((email) => email.subject)).toEqual(['Sunrise Laboratories: active su cuenta', 'Sunrise Laboratories: active su cuenta']);
  });

  it('sends an address at most 3 registration emails in 15 minutes, and one source address at most 20', async () => {
    await register(registration());
    await settled(app);
    await resend(`riley@${domain}`);
    await resend(`riley@${domain}`);
    const fourth = await resend(`riley@${domain}`);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await emailsTo(`riley@${domain}`)).toHaveLength(3);
    clock.advanceSeconds(15 * 60);
    expect((await resend(`riley@${domain}`)).status).toBe(200);

    const sprayer = await new TestBrowser(app, '203.0.113.9').open();
    for (let index = 0; index < 20; index++) expect((await resend(`person${String(index)}@${domain}`, sprayer)).status).toBe(200);
    expect((await resend(`person20@${domain}`, sprayer)).status).toBe(429);
  });
});

describe('who may call the registration endpoints', () => {
  const callers: { name: string; signIn: (b: TestBrowser) => Promise<unknown> }[] = [
    { name: 'an anonymous visitor', signIn: () => Promise.resolve() },
    { name: 'a guest', signIn: (b) => b.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber) },
    { name: 'a user', signIn: (b) => b.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' }) },
    { name: 'a user whose account is disabled', signIn: (b) => b.login('disabled.doe@example.com', DEMO_PASSWORD) },
    { name: 'a user of another client', signIn: (b) => b.login('north.doe@example.com', DEMO_PASSWORD) },
  ];

  it.each(callers)('lets $name register, activate and ask for a link, and leaves who they are signed in as unchanged', async ({ signIn }) => {
    const caller = await new TestBrowser(app, '198.51.100.200').open();
    await signIn(caller);
    const before = await caller.getJson('/api/User/GetIsUserLoggedIn');

    const registered = await register(registration(), { from: caller });
    expect(registered.status).toBe(200);
    expect(await registered.text()).toBe('registered');
    expect((await activate(await activationToken(`riley@${domain}`), caller)).status).toBe(200);
    expect((await resend(`riley@${domain}`, caller)).status).toBe(200);
    expect(await caller.getJson('/api/User/GetIsUserLoggedIn')).toEqual(before);
  });

  it('refuses each without the anti-forgery token', async () => {
    for (const path of ['/api/userregistration/Register', '/api/userregistration/Activate', '/api/userregistration/ResendActivation']) {
      const response = await browser.post(path, registration(), { xsrf: 'none' });
      expect(response.status).toBe(403);
    }
    expect(await userRow(`riley@${domain}`)).toBeUndefined();
  });
});

describe('what is kept and logged', () => {
  it('logs a failure of the work after the answer without the address or the password, and keeps nothing of it', async () => {
    await database.db.execute(sql`alter table outbox_emails rename to outbox_emails_away`);
    try {
      expect(await (await register(registration())).text()).toBe('registered');
      expect(await (await resend('pat.doe@example.com')).json()).toEqual({ accepted: true });
      await settled(app);
    } finally {
      await database.db.execute(sql`alter table outbox_emails_away rename to outbox_emails`);
    }
    expect(logger.lines.map((line) => line.split('\n')[0])).toEqual(['Job registration.register failed']);
    for (const secret of [`riley@${domain}`, PASSWORD]) expect(logger.lines.join('\n')).not.toContain(secret);
    // The user and the email were one transaction: neither stayed.
    expect(await userRow(`riley@${domain}`)).toBeUndefined();
  });

  it('logs no password and no token, and keeps only the password hash', async () => {
    await register(registration());
    const token = await activationToken(`riley@${domain}`);
    await browser.login(`riley@${domain}`, PASSWORD);
    await activate(token);
    await activate(token);

    expect(logger.lines.join('\n')).not.toContain(PASSWORD);
    expect(logger.lines.join('\n')).not.toContain(token);
    const [row] = await database.db.select({ hash: users.passwordHash }).from(users).where(and(like(users.email, `%@${domain}`)));
    expect(row?.hash).not.toContain(PASSWORD);
  });
});

describe('the language of an email', () => {
  it.each([
    [undefined, 'en-US'],
    ['es-ES', 'es-ES'],
    ['es-MX,en;q=0.5', 'es-ES'],
    ['en-GB,es;q=0.9', 'en-US'],
    ['fr-FR,es;q=0.8', 'es-ES'],
    ['fr-FR', 'en-US'],
    ['', 'en-US'],
  ])('reads Accept-Language %j as %s', (header, language) => {
    expect(acceptedLanguage(header)).toBe(language);
  });
});
