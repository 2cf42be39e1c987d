/**
 * The one job queue of the server: pg-boss over the server's own database (its tables live in the
 * schema `pgboss`, which pg-boss creates and migrates at start). Emails, the periodic sweeps and
 * webhook deliveries run as its jobs; the rows a transaction writes (the outbox) stay the truth of
 * what must go out, and a job is only how it gets done.
 *
 * Replicas over one PostgreSQL share every queue: a job is claimed with `FOR UPDATE SKIP LOCKED`
 * by one worker of one replica, and a job whose replica died mid-way stays `active` until its
 * `expireInSeconds` run out, when whichever replica supervises next puts it back for another to
 * take. A schedule sends one job per occurrence, whichever replicas run it.
 *
 * Why pg-boss and not graphile-worker: both keep their queue in PostgreSQL, but graphile-worker
 * 0.18 declares Node 22.18 and needs a `pg` pool of its own with LISTEN/NOTIFY, so it cannot run
 * over PGlite, the embedded database the portal runs on by default. pg-boss runs over PGlite
 * (`fromPglite`), over the server's own `pg.Pool`, and inside a drizzle transaction
 * (`fromDrizzle`), so a job can commit or roll back with the rows it is about.
 *
 * Only `startServer` starts a queue (and stops it on close, before the database closes);
 * `createApp`, which the unit tests build by the thousand, never does.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { PgBoss, fromDrizzle, fromPglite, type ConstructorOptions, type Db, type Job, type Queue } from 'pg-boss';
import { shortReason } from '../db/availability';
import { JOB_QUEUE_SCHEMA, type Database } from '../db/client';

/** A queue's options, as pg-boss names them; each job of the queue inherits them. */
export type QueueDefinition = Pick<
  Queue,
  'policy' | 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'retryDelayMax' | 'expireInSeconds' | 'retentionSeconds' | 'deleteAfterSeconds'
>;

/** What a handler is told of the job it runs besides its data. */
export interface JobInfo {
  id: string;
  /** 0 on the first attempt, 1 on the first retry, and so on. */
  retryCount: number;
  /** Aborted when the job must be given up: its `expireInSeconds` ran out, or the queue stopped and the grace is over. */
  signal: AbortSignal;
}

export interface JobQueue {
  /** Creates (idempotently) a queue with pg-boss options: policy ('standard' | 'key_strict_fifo' …), retryLimit, retryDelay, retryBackoff, retryDelayMax, expireInSeconds. */
  defineQueue(name: string, options?: QueueDefinition): Promise<void>;
  /**
   * Runs `handler` for each job of the queue (a thrown error means pg-boss retries per the queue's
   * options). `concurrency` jobs at a time in this process (default 1); an idle worker looks every
   * `pollingIntervalSeconds` (default: the queue's setting), and without a pause while a backlog lasts.
   */
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names its jobs' data
  work<T extends object>(
    name: string,
    options: { concurrency?: number; pollingIntervalSeconds?: number },
    handler: (data: T, job: JobInfo) => Promise<void>,
  ): Promise<void>;
  /** Sends a job; with `executor` (an open drizzle transaction of our Database) the job commits or rolls back with it. Returns the job id, or null when a singleton policy refused it. */
  send(name: string, data: object, options?: { singletonKey?: string; startAfter?: Date; executor?: Pick<Database, 'execute'> }): Promise<string | null>;
  /**
   * Has this process's idle workers of the queue look now rather than at their next poll: after
   * this process sent jobs (and their transaction committed). Another replica's jobs wait for a poll.
   */
  wake(name: string): void;
  /** Deletes the queue `name` with its jobs and schedule, if it exists: a queue no version runs any more. */
  deleteQueue(name: string): Promise<void>;
  /** Runs the queue `name` on a cron schedule (every N minutes etc.), in UTC. */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  /** Stops taking jobs, lets jobs in flight finish (grace), stops. Idempotent. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  db: Database;
  /** Where the queue's troubles go, one line each; the same trouble at most once a minute. */
  warn: (message: string) => void;
  /** How often an idle worker looks for jobs. Default 1 s; at least 0.5 s. */
  pollingIntervalSeconds?: number;
  /** On stop, how long jobs in flight may take before they are given up (and left to run again). Default 5 s; at least 1 s. */
  stopGraceSeconds?: number;
  /**
   * pg-boss's own rounds, at its defaults unless set (tests shorten them): expiring jobs whose
   * worker is gone (`superviseIntervalSeconds`, 60 s), sending what schedules are due
   * (`cronMonitorIntervalSeconds`, 30 s; `cronWorkerIntervalSeconds`, 5 s), refreshing the queues'
   * counts (`monitorIntervalSeconds` and `queueCacheIntervalSeconds`, 60 s).
   */
  intervals?: Pick<
    ConstructorOptions,
    'superviseIntervalSeconds' | 'cronMonitorIntervalSeconds' | 'cronWorkerIntervalSeconds' | 'monitorIntervalSeconds' | 'queueCacheIntervalSeconds'
  >;
}

