/**
 * Payments out, end to end over the API: every payment, refund and void is one money event; the
 * posting file of a business day lists them with a trailer; refunds and voids give money back
 * within the payment; webhooks are written with the money and delivered signed, in order.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RefundAnswer, VoidAnswer } from '@contracts/payments-out';
import type { Language } from '@contracts/session';
import { queryRows } from '../../db/client';
import { accounts, clients, invoices, moneyEvents, outboxEmails, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { formulaParts } from '../../lib/spreadsheet-safe';
import { createTestApp, DEMO_BILLING, DEMO_GUEST, manualClock, resetPayments, useSeededDatabase } from '../../test/harness';
import { payWithTestCard } from '../../test/money-fixtures';
import { developmentSecretBox } from '../../security/secret-box';
import { secretPurpose } from '../../security/stored-secrets';
import { drainDeliveries, DeliveryRefused, GIVE_UP_AFTER_MS, type DeliveryDeps } from '../../core/webhooks/webhook-delivery';
import { createWebhookEndpointsService } from '../../core/webhooks/webhook-endpoints.service';
import type { WebhookSender } from '../../core/webhooks/webhook-sender';
import { createApiKeysService } from '../../core/api-keys/api-keys.service';

const database = useSeededDatabase();
const clock = manualClock('2026-03-02T15:00:00Z');
// The test app's box (createTestApp's default).
const secrets = developmentSecretBox();
let app: ReturnType<typeof createTestApp>;
const keys = { reader: '', refunder: '', billsOnly: '', hooks: '', otherHooks: '', other: '' };
let sun = { clientId: 0, accountId: 0 };

beforeAll(async () => {
  app = createTestApp(database.db, { now: clock.now });
  const service = createApiKeysService({ db: database.db, now: clock.now });
  const idOf = async (code: string) => (await database.db.select({ id: clients.id }).from(clients).where(eq(clients.code, code)))[0]?.id ?? 0;
  const sunId = await idOf('SUN');
  keys.reader = (await service.create({ clientId: sunId, scopes: ['payments:read'] })).key;
  keys.refunder = (await service.create({ clientId: sunId, scopes: ['refunds:write'] })).key;
  keys.billsOnly = (await service.create({ clientId: sunId, scopes: ['bills:write'] })).key;
  keys.hooks = (await service.create({ clientId: sunId, scopes: ['webhooks:write'] })).key;
  keys.otherHooks = (await service.create({ clientId: sunId, scopes: ['webhooks:write', 'payments:read'] })).key;
  keys.other = (await service.create({ clientId: await idOf('HBR'), scopes: ['payments:read', 'refunds:write', 'webhooks:write'] })).key;
  const [account] = await database.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.clientId, sunId), eq(accounts.accountNumber, DEMO_GUEST.accountNumber)));
  sun = { clientId: sunId, accountId: account?.id ?? 0 };
});

beforeEach(async () => {
  await resetPayments(database.db);
  await database.db.execute(sql`truncate table webhook_endpoints cascade`);
});

const call = (path: string, { key, method = 'GET', body, headers = {} }: { key: string; method?: string; body?: unknown; headers?: Record<string, string> }) =>
  app.request(path, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** Pays `amountCents` of the demo guest's invoice as a guest (or a user), in `language`. */
const pay = (amountCents: number, { language = 'en-US', userId = null }: { language?: Language; userId?: number | null } = {}) =>
  payWithTestCard(database.db, sun, [{ invoiceNumber: DEMO_GUEST.invoiceNumber, amountCents }], { now: clock.now, language, userId, billing: DEMO_BILLING });

/** Verifies a delivery as a receiver would at the test clock's time (the signature's timestamp is checked against the receiver's clock). */
function verifyAt(secret: string, body: string, headers: Record<string, string>): unknown {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock.now());
  try {
    return new Webhook(secret).verify(body, headers);
  } finally {
    vi.useRealTimers();
  }
}

