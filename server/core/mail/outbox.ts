/**
 * Outgoing email. An email is a row of the outbox table, written in the same transaction as what
 * it reports, so a rolled-back payment never mails a receipt. The table is the truth of what must
 * go out: with SMTP configured the outbox sender (`outbox-sender.ts`) claims due rows, sends them
 * and marks them sent, on the server's job queue; without it they stay here for the development
 * page.
 */
import * as v from 'valibot';
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Language } from '@contracts/session';
import type { Database } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import type { JobKind } from '../../jobs/job-definition';
import { sendInScope } from '../../jobs/jobs-in-scope';

/** Subject and plain-text body of an email. */
export interface EmailText {
  subject: string;
  body: string;
}

export interface Email {
  /** The tenant the email speaks for; null for none. */
  clientId: number | null;
  to: string;
  subject: string;
  /** The plain-text part, always present. */
  body: string;
  /** The HTML part; without one the sender renders the text as HTML. */
  html?: string | undefined;
  /** The language the email is written in: the recipient's, as the writer chose it. */
  language?: Language | undefined;
}

/** An outbox row as the sender and the development page read it. */
export type OutboxEmail = typeof outboxEmails.$inferSelect;

/** What can write: the database or an open transaction of it. */
type Writer = Pick<Database, 'insert' | 'execute'>;

/** The queue of one email's delivery (outbox-sender.ts runs it when SMTP is set). */
export const OUTBOX_DELIVERY_QUEUE = 'outbox.deliver';
/** One email's delivery, asked for in the transaction that queues the email, so it goes out as soon as that commits rather than at the next sweep. */
export const emailDeliveryJob: JobKind<{ emailId: number }> = { name: OUTBOX_DELIVERY_QUEUE, data: v.object({ emailId: v.pipe(v.number(), v.integer()) }) };

/** Queues one email, and asks for its delivery when the server in scope sends email (`sendInScope`); returns its id. */
export async function queueEmail(db: Writer, email: Email): Promise<number> {
  const [row] = await db
    .insert(outboxEmails)
    .values({
      clientId: email.clientId,
      toAddress: email.to,
      subject: email.subject,
      body: email.body,
      htmlBody: email.html ?? null,
      language: email.language ?? null,
    })
    .returning({ id: outboxEmails.id });
  if (!row) throw new Error('The outbox did not take the email');
  await sendInScope(emailDeliveryJob, { emailId: row.id }, db);
  return row.id;
}

/** The newest emails first, sent or not, for the development page. */
export async function latestEmails(db: Database, limit = 50, to?: string): Promise<OutboxEmail[]> {
  return db
    .select()
    .from(outboxEmails)
    .where(to === undefined ? undefined : eq(outboxEmails.toAddress, to))
    .orderBy(desc(outboxEmails.id))
    .limit(limit);
}

/**
 * Claims the unsent email that has been due longest (or the one with `id`, if it is due), or none.
 * The claim counts an attempt and moves `next_attempt_at` to `leaseUntil`, so no other sender
 * (another instance over the same database) takes the email while this one sends it. `SKIP LOCKED`
 * lets two senders claiming at the same moment take different emails instead of waiting for each
 * other.
 */
export async function claimNextDue(db: Database, now: Date, leaseUntil: Date, id?: number): Promise<OutboxEmail | undefined> {
  const due = db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(and(isNull(outboxEmails.sentAt), lte(outboxEmails.nextAttemptAt, now), id === undefined ? undefined : eq(outboxEmails.id, id)))
    .orderBy(asc(outboxEmails.nextAttemptAt), asc(outboxEmails.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(outboxEmails)
    .set({ attempts: sql`${outboxEmails.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(and(inArray(outboxEmails.id, due), isNull(outboxEmails.sentAt)))
    .returning();
  return claimed;
}

/** Records that the SMTP server accepted the email. */
export async function markSent(db: Database, id: number, now: Date): Promise<void> {
  await db.update(outboxEmails).set({ sentAt: now, lastError: null }).where(eq(outboxEmails.id, id));
}

/** The longest `last_error` kept (the column's check allows 300 characters). */
export const LAST_ERROR_MAX_LENGTH = 300;

/** Records a failed attempt and when to try again; `reason` must already be free of secrets. */
export async function markFailed(db: Database, id: number, nextAttemptAt: Date, reason: string): Promise<void> {
  await db
    .update(outboxEmails)
    .set({ nextAttemptAt, lastError: reason.slice(0, LAST_ERROR_MAX_LENGTH) })
    .where(and(eq(outboxEmails.id, id), isNull(outboxEmails.sentAt)));
}