export { JOB_QUEUE_SCHEMA };

/** How long the same warning is kept quiet after it was said. */
const REPEAT_WARNING_AFTER_MS = 60_000;

/** pg-boss's connection to our database: PGlite as it is, or statements on the server's own pool. */
function connectionOf(db: Database): Pick<ConstructorOptions, 'db' | 'backend'> {
  const client = '$client' in db ? db.$client : null;
  if (client instanceof PGlite) return { db: fromPglite(client), backend: 'pglite' };
  if (client instanceof pg.Pool) {
    // As pg-boss's own pool does: each statement on whichever connection is free, a multi-statement
    // text (its locked sections) on one. A connection PostgreSQL ends is dropped by the pool, which
    // opens another for the next statement, so the queue outlives a restart like the requests do.
    const pool = client;
    const adapter: Db = { executeSql: (text, values) => pool.query(text, values) };
    return { db: adapter };
  }
  throw new Error('The job queue needs a database opened by openDatabase');
}

/**
 * pg-boss's statements inside an open drizzle transaction of ours. Both drivers answer `{ rows }`;
 * drizzle's types leave the result unknown whatever the driver, hence the one assertion.
 */
function inTransaction(executor: Pick<Database, 'execute'>): Db {
  return fromDrizzle({ execute: async (query) => (await executor.execute(query as SQL)) as { rows: unknown[] } }, sql);
}

/** `warn`, but a message said in the last minute is not said again. */
function quietRepeats(warn: (message: string) => void): (message: string) => void {
  const said = new Map<string, number>();
  return (message) => {
    const now = Date.now();
    for (const [earlier, at] of said) if (now - at >= REPEAT_WARNING_AFTER_MS) said.delete(earlier);
    if (said.has(message)) return;
    said.set(message, now);
    warn(message);
  };
}

/** pg-boss names the worker in a failed poll's message; the same failure of every worker is one trouble. */
const withoutWorker = (message: string) => message.replace(/ \(Queue: [^)]*\)$/, '');

