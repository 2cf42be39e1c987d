/**
 * Sweeps what has expired, every five minutes on the job queue, so tables do not grow without bound between sign-ins:
 * ended sessions, sign-in attempts and counted emails older than every throttling window, card
 * tokens a day past their expiry, emailed links (user tokens) that are used or expired, and emails
 * sent a week ago (their links are dead by then, and an address book of patients is not worth
 * keeping). Emails not sent yet stay, whatever their age: the development outbox shows them, and
 * SMTP may still take them. Payments (idempotency keys included) are records and stay. The same
 * job settles refunds left pending (their processor call made, their settling cut short).
 */
import { and, isNotNull, lt } from 'drizzle-orm';
import type { Database } from './db/client';
import { defineJob, noData, type RegisteredJob } from './jobs/job-definition';
import { loginAttempts, outboxEmails, processorTokens, sessions } from './db/schema';
import { ACCOUNT_POLICY, ADDRESS_POLICY } from './core/throttle/throttle.service';
import { RECEIPT_RECIPIENT_POLICY, TYPED_RECIPIENT_POLICY } from './core/mail/recipient-limits';
import type { RefundsService } from './core/payments/refunds.service';
import { TOKEN_RETENTION_MS } from './core/processor/sandbox-processor';
import { sweepTokens } from './core/tokens/tokens.service';

/** How long a sent email stays in the outbox table. */
export const SENT_EMAIL_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** The queue of the sweep. */
export const EXPIRED_ROWS_SWEEP_QUEUE = 'housekeeping.sweep';
/** When the sweep runs: every five minutes (one replica runs each). */
export const EXPIRED_ROWS_SWEEP_CRON = '*/5 * * * *';

/** How long a refund may stay pending before the sweep asks the processor again and settles it: far longer than one takes. */
export const PENDING_REFUND_GRACE_MS = 5 * 60 * 1000;

/** Deletes every expired row; returns how many of each. */
export async function sweepExpired(
  db: Database,
  now: Date,
): Promise<{ sessions: number; attempts: number; tokens: number; userTokens: number; emails: number }> {
  // The forms' own limits keep to the sign-in windows; the receipts' hour is the longest.
  const longestWindow = Math.max(...[ACCOUNT_POLICY, ADDRESS_POLICY, TYPED_RECIPIENT_POLICY, RECEIPT_RECIPIENT_POLICY].map((policy) => policy.windowSeconds)) * 1000;
  const ended = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  const attempts = await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.attemptedAt, new Date(now.getTime() - longestWindow)))
    .returning({ id: loginAttempts.id });
  const tokens = await db
    .delete(processorTokens)
    .where(lt(processorTokens.expiresAt, new Date(now.getTime() - TOKEN_RETENTION_MS)))
    .returning({ token: processorTokens.token });
  const userTokens = await sweepTokens(db, now);
  const emails = await db
    .delete(outboxEmails)
    .where(and(isNotNull(outboxEmails.sentAt), lt(outboxEmails.sentAt, new Date(now.getTime() - SENT_EMAIL_RETENTION_MS))))
    .returning({ id: outboxEmails.id });
  return { sessions: ended.length, attempts: attempts.length, tokens: tokens.length, userTokens, emails: emails.length };
}

/**
 * The sweep's job, every five minutes; a failed sweep is reported, and the next one tries again.
 * Its jobs come every five minutes, so looking for one every 10 s is soon enough.
 */
export function housekeepingJob(
  db: Database,
  warn: (message: string) => void,
  { pollingIntervalSeconds = 10, refunds }: { pollingIntervalSeconds?: number; refunds?: Pick<RefundsService, 'settlePending'> } = {},
): RegisteredJob {
  return defineJob({
    name: EXPIRED_ROWS_SWEEP_QUEUE,
    data: noData,
    queue: { retryLimit: 0, expireInSeconds: 5 * 60 },
    schedule: EXPIRED_ROWS_SWEEP_CRON,
    pollingIntervalSeconds,
    handler: async () => {
      try {
        await sweepExpired(db, new Date());
        await refunds?.settlePending(PENDING_REFUND_GRACE_MS);
      } catch (error) {
        warn(`The expired-rows sweep failed: ${String(error)}`);
      }
    },
  });
}
