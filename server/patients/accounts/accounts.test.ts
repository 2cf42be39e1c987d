import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../db/client';
import { accounts, clients, invoices, sessions, userClients, users } from '../../db/schema';
import { sha256Hex } from '../../security/tokens';
import { DEMO_GUEST, TestBrowser, createTestApp, openSeededDatabase, resetSessions } from '../../test/harness';
import { createClientsService } from '../../core/clients/clients.service';
import type { TenantScope } from '../../http/scope';
import { createAccountsService, normaliseReference } from '../../core/accounts/accounts.service';

let database: OpenedDatabase;
let sun: TenantScope;
let delta52: TenantScope;
let guestAccountId: number;
let deltaAccountId: number;

beforeAll(async () => {
  database = await openSeededDatabase();
  const clientsService = createClientsService({ db: database.db });
  const scope = async (clientCode: string, billingGroup?: string) => {
    const client = await clientsService.resolve({ clientCode, billingGroup });
    if (!client) throw new Error(`no client ${clientCode}`);
    return { clientId: client.id };
  };
  sun = await scope('SUN');
  delta52 = await scope('DLT', '52');
  const service = createAccountsService({ db: database.db });
  guestAccountId = (await service.byNumber(sun, DEMO_GUEST.accountNumber))?.id ?? -1;
  deltaAccountId = (await service.byNumber(delta52, 'D-520100'))?.id ?? -1;
});

afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  await resetSessions(database.db);
});

describe('account lookups', () => {
  const service = () => createAccountsService({ db: database.db });

  it('normalises typed numbers: trimmed, upper-case', () => {
    expect(normaliseReference('  a-778899\t')).toBe('A-778899');
  });

  it('find an account by number or id only under its own client', async () => {
    expect((await service().byNumber(sun, ' a-778899 '))?.holderName).toBe('Jordan Guest');
    expect(await service().byNumber(sun, 'D-520100')).toBeNull();
    expect((await service().byId(delta52, deltaAccountId))?.accountNumber).toBe('D-520100');
    expect(await service().byId(sun, deltaAccountId)).toBeNull();
    expect(await service().byId(delta52, guestAccountId)).toBeNull();
  });

  it('list an account’s invoices only under its own client', async () => {
    const own = await service().invoices(delta52, deltaAccountId);
    expect(own.map((invoice) => invoice.invoiceNumber)).toEqual(['DLT-520031', 'DLT-520047']);
    expect(await service().invoices(sun, deltaAccountId)).toEqual([]);
  });

  it('find a guest’s account only from a pair of the same account and client', async () => {
    const pair = { accountNumber: 'D-520100', invoiceNumber: 'DLT-520031' };
    expect((await service().findGuestAccount(delta52, pair))?.id).toBe(deltaAccountId);
    expect(await service().findGuestAccount(sun, pair)).toBeNull();
    expect(await service().findGuestAccount(sun, { ...DEMO_GUEST, invoiceNumber: 'SUN-100031' })).toBeNull();
  });
});

describe('tenancy in the database itself', () => {
  it('refuses a session under one client that points at another client’s account', async () => {
    const browser = await new TestBrowser(createTestApp(database.db)).open();
    await browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber);
    const id = sha256Hex(browser.cookies.get('pbp_session') ?? '');

    await expect(
      database.db.update(sessions).set({ accountId: deltaAccountId }).where(eq(sessions.id, id)),
    ).rejects.toThrow();
    await expect(
      database.db.update(sessions).set({ clientId: delta52.clientId }).where(eq(sessions.id, id)),
    ).rejects.toThrow();
    // An account without a client would escape the composite key; the check refuses it too.
    await expect(database.db.update(sessions).set({ clientId: null }).where(eq(sessions.id, id))).rejects.toThrow();

    // The session still sees only its own account and client.
    expect((await browser.getJson('/api/User/GetAccountNumber')).body).toEqual({ accountNumber: 'A-778899' });
    expect((await browser.getJson('/api/User/GetClientCode')).body).toEqual({ clientCode: 'SUN', billingGroup: null });
  });

  it('refuses an invoice or a membership that crosses clients', async () => {
    await expect(
      database.db.insert(invoices).values({
        clientId: sun.clientId,
        accountId: deltaAccountId,
        invoiceNumber: 'SUN-999001',
        description: 'Crossed',
        invoiceDate: '2026-02-01',
        dueDate: '2026-03-01',
        amountCents: 100,
        balanceCents: 100,
      }),
    ).rejects.toThrow();
    const [pat] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'pat.doe@example.com'));
    await expect(
      database.db
        .update(userClients)
        .set({ accountNumber: 'D-520100' })
        .where(and(eq(userClients.userId, pat?.id ?? -1), eq(userClients.clientId, sun.clientId))),
    ).rejects.toThrow();
  });

  it('refuses negative amounts (zero is an invoice insurance paid in full) or balances outside 0..amount, and un-normalised numbers', async () => {
    const invoice = {
      clientId: sun.clientId,
      accountId: guestAccountId,
      invoiceNumber: 'SUN-999002',
      description: 'Check',
      invoiceDate: '2026-02-01',
      dueDate: '2026-03-01',
      amountCents: 1000,
      balanceCents: 500,
    };
    await expect(database.db.insert(invoices).values({ ...invoice, amountCents: -1, balanceCents: 0 })).rejects.toThrow();
    await expect(database.db.insert(invoices).values({ ...invoice, balanceCents: -1 })).rejects.toThrow();
    await expect(database.db.insert(invoices).values({ ...invoice, balanceCents: 1001 })).rejects.toThrow();
    await expect(database.db.insert(invoices).values({ ...invoice, invoiceNumber: 'sun-999002' })).rejects.toThrow();
    await expect(database.db.insert(invoices).values({ ...invoice, invoiceNumber: 'SUN-100042' })).rejects.toThrow();
    await expect(
      database.db.insert(accounts).values({ clientId: sun.clientId, accountNumber: ' A-1', holderName: 'X' }),
    ).rejects.toThrow();
  });

  it('keeps account and invoice numbers unique per client only', async () => {
    const [zz] = await database.db.select({ id: clients.id }).from(clients).where(eq(clients.code, 'ZZ'));
    const [row] = await database.db
      .insert(accounts)
      .values({ clientId: zz?.id ?? -1, accountNumber: 'A-778899', holderName: 'Same number, other client' })
      .returning({ id: accounts.id });
    expect(row?.id).toBeGreaterThan(0);
    await database.db.delete(accounts).where(eq(accounts.id, row?.id ?? -1));
  });
});

describe('a guest of one client, through the API', () => {
  it('cannot sign in to or read another client’s account', async () => {
    const browser = await new TestBrowser(createTestApp(database.db)).open();
    await browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber);
    // Naming another client's pair while signed in as SUN's guest fails and ends nothing but the attempt.
    expect((await browser.guestLogin('D-520100', 'DLT-520031')).status).toBe(401);
    for (const path of ['/api/User/GetAccountNumber', '/api/User/GetClientCode', '/api/User/GetUserEmail']) {
      const body = JSON.stringify((await browser.getJson(path)).body);
      expect(body).not.toContain('D-520100');
      expect(body).not.toContain('DLT');
    }
  });
});