const balance = async () =>
  (await database.db.select({ balanceCents: invoices.balanceCents }).from(invoices).where(and(eq(invoices.clientId, sun.clientId), eq(invoices.invoiceNumber, DEMO_GUEST.invoiceNumber))))[0]?.balanceCents ?? -1;

const postings = async (date: string, key = keys.reader) => {
  const response = await call(`/api/office/v1/postings?date=${date}`, { key });
  expect(response.status).toBe(200);
  return response.text();
};

const refund = (confirmationNumber: string, amountCents: number, idempotencyKey: string, key = keys.refunder) =>
  call(`/api/office/v1/payments/${confirmationNumber}/refunds`, { key, method: 'POST', body: { amountCents, reason: 'Billed twice' }, headers: { 'Idempotency-Key': idempotencyKey } });

describe('the money events', () => {
  it('writes one event per captured payment, with its lines, card, approval code and payer, and never lets it change', async () => {
    const receipt = await pay(1250, { userId: null });
    const events = await database.db.select().from(moneyEvents).where(eq(moneyEvents.clientId, sun.clientId));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'payment.captured',
      accountId: sun.accountId,
      reference: receipt.confirmationNumber,
      paymentReference: receipt.confirmationNumber,
      amountCents: 1250,
      lines: [{ invoiceNumber: DEMO_GUEST.invoiceNumber, amountCents: 1250 }],
      cardBrand: 'visa',
      cardLast4: '4242',
      actorKind: 'guest',
      authorizationCode: expect.stringMatching(/^[0-9A-F]{6}$/) as unknown,
    });
    await expect(database.db.execute(sql`update money_events set amount_cents = 1`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from money_events`)).rejects.toThrow();
    const refusal = (statement: Promise<unknown>) => statement.then(() => 'allowed', (error: unknown) => String(error instanceof Error ? error.cause : error));
    expect(await refusal(database.db.execute(sql`truncate table money_events`))).toMatch(/money_events is append-only: TRUNCATE refused/);
    expect(await database.db.$count(moneyEvents, eq(moneyEvents.clientId, sun.clientId))).toBe(1);
  });
});

describe('the posting file', () => {
  it('lists a business day’s money events with a trailer, the same bytes each time, for the key’s client only', async () => {
    const first = await pay(1000);
    clock.advanceSeconds(60);
    const second = await pay(500);
    const refunded = (await (await refund(first.confirmationNumber, 300, 'refund-posting-1')).json()) as RefundAnswer;
    // 15:00 UTC is 09:00 in Chicago: the day of 2 March. After 21:30 there it is the next day's.
    clock.advanceSeconds(13 * 3600);
    const late = await pay(200);

    const csv = await postings('2026-03-02');
    expect(await postings('2026-03-02')).toBe(csv);
    const rows = parse<Record<string, string>>(csv, { columns: true });
    expect(rows.map((row) => [row.record_type, row.event_type, row.reference, row.amount, row.net_amount])).toEqual([
      ['D', 'payment.captured', first.confirmationNumber, '10.00', '10.00'],
      ['D', 'payment.captured', second.confirmationNumber, '5.00', '5.00'],
      ['D', 'payment.refunded', refunded.refundNumber, '3.00', '-3.00'],
      ['T', '', '', '', '12.00'],
    ]);
    expect(rows[3]?.event_count).toBe('3');
    expect(rows[2]).toMatchObject({ payment_reference: first.confirmationNumber, applied_to: `${DEMO_GUEST.invoiceNumber}=3.00`, account_number: DEMO_GUEST.accountNumber, actor: 'apiKey' });

    const next = parse<Record<string, string>>(await postings('2026-03-03'), { columns: true });
    expect(next.map((row) => row.reference)).toEqual([late.confirmationNumber, '']);
    // Another client's key reads its own day: nothing of SUN's.
    expect(parse(await postings('2026-03-02', keys.other), { columns: true })).toEqual([expect.objectContaining({ record_type: 'T', event_count: '0', net_amount: '0.00' })]);
    expect((await call('/api/office/v1/postings?date=2026-03-02', { key: keys.billsOnly })).status).toBe(403);
    expect((await call('/api/office/v1/postings?date=2026-02-30', { key: keys.reader })).status).toBe(400);
  });

  it('writes text from outside so a spreadsheet shows it rather than running it', async () => {
    await database.db.execute(sql`insert into accounts (client_id, account_number, holder_name) values (${sun.clientId}, '=HYPERLINK("X")', 'Formula') on conflict do nothing`);
    const [account] = await database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.accountNumber, '=HYPERLINK("X")'));
    await database.db.insert(invoices).values([
      { clientId: sun.clientId, accountId: account?.id ?? 0, invoiceNumber: '+CMD-1', description: 'x', invoiceDate: '2026-02-01', dueDate: '2026-03-01', amountCents: 100, balanceCents: 100 },
      { clientId: sun.clientId, accountId: account?.id ?? 0, invoiceNumber: '@CMD-2', description: 'x', invoiceDate: '2026-02-01', dueDate: '2026-03-01', amountCents: 200, balanceCents: 200 },
    ]);
    await payWithTestCard(database.db, { clientId: sun.clientId, accountId: account?.id ?? 0 }, [{ invoiceNumber: '+CMD-1', amountCents: 100 }, { invoiceNumber: '@CMD-2', amountCents: 200 }], { now: clock.now, billing: DEMO_BILLING });
    // The business day: Chicago's date, the next one from 21:30 on (2 h 30 min before its midnight).
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(clock.now().getTime() + 2.5 * 3600 * 1000));
    const rows = parse<Record<string, string>>(await postings(day), { columns: true });
    const row = rows.find((each) => each.applied_to?.includes('CMD-1'));
    // The invoices it paid are joined with semicolons: each part is text where a spreadsheet splits there.
    expect(row).toMatchObject({ account_number: `'=HYPERLINK("X")`, applied_to: `'+CMD-1=1.00;'@CMD-2=2.00` });
    expect(rows.flatMap((each) => Object.values(each).flatMap(formulaParts))).toEqual([]);
  });
});

