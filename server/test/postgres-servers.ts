/**
 * PostgreSQL for the `*.postgres.test.ts` files: a database of a test's own on the server that
 * TEST_DATABASE_URL names (.ci/postgres-for-tests.sh starts one), and a throwaway cluster of a
 * test's own (.ci/postgres-cluster.sh) for a test that stops and restarts PostgreSQL.
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase, type OpenedDatabase } from '../db/client';

/** The test server's URL; the PostgreSQL tests skip without it. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/**
 * How long a test of replicas on a real server may wait for the work to be done, and the test's
 * own limit, longer still, so a slow machine fails on the assertion that says what is missing.
 * Alone, such a wait takes 2 to 3 s; under `npm test`'s load it has taken over 20.
 */
export const REPLICA_WAIT_MS = 50000;
export const REPLICA_TEST_TIMEOUT_MS = 60000;

/** Runs one statement on the server of `url`, on a connection of its own. */
export async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database `<prefix>_<random>` on the test server, with the two roles production gives the
 * portal (docs/operating.md, Database roles): an owner of the schema, and the server's role, which owns
 * nothing and may only read the ledger and the audit trail. The code under test runs as the
 * server's role; only a test's own resets (truncating a table, lifting the ledger's guard) take the
 * owner. `drop` removes the database and both roles.
 */
export interface TestDatabase {
  /** As the server's role (DATABASE_URL). */
  url: string;
  /** As the schema's owner (DATABASE_OWNER_URL). */
  ownerUrl: string;
  /** The portal's database as a replica opens it: migrated by the owner, used as the server's role. */
  open: (options?: { warn?: (message: string) => void }) => Promise<OpenedDatabase>;
  /** The owner's connection, for a test's own resets; open it after `open`, which migrates. */
  openAsOwner: () => Promise<OpenedDatabase>;
  drop: () => Promise<void>;
}

export async function createTestDatabase(prefix: string): Promise<TestDatabase> {
  const server = testDatabaseUrl;
  if (!server) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const [owner, serverRole] = [`${name}_owner`, `${name}_server`];
  await onServer(server, `create role ${owner} login`);
  await onServer(server, `create role ${serverRole} login`);
  await onServer(server, `create database ${name} owner ${owner}`);
  const urlAs = (role: string) => {
    const url = new URL(server);
    url.username = role;
    url.pathname = `/${name}`;
    return url.toString();
  };
  const [url, ownerUrl] = [urlAs(serverRole), urlAs(owner)];
  return {
    url,
    ownerUrl,
    open: (options = {}) => openDatabase({ databaseUrl: url, ownerUrl, ...options }),
    openAsOwner: () => openDatabase({ databaseUrl: ownerUrl }),
    drop: async () => {
      await onServer(server, `drop database if exists ${name} with (force)`);
      await onServer(server, `drop role if exists ${serverRole}`);
      await onServer(server, `drop role if exists ${owner}`);
    },
  };
}

const clusterScript = resolve('.ci/postgres-cluster.sh');

/** Runs .ci/postgres-cluster.sh on the cluster in `dir`; `start` answers its URL. */
export function cluster(command: 'init' | 'start' | 'stop', dir: string): string {
  return execFileSync(clusterScript, [command, dir], { encoding: 'utf8' }).trim();
}

/** The same, leaving the event loop free meanwhile, so the code under test meets the outage as it happens. */
export async function clusterInBackground(command: 'start' | 'stop', dir: string): Promise<string> {
  return (await promisify(execFile)(clusterScript, [command, dir])).stdout.trim();
}
