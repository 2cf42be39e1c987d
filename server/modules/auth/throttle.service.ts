/**
 * Sign-in throttling by email, kept in the database so that every replica sees the same count.
 * After `maxFailures` failed attempts within `windowSeconds`, further attempts for that email are
 * refused until the oldest failures age out of the window.
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
    /** True when this email has used up its failed attempts for the window. */
    async isThrottled(email: string): Promise<boolean> {
      const [row] = await db
        .select({ failures: count() })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.email, email), gt(loginAttempts.attemptedAt, windowStart())));
      return (row?.failures ?? 0) >= maxFailures;
    },

    /** Counts one failed attempt, and drops this email's attempts that left the window. */
    async recordFailure(email: string): Promise<void> {
      await db
        .delete(loginAttempts)
        .where(and(eq(loginAttempts.email, email), lt(loginAttempts.attemptedAt, windowStart())));
      await db.insert(loginAttempts).values({ email, attemptedAt: now() });
    },

    /** Forgets the failures of an email after a successful sign-in. */
    async clear(email: string): Promise<void> {
      await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
    },
  };
}

export type ThrottleService = ReturnType<typeof createThrottleService>;