describe('refunds and voids', () => {
  it('refunds part of a payment once per key, raises the balance, tells the payer in their language, and never refunds more than is left', async () => {
    const before = await balance();
    const receipt = await pay(2000, { language: 'es-ES' });
    expect(await balance()).toBe(before - 2000);

    const made = await refund(receipt.confirmationNumber, 1500, 'refund-key-0001');
    expect(made.status).toBe(201);
    const answer = (await made.json()) as RefundAnswer;
    expect(answer).toMatchObject({ amountCents: 1500, reason: 'Billed twice', lines: [{ invoiceNumber: DEMO_GUEST.invoiceNumber, amountCents: 1500 }], payment: { totalCents: 2000, refundedCents: 1500, refundableCents: 500, voided: false } });
    expect(answer.refundNumber).toMatch(/^R-[A-Z2-7]{10}$/);
    expect(await balance()).toBe(before - 500);

    // The same key and body: the same refund, nothing more given back.
    const again = await refund(receipt.confirmationNumber, 1500, 'refund-key-0001');
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(answer);
    expect(await balance()).toBe(before - 500);
    expect((await refund(receipt.confirmationNumber, 100, 'refund-key-0001')).status).toBe(409);
    const tooMuch = await refund(receipt.confirmationNumber, 501, 'refund-key-0002');
    expect([tooMuch.status, await tooMuch.json()]).toEqual([422, { error: 'amountExceedsRefundable' }]);

    const emails = await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, DEMO_BILLING.email));
    const refundEmail = emails.find((email) => email.subject.includes('Reembolso'));
    expect(refundEmail?.body).toContain('15,00');
    expect(refundEmail?.language).toBe('es-ES');
    expect(refundEmail?.body).not.toContain('Billed twice');

    const events = await database.db.select().from(moneyEvents).where(eq(moneyEvents.paymentReference, receipt.confirmationNumber));
    expect(events.map((event) => [event.type, event.amountCents, event.actorKind])).toEqual([
      ['payment.captured', 2000, 'guest'],
      ['payment.refunded', 1500, 'apiKey'],
    ]);
    expect(events[1]?.eventId).toBe(answer.eventId);
  });

  it('refunds nothing of another client’s payment, and nothing without the refunds:write scope', async () => {
    const receipt = await pay(700);
    expect((await refund(receipt.confirmationNumber, 100, 'refund-other-01', keys.other)).status).toBe(404);
    expect((await refund(receipt.confirmationNumber, 100, 'refund-other-02', keys.reader)).status).toBe(403);
    expect((await call(`/api/office/v1/payments/${receipt.confirmationNumber}/void`, { key: keys.other, method: 'POST' })).status).toBe(404);
    expect(await database.db.select().from(moneyEvents).where(eq(moneyEvents.type, 'payment.refunded'))).toEqual([]);
  });

  it('gives back at most the payment when refunds of it come at once', async () => {
    const before = await balance();
    const receipt = await pay(1000);
    const answers = await Promise.all(Array.from({ length: 6 }, async (_, index) => refund(receipt.confirmationNumber, 300, `parallel-${String(index)}-key`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 422, 422, 422]);
    expect(await balance()).toBe(before - 100);
    const [sum] = await queryRows<{ total: number }>(database.db, sql`select sum(amount_cents)::int as total from refunds`);
    expect(sum?.total).toBe(900);
  });

  it('voids a payment while its business day is open, once, and not after a refund or once the day has closed', async () => {
    const before = await balance();
    const receipt = await pay(800, { language: 'en-US' });
    const voiding = () => call(`/api/office/v1/payments/${receipt.confirmationNumber}/void`, { key: keys.refunder, method: 'POST' });
    const voided = await voiding();
    expect(voided.status).toBe(200);
    const answer = (await voided.json()) as VoidAnswer;
    expect(answer).toMatchObject({ amountCents: 800, payment: { refundedCents: 800, refundableCents: 0, voided: true } });
    expect(await balance()).toBe(before);
    expect(await (await voiding()).json()).toEqual(answer);
    expect((await refund(receipt.confirmationNumber, 100, 'after-void-01')).status).toBe(409);
    const [event] = await database.db.select().from(moneyEvents).where(eq(moneyEvents.type, 'payment.voided'));
    expect(event).toMatchObject({ eventId: answer.eventId, reference: receipt.confirmationNumber, paymentReference: receipt.confirmationNumber, amountCents: 800 });

    const refundedFirst = await pay(600);
    expect((await refund(refundedFirst.confirmationNumber, 100, 'before-void-1')).status).toBe(201);
    expect(await (await call(`/api/office/v1/payments/${refundedFirst.confirmationNumber}/void`, { key: keys.refunder, method: 'POST' })).json()).toEqual({ error: 'paymentRefunded' });

    const yesterday = await pay(400);
    clock.advanceSeconds(24 * 3600);
    const late = await call(`/api/office/v1/payments/${yesterday.confirmationNumber}/void`, { key: keys.refunder, method: 'POST' });
    expect([late.status, await late.json()]).toEqual([409, { error: 'paymentSettled' }]);
  });
});

