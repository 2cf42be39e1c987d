/**
 * The server over PostgreSQL survives the database going away and coming back: while it is gone
 * requests answer 503 with a JSON error and /readyz says so, then everything answers again with
 * no restart of the server; stopping the server lets requests in flight finish. The test runs its
 * own throwaway cluster (.ci/postgres-cluster.sh), so stopping it disturbs no other test; it runs
 * where PostgreSQL is available, which TEST_DATABASE_URL signals (.ci/postgres-for-tests.sh).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../start';
import { cluster, testDatabaseUrl } from '../test/postgres-servers';

const postgresAvailable = Boolean(testDatabaseUrl);

describe.skipIf(!postgresAvailable)('the server over PostgreSQL when the database restarts', () => {
  let dir: string;
  let databaseUrl: string;
  let server: RunningServer;
  const warnings: string[] = [];
  const logger = { warn: (message: string) => warnings.push(message), error: (message: string) => warnings.push(message) };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pbp-restart-'));
    cluster('init', dir);
    databaseUrl = cluster('start', dir);
  });

  afterAll(async () => {
    await server.close();
    try {
      cluster('stop', dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const get = (path: string) => fetch(`${server.url}${path}`);

  it('answers 503 while the database is down and recovers by itself when it is back', async () => {
    server = await startServer({ port: 0, hostname: '127.0.0.1', databaseUrl, logger });
    expect((await get('/readyz')).status).toBe(200);
    expect((await get('/api/Client/GetClient?clientCode=SUN')).status).toBe(200);

    cluster('stop', dir);
    const whileDown = await get('/api/Client/GetClient?clientCode=SUN');
    expect(whileDown.status).toBe(503);
    expect(await whileDown.json()).toEqual({ error: 'serviceUnavailable' });
    expect((await get('/healthz')).status).toBe(200);
    const readiness = await get('/readyz');
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toEqual({ status: 'databaseUnavailable' });
    // The pool's idle connections were ended under it: heard and reported, not a crash.
    expect(warnings.some((line) => line.includes('database connection was lost'))).toBe(true);

    cluster('start', dir);
    await expect.poll(async () => (await get('/readyz')).status, { timeout: 20000 }).toBe(200);
    const afterwards = await get('/api/Client/GetClient?clientCode=SUN');
    expect(afterwards.status).toBe(200);
    expect(await afterwards.json()).toMatchObject({ code: 'SUN' });
  });

  it('lets a request in flight finish when the server is stopped', async () => {
    const blocker = new pg.Client({ connectionString: databaseUrl });
    await blocker.connect();
    try {
      // Hold the clients table so that the next lookup waits inside the server.
      await blocker.query('begin');
      await blocker.query('lock table clients in access exclusive mode');
      const inFlight = get('/api/Client/GetClient?clientCode=SUN');
      // Inside a transaction PostgreSQL keeps the first reading of pg_stat_activity until it is
      // cleared: a reading taken before the request arrived would otherwise stay 0 for good.
      const waitingOnTheLock = async () => {
        await blocker.query('select pg_stat_clear_snapshot()');
        return (await blocker.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'")).rows[0]?.n;
      };
      await expect.poll(waitingOnTheLock, { timeout: 10000 }).toBe(1);
      const closed = server.close();
      await blocker.query('commit');
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      await closed;
    } finally {
      await blocker.end();
    }
  });
});

describe('starting while the database is unreachable', () => {
  it('retries with a one-line message each time, then gives up with one clear error', async () => {
    const warnings: string[] = [];
    const missingSocket = mkdtempSync(join(tmpdir(), 'pbp-nodb-'));
    try {
      await expect(
        startServer({
          port: 0,
          databaseUrl: `postgresql://postgres@localhost/postgres?host=${missingSocket}`,
          connectAttempts: 3,
          logger: { warn: (message) => warnings.push(message), error: (message) => warnings.push(message) },
        }),
      ).rejects.toThrow();
      expect(warnings).toHaveLength(2);
      for (const line of warnings) {
        expect(line).toMatch(/^The database is not reachable yet \(ENOENT|ECONNREFUSED/);
        expect(line).not.toContain('\n');
      }
    } finally {
      rmSync(missingSocket, { recursive: true, force: true });
    }
  });
});
