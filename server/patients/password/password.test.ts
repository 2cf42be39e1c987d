import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { forgotPasswordResponseSchema, resetLinkResponseSchema } from '@contracts/password-requests';
import { passwordExpiredSchema } from '@contracts/session';
import { clients, outboxEmails, userClients, userTokens, users } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../security/password';
import {
  DEMO_PASSWORD,
  TestBrowser,
  createTestApp,
  manualClock,
  recordingLogger,
  resetSessions,
  settled,
  useSeededDatabase,
} from '../../test/harness';
import { RESET_ADDRESS_POLICY, RESET_EMAIL_COOLDOWN_MS, RESET_EMAIL_POLICY } from './password.service';

const database = useSeededDatabase();
const NEW_PASSWORD = 'Lantern-Quiet-Harbor-42';
let demoHash = '';

interface TestUser {
  email: string;
  id: number;
}

let userCount = 0;
/**
 * A user of its own for each test (a member of SUN's A-100200 and, with `dlt`, of DLT 52's
 * D-520100), signing in with the demo password, so no test sees another's password change.
 */
async function newUser(options: { language?: string; dlt?: boolean; firstName?: string; activated?: boolean; isActive?: boolean; changeRequired?: boolean } = {}): Promise<TestUser> {
  userCount += 1;
  const email = `reset.${String(userCount)}.${String(Date.now())}@example.com`;
  demoHash ||= await hashPassword(DEMO_PASSWORD);
  const [user] = await database.db
    .insert(users)
    .values({
      email,
      passwordHash: demoHash,
      firstName: options.firstName ?? 'Riley',
      lastName: 'Doe',
      language: options.language ?? null,
      isActive: options.isActive ?? true,
      activatedAt: options.activated === false ? null : new Date('2026-01-01T00:00:00Z'),
      passwordChangeRequired: options.changeRequired ?? false,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  const clientId = async (code: string, billingGroup: string | null) => {
    const rows = await database.db.select({ id: clients.id, billingGroup: clients.billingGroup }).from(clients).where(eq(clients.code, code));
    const row = rows.find((candidate) => candidate.billingGroup === billingGroup);
    if (!row) throw new Error(`no client ${code}`);
    return row.id;
  };
  await database.db.insert(userClients).values({ userId: user.id, clientId: await clientId('SUN', null), accountNumber: 'A-100200', createdAt: new Date('2026-01-01T00:00:00Z') });
  if (options.dlt) {
    await database.db.insert(userClients).values({ userId: user.id, clientId: await clientId('DLT', '52'), accountNumber: 'D-520100', createdAt: new Date('2026-01-02T00:00:00Z') });
  }
  return { email, id: user.id };
}

/** The emails queued for an address, newest first, once the work left after the answers is done. */
async function emailsTo(address: string) {
  await settled(app);
  return database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, address)).orderBy(desc(outboxEmails.id));
}

/** The token of the newest reset link emailed to an address. */
async function resetTokenFor(address: string): Promise<string> {
  const [email] = await emailsTo(address);
  const token = /resetpassword#token=([A-Za-z0-9_-]{43})/.exec(email?.body ?? '')?.[1];
  if (!token) throw new Error(`no reset link emailed to ${address}`);
  return token;
}

let clock = manualClock();
let app: ReturnType<typeof createTestApp>;
let logger = recordingLogger();

beforeEach(async () => {
  await resetSessions(database.db);
  await database.db.execute(sql`truncate table user_tokens, outbox_emails`);
  await database.db.update(clients).set({ passwordLifetimeDays: null });
  clock = manualClock();
  logger = recordingLogger();
  app = createTestApp(database.db, { now: clock.now, logger });
});

const browser = () => new TestBrowser(app).open();

async function signedIn(email: string, password = DEMO_PASSWORD, extra: Record<string, string> = {}): Promise<TestBrowser> {
  const signedInBrowser = await browser();
  expect((await signedInBrowser.login(email, password, extra)).status).toBe(200);
  return signedInBrowser;
}

async function isSignedIn(signedInBrowser: TestBrowser): Promise<boolean> {
  const { body } = await signedInBrowser.getJson('/api/User/GetIsUserLoggedIn');
  return (body as { userRole: unknown }).userRole !== null;
}