describe('webhooks', () => {
  const addEndpoint = async (body: Record<string, unknown>, key = keys.hooks) => call('/api/office/v1/webhooks/endpoints', { key, method: 'POST', body });

  it('refuses an address that is not https, holds a password, or is on the portal’s own machine or network in any notation, naming the field', async () => {
    const refused: [string, string][] = [
      ['http://example.com/hook', 'schemeNotAllowed'],
      ...['127.0.0.1:8080', '127.1', '2130706433', '0x7f000001', '0177.0.0.1', 'localhost:4000'].map((host): [string, string] => [`http://${host}/hook`, 'schemeNotAllowed']),
      ['https://user:pass@example.com/hook', 'credentialsNotAllowed'],
      ...[
        '127.1',
        '2130706433:8443',
        '0x7f000001',
        '0177.0.0.1',
        '169.254.169.254',
        '10.0.0.5',
        '10.200.3.4:9200',
        '192.168.1.20',
        '172.16.5.5',
        '100.64.0.1',
        '[fd00::1]',
        '[::1]',
        '[::ffff:127.0.0.1]',
        '[::ffff:a9fe:a9fe]',
        '[fe80::1]',
        '224.0.0.251',
        '0.0.0.0',
        'localhost',
        'localhost.',
        'hooks.localhost',
      ].map((host): [string, string] => [`https://${host}/hook`, 'addressNotAllowed']),
    ];
    for (const [url, reason] of refused) {
      const response = await addEndpoint({ url });
      expect([url, response.status, await response.json()]).toEqual([url, 422, { error: 'webhookUrlNotAllowed', fields: { url: reason } }]);
    }
    for (const url of ['ftp://example.com', 'not a url']) expect((await addEndpoint({ url })).status).toBe(400);
    expect(await database.db.select().from(webhookEndpoints)).toEqual([]);
    for (const url of ['https://billing.example.com/hooks', 'https://93.184.216.34/hooks', 'https://[2606:4700:4700::1111]:8443/hooks']) expect((await addEndpoint({ url })).status, url).toBe(201);
  });

  it('manages webhooks only with the webhooks:write scope: a payments:read key lists them, and adds, rotates, disables and replays nothing', async () => {
    const made = (await (await addEndpoint({ url: 'https://billing.example.com/hooks' })).json()) as { id: number; secret: string };
    await pay(100);
    const [event] = await database.db.select({ eventId: moneyEvents.eventId }).from(moneyEvents).where(eq(moneyEvents.type, 'payment.captured'));
    const before = await database.db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id);
    const deliveriesBefore = await database.db.select().from(webhookDeliveries);
    for (const key of [keys.reader, keys.refunder, keys.billsOnly]) {
      const attempts = [
        await addEndpoint({ url: 'https://attacker.example.com/hooks' }, key),
        await call(`/api/office/v1/webhooks/endpoints/${String(made.id)}/rotate`, { key, method: 'POST' }),
        await call(`/api/office/v1/webhooks/endpoints/${String(made.id)}/disable`, { key, method: 'POST' }),
        await call(`/api/office/v1/webhooks/events/${event?.eventId ?? ''}/replay`, { key, method: 'POST' }),
      ];
      for (const answer of attempts) expect([answer.status, await answer.text()]).toEqual([403, JSON.stringify({ error: 'forbidden' })]);
    }
    expect(await database.db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id)).toEqual(before);
    expect(await database.db.select().from(webhookDeliveries)).toEqual(deliveriesBefore);
    // Reading them is still payments:read's.
    const listed = await call('/api/office/v1/webhooks/endpoints', { key: keys.reader });
    expect([listed.status, ((await listed.json()) as { endpoints: { id: number }[] }).endpoints.map((each) => each.id)]).toEqual([200, [made.id]]);
    expect((await call('/api/office/v1/webhooks/deliveries', { key: keys.reader })).status).toBe(200);
  });

  it('hands a new secret only to the key that added the endpoint: one another key or the console added is refused and keeps its secrets', async () => {
    const mine = (await (await addEndpoint({ url: 'https://billing.example.com/mine' })).json()) as { id: number; secret: string };
    const theirs = (await (await addEndpoint({ url: 'https://billing.example.com/theirs' }, keys.otherHooks)).json()) as { id: number };
    // As the console (or the office command) adds one: no key made it.
    const byStaff = await createWebhookEndpointsService({ db: database.db, now: clock.now, secrets }).create(sun.clientId, { url: 'https://billing.example.com/console', description: '', eventTypes: [] });
    if ('refused' in byStaff) throw new Error('The console’s endpoint was refused');
    const stored = () => database.db.select({ id: webhookEndpoints.id, secret: webhookEndpoints.secret, previousSecrets: webhookEndpoints.previousSecrets }).from(webhookEndpoints).orderBy(webhookEndpoints.id);
    const before = await stored();
    for (const id of [theirs.id, byStaff.id]) {
      const answer = await call(`/api/office/v1/webhooks/endpoints/${String(id)}/rotate`, { key: keys.hooks, method: 'POST' });
      const text = await answer.text();
      expect([answer.status, text]).toEqual([403, JSON.stringify({ error: 'forbidden' })]);
      expect(text).not.toContain('whsec_');
    }
    expect(await stored()).toEqual(before);

    const rotated = await call(`/api/office/v1/webhooks/endpoints/${String(mine.id)}/rotate`, { key: keys.hooks, method: 'POST' });
    const answer = (await rotated.json()) as { secret: string };
    expect(rotated.status).toBe(200);
    const row = (await stored()).find((each) => each.id === mine.id);
    if (!row) throw new Error('The endpoint is gone');
    // Stored sealed, each for its place: the new secret, and the one it replaced among those rotated out.
    expect(JSON.stringify(row)).not.toContain('whsec_');
    expect(secrets.open(row.secret, secretPurpose.webhookSecret(row.id))).toBe(answer.secret);
    expect(row.previousSecrets.map((each) => ({ ...each, secret: secrets.open(each.secret, secretPurpose.retiredWebhookSecret(row.id)) }))).toEqual([
      { secret: mine.secret, expiresAt: expect.any(String) as unknown },
    ]);
    // The other key rotates its own.
    expect((await call(`/api/office/v1/webhooks/endpoints/${String(theirs.id)}/rotate`, { key: keys.otherHooks, method: 'POST' })).status).toBe(200);
  });

  it('takes an endpoint on this machine over plain http only under development’s setting, and a metadata address never', async () => {
    const development = createTestApp(database.db, { now: clock.now, webhooksAllowPrivate: true });
    const add = (url: string) =>
      development.request('/api/office/v1/webhooks/endpoints', { method: 'POST', headers: { Authorization: `Bearer ${keys.hooks}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ url }) });
    expect((await add('http://127.0.0.1:4000/hooks')).status).toBe(201);
    expect((await add('https://10.0.0.5/hooks')).status).toBe(201);
    const metadata = await add('http://169.254.169.254/latest/meta-data');
    expect([metadata.status, await metadata.json()]).toEqual([422, { error: 'webhookUrlNotAllowed', fields: { url: 'addressNotAllowed' } }]);
  });

  it('delivers nothing to an endpoint whose address is refused (added under development’s setting), and connects to nothing', async () => {
    let connections = 0;
    const local = createServer((_request, response) => response.writeHead(204).end());
    local.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${String((local.address() as AddressInfo).port)}/hooks`;
      const endpoint = await createWebhookEndpointsService({ db: database.db, now: clock.now, secrets, allowPrivateAddresses: true }).create(sun.clientId, { url, description: '', eventTypes: [] });
      if ('refused' in endpoint) throw new Error('Development’s setting refused the endpoint');
      await pay(100);
      // The product's own sender and policy: nothing stands in for the network.
      await expect(drainDeliveries({ db: database.db, now: clock.now, secrets }, endpoint.id, `account:${String(sun.accountId)}`)).rejects.toBeInstanceOf(DeliveryRefused);
      expect(connections).toBe(0);
      const [delivery] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastResponseStatus: null });
      expect(delivery?.lastError).toMatch(/not one webhooks may go to/);
    } finally {
      await new Promise((resolve) => local.close(resolve));
    }
  });

  it('delivers each money event signed with the endpoint’s secret, in order per account, and retries what a receiver refuses', async () => {
    const made = (await (await addEndpoint({ url: 'https://billing.example.com/hooks', eventTypes: ['payment.captured', 'payment.refunded'] })).json()) as { id: number; secret: string };
    expect(made.secret).toMatch(/^whsec_/);
    const first = await pay(100);
    const second = await pay(200);
    await refund(first.confirmationNumber, 50, 'hook-refund-01');
    await call(`/api/office/v1/payments/${second.confirmationNumber}/void`, { key: keys.refunder, method: 'POST' });

    const received: { id: string; body: { type: string; data: { reference: string } } }[] = [];
    let refuse = true;
    const receiver: WebhookSender = ({ headers, body }) => {
      const verified = verifyAt(made.secret, body, headers) as { type: string; data: { reference: string } };
      if (refuse) return Promise.resolve(500);
      received.push({ id: headers['webhook-id'] ?? '', body: verified });
      return Promise.resolve(204);
    };
    const deps: DeliveryDeps = { db: database.db, now: clock.now, secrets, send: receiver };
    const orderKey = `account:${String(sun.accountId)}`;
    await expect(drainDeliveries(deps, made.id, orderKey)).rejects.toBeInstanceOf(DeliveryRefused);
    const [tried] = await database.db.select().from(webhookDeliveries).orderBy(webhookDeliveries.id).limit(1);
    expect(tried).toMatchObject({ status: 'pending', attempts: 1, lastResponseStatus: 500, lastError: 'HTTP 500' });

    refuse = false;
    expect(await drainDeliveries(deps, made.id, orderKey)).toBe(3);
    // The void is not an event this endpoint takes.
    expect(received.map((each) => [each.body.type, each.body.data.reference])).toEqual([
      ['payment.captured', first.confirmationNumber],
      ['payment.captured', second.confirmationNumber],
      ['payment.refunded', expect.stringMatching(/^R-/) as unknown],
    ]);
    const ids = (await database.db.select({ eventId: moneyEvents.eventId }).from(moneyEvents).where(eq(moneyEvents.type, 'payment.captured')).orderBy(moneyEvents.id)).map((row) => row.eventId);
    expect(received.slice(0, 2).map((each) => each.id)).toEqual(ids);

    // A replay sends the event again with its own id.
    const replay = await call(`/api/office/v1/webhooks/events/${ids[0] ?? ''}/replay`, { key: keys.hooks, method: 'POST' });
    expect([replay.status, await replay.json()]).toEqual([202, { deliveries: 1 }]);
    expect(await drainDeliveries(deps, made.id, orderKey)).toBe(1);
    expect(received.at(-1)?.id).toBe(ids[0]);
    expect((await call(`/api/office/v1/webhooks/events/${ids[0] ?? ''}/replay`, { key: keys.other, method: 'POST' })).status).toBe(404);
  });

  it('marks a delivery failed 48 hours after its event, shows it, and goes on with the next', async () => {
    const made = (await (await addEndpoint({ url: 'https://billing.example.com/hooks' })).json()) as { id: number };
    await pay(100);
    clock.advanceSeconds(60);
    await pay(200);
    const deps: DeliveryDeps = { db: database.db, now: clock.now, secrets, send: () => Promise.resolve(503) };
    const orderKey = `account:${String(sun.accountId)}`;
    await expect(drainDeliveries(deps, made.id, orderKey)).rejects.toBeInstanceOf(DeliveryRefused);
    clock.advanceSeconds(GIVE_UP_AFTER_MS / 1000 - 30);
    // The first is 48 hours old and fails; the second is not yet, and is tried again later.
    await expect(drainDeliveries(deps, made.id, orderKey)).rejects.toBeInstanceOf(DeliveryRefused);
    const failed = (await (await call('/api/office/v1/webhooks/deliveries?status=failed', { key: keys.reader })).json()) as { deliveries: Record<string, unknown>[] };
    expect(failed.deliveries).toEqual([expect.objectContaining({ status: 'failed', attempts: 2, eventType: 'payment.captured' })]);
    // Failed, and nothing of what the receiver answered (its status, its body, why it was unreachable).
    const all = (await (await call('/api/office/v1/webhooks/deliveries', { key: keys.reader })).json()) as { deliveries: Record<string, unknown>[] };
    for (const delivery of all.deliveries) expect(Object.keys(delivery).sort()).toEqual(['attempts', 'createdAt', 'endpointId', 'eventId', 'eventType', 'finishedAt', 'id', 'lastAttemptAt', 'status']);
    expect(JSON.stringify(all)).not.toContain('HTTP 503');
    expect(((await (await call('/api/office/v1/webhooks/deliveries?status=failed', { key: keys.other })).json()) as { deliveries: unknown[] }).deliveries).toEqual([]);
  });

  it('signs with both secrets for a day after a rotation, so either verifies', async () => {
    const made = (await (await addEndpoint({ url: 'https://billing.example.com/hooks' })).json()) as { id: number; secret: string };
    const rotated = (await (await call(`/api/office/v1/webhooks/endpoints/${String(made.id)}/rotate`, { key: keys.hooks, method: 'POST' })).json()) as { secret: string; previousSecretExpiresAt: string };
    expect(rotated.secret).not.toBe(made.secret);
    expect(new Date(rotated.previousSecretExpiresAt).getTime()).toBe(clock.now().getTime() + 24 * 3600 * 1000);
    await pay(100);
    const seen: { body: string; headers: Record<string, string> }[] = [];
    const receiver: WebhookSender = ({ body, headers }) => {
      seen.push({ body, headers });
      return Promise.resolve(200);
    };
    await drainDeliveries({ db: database.db, now: clock.now, secrets, send: receiver }, made.id, `account:${String(sun.accountId)}`);
    const [delivery] = seen;
    if (!delivery) throw new Error('Nothing was delivered');
    expect(delivery.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    for (const secret of [made.secret, rotated.secret]) expect(verifyAt(secret, delivery.body, delivery.headers)).toMatchObject({ type: 'payment.captured' });
    // A third secret does not.
    expect(() => verifyAt('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', delivery.body, delivery.headers)).toThrow();
    // Once disabled, nothing more goes to it.
    expect((await call(`/api/office/v1/webhooks/endpoints/${String(made.id)}/disable`, { key: keys.hooks, method: 'POST' })).status).toBe(200);
    await pay(100);
    expect(await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'))).toEqual([]);
  });

  it('keeps every secret rotated out within the day signing until its own expiry: a second rotation does not drop the first', async () => {
    const made = (await (await addEndpoint({ url: 'https://billing.example.com/hooks' })).json()) as { id: number; secret: string };
    const rotate = async () => (await (await call(`/api/office/v1/webhooks/endpoints/${String(made.id)}/rotate`, { key: keys.hooks, method: 'POST' })).json()) as { secret: string; previousSecretExpiresAt: string };
    const firstRotation = clock.now().getTime();
    const second = await rotate();
    clock.advanceSeconds(3600);
    const third = await rotate();
    expect(new Date(third.previousSecretExpiresAt).getTime()).toBe(clock.now().getTime() + 24 * 3600 * 1000);

    /** The next payment's delivery: its body and headers, as the receiver gets them. */
    const delivered = async () => {
      await pay(100);
      const seen: { body: string; headers: Record<string, string> }[] = [];
      await drainDeliveries({ db: database.db, now: clock.now, secrets, send: ({ body, headers }) => (seen.push({ body, headers }), Promise.resolve(204)) }, made.id, `account:${String(sun.accountId)}`);
      const [delivery] = seen.slice(-1);
      if (!delivery) throw new Error('Nothing was delivered');
      return delivery;
    };
    // Within the first secret's day: the first, the second and the third all sign.
    const early = await delivered();
    expect(early.headers['webhook-signature']?.split(' ')).toHaveLength(3);
    for (const secret of [made.secret, second.secret, third.secret]) expect(verifyAt(secret, early.body, early.headers)).toMatchObject({ type: 'payment.captured' });
    // Once the first has had its day, it no longer signs; the second keeps its own day.
    clock.advanceSeconds((firstRotation + 24 * 3600 * 1000 - clock.now().getTime()) / 1000 + 1);
    const later = await delivered();
    expect(later.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(() => verifyAt(made.secret, later.body, later.headers)).toThrow();
    for (const secret of [second.secret, third.secret]) expect(verifyAt(secret, later.body, later.headers)).toMatchObject({ type: 'payment.captured' });
  });
});
