/**
 * Sign-in throttling by key (a normalised email, or a guest key such as `guest:SUN:A-778899`),
 * kept in the database so that every replica sees the same count. After `maxFailures` failed
 * attempts within `windowSeconds`, further attempts for that key are refused until the oldest
 * failures age out of the window. Services with different limits share the table; their keys differ.
 */
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginAttempts } from '../../db/schema';

export interface ThrottleDeps {
  db: Database;
  now: () => Date;
  maxFailures?: number;
  windowSeconds?: number;
}

export const DEFAULT_MAX_FAILURES = 10;
export const DEFAULT_WINDOW_SECONDS = 15 * 60;

/** Creates the throttle over the `login_attempts` table. */
export function createThrottleService({
  db,
  now,
  maxFailures = DEFAULT_MAX_FAILURES,
  windowSeconds = DEFAULT_WINDOW_SECONDS,
}: ThrottleDeps) {
  const windowStart = () => new Date(now().getTime() - windowSeconds * 1000);

  return {
    /** True when this key has used up its failed attempts for the window. */
    async isThrottled(key: string): Promise<boolean> {
      const [row] = await db
        .select({ failures: count() })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.email, key), gt(loginAttempts.attemptedAt, windowStart())));
      return (row?.failures ?? 0) >= maxFailures;
    },

    /** Counts one failed attempt, and drops this key's attempts that left the window. */
    async recordFailure(key: string): Promise<void> {
      await db
        .delete(loginAttempts)
        .where(and(eq(loginAttempts.email, key), lt(loginAttempts.attemptedAt, windowStart())));
      await db.insert(loginAttempts).values({ email: key, attemptedAt: now() });
    },

    /** Forgets the failures of a key after a successful sign-in. */
    async clear(key: string): Promise<void> {
      await db.delete(loginAttempts).where(eq(loginAttempts.email, key));
    },
  };
}

export type ThrottleService = ReturnType<typeof createThrottleService>;
