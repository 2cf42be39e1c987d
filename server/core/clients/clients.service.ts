/**
 * Client (tenant) lookups.
 *
 * Resolution rule, used by every call that takes `clientCode` (and optional `billingGroup`):
 * - the code matches case-insensitively;
 * - with a billing group: the entry with exactly that billing group, or else the code's entry
 *   without a billing group (codes that do not use billing groups ignore a stale one); a code
 *   whose entries all have billing groups and none matches is unknown;
 * - without a billing group: the code's primary entry (`is_primary`; DLT 52 in the demo data),
 *   else the entry without a billing group, else the lowest billing group in text order.
 */
import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Client, ClientListEntry } from '@contracts/clients';
import type { Database } from '../../db/client';
import { clients } from '../../db/schema';

export type ClientRow = typeof clients.$inferSelect;

/** A request's way of naming a client. */
export interface ClientSelector {
  clientCode: string;
  billingGroup?: string | undefined;
}

/** The list entry shape of a client row. */
export function toListEntry(row: ClientRow): ClientListEntry {
  return {
    code: row.code,
    name: row.name,
    logoUrl: row.logoUrl,
    theme: row.theme,
    billingGroup: row.billingGroup,
  };
}

/** The client shape of a client row. */
export function toClient(row: ClientRow): Client {
  return { ...toListEntry(row), acceptsOnlinePayments: row.acceptsOnlinePayments, patientAppUrl: row.patientAppUrl };
}

/** Creates the client lookups over the database. */
export function createClientsService({ db }: { db: Database }) {
  return {
    /** Every entry, ordered by code, then billing group (the entry without one first). */
    async list(): Promise<ClientRow[]> {
      return db
        .select()
        .from(clients)
        .orderBy(asc(clients.code), sql`${clients.billingGroup} asc nulls first`);
    },

    /** Resolves a code (and billing group) to one entry by the rule above; null when unknown. */
    async resolve({ clientCode, billingGroup }: ClientSelector): Promise<ClientRow | null> {
      const sameCode = eq(sql`upper(${clients.code})`, clientCode.trim().toUpperCase());
      let where: SQL | undefined = sameCode;
      const order: SQL[] = [];
      if (billingGroup) {
        where = and(sameCode, or(eq(clients.billingGroup, billingGroup), isNull(clients.billingGroup)));
        order.push(sql`${clients.billingGroup} is null asc`);
      } else {
        order.push(desc(clients.isPrimary));
      }
      order.push(sql`${clients.billingGroup} asc nulls first`, asc(clients.id));
      const [row] = await db
        .select()
        .from(clients)
        .where(where)
        .orderBy(...order)
        .limit(1);
      return row ?? null;
    },

    /** The entry with this id (the session's client); null when it no longer exists. */
    async byId(clientId: number): Promise<ClientRow | null> {
      const [row] = await db.select().from(clients).where(eq(clients.id, clientId)).limit(1);
      return row ?? null;
    },
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
