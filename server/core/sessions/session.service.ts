/**
 * Server-side sessions. The browser holds a random token; the table holds its SHA-256, the user
 * (or, for a guest, the account) and client it is signed in under, if any, and when it expires.
 * Idle expiry slides on activity, but never past the absolute lifetime counted from sign-in.
 */
import * as v from 'valibot';
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { userRoleSchema, type AuthenticationMessage, type UserRole } from '@contracts/session';
import type { Database } from '../../db/client';
import { accounts, clients, sessions, userClients, users } from '../../db/schema';
import { newToken, sha256Hex } from '../../security/tokens';
import { principalOf, type Principal } from './principal.service';

export interface SessionRecord {
  /** SHA-256 of the cookie token. */
  id: string;
  userId: number | null;
  clientId: number | null;
  role: UserRole | null;
  /** A guest's account (under `clientId`); null for users and anonymous sessions. */
  accountId: number | null;
  language: string | null;
  createdAt: Date;
  /** The last time activity slid the expiry. */
  lastSeenAt: Date;
  expiresAt: Date;
}

/** Activity slides a session's expiry at most this often: most requests then only read the session. */
export const SLIDE_EVERY_MS = 60 * 1000;

export interface NewSessionFields {
  userId: number | null;
  clientId: number | null;
  role: UserRole | null;
  accountId: number | null;
  language: string | null;
}


export type SessionLookup =
  | { status: 'none' }
  | { status: 'expired'; id: string }
  /** `principal` is whom the session speaks for: null when anonymous or its grounds are gone. */
  | { status: 'live'; session: SessionRecord; principal: Principal | null };

export interface SessionServiceDeps {
  db: Database;
  idleSeconds: number;
  /** However active, a session ends this long after it began. */
  absoluteSeconds: number;
  /** The expiry warning is due when this many seconds or fewer remain. */
  warningSeconds: number;
  now: () => Date;
}

