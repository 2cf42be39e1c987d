import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { clients, userTokens, users } from '../../db/schema';
import { sha256Hex } from '../../security/tokens';
import { useSeededDatabase } from '../../test/harness';
import { TOKEN_LIFETIMES_MS, consumeToken, issueToken, peekToken, revokeTokens, sweepTokens } from './tokens.service';

const database = useSeededDatabase();
const now = new Date('2026-03-01T09:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const HOUR = 60 * 60 * 1000;

async function sunId(): Promise<number> {
  const [row] = await database.db.select({ id: clients.id }).from(clients).where(eq(clients.code, 'SUN'));
  if (!row) throw new Error('no SUN');
  return row.id;
}

async function userId(email: string): Promise<number> {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`No demo user ${email}`);
  return row.id;
}

beforeEach(async () => {
  await database.db.execute(sql`truncate table user_tokens`);
});

describe('issuing a token', () => {
  it('hands out a random link token and keeps only its SHA-256', async () => {
    const pat = await userId('pat.doe@example.com');
    const first = await issueToken(database.db, { userId: pat, purpose: 'activateAccount', now });
    const second = await issueToken(database.db, { userId: await userId('north.doe@example.com'), purpose: 'activateAccount', now });

    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    const rows = await database.db.select().from(userTokens);
    expect(rows.map((row) => row.tokenHash).sort()).toEqual([sha256Hex(first), sha256Hex(second)].sort());
    expect(JSON.stringify(rows)).not.toContain(first);
  });

  it('gives activation and email links a day, reset links an hour and access-removal links a month', async () => {
    const pat = await userId('pat.doe@example.com');
    await issueToken(database.db, { userId: pat, purpose: 'activateAccount', now });
    await issueToken(database.db, { userId: pat, purpose: 'resetPassword', now });
    await issueToken(database.db, { userId: pat, purpose: 'confirmEmail', newEmail: 'pat.new@example.com', now });
    await issueToken(database.db, { userId: pat, purpose: 'removeAccess', clientId: await sunId(), now });

    const rows = await database.db.select({ purpose: userTokens.purpose, expiresAt: userTokens.expiresAt }).from(userTokens);
    const lifetimeOf = (purpose: string) => (rows.find((row) => row.purpose === purpose)?.expiresAt.getTime() ?? 0) - now.getTime();
    expect(lifetimeOf('activateAccount')).toBe(24 * HOUR);
    expect(lifetimeOf('resetPassword')).toBe(HOUR);
    expect(lifetimeOf('confirmEmail')).toBe(24 * HOUR);
    expect(lifetimeOf('removeAccess')).toBe(30 * 24 * HOUR);
    expect(TOKEN_LIFETIMES_MS).toEqual({ activateAccount: 24 * HOUR, resetPassword: HOUR, confirmEmail: 24 * HOUR, removeAccess: 30 * 24 * HOUR });
  });

  it('takes a lifetime of its own when given one, and refuses one that is not positive', async () => {
    const pat = await userId('pat.doe@example.com');
    const token = await issueToken(database.db, { userId: pat, purpose: 'resetPassword', lifetime: 5 * 60 * 1000, now });
    expect(await peekToken(database.db, 'resetPassword', token, later(5 * 60 * 1000 - 1))).not.toBeNull();
    expect(await peekToken(database.db, 'resetPassword', token, later(5 * 60 * 1000))).toBeNull();
    await expect(issueToken(database.db, { userId: pat, purpose: 'resetPassword', lifetime: 0, now })).rejects.toThrow(RangeError);
  });

  it('makes the older unused link of the same purpose stop working, and leaves other purposes alone', async () => {
    const pat = await userId('pat.doe@example.com');
    const oldReset = await issueToken(database.db, { userId: pat, purpose: 'resetPassword', now });
    const activation = await issueToken(database.db, { userId: pat, purpose: 'activateAccount', now });
    const newReset = await issueToken(database.db, { userId: pat, purpose: 'resetPassword', now: later(1000) });

    expect(await consumeToken(database.db, 'resetPassword', oldReset, later(2000))).toBeNull();
    expect(await consumeToken(database.db, 'resetPassword', newReset, later(2000))).not.toBeNull();
    expect(await consumeToken(database.db, 'activateAccount', activation, later(2000))).not.toBeNull();
  });

  it('does not touch another user\'s links', async () => {
    const patLink = await issueToken(database.db, { userId: await userId('pat.doe@example.com'), purpose: 'resetPassword', now });
    await issueToken(database.db, { userId: await userId('north.doe@example.com'), purpose: 'resetPassword', now });
    expect(await consumeToken(database.db, 'resetPassword', patLink, now)).not.toBeNull();
  });

  it('stores the address an email confirmation confirms, trimmed and lower-cased', async () => {
    const pat = await userId('pat.doe@example.com');
    const token = await issueToken(database.db, { userId: pat, purpose: 'confirmEmail', newEmail: '  Pat.New@Example.COM ', now });
    expect((await consumeToken(database.db, 'confirmEmail', token, now))?.newEmail).toBe('pat.new@example.com');
  });

  it('refuses a user that does not exist', async () => {
    await expect(issueToken(database.db, { userId: 999_999, purpose: 'activateAccount', now })).rejects.toThrow();
    expect(await database.db.select().from(userTokens)).toEqual([]);
  });
});

