/**
 * Outgoing email. Without SMTP an email is kept in the outbox table, written in the
 * same transaction as what it reports, so a rolled-back payment never mails a receipt.
 */
import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboxEmails } from '../../db/schema';

export interface Email {
  /** The tenant the email speaks for; null for none. */
  clientId: number | null;
  to: string;
  subject: string;
  body: string;
}

/** What can write: the database or an open transaction of it. */
type Writer = Pick<Database, 'insert'>;

/** Queues one email. */
export async function queueEmail(db: Writer, email: Email): Promise<void> {
  await db.insert(outboxEmails).values({ clientId: email.clientId, toAddress: email.to, subject: email.subject, body: email.body });
}

/** The newest emails first, for the development page. */
export async function latestEmails(db: Database, limit = 50) {
  return db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(limit);
}
