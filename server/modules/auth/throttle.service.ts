/**
 * Sign-in throttling, the way identity services do it: per account and per source address, kept
 * in the database so that every replica sees the same counts.
 *
 * - **Per account** (a normalised email, or a guest's `guest:SUN:A-778899`): the first
 *   `freeFailures` failures in the window cost nothing; after that each attempt must wait a delay
 *   that doubles with every further failure (1 s, 2 s, 4 s, … at most `maxDelaySeconds`) since the
 *   last one. Nobody is locked out for good: the owner waits at most the longest delay, and a
 *   password reset is always a way in.
 * - **Per source address** (`address:<ip>`), across every account: after `freeFailures` failures in
 *   the window, that address may not try again until the oldest failure leaves the window. This
 *   is what stops one address from spraying many emails or account numbers.
 *
 * An attempt is reserved before the slow work (the password hash): in one transaction, under an
 * advisory lock per key, the counts are read and the attempt recorded as a failure; a success
 * takes it back. So fifty requests in parallel are fifty reservations in turn, never fifty
 * evaluations of a limit that was checked before any of them failed.
 */
import { and, count, eq, gt, inArray, max, min, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginAttempts } from '../../db/schema';

export interface ThrottlePolicy {
  /** Failures within the window that cost nothing. */
  freeFailures: number;
  windowSeconds: number;
  /** `delay`: growing waits after the free failures; `limit`: refused until failures age out. */
  mode: 'delay' | 'limit';
  /** The longest wait of a `delay` policy. */
  maxDelaySeconds?: number;
}

/** Per account: 5 free failures in 15 minutes, then waits doubling from 1 s up to 5 minutes. */
export const ACCOUNT_POLICY: ThrottlePolicy = { freeFailures: 5, windowSeconds: 15 * 60, mode: 'delay', maxDelaySeconds: 5 * 60 };
/** Per source address, across accounts: 50 failures in 15 minutes. */
export const ADDRESS_POLICY: ThrottlePolicy = { freeFailures: 50, windowSeconds: 15 * 60, mode: 'limit' };

/** The throttle key of a source address. */
export const addressKey = (address: string) => `address:${address}`;

export interface ThrottleCheck {
  key: string;
  policy: ThrottlePolicy;
}

export type Reservation = { kind: 'reserved'; ids: number[] } | { kind: 'throttled'; retryAfterSeconds: number };

/** How long an attempt for one key must still wait (0: it may go now), from its failures in the window. */
export function waitSeconds(policy: ThrottlePolicy, failures: number, oldest: Date | null, latest: Date | null, now: Date): number {
  if (failures < policy.freeFailures) return 0;
  if (policy.mode === 'limit') {
    if (!oldest) return 0;
    return Math.max(1, Math.ceil((oldest.getTime() + policy.windowSeconds * 1000 - now.getTime()) / 1000));
  }
  const delay = Math.min(2 ** (failures - policy.freeFailures), policy.maxDelaySeconds ?? Number.POSITIVE_INFINITY);
  const elapsed = latest ? (now.getTime() - latest.getTime()) / 1000 : Number.POSITIVE_INFINITY;
  return elapsed >= delay ? 0 : Math.ceil(delay - elapsed);
}

/** Creates the throttle over the `login_attempts` table. */
export function createThrottleService({ db, now }: { db: Database; now: () => Date }) {
  return {
    /**
     * Reserves one attempt under every key, or says how long to wait. A reserved attempt counts
     * as a failure until `succeeded` takes it back.
     */
    async reserve(checks: readonly ThrottleCheck[]): Promise<Reservation> {
      const keys = [...new Set(checks.map((check) => check.key))].sort();
      return db.transaction(async (tx) => {
        // In a fixed order, so two attempts never wait for each other's locks.
        for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`throttle:${key}`}, 0))`);
        const time = now();
        let wait = 0;
        for (const { key, policy } of checks) {
          const windowStart = new Date(time.getTime() - policy.windowSeconds * 1000);
          const [row] = await tx
            .select({ failures: count(), oldest: min(loginAttempts.attemptedAt), latest: max(loginAttempts.attemptedAt) })
            .from(loginAttempts)
            .where(and(eq(loginAttempts.email, key), gt(loginAttempts.attemptedAt, windowStart)));
          wait = Math.max(wait, waitSeconds(policy, row?.failures ?? 0, row?.oldest ?? null, row?.latest ?? null, time));
        }
        if (wait > 0) return { kind: 'throttled', retryAfterSeconds: wait } satisfies Reservation;
        const inserted = await tx
          .insert(loginAttempts)
          .values(keys.map((key) => ({ email: key, attemptedAt: time })))
          .returning({ id: loginAttempts.id });
        return { kind: 'reserved', ids: inserted.map((row) => row.id) } satisfies Reservation;
      });
    },

    /** A reserved attempt succeeded: it is no failure, and the signed-in account's failures are forgotten. */
    async succeeded(reservation: Extract<Reservation, { kind: 'reserved' }>, accountKey: string): Promise<void> {
      if (reservation.ids.length > 0) await db.delete(loginAttempts).where(inArray(loginAttempts.id, reservation.ids));
      await db.delete(loginAttempts).where(eq(loginAttempts.email, accountKey));
    },
  };
}

export type ThrottleService = ReturnType<typeof createThrottleService>;
