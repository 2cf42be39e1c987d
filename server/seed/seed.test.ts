import { count, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../db/client';
import { clients, userClients, users } from '../db/schema';
import { seedDemoData } from './seed';

let database: OpenedDatabase;

beforeAll(async () => {
  database = await openDatabase();
});

afterAll(async () => {
  await database.close();
});

afterEach(() => {
  vi.unstubAllEnvs();
});

beforeEach(async () => {
  await database.db.execute(sql`truncate table clients, users, user_clients, sessions, login_attempts restart identity cascade`);
});

const countOf = async (table: typeof clients | typeof users | typeof userClients) =>
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
    expect(await countOf(users)).toBe(4);
    expect(await countOf(userClients)).toBe(5);

    expect(await seedDemoData(database.db, { nodeEnv: 'development' })).toBe('skippedNotEmpty');
    expect(await countOf(clients)).toBe(clientsAfterFirst);
    expect(await countOf(users)).toBe(4);
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
