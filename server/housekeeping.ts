/**
 * Sweeps what has expired, on a timer, so tables do not grow without bound between sign-ins:
 * ended sessions, sign-in attempts and counted emails older than every throttling window, card
 * tokens a day past their expiry, emailed links (user tokens) that are used or expired, and emails
 * sent a week ago (their links are dead by then, and an address book of patients is not worth
 * keeping). Emails not sent yet stay, whatever their age: the development outbox shows them, and
 * SMTP may still take them. Payments (idempotency keys included) are records and stay.
 */
import { and, isNotNull, lt } from 'drizzle-orm';
import type { Database } from './db/client';
import { loginAttempts, outboxEmails, processorTokens, sessions } from './db/schema';
import { ACCOUNT_POLICY, ADDRESS_POLICY } from './modules/auth/throttle.service';
import { RECEIPT_RECIPIENT_POLICY, TYPED_RECIPIENT_POLICY } from './modules/mail/recipient-limits';
import { TOKEN_RETENTION_MS } from './modules/processor/sandbox-processor';
import { sweepTokens } from './modules/tokens/tokens.service';

/** How long a sent email stays in the outbox table. */
export const SENT_EMAIL_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** How often the sweep runs. */
export const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

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

/** Runs the sweep every `intervalMs` until stopped; a failed sweep is reported and tried next time. */
export function startSweeping(db: Database, warn: (message: string) => void, intervalMs = SWEEP_INTERVAL_MS): () => void {
  const timer = setInterval(() => {
    sweepExpired(db, new Date()).catch((error: unknown) => warn(`The expired-rows sweep failed: ${String(error)}`));
  }, intervalMs);
  // The sweep never keeps the process alive by itself.
  timer.unref();
  return () => clearInterval(timer);
}
