/**
 * Staff of a client over the console's API: the password, then a second factor (an authenticator
 * code good once, a recovery code good once); invitations that set a password and a second factor;
 * roles checked on the server; deactivation ending sessions at once; and every step in the
 * client's audit trail, which the database itself keeps append-only.
 */
import { parse } from 'csv-parse/sync';
import { and, desc, eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import * as v from 'valibot';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditListSchema, recoveryCodesSchema, staffExtendedSchema, staffMemberSchema, staffSessionSchema, staffTimeLeftSchema } from '@contracts/console';
import { queryRows } from '../../db/client';
import { auditEvents, clients, outboxEmails, staffMembers } from '../../db/schema';
import { createSecretBox, developmentSecretBox } from '../../security/secret-box';
import { secretPurpose } from '../../security/stored-secrets';
import { DEMO_TOTP_SECRET } from '../../seed/demo-data';
import { STAFF_COOKIE } from '../../http/staff-session';
import { formulaParts } from '../../lib/spreadsheet-safe';
import { createTestApp, DEMO_PASSWORD, manualClock, TestBrowser, useSeededDatabase } from '../../test/harness';
import { createApiKeysService } from '../../core/api-keys/api-keys.service';

const database = useSeededDatabase();
const ADMIN = 'office.admin@sunriselabs.example';
const CLERK = 'billing.clerk@sunriselabs.example';
const AUDITOR = 'auditor@sunriselabs.example';

let clock: ReturnType<typeof manualClock>;
let app: ReturnType<typeof createTestApp>;

beforeEach(async () => {
  await database.db.execute(sql`truncate table staff_sessions, login_attempts`);
  await database.db.execute(sql`update staff_members set totp_last_step = null`);
  // Each test at its own time: a code's step taken by one test is not another's.
  clock = manualClock(new Date(Date.UTC(2026, 2, 2, 15, 0, 0) + Math.floor(Math.random() * 1e6) * 120_000).toISOString());
  app = createTestApp(database.db, { now: clock.now });
});

const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

async function browser(address = '192.0.2.10') {
  return new TestBrowser(app, address).open();
}

/** Signs `email` in with the demo password and a code from the demo authenticator secret. */
async function signedIn(email: string, clientCode = 'SUN', address?: string) {
  const b = await browser(address);
  const password = await b.post('/api/console/sign-in', { clientCode, email, password: DEMO_PASSWORD });
  expect(password.status).toBe(200);
  const code = await b.post('/api/console/sign-in/code', { code: await codeAt(DEMO_TOTP_SECRET, clock.now()) });
  expect(code.status).toBe(200);
  return b;
}

/** A staff member's authenticator secret as the database holds it. */
async function storedTotpSecret(email: string): Promise<{ id: number; totp_secret: string | null }> {
  const [row] = await queryRows<{ id: number; totp_secret: string | null }>(
    database.db,
    sql`select id, totp_secret from staff_members where email = ${email} and client_id = (select id from clients where code = 'SUN' and billing_group is null)`,
  );
  if (!row) throw new Error(`No staff member ${email}`);
  return row;
}

async function trail(action?: string) {
  return database.db
    .select()
    .from(auditEvents)
    .where(action ? eq(auditEvents.action, action) : undefined)
    .orderBy(desc(auditEvents.id))
    .limit(20);
}

async function invitationLink(to: string): Promise<string> {
  const [email] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to)).orderBy(desc(outboxEmails.id)).limit(1);
  const token = /welcome#token=([A-Za-z0-9_-]{43})/.exec(email?.body ?? '')?.[1];
  if (!token) throw new Error(`No invitation for ${to}`);
  return token;
}

