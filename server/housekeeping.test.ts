import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginAttempts, processorTokens, sessions } from './db/schema';
import { sweepExpired } from './housekeeping';
import { useSeededDatabase } from './test/harness';

describe('the sweep of expired rows', () => {
  const database = useSeededDatabase();

  it('removes ended sessions, old sign-in attempts and long-expired card tokens, and keeps the rest', async () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60 * 1000);
    const { db } = database;
    await db.insert(sessions).values([
      { id: 'ended', createdAt: ago(60), lastSeenAt: ago(30), expiresAt: ago(15) },
      { id: 'live', createdAt: ago(10), lastSeenAt: ago(1), expiresAt: ago(-14) },
    ]);
    await db.insert(loginAttempts).values([
      { email: 'old@example.com', attemptedAt: ago(16) },
      { email: 'recent@example.com', attemptedAt: ago(5) },
    ]);
    const token = (name: string, expiredMinutesAgo: number) => ({
      token: name,
      brand: 'visa',
      last4: '4242',
      outcome: 'approve',
      createdAt: ago(expiredMinutesAgo + 15),
      expiresAt: ago(expiredMinutesAgo),
    });
    await db.insert(processorTokens).values([token('tok_longgone0001', 25 * 60), token('tok_recent000001', 60)]);

    expect(await sweepExpired(db, now)).toEqual({ sessions: 1, attempts: 1, tokens: 1 });
    expect((await db.select({ id: sessions.id }).from(sessions)).map((row) => row.id)).toEqual(['live']);
    expect(await db.select().from(loginAttempts).where(eq(loginAttempts.email, 'old@example.com'))).toEqual([]);
    expect(await db.select().from(loginAttempts).where(eq(loginAttempts.email, 'recent@example.com'))).toHaveLength(1);
    expect((await db.select({ token: processorTokens.token }).from(processorTokens)).map((row) => row.token)).toEqual(['tok_recent000001']);
  });
});
