/**
 * Over PostgreSQL the migrations run as the schema's owner and the server as a role that owns
 * nothing (DATABASE_OWNER_URL and DATABASE_URL): the server works, and neither it nor anyone with
 * its password can erase the ledger (money_events) or the audit trail, by TRUNCATE, by UPDATE or
 * DELETE, or by disabling or dropping the triggers that keep them append-only.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../start';
import { recordingLogger } from '../test/harness';
import { onServer, testDatabaseUrl } from '../test/postgres-servers';

describe.skipIf(!testDatabaseUrl)('the database roles on PostgreSQL (TEST_DATABASE_URL)', () => {
  const suffix = randomBytes(4).toString('hex');
  const owner = `pbp_owner_${suffix}`;
  const app = `pbp_server_${suffix}`;
  const database = `pbp_roles_${suffix}`;
  const urlAs = (role: string) => {
    const url = new URL(testDatabaseUrl ?? '');
    url.username = role;
    url.pathname = `/${database}`;
    return url.toString();
  };
  let server: RunningServer | undefined;
  let asServer: pg.Client | undefined;

  beforeAll(async () => {
    const superuser = testDatabaseUrl ?? '';
    await onServer(superuser, `create role ${owner} login`);
    await onServer(superuser, `create role ${app} login`);
    await onServer(superuser, `create database ${database} owner ${owner}`);
    server = await startServer({ port: 0, cardFieldsPort: 0, databaseUrl: urlAs(app), databaseOwnerUrl: urlAs(owner), logger: recordingLogger() });
    const client = new pg.Client({ connectionString: urlAs(app) });
    await client.connect();
    asServer = client;
  }, 120_000);

  afterAll(async () => {
    await asServer?.end();
    await server?.close();
    const superuser = testDatabaseUrl ?? '';
    await onServer(superuser, `drop database if exists ${database} with (force)`);
    await onServer(superuser, `drop role if exists ${app}`);
    await onServer(superuser, `drop role if exists ${owner}`);
  });

  /** What PostgreSQL answers the server's role: 'done', or its refusal. */
  async function asServerRole(statement: string): Promise<string> {
    if (!asServer) throw new Error('The server’s role is not connected');
    return asServer.query(statement).then(
      () => 'done',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
  }

  it('serves over the server’s role, which owns no table of the portal, with the demo data seeded through it', async () => {
    const url = server?.url ?? '';
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const clients = await fetch(`${url}/api/Client/GetClient?clientCode=SUN`);
    expect(clients.status).toBe(200);
    const owned = await asServer?.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public' and tableowner = current_user`);
    expect(owned?.rows[0]?.n).toBe(0);
    expect(await asServerRole(`select count(*) from money_events`)).toBe('done');
    const privileges = await asServer?.query<{ ok: boolean }>(
      `select has_table_privilege('money_events', 'insert') and has_table_privilege('audit_events', 'insert') and not has_table_privilege('money_events', 'truncate') as ok`,
    );
    expect(privileges?.rows[0]?.ok).toBe(true);
  });

  it('cannot erase or change the ledger or the audit trail, nor lift their guards', async () => {
    const refusals: string[] = [];
    // One after another: a connection runs one statement at a time.
    for (const statement of [
      'truncate table money_events',
      'truncate table audit_events',
      'update money_events set amount_cents = 0',
      'delete from money_events',
      'update audit_events set outcome = $$ok$$',
      'alter table money_events disable trigger money_events_append_only',
      'alter table audit_events disable trigger all',
      'drop trigger money_events_no_truncate on money_events',
      'drop table money_events',
    ]) {
      refusals.push(`${statement}: ${await asServerRole(statement)}`);
    }
    expect(refusals.filter((line) => line.endsWith(': done'))).toEqual([]);
    expect(refusals.every((line) => /permission denied|must be owner/.test(line))).toBe(true);
  });
});
