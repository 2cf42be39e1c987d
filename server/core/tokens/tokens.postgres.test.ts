/**
 * Tokens under real concurrency: on PostgreSQL through node-postgres requests run on separate
 * connections (PGlite has one and runs them one after another). Runs where TEST_DATABASE_URL names
 * a server, in a database of its own there, as the server's role (its owner wipes the tokens).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../db/client';
import { userTokens, users } from '../../db/schema';
import { seedDemoData } from '../../seed/seed';
import { consumeToken, issueToken } from './tokens.service';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../../test/postgres-servers';

const now = new Date('2026-03-01T09:00:00Z');

describe.skipIf(!testDatabaseUrl)('user tokens on PostgreSQL (TEST_DATABASE_URL)', () => {
  let created: TestDatabase;
  let database: OpenedDatabase;
  let owner: OpenedDatabase;
  let userId: number;

  beforeAll(async () => {
    created = await createTestDatabase('pbp_tokens');
    database = await created.open();
    owner = await created.openAsOwner();
    await seedDemoData(database.db, { nodeEnv: 'test' });
    const [pat] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'pat.doe@example.com'));
    if (!pat) throw new Error('pat.doe is not seeded');
    userId = pat.id;
  });

  beforeEach(async () => {
    await owner.db.execute(sql`truncate table user_tokens`);
  });

  afterAll(async () => {
    await database.close();
    await owner.close();
    await created.drop();
  });

  it('gives a link to exactly one of 20 requests that open it at once', async () => {
    const token = await issueToken(database.db, { userId, purpose: 'resetPassword', now });
    const answers = await Promise.all(Array.from({ length: 20 }, () => consumeToken(database.db, 'resetPassword', token, now)));
    expect(answers.filter((answer) => answer !== null)).toHaveLength(1);
  });

  it('leaves one working link when 10 are asked for at once', async () => {
    const tokens = await Promise.all(Array.from({ length: 10 }, () => issueToken(database.db, { userId, purpose: 'resetPassword', now })));
    const unused = await database.db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, 'resetPassword'), isNull(userTokens.usedAt)));
    expect(unused).toHaveLength(1);
    const working = await Promise.all(tokens.map((token) => consumeToken(database.db, 'resetPassword', token, now)));
    expect(working.filter((answer) => answer !== null)).toHaveLength(1);
  });
});