describe('staff sign-in: the password, then a second factor', () => {
  it('asks for the second factor after the password, and signs in with a code from the app', async () => {
    const b = await browser();
    const first = await b.post('/api/console/sign-in', { clientCode: 'sun', email: ` ${ADMIN.toUpperCase()} `, password: DEMO_PASSWORD });
    expect(v.parse(staffSessionSchema, await first.json())).toEqual({ stage: 'secondFactor', factors: { passkey: false, authenticatorApp: true } });
    // Owing the second factor is not being signed in.
    expect((await b.get('/api/console/audit')).status).toBe(401);
    const beforeFactor = b.cookies.get(STAFF_COOKIE);
    const second = await b.post('/api/console/sign-in/code', { code: await codeAt(DEMO_TOTP_SECRET, clock.now()) });
    expect(v.parse(staffSessionSchema, await second.json())).toMatchObject({ stage: 'signedIn', email: ADMIN, role: 'officeAdmin', clientCode: 'SUN', idleSeconds: 900 });
    expect((await b.get('/api/console/audit')).status).toBe(200);
    // Signed in under a new token: the one that only knew the password is worth nothing now.
    expect(b.cookies.get(STAFF_COOKIE)).not.toBe(beforeFactor);
    const stale = await browser('192.0.2.11');
    stale.cookies.set(STAFF_COOKIE, beforeFactor ?? '');
    expect((await stale.get('/api/console/audit')).status).toBe(401);
    expect((await trail('staff.signIn'))[0]).toMatchObject({ actor: ADMIN, outcome: 'ok', detail: 'authenticatorApp', ipAddress: '192.0.2.10' });
  });

  it('refuses a code used once already (a replay), and a wrong one, and records both', async () => {
    const code = await codeAt(DEMO_TOTP_SECRET, clock.now());
    const first = await browser();
    await first.post('/api/console/sign-in', { clientCode: 'SUN', email: CLERK, password: DEMO_PASSWORD });
    expect((await first.post('/api/console/sign-in/code', { code })).status).toBe(200);
    const second = await browser('192.0.2.11');
    await second.post('/api/console/sign-in', { clientCode: 'SUN', email: CLERK, password: DEMO_PASSWORD });
    const replay = await second.post('/api/console/sign-in/code', { code });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ error: 'invalidCredentials' });
    expect((await second.post('/api/console/sign-in/code', { code: code === '000000' ? '111111' : '000000' })).status).toBe(401);
    expect((await second.get('/api/console/audit')).status).toBe(401);
    const refused = (await trail('staff.secondFactor')).filter((row) => row.actor === CLERK);
    expect(refused.slice(0, 2).map((row) => row.outcome)).toEqual(['refused', 'refused']);
    expect(refused[0]?.detail).toBe('authenticatorApp invalidCredentials');
  });

  it('answers a wrong password, an unknown email and another client’s staff alike, and throttles', async () => {
    const b = await browser();
    const answers = await Promise.all([
      b.post('/api/console/sign-in', { clientCode: 'SUN', email: ADMIN, password: 'wrong password 1' }),
      b.post('/api/console/sign-in', { clientCode: 'SUN', email: 'nobody@sunriselabs.example', password: DEMO_PASSWORD }),
      b.post('/api/console/sign-in', { clientCode: 'SUN', email: 'office.admin@northpointpathology.example', password: DEMO_PASSWORD }),
    ]);
    for (const answer of answers) expect([answer.status, await answer.json()]).toEqual([401, { error: 'invalidCredentials' }]);
    expect((await trail('staff.password'))[0]).toMatchObject({ actor: ADMIN, outcome: 'refused', detail: 'invalidCredentials' });
    for (let i = 0; i < 5; i += 1) await b.post('/api/console/sign-in', { clientCode: 'SUN', email: AUDITOR, password: `wrong password ${String(i)}` });
    const throttled = await b.post('/api/console/sign-in', { clientCode: 'SUN', email: AUDITOR, password: DEMO_PASSWORD });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('ends a session after 15 minutes idle, and slides it on activity', async () => {
    const b = await signedIn(ADMIN);
    clock.advanceSeconds(14 * 60);
    expect((await b.get('/api/console/audit')).status).toBe(200);
    clock.advanceSeconds(14 * 60);
    expect((await b.get('/api/console/audit')).status).toBe(200);
    clock.advanceSeconds(15 * 60 + 1);
    expect((await b.get('/api/console/audit')).status).toBe(401);
    expect(v.parse(staffSessionSchema, await (await b.get('/api/console/session')).json())).toEqual({ stage: 'none' });
  });

  it('warns in the last 2 minutes without the poll keeping an idle session alive; staying signed in extends it', async () => {
    const b = await signedIn(ADMIN);
    const timeLeft = async () => v.parse(staffTimeLeftSchema, await (await b.get('/api/console/session/time-left')).json());
    expect(await timeLeft()).toEqual({ display: false, secondsLeft: 900 });
    // Polled every 10 seconds for 13 minutes: the session ends when it would have without the polls.
    for (let polled = 0; polled < 78; polled += 1) {
      clock.advanceSeconds(10);
      await timeLeft();
    }
    expect(await timeLeft()).toEqual({ display: true, secondsLeft: 120 });
    clock.advanceSeconds(60);
    expect(await timeLeft()).toEqual({ display: true, secondsLeft: 60 });
    // Staying signed in needs the anti-forgery token, like every call that changes something.
    expect((await b.post('/api/console/session/extend', undefined, { xsrf: 'none' })).status).toBe(403);
    const stayed = await b.post('/api/console/session/extend');
    expect([stayed.status, v.parse(staffExtendedSchema, await stayed.json())]).toEqual([200, { secondsLeft: 900 }]);
    expect(await timeLeft()).toEqual({ display: false, secondsLeft: 900 });
    expect((await trail('session.extend'))[0]).toMatchObject({ actor: ADMIN, outcome: 'ok' });
    clock.advanceSeconds(15 * 60);
    expect(await timeLeft()).toEqual({ display: false, secondsLeft: 0 });
    expect((await b.post('/api/console/session/extend')).status).toBe(401);
    expect((await b.get('/api/console/audit')).status).toBe(401);
  });

  it('keeps the console apart from a patient’s session: a patient cookie is no staff session', async () => {
    const b = await browser();
    await b.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' });
    expect((await b.get('/api/console/audit')).status).toBe(401);
  });
});

