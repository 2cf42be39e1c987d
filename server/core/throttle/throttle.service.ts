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
 * Only failures count, and fifty wrong passwords sent at once are still evaluated five times, not
 * fifty. `attempt` reserves the attempt before the slow work (the password hash): in one
 * transaction, under an advisory lock per key, the counts are read and the attempt is recorded as
 * in flight (under `inflight:<key>`). Its outcome settles it: a failure becomes one (under
 * `<key>`), a success is deleted, and with it the account's failures. The limits count attempts
 * in flight as if they had failed, so no more go ahead than could fail within the limit. An
 * attempt that would be refused *only* because of attempts still in flight is not refused: it
 * waits for them to settle and is evaluated again. Every attempt is thus judged as if it had come
 * after the ones in flight: ten right passwords sent at once all get in (each success clears the
 * way for the next), while the sixth of six wrong ones waits, as if they had come one by one.
 *
 * The waiting holds no database connection: a waiter is woken when an attempt on one of its keys
 * settles in this process, and looks again every 100 ms for the other replicas' (advisory locks
 * and rows are per database, so the counts are the same everywhere). It waits 10 s at most, then
 * is told to retry. An attempt in flight for a minute (its server stopped before it settled)
 * counts as a failure.
 *
 * `reserve` counts a request outright, with no outcome to wait for (an email sent to an address,
 * a reset link asked for): its keys never have attempts in flight.
 */
import { and, count, eq, gt, inArray, lte, max, min, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginAttempts } from '../../db/schema';
import { normaliseReference } from '../accounts/accounts.service';

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

/** The throttle key of a guest account: its client code and account number. */
export function guestThrottleKey(clientCode: string, accountNumber: string): string {
  return `guest:${clientCode.trim().toUpperCase()}:${normaliseReference(accountNumber)}`;
}

/** Where an attempt is kept while its outcome is not known yet. */
const IN_FLIGHT_PREFIX = 'inflight:';
const inFlightKey = (key: string) => `${IN_FLIGHT_PREFIX}${key}`;
/** An attempt in flight longer than this was never settled (its server stopped): it counts as a failure. */
export const IN_FLIGHT_TIMEOUT_SECONDS = 60;
/** How often a waiting attempt looks again for attempts settled by other replicas. */
const SETTLE_POLL_MS = 100;
/** How long an attempt waits for attempts in flight to settle before it is told to retry. */
const SETTLE_WAIT_MS = 10_000;

export interface ThrottleCheck {
  key: string;
  policy: ThrottlePolicy;
}

export type Throttled = { kind: 'throttled'; retryAfterSeconds: number };
export type Reservation = { kind: 'reserved'; ids: number[]; keys: string[] } | Throttled;

/** What an attempt's check found: whether it succeeded (only failures count), and what to answer. */
export interface AttemptOutcome<T> {
  succeeded: boolean;
  result: T;
}

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

/** Failures (or attempts) of one key in the window: how many, the oldest and the latest. */
interface Tally {
  count: number;
  oldest: Date | null;
  latest: Date | null;
}

const emptyTally: Tally = { count: 0, oldest: null, latest: null };

function addTallies(a: Tally, b: Tally): Tally {
  const earlier = (x: Date | null, y: Date | null) => (x && y ? (x < y ? x : y) : (x ?? y));
  const later = (x: Date | null, y: Date | null) => (x && y ? (x > y ? x : y) : (x ?? y));
  return { count: a.count + b.count, oldest: earlier(a.oldest, b.oldest), latest: later(a.latest, b.latest) };
}

/** The settled failures (with attempts in flight too long) and the attempts in flight of one key. */
async function tallies(tx: Database, key: string, windowStart: Date, staleBefore: Date): Promise<{ failures: Tally; inFlight: Tally }> {
  const rows = await tx
    .select({
      key: loginAttempts.email,
      stale: sql<boolean>`${loginAttempts.attemptedAt} <= ${staleBefore.toISOString()}::timestamptz`.mapWith(Boolean),
      count: count(),
      oldest: min(loginAttempts.attemptedAt),
      latest: max(loginAttempts.attemptedAt),
    })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.email, [key, inFlightKey(key)]), gt(loginAttempts.attemptedAt, windowStart)))
    // By the second column, `stale`: its text with a parameter of its own would not match the select's.
    .groupBy(loginAttempts.email, sql`2`);
  let failures = emptyTally;
  let inFlight = emptyTally;
  for (const row of rows) {
    const tally: Tally = { count: row.count, oldest: row.oldest, latest: row.latest };
    if (row.key === key || row.stale) failures = addTallies(failures, tally);
    else inFlight = addTallies(inFlight, tally);
  }
  return { failures, inFlight };
}

