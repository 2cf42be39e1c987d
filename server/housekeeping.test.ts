import { describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from './db/client';
import { loginAttempts, outboxEmails, processorTokens, sessions, userTokens, users } from './db/schema';
import { EXPIRED_ROWS_SWEEP_CRON, EXPIRED_ROWS_SWEEP_QUEUE, housekeepingJob, sweepExpired } from './housekeeping';
import { startJobs } from './jobs/job-definition';
import { consumeToken, issueToken } from './core/tokens/tokens.service';
import { sha256Hex } from './security/tokens';
import { useSeededDatabase } from './test/harness';
import { createTestJobQueue } from './test/test-job-queue';

describe('the sweep of expired rows', () => {
  const database = useSeededDatabase();

  it('removes ended sessions, old sign-in attempts, long-expired card tokens and dead emailed links and emails sent a week ago, and keeps the rest (unsent emails too, however old)', async () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60 * 1000);
    const { db } = database;
    await db.insert(sessions).values([
      { id: 'ended', createdAt: ago(60), lastSeenAt: ago(30), expiresAt: ago(15) },
      { id: 'live', createdAt: ago(10), lastSeenAt: ago(1), expiresAt: ago(-14) },
    ]);
    await db.insert(loginAttempts).values([
      // Past the longest window (receipts to one address: an hour), and within the shortest.
      { email: 'old@example.com', attemptedAt: ago(61) },
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
    const userIds = (await db.select({ id: users.id }).from(users)).map((row) => row.id);
    const [first = 0, second = 0, third = 0] = userIds;
    await issueToken(db, { userId: first, purpose: 'resetPassword', now: ago(61) });
    const used = await issueToken(db, { userId: second, purpose: 'resetPassword', now: ago(5) });
    await consumeToken(db, 'resetPassword', used, ago(4));
    const live = await issueToken(db, { userId: third, purpose: 'activateAccount', now: ago(5) });

    const email = (subject: string, sentAt: Date | null) => ({ toAddress: 'pat.doe@example.com', subject, body: 'Hello', createdAt: ago(30 * 24 * 60), sentAt });
    await db.insert(outboxEmails).values([email('sent long ago', ago(8 * 24 * 60)), email('sent this week', ago(6 * 24 * 60)), email('never sent', null)]);

    expect(await sweepExpired(db, now)).toEqual({ sessions: 1, attempts: 1, tokens: 1, userTokens: 2, emails: 1 });
    expect((await db.select({ subject: outboxEmails.subject }).from(outboxEmails)).map((row) => row.subject).sort()).toEqual(['never sent', 'sent this week']);
    expect((await db.select({ id: sessions.id }).from(sessions)).map((row) => row.id)).toEqual(['live']);
    expect(await db.select().from(loginAttempts).where(eq(loginAttempts.email, 'old@example.com'))).toEqual([]);
    expect(await db.select().from(loginAttempts).where(eq(loginAttempts.email, 'recent@example.com'))).toHaveLength(1);
    expect((await db.select({ token: processorTokens.token }).from(processorTokens)).map((row) => row.token)).toEqual(['tok_recent000001']);
    expect((await db.select({ hash: userTokens.tokenHash }).from(userTokens)).map((row) => row.hash)).toEqual([sha256Hex(live)]);
  });
});

describe('the sweep on the job queue', () => {
  const database = useSeededDatabase();

  it('runs every five minutes as a job, and a sweep job removes what has expired', async () => {
    const { db } = database;
    const warnings: string[] = [];
    const jobs = await createTestJobQueue(db, warnings);
    try {
      await startJobs(jobs, [housekeepingJob(db, (message) => warnings.push(message), { pollingIntervalSeconds: 0.5 })]);
      const schedules = await queryRows<{ cron: string }>(db, sql`select cron from pgboss.schedule where name = ${EXPIRED_ROWS_SWEEP_QUEUE}`);
      expect(schedules).toEqual([{ cron: EXPIRED_ROWS_SWEEP_CRON }]);
      expect(EXPIRED_ROWS_SWEEP_CRON).toBe('*/5 * * * *');

      const past = new Date(Date.now() - 60 * 60 * 1000);
      await db.insert(sessions).values({ id: 'ended-before-the-sweep', createdAt: past, lastSeenAt: past, expiresAt: past });
      // The sweep the schedule would send at the next five minutes, now.
      await jobs.send(EXPIRED_ROWS_SWEEP_QUEUE, {});
      await vi.waitFor(async () => expect(await db.select().from(sessions).where(eq(sessions.id, 'ended-before-the-sweep'))).toEqual([]), {
        timeout: 15000,
      });
      expect(warnings).toEqual([]);
    } finally {
      await jobs.stop();
    }
  });
});