describe('invitations and setting up a second factor', () => {
  it('invites a clerk who sets a password and an authenticator app, gets ten recovery codes, each good once', async () => {
    const admin = await signedIn(ADMIN);
    const email = `clerk.${String(Date.now())}@sunriselabs.example`;
    const invited = await admin.post('/api/console/staff', { email, role: 'billingStaff' });
    expect(invited.status).toBe(201);
    expect(v.parse(staffMemberSchema, await invited.json())).toMatchObject({ email, role: 'billingStaff', status: 'invited', secondFactor: false });
    expect((await admin.post('/api/console/staff', { email: email.toUpperCase(), role: 'readOnly' })).status).toBe(409);
    // Invited, no password yet: no sign-in.
    const clerk = await browser('192.0.2.20');
    expect((await clerk.post('/api/console/sign-in', { clientCode: 'SUN', email, password: DEMO_PASSWORD })).status).toBe(401);

    const token = await invitationLink(email);
    const weak = await clerk.post('/api/console/invitation', { token, password: 'short' });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ error: 'invalidRequest', fields: { password: 'tooShort' } });
    const accepted = await clerk.post('/api/console/invitation', { token, password: 'a long clerk password 42' });
    expect(v.parse(staffSessionSchema, await accepted.json())).toEqual({ stage: 'enrol', email });
    // Setting up is not being signed in; and the link works once.
    expect((await clerk.get('/api/console/audit')).status).toBe(401);
    expect((await (await browser('192.0.2.21')).post('/api/console/invitation', { token, password: 'another long password 42' })).status).toBe(410);
    const beforeEnrolment = clerk.cookies.get(STAFF_COOKIE);

    const setup = (await (await clerk.post('/api/console/enrol/authenticator')).json()) as { secret: string; uri: string };
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
    // The secret being set up is kept sealed on the session, never as it is.
    const pending = await queryRows<{ pending_totp_secret: string | null }>(database.db, sql`select pending_totp_secret from staff_sessions where pending_totp_secret is not null`);
    expect(pending).toHaveLength(1);
    expect(pending[0]?.pending_totp_secret).toMatch(/^sb1\./);
    expect(pending[0]?.pending_totp_secret).not.toContain(setup.secret);
    expect((await clerk.post('/api/console/enrol/authenticator/confirm', { code: '000000' })).status).toBe(401);
    const confirmed = await clerk.post('/api/console/enrol/authenticator/confirm', { code: await codeAt(setup.secret, clock.now()) });
    const { recoveryCodes } = v.parse(recoveryCodesSchema, await confirmed.json());
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}$/);
    expect((await clerk.get('/api/console/audit')).status).toBe(200);
    expect(clerk.cookies.get(STAFF_COOKIE)).not.toBe(beforeEnrolment);
    // Stored sealed for the clerk's row, under the app's key: never the secret itself.
    const stored = await storedTotpSecret(email);
    expect(stored.totp_secret).toMatch(/^sb1\./);
    expect(stored.totp_secret).not.toContain(setup.secret);
    expect(developmentSecretBox().open(stored.totp_secret ?? '', secretPurpose.totpSecret(stored.id))).toBe(setup.secret);
    expect(await queryRows(database.db, sql`select 1 from staff_sessions where pending_totp_secret is not null`)).toEqual([]);
    // The app's codes sign in later.
    await clerk.post('/api/console/sign-out');
    clock.advanceSeconds(60);
    await clerk.post('/api/console/sign-in', { clientCode: 'SUN', email, password: 'a long clerk password 42' });
    expect((await clerk.post('/api/console/sign-in/code', { code: await codeAt(setup.secret, clock.now()) })).status).toBe(200);

    // Later, without the phone: a recovery code (typed in lower case, without its dash) signs in once.
    await clerk.post('/api/console/sign-out');
    expect((await clerk.get('/api/console/audit')).status).toBe(401);
    const recovery = recoveryCodes[3] ?? '';
    await clerk.post('/api/console/sign-in', { clientCode: 'SUN', email, password: 'a long clerk password 42' });
    expect((await clerk.post('/api/console/sign-in/code', { code: recovery.replace('-', '').toLowerCase() })).status).toBe(200);
    await clerk.post('/api/console/sign-out');
    await clerk.post('/api/console/sign-in', { clientCode: 'SUN', email, password: 'a long clerk password 42' });
    expect((await clerk.post('/api/console/sign-in/code', { code: recovery })).status).toBe(401);

    const actions = (await trail()).map((row) => `${row.actor} ${row.action} ${row.outcome}`);
    expect(actions).toContain(`${ADMIN} staff.invite ok`);
    expect(actions).toContain(`${ADMIN} staff.invite refused`);
    expect(actions).toContain(`${email} staff.acceptInvitation ok`);
    expect(actions).toContain(`${email} staff.enrol ok`);
  });

  it('asks for the app to be set up again when its stored secret does not open: sealed by a lost key, or moved from another row', async () => {
    const original = await storedTotpSecret(CLERK);
    const admin = await storedTotpSecret(ADMIN);
    const lostKey = createSecretBox({ key: Buffer.alloc(32, 9) }).seal(DEMO_TOTP_SECRET, secretPurpose.totpSecret(original.id));
    try {
      for (const unopenable of [lostKey, admin.totp_secret ?? '']) {
        await database.db.update(staffMembers).set({ totpSecret: unopenable }).where(eq(staffMembers.id, original.id));
        const b = await browser('192.0.2.30');
        const answer = await b.post('/api/console/sign-in', { clientCode: 'SUN', email: CLERK, password: DEMO_PASSWORD });
        expect(v.parse(staffSessionSchema, await answer.json())).toEqual({ stage: 'enrol', email: CLERK });
        // The old app's code is no way in: such a session may only set up a second factor.
        expect((await b.post('/api/console/sign-in/code', { code: await codeAt(DEMO_TOTP_SECRET, clock.now()) })).status).toBe(401);
        expect((await b.get('/api/console/audit')).status).toBe(401);
      }
      const b = await browser('192.0.2.31');
      await b.post('/api/console/sign-in', { clientCode: 'SUN', email: CLERK, password: DEMO_PASSWORD });
      const setup = (await (await b.post('/api/console/enrol/authenticator')).json()) as { secret: string };
      expect((await b.post('/api/console/enrol/authenticator/confirm', { code: await codeAt(setup.secret, clock.now()) })).status).toBe(200);
      expect((await b.get('/api/console/audit')).status).toBe(200);
      const mended = await storedTotpSecret(CLERK);
      expect(developmentSecretBox().open(mended.totp_secret ?? '', secretPurpose.totpSecret(original.id))).toBe(setup.secret);
    } finally {
      await database.db.update(staffMembers).set({ totpSecret: original.totp_secret }).where(eq(staffMembers.id, original.id));
    }
  });

  it('refuses a passkey answer that is not one, and a passkey step with no challenge asked for', async () => {
    const admin = await browser();
    await admin.post('/api/console/sign-in', { clientCode: 'SUN', email: ADMIN, password: DEMO_PASSWORD });
    expect((await admin.post('/api/console/sign-in/passkey', { response: { id: 'x', type: 'public-key' } })).status).toBe(401);
    const options = (await (await admin.post('/api/console/sign-in/passkey-options')).json()) as { challenge: string; rpId: string };
    expect(options.rpId).toBe('localhost');
    expect(options.challenge.length).toBeGreaterThan(20);
    expect((await admin.post('/api/console/sign-in/passkey', { response: { id: 'unknown', rawId: 'unknown', type: 'public-key', response: {} } })).status).toBe(401);
  });
});

