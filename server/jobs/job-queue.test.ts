/**
 * The job queue over PGlite (in memory), the portal's default database: jobs run with their data,
 * failures are retried as the queue says, a job sent inside a transaction lives or dies with it,
 * schedules send their jobs, a retired queue goes with its schedule, and stopping lets work in flight finish or hands it to the next start.
 * Two queues over one PostgreSQL are in job-queue.postgres.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { queryRows, type OpenedDatabase } from '../db/client';
import { developmentSecretBox } from '../security/secret-box';
import { openSeededDatabase } from '../test/harness';
import { createTestJobQueue } from '../test/test-job-queue';
import { startJobs } from './job-definition';
import { createJobQueue, JOB_QUEUE_SCHEMA, type JobInfo, type JobQueue } from './job-queue';

let database: OpenedDatabase;
let queue: JobQueue;
const warnings: string[] = [];

beforeAll(async () => {
  database = await openSeededDatabase();
  queue = await createTestJobQueue(database.db, warnings);
});
afterAll(async () => {
  await queue.stop();
  await database.close();
});

/** A queue of its own for one test, with a handler that records what it ran. */
async function recordingQueue<T extends object>(name: string, handle: (data: T, job: JobInfo) => Promise<void> = () => Promise.resolve()) {
  const ran: { data: T; job: JobInfo }[] = [];
  await queue.work<T>(name, {}, async (data, job) => {
    await handle(data, job);
    ran.push({ data, job });
  });
  return ran;
}

