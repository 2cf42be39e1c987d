/**
 * The audit trail: every staff action and every API-key call, written once and never changed (a
 * trigger refuses update, truncate and the delete of any row younger than six years). Staff read
 * their own client's rows, found by words and dates, and take them away as CSV.
 */
import { and, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditEvent, type AuditQuery } from '@contracts/console';
import type { Database } from '../../db/client';
import { auditEvents, type AuditActorKind, type AuditOutcome } from '../../db/schema';
import { csvExport } from '../../lib/csv-export';

/** How long the trail keeps a row: six years, as health billing records are kept. */
export const AUDIT_RETENTION_YEARS = 6;

/** One thing that happened, as it is recorded. */
export interface AuditEntry {
  clientId: number | null;
  actorKind: AuditActorKind;
  /** The staff member's email, the API key's prefix, or the operator's name. */
  actor: string;
  role?: string;
  /** What was done: `staff.invite`, `payment.refund`, `apiKey.call`, … */
  action: string;
  accountNumber?: string | null;
  /** What it was done to: a payment's reference, a staff member's email, a path. */
  target?: string;
  outcome: AuditOutcome;
  /** A few words more: the refusal's code, the amount, the new role. */
  detail?: string;
  ipAddress?: string;
}

/** What can write a row: the database or an open transaction of it. */
type Writer = Pick<Database, 'insert'>;

const TEXT_MAX = 500;
const cut = (text: string | undefined | null) => (text ?? '').slice(0, TEXT_MAX);

/** Records one entry (in the writer's transaction, when given one). */
export async function recordAudit(db: Writer, entry: AuditEntry, now: Date): Promise<void> {
  await db.insert(auditEvents).values({
    clientId: entry.clientId,
    occurredAt: now,
    actorKind: entry.actorKind,
    actor: cut(entry.actor),
    role: cut(entry.role),
    action: cut(entry.action),
    accountNumber: entry.accountNumber ? cut(entry.accountNumber) : null,
    target: cut(entry.target),
    outcome: entry.outcome,
    detail: cut(entry.detail),
    ipAddress: cut(entry.ipAddress),
  });
}

/** `%` and `_` typed in a search are looked for as themselves. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const CSV_PAGE = 1000;
const csvColumns = ['occurred_at', 'actor_kind', 'actor', 'role', 'action', 'account_number', 'target', 'outcome', 'detail', 'ip_address'] as const;

export function createAuditService({ db, now }: { db: Database; now: () => Date }) {
  /** The client's rows the query finds: every word in one of who, what, the account, the target or the detail. */
  function where(clientId: number, query: AuditQuery, beforeId?: number): SQL | undefined {
    const words = query.q.split(/\s+/).filter(Boolean).slice(0, 8);
    return and(
      eq(auditEvents.clientId, clientId),
      query.from ? gte(auditEvents.occurredAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
      query.to ? lt(auditEvents.occurredAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000)) : undefined,
      beforeId === undefined ? undefined : lt(auditEvents.id, beforeId),
      ...words.map((word) => {
        const pattern = `%${likeEscaped(word)}%`;
        return or(
          ilike(auditEvents.actor, pattern),
          ilike(auditEvents.action, pattern),
          ilike(auditEvents.accountNumber, pattern),
          ilike(auditEvents.target, pattern),
          ilike(auditEvents.detail, pattern),
          ilike(auditEvents.ipAddress, pattern),
        );
      }),
    );
  }

  function toEvent(row: typeof auditEvents.$inferSelect): AuditEvent {
    return {
      id: row.id,
      occurredAt: row.occurredAt.toISOString(),
      actorKind: row.actorKind,
      actor: row.actor,
      role: row.role,
      action: row.action,
      accountNumber: row.accountNumber,
      target: row.target,
      outcome: row.outcome,
      detail: row.detail,
      ipAddress: row.ipAddress,
    };
  }

  return {
    record: (entry: AuditEntry) => recordAudit(db, entry, now()),

    /** The newest `AUDIT_PAGE_SIZE` rows found, and whether there are more. */
    async search(clientId: number, query: AuditQuery): Promise<{ events: AuditEvent[]; more: boolean }> {
      const rows = await db.select().from(auditEvents).where(where(clientId, query)).orderBy(desc(auditEvents.id)).limit(AUDIT_PAGE_SIZE + 1);
      return { events: rows.slice(0, AUDIT_PAGE_SIZE).map(toEvent), more: rows.length > AUDIT_PAGE_SIZE };
    },

    /** Every row found, newest first, as spreadsheet-safe CSV, page by page. */
    csv(clientId: number, query: AuditQuery): AsyncIterable<string> {
      async function* rows() {
        let before: number | undefined;
        for (;;) {
          const page = await db.select().from(auditEvents).where(where(clientId, query, before)).orderBy(desc(auditEvents.id)).limit(CSV_PAGE);
          for (const event of page.map(toEvent)) {
            yield [event.occurredAt, event.actorKind, event.actor, event.role, event.action, event.accountNumber, event.target, event.outcome, event.detail, event.ipAddress];
          }
          if (page.length < CSV_PAGE) return;
          before = page[page.length - 1]?.id;
        }
      }
      return csvExport(csvColumns, rows());
    },

    /** Removes rows older than the retention (the only delete the trigger lets through); returns how many. */
    async sweepExpired(): Promise<number> {
      const cutoff = new Date(now());
      cutoff.setUTCFullYear(cutoff.getUTCFullYear() - AUDIT_RETENTION_YEARS);
      const removed = await db.delete(auditEvents).where(lt(auditEvents.occurredAt, cutoff)).returning({ id: auditEvents.id });
      return removed.length;
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

/** The trail's columns in its CSV, for the tests and the docs. */
export const auditCsvColumns = csvColumns;