describe('roles, clients and deactivation, checked on the server', () => {
  it('lets only office admins manage staff; a read-only member’s attempt is refused and recorded', async () => {
    const auditor = await signedIn(AUDITOR);
    const refused = await auditor.post('/api/console/staff', { email: 'someone@sunriselabs.example', role: 'officeAdmin' });
    expect(refused.status).toBe(403);
    expect((await auditor.get('/api/console/staff')).status).toBe(403);
    expect((await trail('staff.invite'))[0]).toMatchObject({ actor: AUDITOR, role: 'readOnly', outcome: 'refused', detail: 'forbidden' });
    expect((await auditor.get('/api/console/audit')).status).toBe(200);
  });

  it('never reaches another client’s staff: an NPP member by id is not found from SUN', async () => {
    const admin = await signedIn(ADMIN);
    const [npp] = await database.db
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .innerJoin(clients, eq(clients.id, staffMembers.clientId))
      .where(and(eq(clients.code, 'NPP'), eq(staffMembers.role, 'officeAdmin')));
    const answer = await admin.post(`/api/console/staff/${String(npp?.id)}/deactivate`);
    expect(answer.status).toBe(404);
    const [row] = await database.db.select({ status: staffMembers.status }).from(staffMembers).where(eq(staffMembers.id, npp?.id ?? 0));
    expect(row?.status).toBe('active');
    expect((await trail('staff.deactivate'))[0]).toMatchObject({ actor: ADMIN, outcome: 'refused', detail: 'notFound' });
  });

  it('ends a deactivated member’s sessions at once, and keeps one office admin at least', async () => {
    const admin = await signedIn(ADMIN);
    const email = `temp.${String(Date.now())}@sunriselabs.example`;
    const invited = v.parse(staffMemberSchema, await (await admin.post('/api/console/staff', { email, role: 'officeAdmin' })).json());
    const temp = await browser('192.0.2.30');
    await temp.post('/api/console/invitation', { token: await invitationLink(email), password: 'temporary admin password 7' });
    const setup = (await (await temp.post('/api/console/enrol/authenticator')).json()) as { secret: string };
    await temp.post('/api/console/enrol/authenticator/confirm', { code: await codeAt(setup.secret, clock.now()) });
    expect((await temp.get('/api/console/staff')).status).toBe(200);

    const deactivated = await admin.post(`/api/console/staff/${String(invited.id)}/deactivate`);
    expect(v.parse(staffMemberSchema, await deactivated.json()).status).toBe('deactivated');
    expect((await temp.get('/api/console/staff')).status).toBe(401);
    expect((await temp.post('/api/console/sign-in', { clientCode: 'SUN', email, password: 'temporary admin password 7' })).status).toBe(401);

    const [self] = await database.db.select({ id: staffMembers.id }).from(staffMembers).where(eq(staffMembers.email, ADMIN));
    const demote = await admin.post(`/api/console/staff/${String(self?.id)}/role`, { role: 'readOnly' });
    expect([demote.status, await demote.json()]).toEqual([409, { error: 'lastOfficeAdmin' }]);
  });
});

