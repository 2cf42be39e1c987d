/**
 * Vitest's global set-up: migrates and seeds one in-memory PGlite and dumps it to a file, so each
 * test file opens a copy of it (about half a second) instead of migrating and seeding its own
 * (about three seconds, on this machine, for each of some thirty files).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../db/client';
import * as schema from '../db/schema';
import { seedDemoData } from '../seed/seed';
import { SEEDED_DUMP_ENV } from './seeded-dump';
// The demo users' hashes at the tests' cost, as the tests' own.
import './password-cost';

export default async function setup(): Promise<() => void> {
  const folder = mkdtempSync(join(tmpdir(), 'pbp-seeded-'));
  const client = new PGlite();
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder });
  await seedDemoData(db, { nodeEnv: 'test' });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = join(folder, 'seeded.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[SEEDED_DUMP_ENV] = file;
  return () => rmSync(folder, { recursive: true, force: true });
}
