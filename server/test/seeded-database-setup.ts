/**
 * Vitest's global set-up: migrates and seeds one database, which each test file opens a copy of
 * (about half a second) instead of migrating and seeding its own (about three seconds, on this
 * machine, for each of some thirty files). Where the tests have PostgreSQL (TEST_DATABASE_URL; CI
 * does) it is a template database there, each file's copy a database of its own: the server's
 * files ran in 248 s and 422 CPU-s so, against 329 s and 596 over PGlite, whose WebAssembly was
 * most of their time. Else an in-memory PGlite, dumped to a file that each test file loads.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../db/client';
import * as schema from '../db/schema';
import { seedDemoData } from '../seed/seed';
import { onServer, testDatabaseUrl } from './postgres-servers';
import { SEEDED_DUMP_ENV, SEEDED_TEMPLATE_ENV, urlOfDatabase, type SeededTemplate } from './seeded-dump';
// The demo users' hashes at the tests' cost, as the tests' own.
import './password-cost';

/** The template on PostgreSQL, owned by a role of the run's own; the teardown drops the copies left, the template and the role. */
async function seededTemplate(server: string): Promise<() => Promise<void>> {
  const role = `pbp_unit_${randomBytes(4).toString('hex')}`;
  const template = `${role}_seeded`;
  await onServer(server, `create role ${role} login`);
  await onServer(server, `create database ${template} owner ${role}`);
  const asRole = new URL(server);
  asRole.username = role;
  const url = asRole.toString();
  const opened = await openDatabase({ databaseUrl: urlOfDatabase(url, template) });
  try {
    await seedDemoData(opened.db, { nodeEnv: 'test' });
  } finally {
    await opened.close();
  }
  const named: SeededTemplate = { server, url: urlOfDatabase(url, 'postgres'), template };
  process.env[SEEDED_TEMPLATE_ENV] = JSON.stringify(named);
  return async () => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      const left = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${role}\\_%`]);
      for (const { datname } of left.rows) await client.query(`drop database if exists ${datname} with (force)`);
      await client.query(`drop role if exists ${role}`);
    } finally {
      await client.end();
    }
  };
}

export default async function setup(): Promise<() => Promise<void>> {
  if (testDatabaseUrl) return seededTemplate(testDatabaseUrl);
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
  return () => Promise.resolve(rmSync(folder, { recursive: true, force: true }));
}