describe('the audit trail', () => {
  it('records API-key calls beside staff actions, finds by words, and exports spreadsheet-safe CSV', async () => {
    const [sun] = await database.db.select({ id: clients.id }).from(clients).where(eq(clients.code, 'SUN'));
    const { key, prefix } = await createApiKeysService({ db: database.db, now: clock.now }).create({ clientId: sun?.id ?? 0, scopes: ['payments:read'], name: 'Ledger sync' });
    await app.request('/api/office/v1/imports', { headers: { Authorization: `Bearer ${key}` } });
    const admin = await signedIn(ADMIN);
    const found = v.parse(auditListSchema, await (await admin.get(`/api/console/audit?q=${prefix}`)).json());
    // The key by the name the office gave it, and its prefix.
    expect(found.events[0]).toMatchObject({ actorKind: 'apiKey', actor: `Ledger sync (${prefix})`, action: 'apiKey.call', target: 'GET /api/office/v1/imports', outcome: 'refused', detail: '403' });
    expect(found.events.every((event) => event.actor.includes(prefix) || event.detail.includes(prefix) || event.target.includes(prefix))).toBe(true);
    // Found by its name too.
    const byName = v.parse(auditListSchema, await (await admin.get('/api/console/audit?q=ledger%20sync')).json());
    expect(byName.events.map((event) => event.actor)).toContain(`Ledger sync (${prefix})`);

    // A search typed as a formula is recorded with the export, and comes out as text.
    const formula = '=HYPERLINK("http://evil.example")';
    expect((await admin.get(`/api/console/audit.csv?q=${encodeURIComponent(formula)}`)).status).toBe(200);
    const csv = await (await admin.get('/api/console/audit.csv?q=audit.export')).text();
    const rows = parse<Record<string, string>>(csv, { columns: true });
    expect(rows.some((row) => row.detail === `'${formula}`)).toBe(true);
    expect(rows.every((row) => !row.detail?.startsWith('='))).toBe(true);
    // A formula after a semicolon, as a refund's reason or a search may hold, is text wherever the spreadsheet splits the cell.
    expect((await admin.get(`/api/console/audit.csv?q=${encodeURIComponent('Billed twice;=1+1')}`)).status).toBe(200);
    const again = parse<Record<string, string>>(await (await admin.get('/api/console/audit.csv?q=audit.export')).text(), { columns: true });
    expect(again.some((row) => row.detail === "Billed twice;'=1+1")).toBe(true);
    expect(again.flatMap((row) => Object.values(row).flatMap(formulaParts))).toEqual([]);
  });

  it('is append-only in the database itself: no update, no delete of a row younger than six years, no truncate', async () => {
    const [row] = await trail();
    expect(row).toBeDefined();
    const refusal = (statement: Promise<unknown>) => statement.then(() => 'allowed', (error: unknown) => String(error instanceof Error ? error.cause : error));
    expect(await refusal(database.db.execute(sql`update audit_events set outcome = 'ok' where id = ${row?.id ?? 0}`))).toMatch(/audit_events is append-only: UPDATE refused/);
    expect(await refusal(database.db.execute(sql`delete from audit_events where id = ${row?.id ?? 0}`))).toMatch(/audit_events is append-only: DELETE refused/);
    expect(await refusal(database.db.execute(sql`truncate table audit_events`))).toMatch(/audit_events is append-only: TRUNCATE refused/);
    const [sun] = await database.db.select({ id: clients.id }).from(clients).where(eq(clients.code, 'SUN'));
    await database.db.insert(auditEvents).values({ clientId: sun?.id ?? 0, occurredAt: new Date('2019-01-01T00:00:00Z'), actorKind: 'operator', actor: 'old', action: 'old', outcome: 'ok' });
    await expect(database.db.execute(sql`delete from audit_events where actor = 'old'`)).resolves.toBeDefined();
    expect(await database.db.select().from(auditEvents).where(eq(auditEvents.actor, 'old'))).toEqual([]);
  });
});