/** Starts pg-boss over `db` (installing or migrating its schema first) and answers the queue. */
export async function createJobQueue({
  db,
  warn,
  pollingIntervalSeconds = 1,
  stopGraceSeconds = 5,
  intervals = {},
}: JobQueueOptions): Promise<JobQueue> {
  if (!(pollingIntervalSeconds >= 0.5)) throw new Error('The job queue polls at most every 0.5 s');
  const report = quietRepeats(warn);
  const boss = new PgBoss({
    ...connectionOf(db),
    schema: JOB_QUEUE_SCHEMA,
    ...intervals,
  });
  boss.on('error', (error) => report(`The job queue met an error and carries on: ${withoutWorker(shortReason(error))}`));
  boss.on('warning', (warning) => report(`The job queue warns: ${warning.message}`));
  try {
    await boss.start();
  } catch (error) {
    // What started before the failure (its timers) stops with it.
    await boss.stop({ graceful: false }).catch(() => undefined);
    throw error;
  }

  /** The ids of each queue's workers in this process, for `wake`. */
  const workers = new Map<string, string[]>();
  /** Handlers running now: stop waits for them, so none runs on once the database closes. */
  const running = new Set<Promise<void>>();
  let stopping: Promise<void> | undefined;

  async function run<T extends object>(name: string, job: Job<T>, handler: (data: T, job: JobInfo) => Promise<void>): Promise<void> {
    const handled = handler(job.data, { id: job.id, retryCount: job.retryCount, signal: job.signal });
    const settled = handled.then(
      () => undefined,
      () => undefined,
    );
    running.add(settled);
    try {
      await handled;
    } catch (error) {
      report(`Job ${name} ${job.id} failed (attempt ${String(job.retryCount + 1)}; the queue's retries decide what follows): ${shortReason(error)}`);
      throw error;
    } finally {
      running.delete(settled);
    }
  }

  return {
    async defineQueue(name, options = {}) {
      await boss.createQueue(name, options);
      // createQueue leaves a queue that exists as it is: the options of this version apply all the same.
      const { policy, ...rest } = options;
      const existing = await boss.getQueue(name);
      if (existing && policy !== undefined && existing.policy !== policy)
        report(`Queue ${name} keeps its policy ${String(existing.policy)}: pg-boss cannot change it to ${policy}; delete the queue to change it.`);
      if (Object.keys(rest).length > 0) await boss.updateQueue(name, rest);
    },

    async work(name, { concurrency = 1, pollingIntervalSeconds: interval = pollingIntervalSeconds }, handler) {
      // One pg-boss worker per unit of concurrency, each known by its id, so `wake` reaches them all.
      for (let index = 0; index < concurrency; index += 1) {
        const id = await boss.work<Parameters<typeof handler>[0]>(
          name,
          // One job per fetch, so each job settles on its own; while more than one is ready (the
          // queue's counts say so, refreshed every minute) a worker fetches again without pausing.
          { batchSize: 1, pollingIntervalSeconds: interval, burstWhenReadyExceeds: 1 },
          async (jobs) => {
            for (const job of jobs) await run(name, job, handler);
          },
        );
        workers.set(name, [...(workers.get(name) ?? []), id]);
      }
    },

    wake(name) {
      for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
    },

    async send(name, data, { singletonKey, startAfter, executor } = {}) {
      return boss.send(name, data, {
        ...(singletonKey === undefined ? {} : { singletonKey }),
        ...(startAfter === undefined ? {} : { startAfter }),
        ...(executor === undefined ? {} : { db: inTransaction(executor) }),
      });
    },

    async deleteQueue(name) {
      await boss.deleteQueue(name);
    },

    async schedule(name, cron, data) {
      await boss.schedule(name, cron, data ?? null, { tz: 'UTC' });
    },

    stop() {
      stopping ??= (async () => {
        // pg-boss stops fetching, waits for the handlers in flight up to the grace, then fails the
        // ones still running (to be retried by whoever runs next) and aborts their signals.
        await boss.stop({ graceful: true, timeout: stopGraceSeconds * 1000 });
        // A handler told to give up may still be writing down why; it has another grace for that.
        let giveUp: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<'late'>((resolve) => (giveUp = setTimeout(() => resolve('late'), stopGraceSeconds * 1000)));
        const outcome = await Promise.race([Promise.all(running).then(() => 'done' as const), late]);
        clearTimeout(giveUp);
        if (outcome === 'late') warn(`The job queue stopped with ${String(running.size)} handler(s) still running after being told to give up.`);
      })();
      return stopping;
    },
  };
}
