import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase, type Database } from '../../server/db/client';
import { seedDemoData } from '../../server/seed/seed';
import { startServer } from '../../server/start';
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
    const dataDir = mkdtempSync(join(tmpdir(), `pbp-${name}-`));
    if (prepare) {
      const database = await openDatabase({ dataDir });
      try {
        await seedDemoData(database.db, { nodeEnv: 'test' });
        await prepare(database.db);
      } finally {
        await database.close();
      }
    }
    const server = await startServer({ port: 0, hostname: '127.0.0.1', dataDir, distDir: resolve('dist'), ...timings });
    url = server.url;
    stop = async () => {
      await server.close();
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
