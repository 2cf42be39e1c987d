/**
 * A user with accounts at several clients (pat.doe at SUN and DLT 52) moves their session from
 * one to another. Only to a client where they have an account: the membership is the proof, read
 * here and again by every later request (the principal is rebuilt from the session's client).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { UserClient } from '@contracts/switch-clients';
import type { Database } from '../../db/client';
import { clients, sessions, userClients } from '../../db/schema';
import type { ClientSelector, ClientsService } from '../../core/clients/clients.service';

/** Who is switching: the signed-in user, and their session (which moves). */
export interface Switcher {
  userId: number;
  sessionId: string;
}

export type SwitchOutcome =
  | { kind: 'switched'; clientCode: string; billingGroup: string | null }
  /** No client has this code (and billing group). */
  | { kind: 'unknownClient' }
  /** The client exists, but the user has no account there. */
  | { kind: 'notMember' };

/** Creates the switch rules over the database. */
export function createSwitchClientsService({ db, clients: clientsService }: { db: Database; clients: ClientsService }) {
  return {
    /** The user's clients, in the order they joined them, the session's marked current. */
    async list(userId: number, currentClientId: number): Promise<UserClient[]> {
      const rows = await db
        .select({
          clientId: clients.id,
          code: clients.code,
          billingGroup: clients.billingGroup,
          name: clients.name,
          logoUrl: clients.logoUrl,
          accountNumber: userClients.accountNumber,
        })
        .from(userClients)
        .innerJoin(clients, eq(clients.id, userClients.clientId))
        .where(eq(userClients.userId, userId))
        .orderBy(asc(userClients.createdAt), asc(clients.code), asc(clients.id));
      return rows.map(({ clientId, ...row }) => ({ ...row, isCurrent: clientId === currentClientId }));
    },

    /**
     * Moves the session to the named client when the user has an account there. The session
     * keeps its token: the person and their rights are the same, only the client they look at
     * changes. Asking for the current client again changes nothing and succeeds.
     */
    async switchTo({ userId, sessionId }: Switcher, selector: ClientSelector): Promise<SwitchOutcome> {
      const client = await clientsService.resolve(selector);
      if (!client) return { kind: 'unknownClient' };
      const [membership] = await db
        .select({ role: userClients.role })
        .from(userClients)
        .where(and(eq(userClients.userId, userId), eq(userClients.clientId, client.id)))
        .limit(1);
      if (!membership) return { kind: 'notMember' };
      await db
        .update(sessions)
        .set({ clientId: client.id, role: membership.role })
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
      return { kind: 'switched', clientCode: client.code, billingGroup: client.billingGroup };
    },
  };
}

export type SwitchClientsService = ReturnType<typeof createSwitchClientsService>;
