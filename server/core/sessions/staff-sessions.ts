/**
 * Staff sessions: the browser holds a random token, the table its SHA-256, the staff member and
 * how far the sign-in went. They end after 15 minutes idle (activity slides the expiry, at most
 * once a minute) and never last more than 12 hours; a session still owing its second factor ends
 * after 10 minutes. Deactivating a staff member ends all of theirs at once.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import { STAFF_IDLE_SECONDS, type StaffRole } from '@contracts/console';
import type { Database } from '../../db/client';
import { clients, staffMembers, staffSessions, type StaffSessionStage, type StaffStatus } from '../../db/schema';
import { newToken, sha256Hex } from '../../security/tokens';

/** However active, a staff session ends this long after it began. */
export const STAFF_ABSOLUTE_SECONDS = 12 * 60 * 60;
/** A sign-in that has not passed its second factor (or set one up) within this time starts again. */
export const STAFF_PENDING_SECONDS = 10 * 60;
const SLIDE_EVERY_MS = 60 * 1000;

/** A live staff session with its staff member and client. */
export interface StaffSessionRecord {
  id: string;
  staffId: number;
  clientId: number;
  clientCode: string;
  clientName: string;
  email: string;
  role: StaffRole;
  status: StaffStatus;
  stage: StaffSessionStage;
  challenge: string | null;
  /** An authenticator secret being set up, sealed as stored (the staff service opens it). */
  pendingTotpSecret: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

export function createStaffSessions({ db, now }: { db: Database; now: () => Date }) {
  const seconds = (from: Date, count: number) => new Date(from.getTime() + count * 1000);

  /** When a session of `stage` begun at `createdAt` and active at `at` ends. */
  function expiryOf(stage: StaffSessionStage, createdAt: Date, at: Date): Date {
    const idle = seconds(at, stage === 'verified' ? STAFF_IDLE_SECONDS : STAFF_PENDING_SECONDS);
    const absolute = seconds(createdAt, STAFF_ABSOLUTE_SECONDS);
    return idle < absolute ? idle : absolute;
  }

  return {
    /** Starts a session at `stage`; returns the cookie's token. */
    async create(staffId: number, stage: StaffSessionStage): Promise<string> {
      const token = newToken();
      const at = now();
      await db.insert(staffSessions).values({ id: sha256Hex(token), staffId, stage, createdAt: at, lastSeenAt: at, expiresAt: expiryOf(stage, at, at) });
      return token;
    },

    /**
     * The live session of a token, or null. Its idle expiry slides when due, unless `slide` is
     * false: a call that is no activity (the console's poll of the time left) must not keep it alive.
     */
    async find(token: string, { slide = true }: { slide?: boolean } = {}): Promise<StaffSessionRecord | null> {
      const id = sha256Hex(token);
      const at = now();
      const [row] = await db
        .select({
          session: staffSessions,
          clientId: staffMembers.clientId,
          clientCode: clients.code,
          clientName: clients.name,
          email: staffMembers.email,
          role: staffMembers.role,
          status: staffMembers.status,
        })
        .from(staffSessions)
        .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
        .innerJoin(clients, eq(clients.id, staffMembers.clientId))
        .where(and(eq(staffSessions.id, id), gt(staffSessions.expiresAt, at)))
        .limit(1);
      if (!row || row.status === 'deactivated') return null;
      const { session } = row;
      let { lastSeenAt, expiresAt } = session;
      if (slide && at.getTime() - lastSeenAt.getTime() >= SLIDE_EVERY_MS) {
        lastSeenAt = at;
        expiresAt = expiryOf(session.stage, session.createdAt, at);
        await db.update(staffSessions).set({ lastSeenAt, expiresAt }).where(eq(staffSessions.id, id));
      }
      return { ...session, lastSeenAt, expiresAt, clientId: row.clientId, clientCode: row.clientCode, clientName: row.clientName, email: row.email, role: row.role, status: row.status };
    },

    /**
     * Moves a session on to `stage` (its expiry counted afresh), clearing any ceremony in flight,
     * under a new token: the token that only knew the password (or the invitation) is worth nothing
     * once the second factor is proven, so one seen before then cannot ride the signed-in session.
     * Returns the new token for the cookie.
     */
    async advance(session: StaffSessionRecord, stage: StaffSessionStage): Promise<string> {
      const at = now();
      const token = newToken();
      await db
        .update(staffSessions)
        .set({ id: sha256Hex(token), stage, challenge: null, pendingTotpSecret: null, lastSeenAt: at, expiresAt: expiryOf(stage, session.createdAt, at) })
        .where(eq(staffSessions.id, session.id));
      return token;
    },

    /** Stay signed in: the idle expiry counted from now, whenever it last slid (never past the absolute end). */
    async extend(session: StaffSessionRecord): Promise<StaffSessionRecord> {
      const lastSeenAt = now();
      const expiresAt = expiryOf(session.stage, session.createdAt, lastSeenAt);
      await db.update(staffSessions).set({ lastSeenAt, expiresAt }).where(eq(staffSessions.id, session.id));
      return { ...session, lastSeenAt, expiresAt };
    },

    /** Keeps a passkey ceremony's challenge, or an authenticator secret being set up (sealed), on the session. */
    async remember(sessionId: string, fields: { challenge?: string | null; pendingTotpSecret?: string | null }): Promise<void> {
      await db.update(staffSessions).set(fields).where(eq(staffSessions.id, sessionId));
    },

    async end(sessionId: string): Promise<void> {
      await db.delete(staffSessions).where(eq(staffSessions.id, sessionId));
    },

    /** Ends every session of a staff member (deactivated, or a new password). */
    async endAllOf(staffId: number): Promise<void> {
      await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
    },

    /** Removes expired sessions; returns how many. */
    async sweepExpired(): Promise<number> {
      const removed = await db.delete(staffSessions).where(lt(staffSessions.expiresAt, now())).returning({ id: staffSessions.id });
      return removed.length;
    },
  };
}

export type StaffSessions = ReturnType<typeof createStaffSessions>;