type Evaluation = { kind: 'free' } | Throttled | { kind: 'waitForInFlight'; retryAfterSeconds: number };

/** Whether an attempt under `checks` may go now, must wait (settled failures), or must wait for attempts in flight. */
async function evaluate(tx: Database, checks: readonly ThrottleCheck[], time: Date): Promise<Evaluation> {
  let settledWait = 0;
  let withInFlightWait = 0;
  for (const { key, policy } of checks) {
    const windowStart = new Date(time.getTime() - policy.windowSeconds * 1000);
    const staleBefore = new Date(time.getTime() - IN_FLIGHT_TIMEOUT_SECONDS * 1000);
    const { failures, inFlight } = await tallies(tx, key, windowStart, staleBefore);
    settledWait = Math.max(settledWait, waitSeconds(policy, failures.count, failures.oldest, failures.latest, time));
    const all = addTallies(failures, inFlight);
    withInFlightWait = Math.max(withInFlightWait, waitSeconds(policy, all.count, all.oldest, all.latest, time));
  }
  if (settledWait > 0) return { kind: 'throttled', retryAfterSeconds: settledWait };
  if (withInFlightWait > 0) return { kind: 'waitForInFlight', retryAfterSeconds: withInFlightWait };
  return { kind: 'free' };
}

/** Takes the advisory locks of `checks`' keys for the rest of `tx`; returns the keys. */
async function lockKeys(tx: Database, checks: readonly ThrottleCheck[]): Promise<string[]> {
  const keys = [...new Set(checks.map((check) => check.key))].sort();
  // In a fixed order, so two attempts never wait for each other's locks.
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`throttle:${key}`}, 0))`);
  return keys;
}

/** Creates the throttle over the `login_attempts` table. */
export function createThrottleService({ db, now }: { db: Database; now: () => Date }) {
  /** Who in this process waits for an attempt on a key to settle. */
  const waiters = new Map<string, Set<() => void>>();

  /** Wakes whoever waits on `keys` (other replicas' waiters find out by looking again). */
  function notifySettled(keys: readonly string[]) {
    for (const key of keys) {
      const waiting = waiters.get(key);
      waiters.delete(key);
      for (const wake of waiting ?? []) wake();
    }
  }

  /**
   * A signal that an attempt on one of `keys` settled here, or that it is time to look again.
   * Taken before the evaluation it follows, so that a settling in between is not missed.
   */
  function settleSignal(keys: readonly string[]) {
    let wake = () => {};
    const settled = new Promise<void>((resolve) => (wake = resolve));
    for (const key of keys) {
      const waiting = waiters.get(key) ?? new Set();
      waiting.add(wake);
      waiters.set(key, waiting);
    }
    const cancel = () => {
      for (const key of keys) {
        const waiting = waiters.get(key);
        waiting?.delete(wake);
        if (waiting?.size === 0) waiters.delete(key);
      }
    };
    return {
      wait: async () => {
        const timer = setTimeout(wake, SETTLE_POLL_MS);
        await settled;
        clearTimeout(timer);
        cancel();
      },
      cancel,
    };
  }

  /** In `tx`: reserves under every key, or says what stands in the way. */
  async function reserveIn(tx: Database, checks: readonly ThrottleCheck[], inFlight: boolean): Promise<Reservation | Extract<Evaluation, { kind: 'waitForInFlight' }>> {
    const keys = await lockKeys(tx, checks);
    const time = now();
    const evaluation = await evaluate(tx, checks, time);
    if (evaluation.kind !== 'free') return evaluation;
    const inserted = await tx
      .insert(loginAttempts)
      .values(keys.map((key) => ({ email: inFlight ? inFlightKey(key) : key, attemptedAt: time })))
      .returning({ id: loginAttempts.id });
    return { kind: 'reserved', ids: inserted.map((row) => row.id), keys };
  }

  /** Reserves under every key, waiting while only attempts in flight stand in the way. */
  async function reserveRows(checks: readonly ThrottleCheck[], inFlight: boolean): Promise<Reservation> {
    const deadline = performance.now() + SETTLE_WAIT_MS;
    for (;;) {
      const signal = settleSignal(checks.map((check) => check.key));
      const outcome = await db.transaction((tx) => reserveIn(tx, checks, inFlight));
      if (outcome.kind !== 'waitForInFlight') {
        signal.cancel();
        return outcome;
      }
      if (performance.now() >= deadline) {
        signal.cancel();
        return { kind: 'throttled', retryAfterSeconds: outcome.retryAfterSeconds };
      }
      await signal.wait();
    }
  }

  /** The attempt failed: it counts from now on as a failure under its keys. */
  async function failed(reservation: Extract<Reservation, { kind: 'reserved' }>): Promise<void> {
    if (reservation.ids.length > 0) {
      await db
        .update(loginAttempts)
        .set({ email: sql`substr(${loginAttempts.email}, ${IN_FLIGHT_PREFIX.length + 1})` })
        .where(inArray(loginAttempts.id, reservation.ids));
    }
    notifySettled(reservation.keys);
  }

  /** The attempt succeeded: it is no failure, and the signed-in account's failures are forgotten. */
  async function succeeded(reservation: Extract<Reservation, { kind: 'reserved' }>, accountKey: string): Promise<void> {
    if (reservation.ids.length > 0) await db.delete(loginAttempts).where(inArray(loginAttempts.id, reservation.ids));
    // Failures only (those never settled included): other attempts still in flight count once they settle.
    const staleBefore = new Date(now().getTime() - IN_FLIGHT_TIMEOUT_SECONDS * 1000);
    await db
      .delete(loginAttempts)
      .where(
        or(
          eq(loginAttempts.email, accountKey),
          and(eq(loginAttempts.email, inFlightKey(accountKey)), lte(loginAttempts.attemptedAt, staleBefore)),
        ),
      );
    notifySettled(reservation.keys);
  }

  return {
    /**
     * Runs `check` (a password or an account number checked: the slow, guessable part) as one
     * attempt under every key, or says how long to wait. Only an attempt whose check does not
     * succeed counts as a failure; a success also forgets the failures of `accountKey`. A check
     * that throws counts as a failure.
     */
    async attempt<T>(checks: readonly ThrottleCheck[], accountKey: string, check: () => Promise<AttemptOutcome<T>>): Promise<T | Throttled> {
      const reservation = await reserveRows(checks, true);
      if (reservation.kind === 'throttled') return reservation;
      let outcome: AttemptOutcome<T>;
      try {
        outcome = await check();
      } catch (error) {
        // The database that failed the check may fail this too; the attempt then counts as a
        // failure once it has been in flight too long, which is what it is meant to count as.
        await failed(reservation).catch(() => undefined);
        throw error;
      }
      if (outcome.succeeded) await succeeded(reservation, accountKey);
      else await failed(reservation);
      return outcome.result;
    },

    /** Counts one request under every key (an email sent, a link asked for), or says how long to wait. */
    reserve(checks: readonly ThrottleCheck[]): Promise<Reservation> {
      return reserveRows(checks, false);
    },

    /**
     * Counts one request under every key as part of the caller's transaction `tx`: the count
     * commits or rolls back with it, and the keys stay locked until it ends. For keys that never
     * have attempts in flight (a transaction cannot wait for them to settle).
     */
    async reserveWithin(tx: Database, checks: readonly ThrottleCheck[]): Promise<Reservation> {
      const outcome = await reserveIn(tx, checks, false);
      return outcome.kind === 'waitForInFlight' ? { kind: 'throttled', retryAfterSeconds: outcome.retryAfterSeconds } : outcome;
    },
  };
}

export type ThrottleService = ReturnType<typeof createThrottleService>;
