import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../db/client';
import { accounts, clients, invoices, userClients, users } from '../db/schema';
import { productionHashCost, setHashCostForTests } from '../security/password';
import { testHashCost } from '../test/password-cost';
import { seedDemoData } from './seed';

let database: OpenedDatabase;

beforeAll(async () => {
  // The demo users' hashes as the portal makes them (the other tests hash more cheaply: server/test/password-cost.ts).
  setHashCostForTests(productionHashCost);
  database = await openDatabase();
});

afterAll(async () => {
  // The next file in this worker hashes at the tests' cost again (vitest.config.ts: the server's files share a worker's modules).
  setHashCostForTests(testHashCost);
  await database.close();
});

afterEach(() => {
  vi.unstubAllEnvs();
});

beforeEach(async () => {
  // The audit trail refuses truncation (it is append-only): its triggers are held for this reset only.
  await database.db.execute(sql`set session_replication_role = replica`);
  await database.db.execute(sql`truncate table clients, users, user_clients, sessions, login_attempts restart identity cascade`);
  await database.db.execute(sql`set session_replication_role = origin`);
});

const countOf = async (
  table: typeof clients | typeof users | typeof userClients | typeof accounts | typeof invoices,
) =>
  (await database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe('demo data', () => {
  it('is never seeded in production', async () => {
    expect(await seedDemoData(database.db, { nodeEnv: 'production' })).toBe('skippedProduction');
    expect(await countOf(clients)).toBe(0);
    expect(await countOf(users)).toBe(0);
  });

  it('reads NODE_ENV=production from the environment when not told otherwise', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    expect(await seedDemoData(database.db)).toBe('skippedProduction');
    expect(await countOf(clients)).toBe(0);
  });

  it('is seeded once into an empty database and not again', async () => {
    expect(await seedDemoData(database.db, { nodeEnv: 'development' })).toBe('seeded');
    const clientsAfterFirst = await countOf(clients);
    expect(clientsAfterFirst).toBeGreaterThanOrEqual(50);
    expect(await countOf(users)).toBe(5);
    expect(await countOf(userClients)).toBe(6);
    expect(await countOf(accounts)).toBe(7);
    const invoicesAfterFirst = await countOf(invoices);

    expect(await seedDemoData(database.db, { nodeEnv: 'development' })).toBe('skippedNotEmpty');
    expect(await countOf(clients)).toBe(clientsAfterFirst);
    expect(await countOf(users)).toBe(5);
    expect(await countOf(invoices)).toBe(invoicesAfterFirst);
  });

  it('gives every membership its account, and the SUN guest an account with open invoices', async () => {
    await seedDemoData(database.db, { nodeEnv: 'test' });
    const memberships = await database.db
      .select({ email: users.email, code: clients.code, accountNumber: accounts.accountNumber, holder: accounts.holderName })
      .from(userClients)
      .innerJoin(users, eq(users.id, userClients.userId))
      .innerJoin(clients, eq(clients.id, userClients.clientId))
      .innerJoin(
        accounts,
        and(eq(accounts.clientId, userClients.clientId), eq(accounts.accountNumber, userClients.accountNumber)),
      )
      .orderBy(asc(users.id), asc(userClients.createdAt));
    expect(memberships).toEqual([
      { email: 'pat.doe@example.com', code: 'SUN', accountNumber: 'A-100200', holder: 'Pat Doe' },
      { email: 'pat.doe@example.com', code: 'DLT', accountNumber: 'D-520100', holder: 'Pat Doe' },
      { email: 'disabled.doe@example.com', code: 'SUN', accountNumber: 'A-100300', holder: 'Dana Doe' },
      { email: 'north.doe@example.com', code: 'NPP', accountNumber: 'N-200100', holder: 'Noor Doe' },
      { email: 'harbor.doe@example.com', code: 'HBR', accountNumber: 'H-300100', holder: 'Harper Doe' },
      { email: 'expired.doe@example.com', code: 'SUN', accountNumber: 'A-100400', holder: 'Emery Doe' },
    ]);

    const invoicesOf = (accountNumber: string) =>
      database.db
        .select({
          number: invoices.invoiceNumber,
          amount: invoices.amountCents,
          balance: invoices.balanceCents,
          invoiceDate: invoices.invoiceDate,
          code: clients.code,
        })
        .from(invoices)
        .innerJoin(accounts, and(eq(accounts.clientId, invoices.clientId), eq(accounts.id, invoices.accountId)))
        .innerJoin(clients, eq(clients.id, invoices.clientId))
        .where(eq(accounts.accountNumber, accountNumber));

    const pat = await invoicesOf('A-100200');
    const open = pat.filter((invoice) => invoice.balance > 0);
    expect(open.length).toBeGreaterThanOrEqual(3);
    expect(open.filter((invoice) => invoice.balance < invoice.amount)).toHaveLength(1);
    expect(pat.filter((invoice) => invoice.balance === 0)).toHaveLength(1);

    const guest = await invoicesOf('A-778899');
    expect(guest.map((invoice) => invoice.number).sort()).toEqual(['SUN-100042', 'SUN-100044']);
    expect(guest.every((invoice) => invoice.code === 'SUN' && invoice.balance > 0)).toBe(true);

    const expired = await invoicesOf('A-100400');
    expect(expired).toHaveLength(2);
    expect(expired.every((invoice) => invoice.code === 'SUN' && invoice.balance === invoice.amount)).toBe(true);

    for (const accountNumber of ['A-100300', 'D-520100', 'N-200100', 'H-300100']) {
      const count = (await invoicesOf(accountNumber)).length;
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(2);
    }
    const all = await database.db.select({ invoiceDate: invoices.invoiceDate }).from(invoices);
    for (const invoice of all) expect(invoice.invoiceDate.startsWith('2026-')).toBe(true);
  });

  it('stores only password hashes, and the disabled account is disabled', async () => {
    await seedDemoData(database.db, { nodeEnv: 'test' });
    const rows = await database.db.select({ email: users.email, hash: users.passwordHash }).from(users);
    for (const row of rows) expect(row.hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    const disabled = await database.db
      .select({ disabled: userClients.accountDisabled })
      .from(userClients)
      .innerJoin(users, sql`${users.id} = ${userClients.userId}`)
      .where(sql`${users.email} = 'disabled.doe@example.com'`);
    expect(disabled).toEqual([{ disabled: true }]);
  });

  it('activates every demo user, and marks only expired.doe\'s password for change', async () => {
    await seedDemoData(database.db, { nodeEnv: 'test' });
    const rows = await database.db
      .select({
        email: users.email,
        activatedAt: users.activatedAt,
        createdAt: users.createdAt,
        changeRequired: users.passwordChangeRequired,
      })
      .from(users)
      .orderBy(asc(users.id));
    expect(rows.map((row) => row.activatedAt?.getTime())).toEqual(rows.map((row) => row.createdAt.getTime()));
    expect(rows.filter((row) => row.changeRequired).map((row) => row.email)).toEqual(['expired.doe@example.com']);
  });

  it('refuses a second entry for the same code and billing group, whatever the case or a missing group', async () => {
    await seedDemoData(database.db, { nodeEnv: 'test' });
    await expect(
      database.db.insert(clients).values({ code: 'ZZ', name: 'Duplicate', clientUrl: 'https://dup.example/' }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(clients).values({ code: 'DLT', billingGroup: '48', clientUrl: 'https://dup.example/' }),
    ).rejects.toThrow();
  });
});
