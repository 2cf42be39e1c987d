/**
 * Single-use tokens that an email carries: activating an account, resetting a password,
 * confirming a new email address, removing a registration from an account. The link holds the token; the table holds only its SHA-256, so
 * a leaked table opens nothing. A token works once, before it expires, for its own purpose.
 */
import { and, eq, gt, isNull, isNotNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userTokens, users, type UserTokenPurpose } from '../../db/schema';
import { newToken, sha256Hex, tokenOrUndefined } from '../../security/tokens';
import { normaliseEmail } from '../../lib/email-address';

const HOUR_MS = 60 * 60 * 1000;

/** How long each kind of link stays good, in milliseconds. */
export const TOKEN_LIFETIMES_MS: Readonly<Record<UserTokenPurpose, number>> = {
  activateAccount: 24 * HOUR_MS,
  resetPassword: HOUR_MS,
  confirmEmail: 24 * HOUR_MS,
  // The account's other users may read the notice late: its link keeps working for a month.
  removeAccess: 30 * 24 * HOUR_MS,
};

interface IssueTokenCommon {
  userId: number;
  now: Date;
  /** Milliseconds the token stays good; the purpose's `TOKEN_LIFETIMES_MS` when absent. */
  lifetime?: number;
}

/**
 * What to issue a token for; only an email confirmation carries the address it confirms, and only
 * an access removal the client whose membership it removes.
 */
export type IssueTokenRequest = IssueTokenCommon &
  (
    | { purpose: 'activateAccount' | 'resetPassword'; newEmail?: undefined; clientId?: undefined }
    | { purpose: 'confirmEmail'; newEmail: string; clientId?: undefined }
    | { purpose: 'removeAccess'; clientId: number; newEmail?: undefined }
  );

/** A token as stored, once consumed or looked up. */
export type UserTokenRecord = typeof userTokens.$inferSelect;

/**
 * Issues a token and returns it raw, for the link (only its digest is stored). The user's unused
 * tokens of the same purpose stop working: only the newest link works, so an old email found later
 * opens nothing.
 */
export async function issueToken(db: Database, request: IssueTokenRequest): Promise<string> {
  const { userId, purpose, now } = request;
  const lifetime = request.lifetime ?? TOKEN_LIFETIMES_MS[purpose];
  if (!Number.isFinite(lifetime) || lifetime <= 0) throw new RangeError(`A token's lifetime must be positive, not ${String(lifetime)}`);
  const token = newToken();
  await db.transaction(async (tx) => {
    // Locking the user makes two requests at once issue one after the other, so the older
    // token is always removed and never two of a purpose stay usable.
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new Error(`No user ${String(userId)} to issue a token for`);
    await tx.delete(userTokens).where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
    await tx.insert(userTokens).values({
      userId,
      purpose,
      tokenHash: sha256Hex(token),
      newEmail: request.purpose === 'confirmEmail' ? normaliseEmail(request.newEmail) : null,
      clientId: request.purpose === 'removeAccess' ? request.clientId : null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + lifetime),
    });
  });
  return token;
}

/** The condition of a token that still works: that purpose, unused, not expired at `now`. */
function usable(purpose: UserTokenPurpose, raw: string, now: Date) {
  return and(
    eq(userTokens.tokenHash, sha256Hex(raw)),
    eq(userTokens.purpose, purpose),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, now),
  );
}

/**
 * Spends a token: marks it used and returns it when it is of `purpose`, unused and unexpired at
 * `now`; otherwise null. One statement does the check and the marking, so of two requests with
 * the same link at once exactly one gets the row.
 */
export async function consumeToken(db: Database, purpose: UserTokenPurpose, raw: string, now: Date): Promise<UserTokenRecord | null> {
  if (tokenOrUndefined(raw) === undefined) return null;
  const [row] = await db.update(userTokens).set({ usedAt: now }).where(usable(purpose, raw, now)).returning();
  return row ?? null;
}

/**
 * The token when it would still work, without spending it: for a page that shows its form only
 * while the link is good. Spend it with `consumeToken` when the form is sent.
 */
export async function peekToken(db: Database, purpose: UserTokenPurpose, raw: string, now: Date): Promise<UserTokenRecord | null> {
  if (tokenOrUndefined(raw) === undefined) return null;
  const [row] = await db.select().from(userTokens).where(usable(purpose, raw, now)).limit(1);
  return row ?? null;
}

/** Makes every unused token of `purpose` of the user stop working (say, reset links after a password change). */
export async function revokeTokens(db: Database, userId: number, purpose: UserTokenPurpose): Promise<void> {
  await db.delete(userTokens).where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}

/** Deletes tokens that can no longer work (expired before `now`, or used); returns how many. */
export async function sweepTokens(db: Database, now: Date): Promise<number> {
  const swept = await db
    .delete(userTokens)
    .where(or(lt(userTokens.expiresAt, now), isNotNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  return swept.length;
}