/** Creates the session store over the database. */
export function createSessionService({ db, idleSeconds, absoluteSeconds, warningSeconds, now }: SessionServiceDeps) {
  /**
   * Every API request runs this: the session and whom it speaks for (the user's membership of the
   * session's client with its account, or the guest's account) in one round trip, prepared once.
   */
  const guestAccount = alias(accounts, 'guest_account');
  const sessionByDigest = db
    .select({
      session: sessions,
      membership: {
        role: userClients.role,
        accountDisabled: userClients.accountDisabled,
        accountId: accounts.id,
        accountNumber: accounts.accountNumber,
        email: users.email,
        isActive: users.isActive,
        passwordChangedAt: users.passwordChangedAt,
        passwordChangeRequired: users.passwordChangeRequired,
      },
      passwordLifetimeDays: clients.passwordLifetimeDays,
      guestAccount: { id: guestAccount.id, accountNumber: guestAccount.accountNumber },
    })
    .from(sessions)
    .leftJoin(clients, eq(clients.id, sessions.clientId))
    .leftJoin(userClients, and(eq(userClients.userId, sessions.userId), eq(userClients.clientId, sessions.clientId)))
    .leftJoin(users, eq(users.id, userClients.userId))
    .leftJoin(accounts, and(eq(accounts.clientId, userClients.clientId), eq(accounts.accountNumber, userClients.accountNumber)))
    .leftJoin(
      guestAccount,
      and(isNull(sessions.userId), eq(guestAccount.clientId, sessions.clientId), eq(guestAccount.id, sessions.accountId)),
    )
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_by_digest');

  /** The idle expiry from `time`, capped by the absolute lifetime from `createdAt`. */
  const expiryFrom = (time: Date, createdAt: Date) =>
    new Date(Math.min(time.getTime() + idleSeconds * 1000, createdAt.getTime() + absoluteSeconds * 1000));

  /**
   * Seconds until the session's idle expiry, rounded up: a live session never reports 0, so 0
   * always means "ended", and a session just extended reports the whole idle lifetime.
   */
  const secondsLeft = (session: SessionRecord) =>
    Math.max(0, Math.ceil((session.expiresAt.getTime() - now().getTime()) / 1000));

  return {
    secondsLeft,

    /**
     * Whether the SPA should warn that the session is about to end. Only a signed-in session has
     * anything to lose: without one the answer is no, with nothing left.
     */
    authenticationMessage(session: SessionRecord | null, signedIn: boolean): AuthenticationMessage {
      if (!session || !signedIn) return { display: false, secondsLeft: 0 };
      const left = secondsLeft(session);
      return { display: left <= warningSeconds, secondsLeft: left };
    },

    /** Finds the session for a cookie token and whom it speaks for, telling an expired one from none. */
    async findByToken(token: string): Promise<SessionLookup> {
      const id = sha256Hex(token);
      const [found] = await sessionByDigest.execute({ id });
      if (!found) return { status: 'none' };
      const row = found.session;
      if (row.expiresAt.getTime() <= now().getTime()) return { status: 'expired', id };
      const role = v.safeParse(userRoleSchema, row.role);
      const session: SessionRecord = {
        id: row.id,
        userId: row.userId,
        clientId: row.clientId,
        role: role.success ? role.output : null,
        accountId: row.accountId,
        language: row.language,
        createdAt: row.createdAt,
        lastSeenAt: row.lastSeenAt,
        expiresAt: row.expiresAt,
      };
      return { status: 'live', session, principal: principalOf(session, found, now()) };
    },

    /** Records activity: the idle lifetime starts again from now. */
    async touch(session: SessionRecord): Promise<SessionRecord> {
      const time = now();
      const expiresAt = expiryFrom(time, session.createdAt);
      await db.update(sessions).set({ lastSeenAt: time, expiresAt }).where(eq(sessions.id, session.id));
      return { ...session, lastSeenAt: time, expiresAt };
    },

    /** Records activity when the last slide is a minute old or more; otherwise the session as it is. */
    async touchIfDue(session: SessionRecord): Promise<SessionRecord> {
      return now().getTime() - session.lastSeenAt.getTime() >= SLIDE_EVERY_MS ? this.touch(session) : session;
    },

    /** Starts a session and returns the token for the cookie (only its digest is stored). */
    async create(fields: NewSessionFields): Promise<{ token: string; session: SessionRecord }> {
      const token = newToken();
      const time = now();
      const session: SessionRecord = { id: sha256Hex(token), ...fields, createdAt: time, lastSeenAt: time, expiresAt: expiryFrom(time, time) };
      await db.insert(sessions).values({
        id: session.id,
        userId: fields.userId,
        clientId: fields.clientId,
        role: fields.role,
        accountId: fields.accountId,
        language: fields.language,
        createdAt: time,
        lastSeenAt: time,
        expiresAt: session.expiresAt,
      });
      return { token, session };
    },

    /**
     * Signs a browser in: the session it had ends and a new one starts, with a new token, so a token
     * planted before sign-in never gains the caller's rights. Expired sessions are swept on the way.
     */
    async rotate(previous: SessionRecord | null, fields: NewSessionFields): Promise<{ token: string; session: SessionRecord }> {
      if (previous) await this.delete(previous.id);
      await this.purgeExpired();
      return this.create(fields);
    },

    /** Stores a language preference on the session. */
    async setLanguage(sessionId: string, language: string): Promise<void> {
      await db.update(sessions).set({ language }).where(eq(sessions.id, sessionId));
    },

    /** Ends a session. */
    async delete(sessionId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    /** Removes sessions whose idle lifetime is over (housekeeping; lookups ignore them anyway). */
    async purgeExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now()));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

/**
 * Ends every session of a user, on every device, but the one named in `except` (the session
 * asking, when it should stay signed in): for "sign out on every device" and after a password
 * change or reset; with `clientId`, those under that client only. Returns how many ended.
 */
export async function endUserSessions(db: Database, userId: number, options: { except?: string; clientId?: number } = {}): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        options.except === undefined ? undefined : ne(sessions.id, options.except),
        // The billing office of one client ends the sessions under its client only.
        options.clientId === undefined ? undefined : eq(sessions.clientId, options.clientId),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}
