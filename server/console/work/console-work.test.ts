/**
 * The console's office work, endpoint by endpoint, as the staff of SUN use it: Today, finding and
 * helping patients, payments and refunds, statement imports, and integrations. Each refusal is
 * checked for its code, for nothing changed, and for its line in the audit trail.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { and, desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountSearchSchema, accountViewSchema, apiKeyListSchema, newApiKeySchema, paymentSearchSchema, todaySchema } from '@contracts/console-work';
import { importListSchema, importReportSchema } from '@contracts/partner-api';
import { refundSchema, webhookDeliveryListSchema, webhookEndpointWithSecretSchema } from '@contracts/payments-out';
import { auditEvents, invoices, loginAttempts, outboxEmails, payments, sessions, userClients, users, webhookDeliveries } from '../../db/schema';
import { formulaParts } from '../../lib/spreadsheet-safe';
import { notUtf8 } from '../../test/fuzz-corpus';
import { createTestApp, DEMO_PASSWORD, TestBrowser, useSeededDatabase } from '../../test/harness';
import { clientIdOf, createPayer, payableAccounts, type PayableAccount } from '../../test/money-fixtures';
import { NPP_ADMIN, signedInStaff, staffClock, statementFile, SUN_ADMIN, SUN_AUDITOR, SUN_CLERK, type StaffBrowser } from '../../test/console-fixtures';
import { readCsvStatement } from '../../core/statements/csv-statement';
import { createApiKeysService } from '../../core/api-keys/api-keys.service';
import { createStatementImport } from '../../core/statements/statement-import';
import { postingEvents } from '../../core/postings/posting-file';
import { createWebhookEndpointsService } from '../../core/webhooks/webhook-endpoints.service';
import { developmentSecretBox } from '../../security/secret-box';

const database = useSeededDatabase();
let clock: Awaited<ReturnType<typeof staffClock>>;
let app: ReturnType<typeof createTestApp>;
let sunId = 0;
let account: PayableAccount;

beforeAll(async () => {
  sunId = await clientIdOf(database.db, 'SUN');
  [account] = (await payableAccounts(database.db, sunId, 1, 'CON')) as [PayableAccount];
});

beforeEach(async () => {
  clock = await staffClock(database.db);
  app = createTestApp(database.db, { now: clock.now });
});

const staff = (email: string, clientCode = 'SUN') => signedInStaff(app, clock.now, email, clientCode);

async function lastAudit(action: string) {
  const [row] = await database.db.select().from(auditEvents).where(eq(auditEvents.action, action)).orderBy(desc(auditEvents.id)).limit(1);
  return row;
}

async function json<S extends v.GenericSchema>(response: Response, schema: S, status = 200): Promise<v.InferOutput<S>> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return v.parse(schema, JSON.parse(text));
}

describe('Today', () => {
  it('shows the business day’s money with its running total, the last imports, failing deliveries and who is locked out', async () => {
    const pay = createPayer(database.db, sunId, clock.now);
    const first = await pay(account, 5000);
    await pay(account, 2500);
    const clerk = await staff(SUN_CLERK);
    const refunded = await clerk.post(`/api/console/payments/${first}/refunds`, { amountCents: 1200, reason: 'Billed twice' }, { headers: { 'Idempotency-Key': `today-${String(clock.now().getTime())}` } });
    expect(refunded.status).toBe(201);
    const at = clock.now();
    await database.db.insert(loginAttempts).values([...Array(6).keys()].map(() => ({ email: 'pat.doe@example.com', attemptedAt: at })));
    await database.db.insert(loginAttempts).values([...Array(6).keys()].map(() => ({ email: 'guest:SUN:A-778899', attemptedAt: at })));
    // Another client's guest, and a user below the free failures, are nobody's concern here.
    await database.db.insert(loginAttempts).values([...Array(6).keys()].map(() => ({ email: 'guest:NPP:N-1', attemptedAt: at })));

    const auditor = await staff(SUN_AUDITOR);
    const today = await json(await auditor.get('/api/console/today'), todaySchema);
    const mine = today.money.filter((row) => row.accountNumber === account.accountNumber);
    expect(mine.map((row) => [row.kind, row.amountCents])).toEqual([
      ['payment', 5000],
      ['payment', 2500],
      ['refund', 1200],
    ]);
    const last = today.money.at(-1);
    expect(last?.runningTotalCents).toBe(today.netCents);
    expect(today.netCents).toBe(today.paymentsCents - today.refundsCents);
    expect(today.timeZone).toBe('America/Chicago');
    expect(today.businessDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(today.imports.length).toBeGreaterThan(0);
    expect(today.imports.length).toBeLessThanOrEqual(5);
    expect(today.lockedOut).toEqual(
      expect.arrayContaining([
        { kind: 'user', email: 'pat.doe@example.com', accountNumber: 'A-100200', retryAfterSeconds: 2, failures: 6 },
        { kind: 'guest', email: null, accountNumber: 'A-778899', retryAfterSeconds: 2, failures: 6 },
      ]),
    );
    expect(today.lockedOut.some((row) => row.accountNumber === 'N-1')).toBe(false);
    expect(today.failingDeliveries.count).toBeGreaterThanOrEqual(0);
  });

  it('counts a delivery that gave up, and shows it', async () => {
    const admin = await staff(SUN_ADMIN);
    const endpoint = await json(await admin.post('/api/console/webhooks/endpoints', { url: 'https://billing.example.com/today' }), webhookEndpointWithSecretSchema, 201);
    const sent = (await (await admin.post(`/api/console/webhooks/endpoints/${String(endpoint.id)}/test`)).json()) as { eventId: string };
    await database.db.update(webhookDeliveries).set({ status: 'failed', attempts: 57, lastResponseStatus: 503, lastError: 'connect ECONNREFUSED 203.0.113.9:22' }).where(eq(webhookDeliveries.endpointId, endpoint.id));
    const answer = await admin.get('/api/console/today');
    const today = await json(answer.clone(), todaySchema);
    expect(today.failingDeliveries.count).toBeGreaterThanOrEqual(1);
    expect(today.failingDeliveries.newest[0]).toMatchObject({ eventId: sent.eventId, eventType: 'webhook.test', endpointId: endpoint.id, status: 'failed' });
    // Failed, and nothing of what the receiver answered, nor why it could not be reached.
    const text = await answer.text();
    expect(text).not.toContain('ECONNREFUSED');
    expect(text).not.toContain('lastResponseStatus');
    expect(await (await admin.get('/api/console/webhooks/deliveries?status=failed')).text()).not.toMatch(/ECONNREFUSED|lastResponseStatus|lastError/);
  });
});

describe('Patients', () => {
  it('finds an account by its number, the holder’s name, a registered user’s email and an invoice number, of its own client only', async () => {
    const clerk = await staff(SUN_CLERK);
    const find = async (q: string) => (await json(await clerk.get(`/api/console/accounts?q=${encodeURIComponent(q)}`), accountSearchSchema)).accounts;
    expect((await find('a-100200'))[0]).toMatchObject({ accountNumber: 'A-100200', matchedBy: 'accountNumber' });
    expect((await find('pat.doe@'))[0]).toMatchObject({ accountNumber: 'A-100200', matchedBy: 'email' });
    expect((await find('sun-100031'))[0]).toMatchObject({ accountNumber: 'A-100200', matchedBy: 'invoiceNumber' });
    expect((await find('Payer 1')).map((row) => [row.accountNumber, row.matchedBy])).toContainEqual([account.accountNumber, 'name']);
    // North Point's patient is no match for Sunrise's staff, whatever is typed.
    expect(await find('N-200100')).toEqual([]);
    expect(await find('north.doe@example.com')).toEqual([]);
    expect((await clerk.get('/api/console/accounts?q=')).status).toBe(400);
  });

  it('shows an account as its patient sees it with its registered users, records the viewing, and hides another client’s account (recorded as refused)', async () => {
    const auditor = await staff(SUN_AUDITOR);
    const view = await json(await auditor.get('/api/console/accounts/a-100200'), accountViewSchema);
    expect(view.account.accountNumber).toBe('A-100200');
    expect(view.account.invoices.length).toBeGreaterThan(0);
    expect(view.account.invoices[0]?.lines.length).toBeGreaterThan(0);
    expect(view.documents.publicDocuments.length).toBe(2);
    expect(view.users).toContainEqual(expect.objectContaining({ email: 'pat.doe@example.com', activated: true, lockedForSeconds: 0 }));
    expect(await lastAudit('account.view')).toMatchObject({ actor: SUN_AUDITOR, accountNumber: 'A-100200', outcome: 'ok' });

    const foreign = await auditor.get('/api/console/accounts/N-200100');
    expect([foreign.status, await foreign.json()]).toEqual([404, { error: 'notFound' }]);
    expect(await lastAudit('account.view')).toMatchObject({ actor: SUN_AUDITOR, accountNumber: 'N-200100', outcome: 'refused', detail: 'notFound' });

    const pdf = await auditor.get('/api/console/accounts/A-100200/statement.pdf?language=es-ES');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect((await auditor.get('/api/console/accounts/N-200100/statement.pdf')).status).toBe(404);
  });

  it('helps a registered user: a new activation link, their sessions ended, their sign-in lock cleared', async () => {
    const email = `waiting.${String(clock.now().getTime())}@example.com`;
    const [waiting] = await database.db.insert(users).values({ email, passwordHash: 'x', firstName: 'Wai', lastName: 'Ting' }).returning({ id: users.id });
    if (!waiting) throw new Error('No user');
    await database.db.insert(userClients).values({ userId: waiting.id, clientId: sunId, accountNumber: 'A-100200' });
    const patId = (await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'pat.doe@example.com')))[0]?.id ?? 0;
    const clerk = await staff(SUN_CLERK);

    const sent = await clerk.post(`/api/console/accounts/A-100200/users/${String(waiting.id)}/activation-link`);
    expect([sent.status, await sent.json()]).toEqual([200, { count: 1 }]);
    const [mail] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email)).orderBy(desc(outboxEmails.id)).limit(1);
    expect(mail?.body).toMatch(/token=/);
    expect(await lastAudit('patient.resendActivation')).toMatchObject({ accountNumber: 'A-100200', target: email, outcome: 'ok' });
    const activated = await clerk.post(`/api/console/accounts/A-100200/users/${String(patId)}/activation-link`);
    expect([activated.status, await activated.json()]).toEqual([409, { error: 'alreadyActivated' }]);
    // A user of another account, or of the account under another client, is not found.
    expect((await clerk.post(`/api/console/accounts/A-100300/users/${String(waiting.id)}/activation-link`)).status).toBe(404);

    const patient = await new TestBrowser(app, '192.0.2.77').open();
    expect((await patient.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' })).status).toBe(200);
    const ended = await clerk.post(`/api/console/accounts/A-100200/users/${String(patId)}/end-sessions`);
    expect(((await ended.json()) as { count: number }).count).toBeGreaterThanOrEqual(1);
    expect(await database.db.select().from(sessions).where(and(eq(sessions.userId, patId), eq(sessions.clientId, sunId)))).toEqual([]);
    expect(((await patient.getJson('/api/User/GetIsUserLoggedIn')).body as { isUserActive: boolean }).isUserActive).toBe(false);

    await database.db.insert(loginAttempts).values([...Array(7).keys()].map(() => ({ email: 'pat.doe@example.com', attemptedAt: clock.now() })));
    const locked = await json(await clerk.get('/api/console/accounts/A-100200'), accountViewSchema);
    expect(locked.users.find((user) => user.userId === patId)?.lockedForSeconds).toBe(4);
    const cleared = await clerk.post(`/api/console/accounts/A-100200/users/${String(patId)}/clear-lock`);
    expect(await cleared.json()).toEqual({ count: 7 });
    const free = await json(await clerk.get('/api/console/accounts/A-100200'), accountViewSchema);
    expect(free.users.find((user) => user.userId === patId)?.lockedForSeconds).toBe(0);
    expect(await lastAudit('patient.clearLock')).toMatchObject({ accountNumber: 'A-100200', target: 'pat.doe@example.com', outcome: 'ok', detail: '7' });
  });

  it('refuses the help actions to a read-only user, records it, and changes nothing', async () => {
    await database.db.insert(loginAttempts).values([...Array(6).keys()].map(() => ({ email: 'pat.doe@example.com', attemptedAt: clock.now() })));
    const patId = (await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'pat.doe@example.com')))[0]?.id ?? 0;
    const auditor = await staff(SUN_AUDITOR);
    const refused = await auditor.post(`/api/console/accounts/A-100200/users/${String(patId)}/clear-lock`);
    expect([refused.status, await refused.json()]).toEqual([403, { error: 'forbidden' }]);
    expect(await database.db.select().from(loginAttempts).where(eq(loginAttempts.email, 'pat.doe@example.com'))).toHaveLength(6);
    expect(await lastAudit('patient.clearLock')).toMatchObject({ actor: SUN_AUDITOR, outcome: 'refused', detail: 'forbidden' });
  });
});

describe('Payments', () => {
  it('finds payments by account, amount, card’s last four and days, newest first, and exports the search as spreadsheet-safe CSV', async () => {
    const pay = createPayer(database.db, sunId, clock.now);
    const older = await pay(account, 1111);
    clock.advanceSeconds(60);
    const newer = await pay(account, 2222);
    await database.db.update(payments).set({ payerName: '=HYPERLINK("http://evil.example")' }).where(eq(payments.confirmationNumber, newer));
    await database.db.update(payments).set({ payerName: 'Bob;=1+1' }).where(eq(payments.confirmationNumber, older));
    const auditor = await staff(SUN_AUDITOR);
    const found = await json(await auditor.get(`/api/console/payments?account=${account.accountNumber.toLowerCase()}&last4=4242`), paymentSearchSchema);
    const mine = found.payments.map((row) => row.confirmationNumber);
    expect(mine.indexOf(newer)).toBeLessThan(mine.indexOf(older));
    expect(found.payments.every((row) => row.accountNumber === account.accountNumber)).toBe(true);
    const byAmount = await json(await auditor.get(`/api/console/payments?account=${account.accountNumber}&amountCents=1111`), paymentSearchSchema);
    expect(byAmount.payments.map((row) => row.confirmationNumber)).toEqual([older]);
    expect(byAmount.payments[0]).toMatchObject({ totalCents: 1111, refundableCents: 1111, cardLast4: '4242', voided: false });
    // The business day: Chicago's date, the next one from the 21:30 cut-off on (2 h 30 min before its midnight).
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(clock.now().getTime() + 2.5 * 3600 * 1000));
    const onTheDay = await json(await auditor.get(`/api/console/payments?from=${day}&to=${day}&account=${account.accountNumber}`), paymentSearchSchema);
    expect(onTheDay.payments.map((row) => row.confirmationNumber)).toEqual(expect.arrayContaining([older, newer]));
    const before = await json(await auditor.get(`/api/console/payments?to=2020-01-01&account=${account.accountNumber}`), paymentSearchSchema);
    expect(before.payments).toEqual([]);
    expect((await auditor.get('/api/console/payments?last4=42x2')).status).toBe(400);

    const csv = await auditor.get(`/api/console/payments.csv?account=${account.accountNumber}`);
    expect(csv.headers.get('Content-Type')).toMatch(/^text\/csv/);
    const rows = parse<Record<string, string>>(await csv.text(), { columns: true });
    expect(rows.find((row) => row.confirmation_number === newer)).toMatchObject({ total: '22.22', payer_name: '\'=HYPERLINK("http://evil.example")', card_last4: '4242' });
    // Opened with semicolons as the separator, the name splits; no part of it runs.
    expect(rows.find((row) => row.confirmation_number === older)).toMatchObject({ payer_name: "Bob;'=1+1" });
    expect(rows.flatMap((row) => Object.values(row).flatMap(formulaParts))).toEqual([]);
    expect(await lastAudit('payments.export')).toMatchObject({ actor: SUN_AUDITOR, outcome: 'ok' });
  });

  it('lists a payment under the business day whose posting file holds it: at both sides of the cut-off, across both changes of the clocks', async () => {
    // SUN's day ends at its cut-off, 21:30 in Chicago; a payment after it is the next day's.
    const [dayAccount] = await payableAccounts(database.db, sunId, 1, 'DAY');
    if (!dayAccount) throw new Error('No account to pay');
    const auditor = await staff(SUN_AUDITOR);
    const paidAt = async (instant: string) => createPayer(database.db, sunId, () => new Date(instant))(dayAccount, 100);
    const listed = async (day: string) =>
      (await json(await auditor.get(`/api/console/payments?from=${day}&to=${day}&account=${dayAccount.accountNumber}`), paymentSearchSchema)).payments.map((row) => row.confirmationNumber).sort();
    const posted = async (day: string) =>
      [...new Set((await postingEvents(database.db, sunId, day)).filter((event) => event.account_number === dayAccount.accountNumber).map((event) => event.payment_reference))].sort();
    const cases = [
      // An ordinary day (CDT, UTC-5): 21:29 is 4 May's, 21:30 already 5 May's.
      { before: '2026-05-05T02:29:00Z', after: '2026-05-05T02:30:00Z', day: '2026-05-04', next: '2026-05-05' },
      // 8 March, the clocks go forward at 02:00: the day from 21:30 CST on the 7th to 21:30 CDT is 23 hours.
      { before: '2026-03-09T02:29:00Z', after: '2026-03-09T02:31:00Z', day: '2026-03-08', next: '2026-03-09' },
      { before: '2026-03-08T03:29:00Z', after: '2026-03-08T03:31:00Z', day: '2026-03-07', next: '2026-03-08' },
      // 1 November, the clocks go back at 02:00: the day from 21:30 CDT on 31 October to 21:30 CST is 25 hours.
      { before: '2026-11-01T02:29:00Z', after: '2026-11-01T02:31:00Z', day: '2026-10-31', next: '2026-11-01' },
      { before: '2026-11-02T03:29:00Z', after: '2026-11-02T03:31:00Z', day: '2026-11-01', next: '2026-11-02' },
    ];
    for (const { before, after, day, next } of cases) {
      const [early, late] = [await paidAt(before), await paidAt(after)];
      expect(await listed(day), `${day} in Payments`).toContain(early);
      expect(await listed(day), `${day} in Payments`).not.toContain(late);
      expect(await listed(next), `${next} in Payments`).toContain(late);
      expect(await listed(day), `${day}: Payments and the posting file`).toEqual(await posted(day));
      expect(await listed(next), `${next}: Payments and the posting file`).toEqual(await posted(next));
    }
  });

  it('refunds part of a payment once per key, never more than is left, and refuses bad input plainly, recorded, changing nothing', async () => {
    const confirmation = await createPayer(database.db, sunId, clock.now)(account, 3000);
    const clerk = await staff(SUN_CLERK);
    const key = `refund-${String(clock.now().getTime())}`;
    const refund = (body: unknown, idempotencyKey = key, browser: StaffBrowser = clerk) =>
      browser.post(`/api/console/payments/${confirmation}/refunds`, body, { headers: { 'Idempotency-Key': idempotencyKey } });
    const made = await json(await refund({ amountCents: 1000, reason: 'Overcharged' }), refundSchema, 201);
    expect(made.payment).toMatchObject({ refundedCents: 1000, refundableCents: 2000 });
    expect(await lastAudit('payment.refund')).toMatchObject({ actor: SUN_CLERK, accountNumber: account.accountNumber, target: confirmation, outcome: 'ok', detail: '1000 cents: Overcharged' });
    const again = await json(await refund({ amountCents: 1000, reason: 'Overcharged' }), refundSchema, 200);
    expect(again.refundNumber).toBe(made.refundNumber);
    expect((await refund({ amountCents: 999, reason: 'Overcharged' })).status).toBe(409);

    const refusals: [unknown, number, unknown][] = [
      [{ amountCents: 'ten', reason: 'x' }, 400, { error: 'invalidRequest', fields: { amountCents: 'invalid' } }],
      [{ amountCents: 10.5, reason: 'x' }, 400, { error: 'invalidRequest', fields: { amountCents: 'invalid' } }],
      [{ amountCents: 100 }, 400, { error: 'invalidRequest', fields: { reason: 'required' } }],
      [{ amountCents: 100, reason: 'x'.repeat(501) }, 400, { error: 'invalidRequest', fields: { reason: 'tooLong' } }],
      [{ amountCents: 2001, reason: 'Too much' }, 422, { error: 'amountExceedsRefundable' }],
    ];
    for (const [body, status, answer] of refusals) {
      const response = await refund(body, `bad-${crypto.randomUUID()}`);
      expect([response.status, await response.json()]).toEqual([status, answer]);
    }
    expect(await lastAudit('payment.refund')).toMatchObject({ outcome: 'refused', detail: expect.stringContaining('amountExceedsRefundable') as unknown });

    const auditor = await staff(SUN_AUDITOR);
    const readOnly = await refund({ amountCents: 100, reason: 'Not mine to give' }, `ro-${crypto.randomUUID()}`, auditor);
    expect([readOnly.status, await readOnly.json()]).toEqual([403, { error: 'forbidden' }]);
    expect(await lastAudit('payment.refund')).toMatchObject({ actor: SUN_AUDITOR, outcome: 'refused', detail: 'forbidden' });
    const npp = await signedInStaff(app, clock.now, NPP_ADMIN, 'NPP', '192.0.2.51');
    const foreign = await refund({ amountCents: 100, reason: 'Not ours' }, `npp-${crypto.randomUUID()}`, npp);
    expect([foreign.status, await foreign.json()]).toEqual([404, { error: 'notFound' }]);
    const [row] = await database.db.select({ refunded: payments.refundedCents }).from(payments).where(eq(payments.confirmationNumber, confirmation));
    expect(row?.refunded).toBe(1000);
  });
});

describe('Imports', () => {
  it('imports a file larger than the API’s body limit through the same pipeline, lists it, reports its refused rows as JSON and CSV', async () => {
    const clerk = await staff(SUN_CLERK);
    const prefix = `UP${String(clock.now().getTime() % 1e6)}`;
    const file = statementFile(prefix, 700, 3);
    expect(file.length).toBeGreaterThan(64 * 1024);
    const uploaded = await clerk.upload(`/api/console/imports?fileName=${prefix}.csv`, file);
    const report = await json(uploaded, importReportSchema, 201);
    expect(report).toMatchObject({ status: 'imported', fileName: `${prefix}.csv`, rowsRead: 700, rowsRefused: 1, invoices: { created: 699 } });
    expect(report.problems[0]).toMatchObject({ line: 5, column: 'charge', code: 'invalidMoney' });
    expect(await lastAudit('statement.import')).toMatchObject({ actor: SUN_CLERK, target: `import ${String(report.id)}`, outcome: 'ok' });

    const auditor = await staff(SUN_AUDITOR);
    const history = await json(await auditor.get('/api/console/imports'), importListSchema);
    expect(history.imports[0]?.id).toBe(report.id);
    expect(await json(await auditor.get(`/api/console/imports/${String(report.id)}`), importReportSchema)).toEqual(report);
    const problems = await auditor.get(`/api/console/imports/${String(report.id)}/problems.csv`);
    expect(parse(await problems.text(), { columns: true })).toEqual([expect.objectContaining({ line: '5', column: 'charge', code: 'invalidMoney' })]);

    // The same file again is refused whole; another type is not a statement; read-only staff upload nothing.
    const repeat = await clerk.upload('/api/console/imports', file);
    expect(repeat.status).toBe(422);
    expect(((await repeat.json()) as { message: string }).message).toMatch(/imported already/);
    expect((await clerk.upload('/api/console/imports', '{}', 'application/json')).status).toBe(415);
    const refused = await auditor.upload('/api/console/imports', statementFile(`${prefix}R`, 1));
    expect([refused.status, await refused.json()]).toEqual([403, { error: 'forbidden' }]);
    expect(await lastAudit('statement.import')).toMatchObject({ actor: SUN_AUDITOR, outcome: 'refused', detail: 'forbidden' });

    const npp = await signedInStaff(app, clock.now, NPP_ADMIN, 'NPP', '192.0.2.51');
    expect((await npp.get(`/api/console/imports/${String(report.id)}`)).status).toBe(404);
    expect((await npp.get(`/api/console/imports/${String(report.id)}/problems.csv`)).status).toBe(404);
  });

  it('refuses a file with bytes that are not UTF-8 anywhere in it with a 422 that changes nothing, by the console and by the API, and goes on serving', async () => {
    const clerk = await staff(SUN_CLERK);
    const admin = await staff(SUN_ADMIN);
    const { key } = await json(await admin.post('/api/console/api-keys', { name: 'Fuzz feed', scopes: ['bills:write'] }), newApiKeySchema, 201);
    const prefix = `NU${String(clock.now().getTime() % 1e6)}`;
    const file = Buffer.from(statementFile(prefix, 2));
    const invoicesBefore = await database.db.$count(invoices);
    const statuses = new Map<string, number>();
    for (const [name, sequence] of Object.entries(notUtf8)) {
      // Spread over the file, so that each sequence lands in the header, in cells, at line ends and at its end
      // (csv-statement.test.ts tries every position on the reader alone).
      for (const at of [...Array(12).keys()].map((n) => Math.round((n * file.length) / 11))) {
        const bytes = Buffer.concat([file.subarray(0, at), Buffer.from(sequence), file.subarray(at)]);
        const byConsole = await clerk.upload(`/api/console/imports?fileName=${name}.csv`, bytes);
        const byApi = await app.request('/api/office/v1/statements', { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'text/csv' }, body: bytes });
        for (const response of [byConsole, byApi]) {
          const { status, problems } = (await response.json()) as { status: string; problems: { code: string }[] };
          const outcome = `${String(response.status)} ${status} ${problems.map((problem) => problem.code).join()}`;
          statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1);
        }
      }
    }
    expect([...statuses.keys()]).toEqual(['422 refused notUtf8']);
    expect(await database.db.$count(invoices)).toBe(invoicesBefore);
    expect((await clerk.get('/api/console/imports')).status).toBe(200);
  }, 60_000);

  it('still keeps the patients’ API body limit for every other console call', async () => {
    const clerk = await staff(SUN_CLERK);
    const response = await clerk.post('/api/console/accounts/A-100200/users/1/clear-lock', { padding: 'x'.repeat(100 * 1024) });
    expect(response.status).toBe(413);
  });
});

describe('Integrations', () => {
  it('makes an API key shown once, lists it without the key, and revokes it; another client’s key is not found', async () => {
    const admin = await staff(SUN_ADMIN);
    const made = await json(await admin.post('/api/console/api-keys', { name: 'Nightly feed', scopes: ['bills:write', 'payments:read'] }), newApiKeySchema, 201);
    expect(made.key).toMatch(/^pbp_[0-9a-f]{10}_/);
    const listed = await json(await admin.get('/api/console/api-keys'), apiKeyListSchema);
    expect(listed.keys[0]).toEqual({ name: 'Nightly feed', prefix: made.prefix, scopes: ['bills:write', 'payments:read'], createdAt: made.createdAt, lastUsedAt: null, revokedAt: null });
    expect(JSON.stringify(listed)).not.toContain(made.key);
    // The trail names the key as the office does, beside its prefix.
    expect(await lastAudit('apiKey.create')).toMatchObject({ target: `Nightly feed (${made.prefix})`, outcome: 'ok' });
    expect((await admin.post('/api/console/api-keys', { name: '', scopes: [] })).status).toBe(400);

    const npp = await signedInStaff(app, clock.now, NPP_ADMIN, 'NPP', '192.0.2.51');
    expect((await npp.post(`/api/console/api-keys/${made.prefix}/revoke`)).status).toBe(404);
    expect(await lastAudit('apiKey.revoke')).toMatchObject({ actor: NPP_ADMIN, target: made.prefix, outcome: 'refused' });
    const revoked = await admin.post(`/api/console/api-keys/${made.prefix}/revoke`);
    expect(((await revoked.json()) as { revokedAt: string | null }).revokedAt).not.toBeNull();
    expect(await lastAudit('apiKey.revoke')).toMatchObject({ actor: SUN_ADMIN, target: `Nightly feed (${made.prefix})`, outcome: 'ok' });
    expect((await app.request('/api/office/v1/imports', { headers: { Authorization: `Bearer ${made.key}` } })).status).toBe(401);
    expect((await admin.post(`/api/console/api-keys/${made.prefix}/revoke`)).status).toBe(404);

    const clerk = await staff(SUN_CLERK);
    expect((await clerk.get('/api/console/api-keys')).status).toBe(403);
  });

  it('adds a webhook endpoint with its secret once, rotates it, sends a test event to it alone, disables it, and replays', async () => {
    const admin = await staff(SUN_ADMIN);
    const add = (url: string) => admin.post('/api/console/webhooks/endpoints', { url, description: 'Bridge' });
    const endpoint = await json(await add('https://bridge.example.com/hooks'), webhookEndpointWithSecretSchema, 201);
    const other = await json(await add('https://bridge.example.com/other'), webhookEndpointWithSecretSchema, 201);
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect((await add('http://billing.example.com/hooks')).status).toBe(422);
    const inside = await add('https://192.168.0.10/hooks');
    expect([inside.status, await inside.json()]).toEqual([422, { error: 'webhookUrlNotAllowed', fields: { url: 'addressNotAllowed' } }]);
    const rotated = await json(await admin.post(`/api/console/webhooks/endpoints/${String(endpoint.id)}/rotate`), webhookEndpointWithSecretSchema);
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(rotated.previousSecretExpiresAt).not.toBeNull();

    const tested = await admin.post(`/api/console/webhooks/endpoints/${String(endpoint.id)}/test`);
    expect(tested.status).toBe(202);
    const { eventId } = (await tested.json()) as { eventId: string };
    const deliveries = await json(await admin.get('/api/console/webhooks/deliveries'), webhookDeliveryListSchema);
    const ofTest = deliveries.deliveries.filter((delivery) => delivery.eventId === eventId);
    expect(ofTest.map((delivery) => [delivery.endpointId, delivery.eventType])).toEqual([[endpoint.id, 'webhook.test']]);
    expect(await lastAudit('webhook.test')).toMatchObject({ target: `endpoint ${String(endpoint.id)}`, outcome: 'ok' });

    // A replay of the test event goes to its endpoint again, not to the others.
    const replayed = await admin.post(`/api/console/webhooks/events/${eventId}/replay`);
    expect([replayed.status, await replayed.json()]).toEqual([202, { deliveries: 1 }]);
    const afterReplay = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, other.id));
    expect(afterReplay).toEqual([]);

    expect((await admin.post(`/api/console/webhooks/endpoints/${String(endpoint.id)}/disable`)).status).toBe(200);
    const disabled = await admin.post(`/api/console/webhooks/endpoints/${String(endpoint.id)}/test`);
    expect([disabled.status, await disabled.json()]).toEqual([409, { error: 'webhookEndpointDisabled' }]);
    expect((await admin.post(`/api/console/webhooks/endpoints/${String(endpoint.id)}/rotate`)).status).toBe(404);
    expect((await admin.post('/api/console/webhooks/events/evt_aaaaaaaaaaaaaaaaaaaaaaaaaa/replay')).status).toBe(404);

    const npp = await signedInStaff(app, clock.now, NPP_ADMIN, 'NPP', '192.0.2.51');
    expect((await npp.post(`/api/console/webhooks/endpoints/${String(other.id)}/test`)).status).toBe(404);
    expect((await npp.post(`/api/console/webhooks/endpoints/${String(other.id)}/disable`)).status).toBe(404);
    const listed = (await (await admin.get('/api/console/webhooks/endpoints')).json()) as { endpoints: { id: number; disabledAt: string | null }[] };
    expect(listed.endpoints.find((row) => row.id === other.id)?.disabledAt).toBeNull();
    expect(JSON.stringify(listed)).not.toContain('whsec_');
  });

  it('rotates the secret of an endpoint a key added: office admins manage every endpoint of their lab', async () => {
    const key = await createApiKeysService({ db: database.db, now: clock.now }).create({ clientId: sunId, scopes: ['webhooks:write'] });
    const byKey = await createWebhookEndpointsService({ db: database.db, now: clock.now, secrets: developmentSecretBox() }).create(sunId, { url: 'https://bridge.example.com/by-key', description: '', eventTypes: [] }, { apiKeyId: key.id });
    if ('refused' in byKey) throw new Error('The key’s endpoint was refused');
    const admin = await staff(SUN_ADMIN);
    const rotated = await json(await admin.post(`/api/console/webhooks/endpoints/${String(byKey.id)}/rotate`), webhookEndpointWithSecretSchema);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(byKey.secret);
  });
});

describe('an import under way', () => {
  it('shows the rows read so far in its report, for the console to poll, until it ends', async () => {
    const prefix = `PR${String(clock.now().getTime() % 1e6)}`;
    const csv = readCsvStatement(Readable.from([statementFile(prefix, 5200)]));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The file's rows, held back after the first batch of 5,000 as a slow upload would be.
    async function* slowly() {
      let read = 0;
      for await (const row of csv.rows) {
        read += 1;
        if (read === 5001) await held;
        yield row;
      }
    }
    const imports = createStatementImport({ db: database.db, now: clock.now });
    const running = imports.run({ clientId: sunId, source: 'csv', fileName: `${prefix}.csv`, scope: 'partial', dryRun: true, apiKeyId: null, rows: slowly(), checksum: csv.checksum });
    const auditor = await staff(SUN_AUDITOR);
    const newest = async () => (await json(await auditor.get('/api/console/imports'), importListSchema)).imports[0];
    // Staging 5,000 rows takes a while on a busy machine: the poll waits for them, not a fixed second.
    await expect.poll(async () => (await newest())?.fileName === `${prefix}.csv` && (await newest())?.rowsRead, { timeout: 60_000 }).toBe(5000);
    const id = (await newest())?.id ?? 0;
    expect(await json(await auditor.get(`/api/console/imports/${String(id)}`), importReportSchema)).toMatchObject({ status: 'running', rowsRead: 5000 });
    release();
    await running;
    expect(await json(await auditor.get(`/api/console/imports/${String(id)}`), importReportSchema)).toMatchObject({ status: 'imported', rowsRead: 5200 });
  });
});
