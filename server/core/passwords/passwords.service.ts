/**
 * Passwords on the server: the full rules a new password must keep, when a password has expired,
 * and setting a new one. The shared rules (length, not the email) come from the contract, so the
 * SPA and the server cannot disagree on them.
 */
import { and, eq } from 'drizzle-orm';
import { passwordRuleProblem, type PasswordRuleProblem } from '@contracts/passwords';
import type { Database } from '../../db/client';
import { clients, userClients, users } from '../../db/schema';
import { hashPassword } from '../../security/password';
import { revokeTokens } from '../tokens/tokens.service';
import { isCommonPassword } from './common-passwords';

/** Why the server refuses a new password. */
export type PasswordProblem = PasswordRuleProblem | 'common';

/** The first rule a new password breaks (the shared ones first, then "not common"), or null. */
export function passwordProblem(password: string, email: string): PasswordProblem | null {
  return passwordRuleProblem(password, email) ?? (isCommonPassword(password) ? 'common' : null);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a password's expiry depends on in the user's row. */
export interface PasswordAge {
  passwordChangedAt: Date;
  /** The billing office marked the password for change. */
  passwordChangeRequired: boolean;
}

/** What a password's expiry depends on in the client's row. */
export interface PasswordPolicy {
  /** Null: passwords never expire by age. */
  passwordLifetimeDays: number | null;
}

/** Whether a password has expired, and the days left (GET /api/User/GetIsPasswordExpired). */
export interface PasswordExpiry {
  isPasswordExpired: boolean;
  /** Whole days until it expires, rounded up; 0 once expired; -1 when it never expires by age. */
  daysUntilExpiry: number;
}

/**
 * A password's expiry under a client's policy: expired when marked for change, or once the
 * client's lifetime has passed since it was set (NIST SP 800-63B advises against such periodic
 * changes, so clients have none unless they ask).
 */
export function passwordExpiry(user: PasswordAge, client: PasswordPolicy | null, now: Date): PasswordExpiry {
  const lifetimeDays = client?.passwordLifetimeDays ?? null;
  if (user.passwordChangeRequired) return { isPasswordExpired: true, daysUntilExpiry: 0 };
  if (lifetimeDays === null) return { isPasswordExpired: false, daysUntilExpiry: -1 };
  const left = user.passwordChangedAt.getTime() + lifetimeDays * DAY_MS - now.getTime();
  return left > 0 ? { isPasswordExpired: false, daysUntilExpiry: Math.ceil(left / DAY_MS) } : { isPasswordExpired: true, daysUntilExpiry: 0 };
}

/** True when the user must change the password before anything else. */
export function isPasswordExpired(user: PasswordAge, client: PasswordPolicy | null, now: Date): boolean {
  return passwordExpiry(user, client, now).isPasswordExpired;
}

/**
 * The expiry of a user's password under the client a session is signed in to, read from the
 * database; null when the user is not a member of that client.
 */
export async function passwordExpiryOf(db: Database, userId: number, clientId: number, now: Date): Promise<PasswordExpiry | null> {
  const [row] = await db
    .select({
      passwordChangedAt: users.passwordChangedAt,
      passwordChangeRequired: users.passwordChangeRequired,
      passwordLifetimeDays: clients.passwordLifetimeDays,
    })
    .from(userClients)
    .innerJoin(users, eq(users.id, userClients.userId))
    .innerJoin(clients, eq(clients.id, userClients.clientId))
    .where(and(eq(userClients.userId, userId), eq(userClients.clientId, clientId)))
    .limit(1);
  return row ? passwordExpiry(row, row, now) : null;
}

/**
 * Gives a user a new password (check it with `passwordProblem` first): hashed with the sign-in
 * KDF, its age restarting at `now`, no longer marked for change. Reset links still unused stop
 * working, since they were asked for with the old password in mind. Sessions are the caller's
 * to end (`endUserSessions`). Returns false when there is no such user.
 */
export async function setNewPassword(db: Database, userId: number, password: string, now: Date): Promise<boolean> {
  // Hash before touching the database: scrypt is slow and needs no row.
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, passwordChangeRequired: false })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length === 0) return false;
    await revokeTokens(tx, userId, 'resetPassword');
    return true;
  });
}
