import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../../server/db/client';
import { setHashCostForTests } from '../../server/security/password';
import { developmentSecretBox } from '../../server/security/secret-box';
import { seedDemoData } from '../../server/seed/seed';
import { startServer } from '../../server/start';
import { testHashCost } from '../../server/test/password-cost';
import { createTestDatabase, testDatabaseUrl } from '../../server/test/postgres-servers';
import { insertFixtureData } from './fixture-data';
import { insertE2eStaff } from './office-staff';
import { writeBrowserRecord } from './model-paths/record';

/** Starts the real server, over a fresh database with the demo and fixture data, on a free port for the whole run. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const distDir = resolve('dist');
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error('No built SPA in dist/: run `npm run build` (npm test does) before the end-to-end tests.');
  }
  // Passwords hashed at the unit tests' cost (server/test/password-cost.ts): the server runs in this
  // process, and production's scrypt cost, some 100 ms of a core per sign-in, was a tenth of the
  // server's work here. What the browser tests are about is the same at either cost.
  setHashCostForTests(testHashCost);
  const dataDir = mkdtempSync(join(tmpdir(), 'pbp-e2e-'));
  // PostgreSQL where the tests have one (CI does: .ci/postgres-for-tests.sh), a database of the
  // run's own with production's two roles; else PGlite in a directory of the run's own.
  const postgres = testDatabaseUrl ? await createTestDatabase('e2e') : undefined;
  // One box seals the secrets throughout: the development key's, as the command below and the server use it.
  const secrets = developmentSecretBox();
  // The demo data, and beside it the accounts only these tests use; then the real server.
  const database = postgres ? await postgres.open() : await openDatabase({ dataDir });
  try {
    await seedDemoData(database.db, { nodeEnv: 'test', secrets });
    await insertFixtureData(database.db);
    await insertE2eStaff(database.db, secrets);
  } finally {
    await database.close();
  }
  // The platform operator's command makes a lab of its own for the office's whole journey
  // (office-journey.spec.ts), as on a fresh install: the client and an invitation to its first admin.
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/office.ts', 'clients', 'create', '--code', 'ACM', '--name', 'Acme Labs', '--admin', 'ops@acme.example'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? '', DATABASE_OWNER_URL: postgres?.ownerUrl ?? '', SECRETS_KEY: '', SECRETS_KEY_PREVIOUS: '' },
  });
  // Development's setting: the webhook tests' receiver listens on this machine (the product refuses such an address).
  const server = await startServer({
    port: 0,
    hostname: '127.0.0.1',
    ...(postgres ? { databaseUrl: postgres.url, databaseOwnerUrl: postgres.ownerUrl } : { dataDir }),
    distDir,
    seed: false,
    webhooksAllowPrivate: true,
    secrets,
  });
  // Workers start after this and inherit the variable.
  process.env.E2E_BASE_URL = server.url;
  // Names this run's files of handed-out staff (office-staff.ts).
  process.env.E2E_RUN_ID = `${String(Date.now())}-${String(process.pid)}`;
  // The sandbox processor's own host, for tests that pay through the API (a card token first).
  process.env.E2E_CARD_FIELDS_URL = server.cardFieldsUrl;
  return async () => {
    // What the model paths that passed covered, for `npm run model:coverage`.
    writeBrowserRecord();
    await server.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
