/**
 * The job queue over PostgreSQL, as replicas run it: two queues (each with its own pool) share a
 * queue and run every job exactly once; a job in flight when its replica dies is taken up by the
 * other once it expires; and when PostgreSQL restarts under a running queue, the jobs sent before,
 * the one in flight and those sent after all complete, each once. Runs only when
 * TEST_DATABASE_URL names a server where it may create a database of its own; the restart runs on
 * a throwaway cluster of its own (.ci/postgres-cluster.sh), so stopping it disturbs no other test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, queryRows, type Database, type OpenedDatabase } from '../db/client';
import { cluster, clusterInBackground, createTestDatabase, REPLICA_TEST_TIMEOUT_MS, REPLICA_WAIT_MS, testDatabaseUrl } from '../test/postgres-servers';
import { createTestJobQueue } from '../test/test-job-queue';
import type { JobInfo, JobQueue } from './job-queue';

/** Runs of a job recorded in the database, so a job done twice would show as two rows. */
const createRunsTable = (db: Database) => db.execute(sql`create table job_runs (n integer not null, instance text not null)`);
const recordRun = (db: Database, n: number, instance: string) => db.execute(sql`insert into job_runs (n, instance) values (${n}, ${instance})`);
const runsPerJob = (db: Database) =>
  queryRows<{ n: number; runs: number }>(db, sql`select n, count(*)::int as runs from job_runs group by n order by n`);

describe.skipIf(!testDatabaseUrl)('the job queue on PostgreSQL (TEST_DATABASE_URL)', { timeout: REPLICA_TEST_TIMEOUT_MS }, () => {
  let url = '';
  let ownerUrl = '';
  let drop = () => Promise.resolve();
  let instances: OpenedDatabase[] = [];
  const queues: JobQueue[] = [];
  const warnings: string[] = [];

  beforeAll(async () => {
    const created = await createTestDatabase('pbp_jobs');
    ({ url, ownerUrl, drop } = created);
    const warn = (message: string) => warnings.push(message);
    instances = [await openDatabase({ databaseUrl: url, ownerUrl, warn }), await openDatabase({ databaseUrl: url, ownerUrl, warn })];
    // The test's own table, made by the owner (the server's role creates nothing in the schema).
    const owner = await created.openAsOwner();
    try {
      await createRunsTable(owner.db);
      await owner.db.execute(sql.raw(`grant select, insert on job_runs to ${new URL(url).username}`));
    } finally {
      await owner.close();
    }
    for (const instance of instances) queues.push(await createTestJobQueue(instance.db, warnings));
  });

  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.stop()));
    await Promise.all(instances.map((instance) => instance.close()));
    await drop();
  });

  it('shares a queue between two replicas, which run every job exactly once', async () => {
    const [first, second] = instances;
    if (!first || !second) throw new Error('Both instances must be open');
    // The first two jobs each wait until two jobs run at once. Each replica runs one at a time, so
    // that takes both replicas: the test really ran them side by side.
    let running = 0;
    let bothRunning: () => void = () => undefined;
    const sideBySide = new Promise<void>((resolve) => (bothRunning = resolve));
    const ranBy = new Map<string, number>();
    for (const [index, queue] of queues.entries()) {
      const instance = `replica ${String(index)}`;
      await queue.defineQueue('test.shared');
      await queue.work<{ n: number }>('test.shared', {}, async ({ n }) => {
        running += 1;
        if (running === 2) bothRunning();
        if (n < 2) await sideBySide;
        await recordRun(index === 0 ? first.db : second.db, n, instance);
        ranBy.set(instance, (ranBy.get(instance) ?? 0) + 1);
        running -= 1;
      });
    }
    const jobs = 30;
    for (let n = 0; n < jobs; n += 1) await queues[n % 2]?.send('test.shared', { n });

    await vi.waitFor(async () => expect((await runsPerJob(first.db)).length).toBe(jobs), { timeout: REPLICA_WAIT_MS, interval: 200 });
    expect(await runsPerJob(first.db)).toEqual(Array.from({ length: jobs }, (_, n) => ({ n, runs: 1 })));
    expect([...ranBy.values()].every((count) => count > 0)).toBe(true);
    expect(ranBy.size).toBe(2);
  });

  it('hands a job in flight on a replica that dies to another replica, once the job expires', async () => {
    const [first] = instances;
    if (!first) throw new Error('The instance must be open');
    // A third replica, doomed: it takes the job, then its process is gone (its connections closed).
    const doomedWarnings: string[] = [];
    const doomedDatabase = await openDatabase({ databaseUrl: url, ownerUrl, warn: (message) => doomedWarnings.push(message) });
    const doomed = await createTestJobQueue(doomedDatabase.db, doomedWarnings);
    let taken: (job: JobInfo) => void = () => undefined;
    const inFlight = new Promise<JobInfo>((resolve) => (taken = resolve));
    try {
      await doomed.defineQueue('test.dies', { expireInSeconds: 2, retryLimit: 2 });
      await doomed.work('test.dies', {}, async (_data, job) => {
        taken(job);
        // A dead process never gets further than this.
        await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
        throw new Error('The replica is gone');
      });
      const id = await queues[0]?.send('test.dies', { n: 1 });
      const job = await inFlight;
      expect(job).toMatchObject({ id, retryCount: 0 });
      await doomedDatabase.close();

      const takenUp: JobInfo[] = [];
      await queues[1]?.work('test.dies', {}, async (_data, retried) => {
        // Counted once its run is written, so the check below reads what it wrote.
        await recordRun(first.db, 1000, 'survivor');
        takenUp.push(retried);
      });
      await vi.waitFor(() => expect(takenUp).toHaveLength(1), { timeout: 15000, interval: 200 });
      expect(takenUp[0]).toMatchObject({ id, retryCount: 1 });
      expect(await queryRows(first.db, sql`select instance from job_runs where n = 1000`)).toEqual([{ instance: 'survivor' }]);
    } finally {
      await doomed.stop();
    }
  });
});

