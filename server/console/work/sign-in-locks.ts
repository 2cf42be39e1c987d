/**
 * Who is held back from signing in right now, as the throttle judges it (auth/throttle.service.ts):
 * a throttle key (a user's email, a guest's `guest:<CODE>:<ACCOUNT>`) whose failures in the
 * window make its next attempt wait. The billing office sees it, and may clear a user's failures.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { loginAttempts } from '../../db/schema';
import { ACCOUNT_POLICY, waitSeconds } from '../../core/throttle/throttle.service';

export interface SignInLock {
  failures: number;
  retryAfterSeconds: number;
}

/** The keys (of those `keys` allows, a condition on `email`) held back at `now`, each with how long. */
export async function signInLocks(db: Database, now: Date, keys: SQL): Promise<Map<string, SignInLock>> {
  const windowStart = new Date(now.getTime() - ACCOUNT_POLICY.windowSeconds * 1000);
  const rows = await queryRows<{ key: string; failures: number; oldest: string | Date; latest: string | Date }>(
    db,
    sql`select email as key, count(*)::int as failures, min(attempted_at) as oldest, max(attempted_at) as latest
        from login_attempts
        where attempted_at > ${windowStart.toISOString()}::timestamptz and ${keys}
        group by email
        having count(*) >= ${ACCOUNT_POLICY.freeFailures}`,
  );
  const locks = new Map<string, SignInLock>();
  for (const row of rows) {
    const retryAfterSeconds = waitSeconds(ACCOUNT_POLICY, row.failures, new Date(row.oldest), new Date(row.latest), now);
    if (retryAfterSeconds > 0) locks.set(row.key, { failures: row.failures, retryAfterSeconds });
  }
  return locks;
}

/** Forgets the failed sign-ins of a user's email (attempts still in flight settle as they will); how many. */
export async function clearSignInFailures(db: Database, email: string): Promise<number> {
  const cleared = await db.delete(loginAttempts).where(eq(loginAttempts.email, email)).returning({ id: loginAttempts.id });
  return cleared.length;
}