describe('the job queue over PGlite', () => {
  it('runs a job sent to a queue, with its data', async () => {
    await queue.defineQueue('test.plain');
    const ran = await recordingQueue<{ emailId: number }>('test.plain');
    const id = await queue.send('test.plain', { emailId: 7 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await vi.waitFor(() => expect(ran).toHaveLength(1), { timeout: 5000 });
    expect(ran[0]).toMatchObject({ data: { emailId: 7 }, job: { id, retryCount: 0 } });
  });

  it('retries a job whose handler throws, as the queue says, until it succeeds', async () => {
    await queue.defineQueue('test.flaky', { retryLimit: 3 });
    const attempts: number[] = [];
    const ran = await recordingQueue('test.flaky', (_data, job) => {
      attempts.push(job.retryCount);
      return job.retryCount < 2 ? Promise.reject(new Error(`Not yet (${String(job.retryCount)})`)) : Promise.resolve();
    });
    await queue.send('test.flaky', {});
    await vi.waitFor(() => expect(ran).toHaveLength(1), { timeout: 10000 });
    expect(attempts).toEqual([0, 1, 2]);
    expect(warnings.filter((line) => line.startsWith('Job test.flaky'))).toHaveLength(2);
  });

  it('sends a job inside a transaction only if the transaction commits', async () => {
    await queue.defineQueue('test.transactional');
    const ran = await recordingQueue<{ step: string }>('test.transactional');
    await expect(
      database.db.transaction(async (tx) => {
        await queue.send('test.transactional', { step: 'rolled back' }, { executor: tx });
        throw new Error('The payment failed');
      }),
    ).rejects.toThrow('The payment failed');
    await database.db.transaction(async (tx) => {
      await queue.send('test.transactional', { step: 'committed' }, { executor: tx });
    });
    // Jobs are fetched oldest first: once the committed one has run, a rolled-back one would have too.
    await vi.waitFor(() => expect(ran.map((entry) => entry.data.step)).toContain('committed'), { timeout: 5000 });
    expect(ran.map((entry) => entry.data.step)).toEqual(['committed']);
  });

  it('refuses a second job with the same key while the first waits, on a queue whose policy says so', async () => {
    await queue.defineQueue('test.once', { policy: 'short' });
    const later = new Date(Date.now() + 60 * 60_000);
    expect(await queue.send('test.once', {}, { singletonKey: 'email-1', startAfter: later })).not.toBeNull();
    expect(await queue.send('test.once', {}, { singletonKey: 'email-1', startAfter: later })).toBeNull();
    expect(await queue.send('test.once', {}, { singletonKey: 'email-2', startAfter: later })).not.toBeNull();
  });

  it('holds a job back until its start time', async () => {
    await queue.defineQueue('test.deferred');
    const ranAt: number[] = [];
    await queue.work('test.deferred', {}, () => {
      ranAt.push(Date.now());
      return Promise.resolve();
    });
    const startAfter = new Date(Date.now() + 1500);
    await queue.send('test.deferred', {}, { startAfter });
    await vi.waitFor(() => expect(ranAt).toHaveLength(1), { timeout: 6000 });
    expect(ranAt[0]).toBeGreaterThanOrEqual(startAfter.getTime());
  });

  it('sends the jobs of a schedule', async () => {
    await queue.defineQueue('test.every-minute');
    const ran = await recordingQueue<{ what: string }>('test.every-minute');
    // An occurrence in the last minute is due: the first pass sends it.
    await queue.schedule('test.every-minute', '* * * * *', { what: 'sweep' });
    await vi.waitFor(() => expect(ran).toHaveLength(1), { timeout: 10000 });
    expect(ran[0]?.data).toEqual({ what: 'sweep' });
  });

  it('deletes a queue an earlier version ran, with its schedule and jobs, when the jobs start', async () => {
    await queue.defineQueue('test.retired', { policy: 'singleton' });
    await queue.schedule('test.retired', '0 0 1 1 *');
    await queue.send('test.retired', {}, { startAfter: new Date(Date.now() + 3_600_000) });
    const count = async (table: string) =>
      (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from ${sql.identifier(JOB_QUEUE_SCHEMA)}.${sql.identifier(table)} where name = 'test.retired'`))[0]?.n;
    expect([await count('queue'), await count('schedule'), await count('job')]).toEqual([1, 1, 1]);
    await startJobs(queue, [], undefined, { retired: ['test.retired', 'test.never-was'] });
    expect([await count('queue'), await count('schedule'), await count('job')]).toEqual([0, 0, 0]);
  });

  it('keeps its tables in a schema of its own', async () => {
    const tables = await queryRows<{ name: string }>(
      database.db,
      sql`select table_name as name from information_schema.tables where table_schema = ${JOB_QUEUE_SCHEMA}`,
    );
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['job', 'queue', 'schedule']));
  });
});

describe('stopping the job queue', () => {
  /** A second queue over the database (as a replica would run), with one handler that waits until told. */
  async function queueWithJobInFlight(name: string, stopGraceSeconds: number) {
    const own = await createTestJobQueue(database.db, [], { stopGraceSeconds });
    await own.defineQueue(name, { retryLimit: 2 });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started: (job: JobInfo) => void = () => undefined;
    const inFlight = new Promise<JobInfo>((resolve) => (started = resolve));
    const finished: string[] = [];
    await own.work(name, {}, async (_data, job) => {
      started(job);
      await Promise.race([released, new Promise((resolve) => job.signal.addEventListener('abort', resolve))]);
      finished.push(job.signal.aborted ? 'given up' : 'finished');
    });
    await own.send(name, {});
    return { own, release, inFlight, finished };
  }

  it('lets a job in flight finish, then stops', async () => {
    const { own, release, inFlight, finished } = await queueWithJobInFlight('test.slow-finishing', 5);
    await inFlight;
    const stopped = own.stop();
    release();
    await stopped;
    expect(finished).toEqual(['finished']);
    // Idempotent.
    await own.stop();
  });

  it('gives up a job that outlasts the grace, and the next start runs it again', async () => {
    const { own, inFlight, finished } = await queueWithJobInFlight('test.slow-given-up', 1);
    const first = await inFlight;
    await own.stop();
    expect(finished).toEqual(['given up']);

    const again = await createTestJobQueue(database.db);
    try {
      const retried: JobInfo[] = [];
      await again.work('test.slow-given-up', {}, (_data, job) => {
        retried.push(job);
        return Promise.resolve();
      });
      await vi.waitFor(() => expect(retried).toHaveLength(1), { timeout: 5000 });
      expect(retried[0]).toMatchObject({ id: first.id, retryCount: 1 });
    } finally {
      await again.stop();
    }
  });

  it('leaves no timer behind', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const before = timers();
    // At the server's own settings.
    const own = await createJobQueue({ db: database.db, warn: () => undefined });
    await own.defineQueue('test.idle');
    await own.work('test.idle', {}, () => Promise.resolve());
    await own.schedule('test.idle', '*/5 * * * *');
    expect(timers()).toBeGreaterThan(before);
    await own.stop();
    // At most as many as before: a timer of an earlier test's may end meanwhile (seen on a busy machine), never one of this queue's stay.
    expect(timers()).toBeLessThanOrEqual(before);
  });
});

describe('the app without a server', () => {
  it('starts no job queue: only startServer does', async () => {
    const opened = await openSeededDatabase();
    try {
      const sent: string[] = [];
      const jobs = { send: (name: string) => Promise.resolve(String(sent.push(name))) };
      const app = createApp({ db: opened.db, config: {}, secrets: developmentSecretBox(), jobs });
      expect((await app.request('/api/Client/GetClient?clientCode=SUN')).status).toBe(200);
      expect(sent).toEqual([]);
      const schemas = await queryRows<{ name: string }>(
        opened.db,
        sql`select schema_name as name from information_schema.schemata where schema_name = ${JOB_QUEUE_SCHEMA}`,
      );
      expect(schemas).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});