describe('consuming a token', () => {
  it('works once: the first use returns the token, marked used, and the second nothing', async () => {
    const pat = await userId('pat.doe@example.com');
    const token = await issueToken(database.db, { userId: pat, purpose: 'resetPassword', now });

    const used = await consumeToken(database.db, 'resetPassword', token, later(1000));
    expect(used).toMatchObject({ userId: pat, purpose: 'resetPassword', newEmail: null, usedAt: later(1000) });
    expect(await consumeToken(database.db, 'resetPassword', token, later(2000))).toBeNull();
  });

  it('works only until it expires', async () => {
    const pat = await userId('pat.doe@example.com');
    const lastMoment = await issueToken(database.db, { userId: pat, purpose: 'resetPassword', now });
    expect(await consumeToken(database.db, 'resetPassword', lastMoment, later(HOUR - 1))).not.toBeNull();

    const tooLate = await issueToken(database.db, { userId: pat, purpose: 'resetPassword', now });
    expect(await consumeToken(database.db, 'resetPassword', tooLate, later(HOUR))).toBeNull();
    expect(await consumeToken(database.db, 'resetPassword', tooLate, now)).not.toBeNull();
  });

  it('works only for its own purpose: an activation link does not reset a password', async () => {
    const pat = await userId('pat.doe@example.com');
    const token = await issueToken(database.db, { userId: pat, purpose: 'activateAccount', now });
    expect(await consumeToken(database.db, 'resetPassword', token, now)).toBeNull();
    expect(await consumeToken(database.db, 'confirmEmail', token, now)).toBeNull();
    expect(await consumeToken(database.db, 'activateAccount', token, now)).not.toBeNull();
  });

  it('answers nothing, without an error, for a made-up, malformed or huge token', async () => {
    const pat = await userId('pat.doe@example.com');
    const token = await issueToken(database.db, { userId: pat, purpose: 'resetPassword', now });
    const madeUp = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const raw of [madeUp, '', 'not a token', token.slice(1), `${token}x`, 'x'.repeat(100_000), `${token}\u0000`]) {
      expect(await consumeToken(database.db, 'resetPassword', raw, now)).toBeNull();
    }
    expect(await consumeToken(database.db, 'resetPassword', token, now)).not.toBeNull();
  });

  it('gives the row to exactly one of many requests with the same link at once', async () => {
    const pat = await userId('pat.doe@example.com');
    const token = await issueToken(database.db, { userId: pat, purpose: 'resetPassword', now });
    const answers = await Promise.all(Array.from({ length: 10 }, () => consumeToken(database.db, 'resetPassword', token, now)));
    expect(answers.filter((answer) => answer !== null)).toHaveLength(1);
  });

  it('can be looked at without being spent', async () => {
    const pat = await userId('pat.doe@example.com');
    const token = await issueToken(database.db, { userId: pat, purpose: 'resetPassword', now });
    expect(await peekToken(database.db, 'resetPassword', token, now)).toMatchObject({ userId: pat, usedAt: null });
    expect(await peekToken(database.db, 'activateAccount', token, now)).toBeNull();
    expect(await consumeToken(database.db, 'resetPassword', token, now)).not.toBeNull();
    expect(await peekToken(database.db, 'resetPassword', token, now)).toBeNull();
  });

  it('stops working when revoked, for that user and purpose only', async () => {
    const pat = await userId('pat.doe@example.com');
    const reset = await issueToken(database.db, { userId: pat, purpose: 'resetPassword', now });
    const activation = await issueToken(database.db, { userId: pat, purpose: 'activateAccount', now });
    await revokeTokens(database.db, pat, 'resetPassword');
    expect(await consumeToken(database.db, 'resetPassword', reset, now)).toBeNull();
    expect(await consumeToken(database.db, 'activateAccount', activation, now)).not.toBeNull();
  });
});

describe('sweeping tokens', () => {
  it('deletes expired and used tokens and keeps the ones that still work', async () => {
    const pat = await userId('pat.doe@example.com');
    const north = await userId('north.doe@example.com');
    const harbor = await userId('harbor.doe@example.com');
    await issueToken(database.db, { userId: pat, purpose: 'resetPassword', now });
    const used = await issueToken(database.db, { userId: north, purpose: 'resetPassword', now });
    await consumeToken(database.db, 'resetPassword', used, now);
    const live = await issueToken(database.db, { userId: harbor, purpose: 'activateAccount', now });

    expect(await sweepTokens(database.db, later(2 * HOUR))).toBe(2);
    expect((await database.db.select({ hash: userTokens.tokenHash }).from(userTokens)).map((row) => row.hash)).toEqual([sha256Hex(live)]);
  });
});

describe('the user_tokens table', () => {
  it('goes with its user', async () => {
    const [user] = await database.db.insert(users).values({ email: 'gone@example.com', passwordHash: 'x' }).returning({ id: users.id });
    if (!user) throw new Error('insert failed');
    await issueToken(database.db, { userId: user.id, purpose: 'activateAccount', now });
    await database.db.delete(users).where(eq(users.id, user.id));
    expect(await database.db.select().from(userTokens)).toEqual([]);
  });

  it('refuses an email confirmation without its address, and an address on another purpose', async () => {
    const pat = await userId('pat.doe@example.com');
    const row = { userId: pat, createdAt: now, expiresAt: later(HOUR) };
    await expect(database.db.insert(userTokens).values({ ...row, purpose: 'confirmEmail', tokenHash: 'a' })).rejects.toThrow();
    await expect(
      database.db.insert(userTokens).values({ ...row, purpose: 'resetPassword', tokenHash: 'b', newEmail: 'x@example.com' }),
    ).rejects.toThrow();
  });
});
