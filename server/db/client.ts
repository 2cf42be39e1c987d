/**
 * Opens the database: embedded PGlite (a directory, or memory) or PostgreSQL through `pg`, with
 * the same drizzle schema, and brings it to the latest migration.
 */
import { mkdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { shortReason, withConnectionRetry } from './availability';
import * as schema from './schema';

/** The database as the rest of the server sees it, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenDatabaseOptions {
  /** PGlite data directory; in memory when neither this nor `databaseUrl` is set. */
  dataDir?: string;
  /** PostgreSQL connection string; wins over `dataDir`. */
  databaseUrl?: string;
  /**
   * PostgreSQL connection string of the role that owns the schema (`DATABASE_OWNER_URL`): the
   * migrations run as it, and it grants `databaseUrl`'s role what the server may do and no more
   * (`grantServerRole`). Without it the migrations run as `databaseUrl`'s role, which then owns
   * every table and could lift the ledger's and the audit trail's guards: for development only.
   */
  ownerUrl?: string;
  /** Where a lost connection and the first connection's retries are reported (one line each). */
  warn?: (message: string) => void;
  /** How often the first connection to PostgreSQL is tried before giving up. Default 8 (about a minute). */
  connectAttempts?: number;
  /** Told the text of every statement the server runs (tests count round trips with it). */
  onQuery?: (statement: string) => void;
  /** An in-memory PGlite started from this dump of a data directory (`PGlite.dumpDataDir`): tests start from a seeded copy. */
  loadDataDir?: Blob;
}

export interface OpenedDatabase {
  db: Database;
  close(): Promise<void>;
}

/** Where pg-boss keeps its tables, beside the portal's own (public) schema. */
export const JOB_QUEUE_SCHEMA = 'pgboss';

/** How long a request waits for a new PostgreSQL connection before it fails (and answers 503). */
const CONNECT_TIMEOUT_MS = 5000;

/** The checked-in migrations, found next to this module whatever the working directory. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary constant naming the migration lock. */
const MIGRATION_LOCK_KEY = 7_340_210;

/**
 * Replicas starting together would otherwise run the same migration at once and fail; the
 * advisory lock makes the later ones wait and then find nothing to do.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client: connection }), {
        migrationsFolder,
      });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    connection.release();
  }
}

/**
 * What the server's role may do, granted by the owner after each migration: read and write the
 * tables, but on the ledger (money_events) only read and add, on the audit trail no change (its
 * trigger lets a delete through only past six years), and nowhere TRUNCATE; it owns no table, so it
 * can neither disable nor drop the triggers that keep both append-only. It may create schemas: the
 * job queue's (`JOB_QUEUE_SCHEMA`), which pg-boss creates and migrates itself, is its own.
 */
export async function grantServerRole(owner: pg.ClientBase, role: string): Promise<void> {
  const who = pg.escapeIdentifier(role);
  const { rows } = await owner.query<{ name: string }>('select current_database() as name');
  const database = pg.escapeIdentifier(rows[0]?.name ?? '');
  await owner.query(`
    grant usage on schema public to ${who};
    grant select, insert, update, delete on all tables in schema public to ${who};
    grant usage, select, update on all sequences in schema public to ${who};
    revoke update, delete, truncate on money_events from ${who};
    revoke update, truncate on audit_events from ${who};
    grant create, temporary on database ${database} to ${who};
  `);
}

/** The user a PostgreSQL connection string signs in as. */
const roleOf = (url: string): string => decodeURIComponent(new URL(url).username) || 'postgres';

/** Drizzle's logger for `onQuery`, or none. */
function queryLogger(onQuery: ((statement: string) => void) | undefined): Logger | false {
  return onQuery ? { logQuery: (statement) => onQuery(statement) } : false;
}

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // An idle connection that PostgreSQL ends (a restart, a failover) emits 'error' on the pool;
    // unheard, that event would end the process. The pool drops the connection and makes a new
    // one for the next query.
    pool.on('error', (error) =>
      warn(`A database connection was lost (${shortReason(error)}); the next query opens a new one.`),
    );
    // The pool hears only its idle connections. One in use (a transaction, a migration, a COPY) that
    // PostgreSQL ends also emits 'error' on itself, after its query has been refused; heard here, its
    // caller handles the refusal and the pool drops the connection on its release.
    pool.on('connect', (connection) => {
      connection.on('error', (error) =>
        warn(`A database connection in use was lost (${shortReason(error)}); its query was refused.`),
      );
    });
    const db = drizzleNodePg({ client: pool, schema, logger: queryLogger(options.onQuery) });
    const { ownerUrl, databaseUrl } = options;
    const migrate = async () => {
      if (!ownerUrl) return migrateUnderLock(pool);
      const owner = new pg.Pool({ connectionString: ownerUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, max: 1 });
      owner.on('error', () => undefined);
      try {
        await migrateUnderLock(owner);
        const connection = await owner.connect();
        try {
          await grantServerRole(connection, roleOf(databaseUrl));
        } finally {
          connection.release();
        }
      } finally {
        await owner.end();
      }
    };
    try {
      await withConnectionRetry(migrate, {
        attempts: options.connectAttempts ?? 8,
        baseDelayMs: 500,
        maxDelayMs: 15000,
        onRetry: warn,
      });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, close: () => pool.end() };
  }

  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const db = drizzlePglite({ client, schema, logger: queryLogger(options.onQuery) });
  try {
    await client.waitReady;
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, close: () => client.close() };
}

/** The rows a raw SQL statement answered: PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** A value as COPY's text format writes it: `\N` for null, and backslash, tab, newline and return escaped. */
export function copyText(value: string | number | boolean | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  return value.replace(/[\\\t\n\r]/g, (character) => (character === '\\' ? '\\\\' : character === '\t' ? '\\t' : character === '\n' ? '\\n' : '\\r'));
}

/**
 * Loads rows with `COPY … FROM STDIN` in its text format (one line per row, `copyText` values
 * separated by tabs): PostgreSQL's fastest way in, some ten times an INSERT's rate, over
 * node-postgres (pg-copy-streams, on a connection of its own) or PGlite (its `/dev/blob`).
 */
export async function copyRows(db: Database, table: string, columns: readonly string[], lines: string): Promise<void> {
  const client = '$client' in db ? db.$client : null;
  const statement = `copy ${table} (${columns.join(', ')}) from`;
  if (client instanceof PGlite) {
    await client.query(`${statement} '/dev/blob'`, [], { blob: new Blob([lines]) });
    return;
  }
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    try {
      await pipeline(Readable.from([lines]), connection.query(copyFrom(`${statement} stdin`)));
    } finally {
      connection.release();
    }
    return;
  }
  throw new Error('copyRows needs a database opened by openDatabase');
}