describe.skipIf(!testDatabaseUrl)('the job queue when PostgreSQL restarts', { timeout: REPLICA_TEST_TIMEOUT_MS }, () => {
  let dir = '';
  let database: OpenedDatabase | undefined;
  let queue: JobQueue | undefined;
  const warnings: string[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pbp-jobs-restart-'));
    cluster('init', dir);
  });

  afterAll(async () => {
    await queue?.stop();
    await database?.close();
    try {
      cluster('stop', dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('completes the jobs sent before, the one in flight and those sent after, each once', async () => {
    const url = cluster('start', dir);
    database = await openDatabase({ databaseUrl: url, warn: (message) => warnings.push(message) });
    const { db } = database;
    await createRunsTable(db);
    queue = await createTestJobQueue(db, warnings);
    await queue.defineQueue('test.restart', { retryLimit: 5, retryDelay: 1, expireInSeconds: 3 });
    let inFlight: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (inFlight = resolve));
    let letGo: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (letGo = resolve));
    await queue.work<{ n: number }>('test.restart', {}, async ({ n }, job) => {
      if (n === 100 && job.retryCount === 0) {
        inFlight();
        await released;
      }
      await recordRun(db, n, `attempt ${String(job.retryCount + 1)}`);
    });

    for (let n = 1; n <= 5; n += 1) await queue.send('test.restart', { n });
    await vi.waitFor(async () => expect(await runsPerJob(db)).toHaveLength(5), { timeout: 10000, interval: 200 });
    await queue.send('test.restart', { n: 100 });
    await holding;

    await clusterInBackground('stop', dir);
    // Its write fails with the database gone; so does marking the job failed: it stays active
    // until it expires, and is run again then.
    letGo();
    await vi.waitFor(() => expect(warnings.some((line) => line.startsWith('Job test.restart'))).toBe(true), { timeout: 10000 });
    await clusterInBackground('start', dir);

    const sendAfterRestart = async (n: number) => {
      await vi.waitFor(async () => expect(await queue?.send('test.restart', { n })).toBeTruthy(), { timeout: 15000, interval: 250 });
    };
    for (let n = 6; n <= 10; n += 1) await sendAfterRestart(n);

    const expected = [...Array.from({ length: 10 }, (_, index) => index + 1), 100].map((n) => ({ n, runs: 1 }));
    await vi.waitFor(async () => expect(await runsPerJob(db)).toEqual(expected), { timeout: REPLICA_WAIT_MS, interval: 250 });
    // The one in flight ran again once it expired, after its first attempt failed with the database away.
    expect(await queryRows(db, sql`select instance from job_runs where n = 100`)).toEqual([{ instance: 'attempt 2' }]);
    expect(warnings.some((line) => line.startsWith('The job queue met an error and carries on'))).toBe(true);
  });
});
