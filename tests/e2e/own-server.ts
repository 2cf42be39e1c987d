import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase, type Database } from '../../server/db/client';
import { setHashCostForTests } from '../../server/security/password';
import { seedDemoData } from '../../server/seed/seed';
import { startServer } from '../../server/start';
import { testHashCost } from '../../server/test/password-cost';
import { createTestDatabase, testDatabaseUrl } from '../../server/test/postgres-servers';
import { test } from './fixtures';

/** Session timings for a server of a spec's own, and its clock (which the spec may move on). */
interface SessionTimings {
  sessionIdleSeconds: number;
  sessionWarningSeconds: number;
  now: () => Date;
}

/**
 * Starts a server of the calling spec's own (over a fresh database, with the given session
 * timings) for its tests, and stops it after them. Returns the server's base URL, once started.
 * `prepare` gets the database first, seeded with the demo data, to change what the spec needs.
 */
export function ownServer(name: string, timings: Partial<SessionTimings>, prepare?: (db: Database) => Promise<void>): () => string {
  let url: string | null = null;
  let stop = (): Promise<void> => Promise.resolve();
  test.beforeAll(async () => {
    // A fresh database seeded with the demo data, on a machine busy with the other worker's tests: more than a test's time.
    test.setTimeout(120_000);
    // As the run's own server (global-setup.ts): passwords at the unit tests' cost, and PostgreSQL
    // where the tests have one, whose fresh database is ready in a second where PGlite's took five
    // seconds and eight of a core (each worker running one of this spec's tests starts its own).
    setHashCostForTests(testHashCost);
    const dataDir = mkdtempSync(join(tmpdir(), `pbp-${name}-`));
    const postgres = testDatabaseUrl ? await createTestDatabase(`e2e_${name.replace(/\W/g, '_')}`) : undefined;
    if (prepare) {
      const database = postgres ? await postgres.open() : await openDatabase({ dataDir });
      try {
        await seedDemoData(database.db, { nodeEnv: 'test' });
        await prepare(database.db);
      } finally {
        await database.close();
      }
    }
    const where = postgres ? { databaseUrl: postgres.url, databaseOwnerUrl: postgres.ownerUrl } : { dataDir };
    const server = await startServer({ port: 0, hostname: '127.0.0.1', ...where, distDir: resolve('dist'), ...timings });
    url = server.url;
    stop = async () => {
      await server.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  test.afterAll(async () => {
    await stop();
  });
  return () => {
    if (url === null) throw new Error(`The ${name} server has not started`);
    return url;
  };
}