describe('asking for a reset link (CheckEmail)', () => {
  it('emails a working link to an address with an account, signed with the client the page names', async () => {
    const user = await newUser({ dlt: true });
    const response = await (await browser()).post('/api/ForgotPassword/CheckEmail', { email: ` ${user.email.toUpperCase()} `, clientCode: 'dlt', language: 'en-US' });

    expect(response.status).toBe(200);
    expect(v.parse(forgotPasswordResponseSchema, await response.json())).toEqual({ sent: true });
    const [email] = await emailsTo(user.email);
    expect(email?.subject).toBe('Delta Diagnostics: reset your password');
    expect(email?.body).toContain('Hello Riley,');
    expect(email?.body).toContain('within one hour');
    expect(email?.body).toMatch(/http:\/\/localhost\/DLT\/resetpassword#token=[A-Za-z0-9_-]{43}\n/);
    const [dlt] = await database.db.select({ id: clients.id }).from(clients).where(and(eq(clients.code, 'DLT'), eq(clients.billingGroup, '52')));
    expect(email?.clientId).toBe(dlt?.id);
    const link = await (await browser()).post('/api/ForgotPassword/CheckResetLink', { token: await resetTokenFor(user.email) });
    expect(v.parse(resetLinkResponseSchema, await link.json())).toEqual({ email: user.email });
  });

  it('answers an address without an account exactly as one with, and emails nobody', async () => {
    const user = await newUser();
    const known = await (await browser()).post('/api/ForgotPassword/CheckEmail', { email: user.email });
    const unknown = await (await browser()).post('/api/ForgotPassword/CheckEmail', { email: 'nobody.here@example.com' });

    expect([unknown.status, await unknown.text()]).toEqual([known.status, await known.text()]);
    expect(await emailsTo('nobody.here@example.com')).toEqual([]);
    expect(await database.db.select().from(outboxEmails)).toHaveLength(1);
  });

  it('answers before it looks the address up, and logs a failure of the work after the answer without the address', async () => {
    const user = await newUser();
    await database.db.execute(sql`alter table outbox_emails rename to outbox_emails_away`);
    try {
      const response = await (await browser()).post('/api/ForgotPassword/CheckEmail', { email: user.email });
      expect([response.status, await response.json()]).toEqual([200, { sent: true }]);
      await settled(app);
    } finally {
      await database.db.execute(sql`alter table outbox_emails_away rename to outbox_emails`);
    }
    expect(logger.lines).toHaveLength(1);
    expect(logger.lines[0]).toMatch(/^Job password.reset-link failed\n/);
    expect(logger.lines[0]).not.toContain(user.email);
    // Nothing of it stayed: no link was issued without its email.
    expect(await database.db.select().from(userTokens).where(eq(userTokens.userId, user.id))).toEqual([]);
  });

  it('sends one email for requests sent together, whose work after the answers overlaps', async () => {
    const user = await newUser();
    const visitors = await Promise.all([browser(), browser(), browser()]);
    const answers = await Promise.all(visitors.map((visitor) => visitor.post('/api/ForgotPassword/CheckEmail', { email: user.email })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await emailsTo(user.email)).toHaveLength(1);
  });

  it('sends nothing to a deactivated user, with the same answer', async () => {
    const user = await newUser({ isActive: false });
    const response = await (await browser()).post('/api/ForgotPassword/CheckEmail', { email: user.email });
    expect(await response.json()).toEqual({ sent: true });
    expect(await emailsTo(user.email)).toEqual([]);
  });

  it('writes in the user’s saved language first, else the page’s, and under the client the user belongs to', async () => {
    const spanish = await newUser({ language: 'es-ES', firstName: '' });
    // NPP is named by the page, but the user is not its member: the email speaks for SUN.
    await (await browser()).post('/api/ForgotPassword/CheckEmail', { email: spanish.email, language: 'en-US', clientCode: 'NPP' });
    const [email] = await emailsTo(spanish.email);
    expect(email?.subject).toBe('Sunrise Laboratories: restablezca su contraseña');
    expect(email?.body).toContain('Hola:');
    expect(email?.body).toContain('antes de que pase una hora');
    expect(email?.body).toContain('http://localhost/SUN/resetpassword#token=');

    const english = await newUser();
    await (await browser()).post('/api/ForgotPassword/CheckEmail', { email: english.email, language: 'es-ES' });
    expect((await emailsTo(english.email))[0]?.subject).toBe('Sunrise Laboratories: restablezca su contraseña');
  });

  it('points the links at the configured portal origin, whatever Host the request names', async () => {
    app = createTestApp(database.db, { now: clock.now, portalOrigin: 'https://portal.example.org' });
    const user = await newUser();
    await (await browser()).request('POST', '/api/ForgotPassword/CheckEmail', { body: { email: user.email }, headers: { Host: 'evil.example' } });
    expect((await emailsTo(user.email))[0]?.body).toContain('https://portal.example.org/SUN/resetpassword#token=');
  });

  it('sends one email for requests in a row, and a new link (the old one then dead) once the cooldown is over', async () => {
    const user = await newUser();
    const visitor = await browser();
    await visitor.post('/api/ForgotPassword/CheckEmail', { email: user.email });
    const first = await resetTokenFor(user.email);
    clock.advanceSeconds(RESET_EMAIL_COOLDOWN_MS / 1000 - 1);
    expect((await visitor.post('/api/ForgotPassword/CheckEmail', { email: user.email })).status).toBe(200);
    expect(await emailsTo(user.email)).toHaveLength(1);

    clock.advanceSeconds(1);
    await visitor.post('/api/ForgotPassword/CheckEmail', { email: user.email });
    expect(await emailsTo(user.email)).toHaveLength(2);
    const second = await resetTokenFor(user.email);
    expect(second).not.toBe(first);
    expect((await visitor.post('/api/ForgotPassword/CheckResetLink', { token: first })).status).toBe(410);
    expect((await visitor.post('/api/ForgotPassword/CheckResetLink', { token: second })).status).toBe(200);
  });

  it('holds off requests naming one address after a few, from anywhere and whether or not it has an account', async () => {
    const user = await newUser();
    for (const email of [user.email, 'nobody.at.all@example.com']) {
      for (let index = 0; index < RESET_EMAIL_POLICY.freeFailures; index++) {
        const visitor = await new TestBrowser(app, `203.0.113.${String(index + 1)}`).open();
        expect((await visitor.post('/api/ForgotPassword/CheckEmail', { email })).status).toBe(200);
      }
      const refused = await (await new TestBrowser(app, '203.0.113.99').open()).post('/api/ForgotPassword/CheckEmail', { email: email.toUpperCase() });
      expect([refused.status, await refused.json()]).toEqual([429, { error: 'tooManyRequests' }]);
    }
    expect(await emailsTo(user.email)).toHaveLength(1);
  });

  it('holds off one source address after many requests, whichever addresses they name', async () => {
    const visitor = await browser();
    for (let index = 0; index < RESET_ADDRESS_POLICY.freeFailures; index++) {
      expect((await visitor.post('/api/ForgotPassword/CheckEmail', { email: `someone.${String(index)}@example.com` })).status).toBe(200);
    }
    const refused = await visitor.post('/api/ForgotPassword/CheckEmail', { email: 'one.more@example.com' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Another address is not held off by this one.
    expect((await new TestBrowser(app, '198.51.100.7').post('/api/ForgotPassword/CheckEmail', { email: 'one.more@example.com' }, { xsrf: 'none' })).status).toBe(403);
    const elsewhere = await new TestBrowser(app, '198.51.100.7').open();
    expect((await elsewhere.post('/api/ForgotPassword/CheckEmail', { email: 'one.more@example.com' })).status).toBe(200);
  });
});

describe('the reset link', () => {
  async function linkFor(user: TestUser): Promise<string> {
    await (await browser()).post('/api/ForgotPassword/CheckEmail', { email: user.email });
    return resetTokenFor(user.email);
  }

  it('activates an account still waiting for its activation link: the reset link proved the address too', async () => {
    const user = await newUser({ activated: false });
    const token = await linkFor(user);
    expect((await (await browser()).post('/api/ForgotPassword/ResetPassword', { token, password: NEW_PASSWORD })).status).toBe(200);
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.activatedAt).toEqual(clock.now());
    await signedIn(user.email, NEW_PASSWORD);
  });

  it('sets the new password, ends every session of the user and tells the address', async () => {
    const user = await newUser();
    const laptop = await signedIn(user.email);
    const phone = await signedIn(user.email);
    const token = await linkFor(user);

    const response = await (await browser()).post('/api/ForgotPassword/ResetPassword', { token, password: NEW_PASSWORD, clientCode: 'SUN' });
    expect([response.status, await response.json()]).toEqual([200, { reset: true }]);
    expect(await isSignedIn(laptop)).toBe(false);
    expect(await isSignedIn(phone)).toBe(false);
    expect((await (await browser()).login(user.email, DEMO_PASSWORD)).status).toBe(401);
    await signedIn(user.email, NEW_PASSWORD);

    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordChangedAt).toEqual(clock.now());
    const [notice] = await emailsTo(user.email);
    expect(notice?.subject).toBe('Sunrise Laboratories: your password was changed');
    expect(notice?.body).toContain('You have been signed out on every device.');
    expect(notice?.body).toContain('March 1, 2026');
    expect(notice?.body).toContain('http://localhost/SUN/forgotpassword');
    expect(notice?.body).not.toContain(NEW_PASSWORD);
  });

  it('works once: a used link answers 410 linkInvalid and changes nothing', async () => {
    const user = await newUser();
    const token = await linkFor(user);
    const visitor = await browser();
    expect((await visitor.post('/api/ForgotPassword/ResetPassword', { token, password: NEW_PASSWORD })).status).toBe(200);
    const again = await visitor.post('/api/ForgotPassword/ResetPassword', { token, password: 'Another-Quiet-Lantern-7' });
    expect([again.status, await again.json()]).toEqual([410, { error: 'linkInvalid' }]);
    expect((await visitor.post('/api/ForgotPassword/CheckResetLink', { token })).status).toBe(410);
    await signedIn(user.email, NEW_PASSWORD);
  });

  it('is spent by only one of two requests at once', async () => {
    const user = await newUser();
    const token = await linkFor(user);
    const visitor = await browser();
    const answers = await Promise.all([
      visitor.post('/api/ForgotPassword/ResetPassword', { token, password: NEW_PASSWORD }),
      visitor.post('/api/ForgotPassword/ResetPassword', { token, password: 'Another-Quiet-Lantern-7' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410]);
  });

  it('stops working after one hour', async () => {
    const user = await newUser();
    const token = await linkFor(user);
    clock.advanceSeconds(60 * 60);
    const visitor = await browser();
    expect((await visitor.post('/api/ForgotPassword/CheckResetLink', { token })).status).toBe(410);
    expect((await visitor.post('/api/ForgotPassword/ResetPassword', { token, password: NEW_PASSWORD })).status).toBe(410);
  });

  it('answers 410 to a link nobody issued, and 400 to one that is not a link', async () => {
    const visitor = await browser();
    expect((await visitor.post('/api/ForgotPassword/CheckResetLink', { token: 'A'.repeat(43) })).status).toBe(410);
    const malformed = await visitor.post('/api/ForgotPassword/CheckResetLink', { token: 'not-a-token' });
    expect([malformed.status, await malformed.json()]).toEqual([400, { error: 'invalidRequest', fields: { token: 'invalid' } }]);
  });

  it('refuses a password against the rules with the field’s reason, and keeps the link working', async () => {
    const user = await newUser();
    const token = await linkFor(user);
    const visitor = await browser();
    const cases: [string, string][] = [
      ['short-one', 'tooShort'],
      ['x'.repeat(129), 'tooLong'],
      [user.email.toUpperCase(), 'sameAsEmail'],
      ['qwertyuiop123', 'common'],
    ];
    for (const [password, reason] of cases) {
      const response = await visitor.post('/api/ForgotPassword/ResetPassword', { token, password });
      expect({ password, status: response.status, body: (await response.json()) as unknown }).toEqual({
        password,
        status: 400,
        body: { error: 'invalidRequest', fields: { password: reason } },
      });
    }
    expect((await visitor.post('/api/ForgotPassword/CheckResetLink', { token })).status).toBe(200);
    expect((await visitor.post('/api/ForgotPassword/ResetPassword', { token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('counts a password’s length as a person does: 128 emoji are allowed', async () => {
    const user = await newUser();
    const token = await linkFor(user);
    const response = await (await browser()).post('/api/ForgotPassword/ResetPassword', { token, password: '🔑'.repeat(128) });
    expect(response.status).toBe(200);
  });
});

describe('the password expiry the session reads (GetIsPasswordExpired)', () => {
  it('is expired at once for expired.doe, whose password the billing office marked', async () => {
    const expired = await signedIn('expired.doe@example.com');
    const { status, body } = await expired.getJson('/api/User/GetIsPasswordExpired');
    expect([status, v.parse(passwordExpiredSchema, body)]).toEqual([200, { isPasswordExpired: true, daysUntilExpiry: 0 }]);
  });

  it('never expires under a client without a password lifetime, and counts the days under one with', async () => {
    const user = await newUser({ dlt: true });
    await database.db.update(users).set({ passwordChangedAt: new Date('2026-02-01T09:00:00Z') }).where(eq(users.id, user.id));
    await database.db.update(clients).set({ passwordLifetimeDays: 90 }).where(eq(clients.code, 'SUN'));
    const underSun = await signedIn(user.email, DEMO_PASSWORD, { clientCode: 'SUN' });
    // Changed 28 days before the clock's 1 March 2026.
    expect((await underSun.getJson('/api/User/GetIsPasswordExpired')).body).toEqual({ isPasswordExpired: false, daysUntilExpiry: 62 });
    const underDelta = await signedIn(user.email, DEMO_PASSWORD, { clientCode: 'DLT' });
    expect((await underDelta.getJson('/api/User/GetIsPasswordExpired')).body).toEqual({ isPasswordExpired: false, daysUntilExpiry: -1 });
    clock.advanceSeconds(62 * 24 * 60 * 60);
    // The earlier sessions have timed out by then; a new sign-in learns the password has expired.
    const later = await signedIn(user.email, DEMO_PASSWORD, { clientCode: 'SUN' });
    expect((await later.getJson('/api/User/GetIsPasswordExpired')).body).toEqual({ isPasswordExpired: true, daysUntilExpiry: 0 });
  });
});

describe('changing the password while signed in (UpdatePassword)', () => {
  it('changes it, keeps this session, ends the others, tells the address and answers the new expiry', async () => {
    const user = await newUser({ changeRequired: true, language: 'es-ES' });
    const here = await signedIn(user.email);
    const elsewhere = await signedIn(user.email);
    expect((await here.getJson('/api/User/GetIsPasswordExpired')).body).toEqual({ isPasswordExpired: true, daysUntilExpiry: 0 });

    const response = await here.post('/api/User/UpdatePassword', { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
    expect([response.status, await response.json()]).toEqual([200, { isPasswordExpired: false, daysUntilExpiry: -1 }]);
    expect(await isSignedIn(here)).toBe(true);
    expect(await isSignedIn(elsewhere)).toBe(false);
    expect((await here.getJson('/api/User/GetIsPasswordExpired')).body).toEqual({ isPasswordExpired: false, daysUntilExpiry: -1 });
    const [row] = await database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(NEW_PASSWORD, row?.passwordHash ?? '')).toBe(true);
    const [notice] = await emailsTo(user.email);
    expect(notice?.subject).toBe('Sunrise Laboratories: su contraseña ha cambiado');
    expect(notice?.body).toContain('en los demás dispositivos');
  });

  it('refuses a wrong current password and a new one against the rules, field by field, changing nothing', async () => {
    const user = await newUser();
    const here = await signedIn(user.email);
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ currentPassword: 'Not-The-Password-1', newPassword: NEW_PASSWORD }, { currentPassword: 'incorrect' }],
      [{ currentPassword: 'Not-The-Password-1', newPassword: 'short' }, { currentPassword: 'incorrect', newPassword: 'tooShort' }],
      [{ currentPassword: DEMO_PASSWORD, newPassword: 'Password1234' }, { newPassword: 'common' }],
      [{ currentPassword: DEMO_PASSWORD, newPassword: user.email }, { newPassword: 'sameAsEmail' }],
      [{ currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD }, { newPassword: 'sameAsCurrent' }],
      [{ currentPassword: '', newPassword: NEW_PASSWORD }, { currentPassword: 'required' }],
    ];
    for (const [body, fields] of cases) {
      const response = await here.post('/api/User/UpdatePassword', body);
      expect({ body, status: response.status, answer: (await response.json()) as unknown }).toEqual({ body, status: 400, answer: { error: 'invalidRequest', fields } });
    }
    expect(await isSignedIn(here)).toBe(true);
    await signedIn(user.email);
  });

  it('counts wrong current passwords as failed sign-ins, so a session cannot be used to guess it', async () => {
    const user = await newUser();
    const here = await signedIn(user.email);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await here.post('/api/User/UpdatePassword', { currentPassword: `Wrong-Guess-${String(attempt)}-xyz`, newPassword: NEW_PASSWORD })).status).toBe(400);
    }
    const throttled = await here.post('/api/User/UpdatePassword', { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
    expect([throttled.status, await throttled.json()]).toEqual([429, { error: 'tooManyRequests' }]);
    expect((await (await browser()).login(user.email, DEMO_PASSWORD)).status).toBe(429);
  });
});

describe('who may call what', () => {
  type Caller = 'anonymous' | 'guest' | 'user' | 'disabled user' | 'user of another client';

  async function callerBrowser(caller: Caller): Promise<TestBrowser> {
    const visitor = await browser();
    if (caller === 'guest') expect((await visitor.guestLogin('A-778899', 'SUN-100042')).status).toBe(200);
    if (caller === 'user') expect((await visitor.login('pat.doe@example.com', DEMO_PASSWORD)).status).toBe(200);
    if (caller === 'disabled user') expect((await visitor.login('disabled.doe@example.com', DEMO_PASSWORD)).status).toBe(200);
    if (caller === 'user of another client') expect((await visitor.login('north.doe@example.com', DEMO_PASSWORD, { clientCode: 'NPP' })).status).toBe(200);
    return visitor;
  }

  const userOnly = { anonymous: 401, guest: 403, user: 200, 'disabled user': 200, 'user of another client': 200 } as const;
  const open = { anonymous: 200, guest: 200, user: 200, 'disabled user': 200, 'user of another client': 200 } as const;
  // The update is refused (400) for every user: the current password sent is wrong, so nobody's changes.
  const table: { name: string; method: 'GET' | 'POST'; path: string; body?: object; expected: Record<Caller, number> }[] = [
    { name: 'CheckEmail', method: 'POST', path: '/api/ForgotPassword/CheckEmail', body: { email: 'nobody@example.com' }, expected: open },
    { name: 'CheckResetLink', method: 'POST', path: '/api/ForgotPassword/CheckResetLink', body: { token: 'A'.repeat(43) }, expected: { anonymous: 410, guest: 410, user: 410, 'disabled user': 410, 'user of another client': 410 } },
    { name: 'ResetPassword', method: 'POST', path: '/api/ForgotPassword/ResetPassword', body: { token: 'A'.repeat(43), password: NEW_PASSWORD }, expected: { anonymous: 410, guest: 410, user: 410, 'disabled user': 410, 'user of another client': 410 } },
    { name: 'GetIsPasswordExpired', method: 'GET', path: '/api/User/GetIsPasswordExpired', expected: userOnly },
    {
      name: 'UpdatePassword',
      method: 'POST',
      path: '/api/User/UpdatePassword',
      body: { currentPassword: 'Not-The-Password-1', newPassword: NEW_PASSWORD },
      expected: { ...userOnly, user: 400, 'disabled user': 400, 'user of another client': 400 },
    },
  ];
  const callers: Caller[] = ['anonymous', 'guest', 'user', 'disabled user', 'user of another client'];

  it.each(table)('$name answers each kind of caller as the table says', async ({ method, path, body, expected }) => {
    const answers: Record<string, number> = {};
    for (const caller of callers) {
      const visitor = await callerBrowser(caller);
      answers[caller] = (await visitor.request(method, path, body === undefined ? {} : { body })).status;
    }
    expect(answers).toEqual(expected);
  });

  it('tells each user the expiry of their own password under their own session’s client', async () => {
    const north = await callerBrowser('user of another client');
    expect((await north.getJson('/api/User/GetIsPasswordExpired')).body).toEqual({ isPasswordExpired: false, daysUntilExpiry: -1 });
    await database.db.update(clients).set({ passwordLifetimeDays: 30 }).where(eq(clients.code, 'SUN'));
    // SUN's lifetime is SUN's users' business, not NPP's.
    expect((await north.getJson('/api/User/GetIsPasswordExpired')).body).toEqual({ isPasswordExpired: false, daysUntilExpiry: -1 });
  });

  it('refuses every POST without the anti-forgery token', async () => {
    const visitor = await callerBrowser('user');
    for (const { method, path, body } of table.filter((row) => row.method === 'POST')) {
      expect((await visitor.request(method, path, { body, xsrf: 'none' })).status).toBe(403);
    }
  });
});

describe('what the password calls do with bad requests', () => {
  const paths = ['/api/ForgotPassword/CheckEmail', '/api/ForgotPassword/CheckResetLink', '/api/ForgotPassword/ResetPassword', '/api/User/UpdatePassword'];
  const bodies: unknown[] = [
    'not json',
    '{',
    'null',
    '[]',
    {},
    { email: 'a\u0000b@example.com' },
    { email: 'x'.repeat(300) },
    { email: 12 },
    { token: 'A'.repeat(43), password: 'a\u0007'.repeat(20) },
    { token: 'A'.repeat(43), password: 'x'.repeat(600) },
    { token: ['A'], password: {} },
    { currentPassword: null, newPassword: 1 },
    { currentPassword: 'x'.repeat(600), newPassword: 'y'.repeat(600) },
    { email: 'pat.doe@example.com', clientCode: 'TOOLONG', language: 'xx-XX' },
  ];

  it('answers 400 (or 413 for a huge body), never a server error', async () => {
    const visitor = await signedIn('pat.doe@example.com');
    for (const path of paths) {
      for (const body of bodies) {
        const response = await visitor.post(path, body);
        // A well-formed token with other fields besides is a fair question: that link is unknown.
        const wellFormedLink = path.endsWith('/CheckResetLink') && typeof body === 'object' && body !== null && 'token' in body && body.token === 'A'.repeat(43);
        expect({ path, body, status: response.status }).toEqual({ path, body, status: wellFormedLink ? 410 : 400 });
      }
      const huge = await visitor.post(path, { email: 'x'.repeat(70 * 1024) });
      expect({ path, status: huge.status }).toEqual({ path, status: 413 });
    }
    expect(logger.lines).toEqual([]);
  });
});

describe('what the logs keep', () => {
  it('never a password or a link’s token, even when a reset fails on the server', async () => {
    const user = await newUser();
    await (await browser()).post('/api/ForgotPassword/CheckEmail', { email: user.email });
    const token = await resetTokenFor(user.email);
    const before = await signedIn(user.email);
    // The notice cannot be written: the reset fails after the password was hashed and the link spent.
    await database.db.execute(sql`alter table outbox_emails rename to outbox_emails_away`);
    try {
      const failed = await (await browser()).post('/api/ForgotPassword/ResetPassword', { token, password: NEW_PASSWORD });
      expect(failed.status).toBe(500);
    } finally {
      await database.db.execute(sql`alter table outbox_emails_away rename to outbox_emails`);
    }
    // Nothing of the failed reset stayed: the old password and session still work, and so does the link.
    expect(await isSignedIn(before)).toBe(true);
    expect((await (await browser()).post('/api/ForgotPassword/ResetPassword', { token, password: NEW_PASSWORD })).status).toBe(200);
    const here = await signedIn(user.email, NEW_PASSWORD);
    await database.db.execute(sql`alter table outbox_emails rename to outbox_emails_away`);
    try {
      const failed = await here.post('/api/User/UpdatePassword', { currentPassword: NEW_PASSWORD, newPassword: 'Another-Quiet-Lantern-7' });
      expect(failed.status).toBe(500);
    } finally {
      await database.db.execute(sql`alter table outbox_emails_away rename to outbox_emails`);
    }
    await signedIn(user.email, NEW_PASSWORD);

    expect(logger.lines.length).toBeGreaterThan(0);
    const logged = logger.lines.join('\n');
    for (const secret of [token, NEW_PASSWORD, 'Another-Quiet-Lantern-7', user.email]) expect(logged).not.toContain(secret);
    // And the database keeps only the token's digest.
    expect(JSON.stringify(await database.db.select().from(userTokens))).not.toContain(token);
  });
});
