/**
 * The daily posting file: per client and business day, one CSV row per money event (payments
 * captured, refunds, voids) and a trailer with their count and net total, so the billing office
 * posts the portal's money into its own system and matches its deposit. A business day runs from
 * the previous day's cut-off (21:30 by default, in the client's time zone) to the day's own. Read
 * from the ledger only, in the ledger's order, with nothing of the moment it is asked: the same
 * day asked twice gives the same bytes (once the day has closed, nothing can join it). Text that
 * came from outside (account and invoice numbers) is spreadsheet-safe.
 */
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { withinBusinessDaysSql } from '../../lib/business-day';
import type { MoneyEventLine, MoneyEventType } from '../../db/schema';
import { centsAsDecimal } from '../../lib/cents';
import { spreadsheetSafe } from '../../lib/spreadsheet-safe';

export const postingColumns = [
  'record_type',
  'business_date',
  'event_id',
  'event_type',
  'occurred_at',
  'account_number',
  'payment_reference',
  'reference',
  'applied_to',
  'amount',
  'net_amount',
  'card_brand',
  'card_last4',
  'authorization_code',
  'actor',
  'event_count',
] as const;

/** What an event does to the deposit: a capture adds, a refund or void takes away. */
export function netCents(type: MoneyEventType, amountCents: number): number {
  return type === 'payment.captured' ? amountCents : -amountCents;
}

interface PostingRow extends Record<string, unknown> {
  event_id: string;
  type: MoneyEventType;
  occurred_at: Date | string;
  account_number: string;
  payment_reference: string;
  reference: string;
  lines: MoneyEventLine[] | string;
  amount_cents: number;
  card_brand: string;
  card_last4: string;
  authorization_code: string;
  actor_kind: string;
}

/** The client's money events of the business day `date` (YYYY-MM-DD), in the ledger's order; null when the client has none such. */
export async function postingEvents(db: Database, clientId: number, date: string): Promise<PostingRow[]> {
  return queryRows<PostingRow>(
    db,
    sql`select e.event_id, e.type, e.occurred_at, a.account_number, e.payment_reference, e.reference, e.lines, e.amount_cents,
               e.card_brand, e.card_last4, e.authorization_code, e.actor_kind
        from money_events e
        join clients on clients.id = e.client_id
        join accounts a on a.client_id = e.client_id and a.id = e.account_id
        where e.client_id = ${clientId}
          and ${withinBusinessDaysSql(sql`e.occurred_at`, sql`${date}::date`, sql`${date}::date`)}
        order by e.occurred_at, e.id`,
  );
}

/** The posting file of the client's business day `date` (YYYY-MM-DD), as CSV text. */
export async function postingFile(db: Database, clientId: number, date: string): Promise<string> {
  const events = await postingEvents(db, clientId, date);
  let net = 0;
  const rows = events.map((event) => {
    const lines: MoneyEventLine[] = typeof event.lines === 'string' ? (JSON.parse(event.lines) as MoneyEventLine[]) : event.lines;
    const signed = netCents(event.type, event.amount_cents);
    net += signed;
    return [
      'D',
      date,
      event.event_id,
      event.type,
      new Date(event.occurred_at).toISOString(),
      spreadsheetSafe(event.account_number),
      spreadsheetSafe(event.payment_reference),
      spreadsheetSafe(event.reference),
      spreadsheetSafe(lines.map((line) => `${line.invoiceNumber}=${centsAsDecimal(line.amountCents)}`).join(';')),
      centsAsDecimal(event.amount_cents),
      centsAsDecimal(signed),
      event.card_brand,
      event.card_last4,
      spreadsheetSafe(event.authorization_code),
      event.actor_kind,
      '',
    ];
  });
  const trailer = ['T', date, '', '', '', '', '', '', '', '', centsAsDecimal(net), '', '', '', '', String(events.length)];
  return stringify([[...postingColumns], ...rows, trailer], { record_delimiter: '\r\n' });
}

/** The posting files over the database, as the routes that serve them call them. */
export function createPostings({ db }: { db: Database }) {
  return { file: (clientId: number, date: string) => postingFile(db, clientId, date) };
}

export type Postings = ReturnType<typeof createPostings>;
