import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretBox, sealedKeyId } from '../security/secret-box';
import { secretPurpose } from '../security/stored-secrets';
import { startServer } from '../start';
import { recordingLogger } from '../test/harness';
import { migrationsFolder, openDatabase, queryRows, type Database } from './client';

const scratch = mkdtempSync(join(tmpdir(), 'pbp-migrations-'));

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** A copy of the migrations folder that stops after the first `count` migrations. */
function migrationsUpTo(count: number): string {
  const folder = join(scratch, `first-${String(count)}`);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  return folder;
}

const firstMigrationOnly = () => migrationsUpTo(1);

// Each test boots its own PGlite (a WebAssembly build of PostgreSQL) and runs migrations from an
// empty database: slower than the suite's default allows on a busy 2-core machine.

describe('migration 0001 (accounts and invoices)', { timeout: 60000 }, () => {
  it('gives the memberships of a database seeded before accounts existed their account rows', async () => {
    const client = new PGlite();
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: firstMigrationOnly() });
      await db.execute(sql`insert into clients (code, client_url) values ('SUN', 'https://sun.example/')`);
      await db.execute(sql`insert into users (email, password_hash, first_name, last_name) values ('a@example.com', 'x', 'Ann', 'Lee')`);
      await db.execute(
        sql`insert into user_clients (user_id, client_id, account_number) select u.id, c.id, ' a-1 ' from users u, clients c`,
      );

      await migrate(db, { migrationsFolder });

      const rows = await db.execute<{ account_number: string; holder_name: string; member_number: string }>(
        sql`select a.account_number, a.holder_name, uc.account_number as member_number
            from accounts a join user_clients uc on uc.client_id = a.client_id and uc.account_number = a.account_number`,
      );
      expect(rows.rows).toEqual([{ account_number: 'A-1', holder_name: 'Ann Lee', member_number: 'A-1' }]);
    } finally {
      await client.close();
    }
  });
});

describe('migration 0005 (account foundation)', { timeout: 60000 }, () => {
  it('keeps users who could sign in before it activated, their passwords unmarked and never expiring by age', async () => {
    const client = new PGlite();
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: migrationsUpTo(5) });
      await db.execute(sql`insert into clients (code, client_url) values ('SUN', 'https://sun.example/')`);
      await db.execute(
        sql`insert into users (email, password_hash, created_at) values ('a@example.com', 'x', '2025-04-01T08:00:00Z')`,
      );

      await migrate(db, { migrationsFolder });

      const rows = await db.execute<{ activated: boolean; company: string; required: boolean; changed_recently: boolean }>(
        sql`select activated_at = created_at as activated, company, password_change_required as required,
                   password_changed_at > now() - interval '1 minute' as changed_recently
            from users`,
      );
      expect(rows.rows).toEqual([{ activated: true, company: '', required: false, changed_recently: true }]);
      const lifetimes = await db.execute<{ password_lifetime_days: number | null }>(sql`select password_lifetime_days from clients`);
      expect(lifetimes.rows).toEqual([{ password_lifetime_days: null }]);
    } finally {
      await client.close();
    }
  });

  it('leaves a user created after it unactivated until the activation link is opened', async () => {
    const client = new PGlite();
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder });
      await db.execute(sql`insert into users (email, password_hash) values ('new@example.com', 'x')`);
      const rows = await db.execute<{ activated_at: Date | null }>(sql`select activated_at from users`);
      expect(rows.rows).toEqual([{ activated_at: null }]);
    } finally {
      await client.close();
    }
  });
});

/** How many migrations come before the one whose tag ends so (its number may change when branches merge). */
function migrationsBefore(tagEnding: string): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag.endsWith(tagEnding));
  if (index < 0) throw new Error(`No migration tagged …${tagEnding}`);
  return index;
}

describe('the client branding migration', { timeout: 60000 }, () => {
  it('gives every client its named palette’s colours, a new client the default one, and no theme name outside a class name', async () => {
    const client = new PGlite();
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: migrationsUpTo(migrationsBefore('_client_branding')) });
      await db.execute(sql`insert into clients (code, client_url, theme) values
        ('SUN', 'https://sun.example/', 'sunrise'), ('HBR', 'https://hbr.example/', 'harbor'),
        ('ZZ', 'https://zz.example/', 'default'), ('ODD', 'https://odd.example/', 'Not A Class')`);

      await migrate(db, { migrationsFolder });
      await db.execute(sql`insert into clients (code, client_url) values ('NEW', 'https://new.example/')`);

      const rows = await db.execute<{ code: string; theme: string; colours: string }>(
        sql`select code, theme, concat_ws(' ', brand_colour, brand_strong_colour, brand_contrast_colour, brand_tint_colour) as colours from clients order by id`,
      );
      expect(rows.rows).toEqual([
        { code: 'SUN', theme: 'sunrise', colours: '#9a3412 #7c2d12 #ffffff #fff3e8' },
        { code: 'HBR', theme: 'harbor', colours: '#075985 #0c4a6e #ffffff #e8f4fb' },
        { code: 'ZZ', theme: 'default', colours: '#1f4e79 #163a5a #ffffff #e8f0f8' },
        { code: 'ODD', theme: 'default', colours: '#1f4e79 #163a5a #ffffff #e8f0f8' },
        { code: 'NEW', theme: 'default', colours: '#1f4e79 #163a5a #ffffff #e8f0f8' },
      ]);
      await expect(db.execute(sql`update clients set brand_colour = 'red' where code = 'SUN'`)).rejects.toThrow();
    } finally {
      await client.close();
    }
  });
});

describe('the secrets-sealed migration, and the start that seals', { timeout: 180000 }, () => {
  const plain = {
    webhook: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    retired: 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD',
    totp: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    pending: 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD',
  };
  /** The one endpoint's, staff member's and session's secrets as the database holds them, with their rows' ids. */
  const stored = async (db: Database) =>
    (
      await queryRows<{ webhook: string; retired: string; totp: string; pending: string; endpoint: number; staff: number; session: string }>(
        db,
        sql`select e.secret as webhook, e.previous_secrets->0->>'secret' as retired, m.totp_secret as totp, s.pending_totp_secret as pending,
                   e.id as endpoint, m.id as staff, s.id as session
            from webhook_endpoints e, staff_members m, staff_sessions s`,
      )
    )[0];

  it('keeps a database’s plain secrets until the portal starts, which seals every one for its row in one go; a second start seals none', async () => {
    const dataDir = join(scratch, 'plain-secrets');
    const before = new PGlite(dataDir);
    try {
      const db = drizzle({ client: before });
      await migrate(db, { migrationsFolder: migrationsUpTo(migrationsBefore('_secrets_sealed')) });
      await db.execute(sql`insert into clients (code, client_url) values ('SUN', 'https://sun.example/')`);
      await db.execute(sql`insert into webhook_endpoints (client_id, url, secret, previous_secrets)
        select id, 'https://hooks.example/', ${plain.webhook}, jsonb_build_array(jsonb_build_object('secret', ${plain.retired}::text, 'expiresAt', '2099-01-01T00:00:00.000Z')) from clients`);
      await db.execute(sql`insert into staff_members (client_id, email, role, status, totp_secret) select id, 'admin@sun.example', 'officeAdmin', 'active', ${plain.totp} from clients`);
      await db.execute(sql`insert into staff_sessions (id, staff_id, stage, pending_totp_secret, created_at, last_seen_at, expires_at)
        select 'session-1', id, 'enrol', ${plain.pending}, now(), now(), now() + interval '10 minutes' from staff_members`);
    } finally {
      await before.close();
    }

    const secrets = createSecretBox({ key: randomBytes(32) });
    const start = async (box = secrets) => {
      const logger = recordingLogger();
      const server = await startServer({ port: 0, hostname: '127.0.0.1', dataDir, seed: false, logger, secrets: box });
      await server.close();
      return logger.lines;
    };
    expect(await start()).toContain('Sealed 4 secrets the database kept in plain text (webhook signing secrets, authenticator apps\').');

    const opened = await openDatabase({ dataDir });
    let row: Awaited<ReturnType<typeof stored>>;
    try {
      row = await stored(opened.db);
      if (!row) throw new Error('The rows are gone');
      for (const kind of ['webhook', 'retired', 'totp', 'pending'] as const) {
        expect(row[kind]).toMatch(/^sb1\./);
        expect(row[kind]).not.toContain(plain[kind].replace(/^whsec_/, ''));
        expect(sealedKeyId(row[kind])).toBe(secrets.keyId);
      }
      expect(secrets.open(row.webhook, secretPurpose.webhookSecret(row.endpoint))).toBe(plain.webhook);
      expect(secrets.open(row.retired, secretPurpose.retiredWebhookSecret(row.endpoint))).toBe(plain.retired);
      expect(secrets.open(row.totp, secretPurpose.totpSecret(row.staff))).toBe(plain.totp);
      expect(secrets.open(row.pending, secretPurpose.pendingTotpSecret(row.session))).toBe(plain.pending);
      // From now on the database itself refuses a secret that is not sealed.
      await expect(opened.db.execute(sql`update webhook_endpoints set secret = ${plain.webhook}`)).rejects.toThrow();
      await expect(opened.db.execute(sql`update webhook_endpoints set previous_secrets = jsonb_build_array(jsonb_build_object('secret', ${plain.retired}::text, 'expiresAt', 'x'))`)).rejects.toThrow();
      await expect(opened.db.execute(sql`update staff_members set totp_secret = ${plain.totp}`)).rejects.toThrow();
      await expect(opened.db.execute(sql`update staff_sessions set pending_totp_secret = ${plain.pending}`)).rejects.toThrow();
    } finally {
      await opened.close();
    }

    // Nothing is left to seal; a server given another key says which key sealed what it cannot open.
    expect((await start()).filter((line) => /^Sealed|not given/.test(line))).toEqual([]);
    const other = createSecretBox({ key: randomBytes(32) });
    expect((await start(other)).filter((line) => line.includes('not given'))).toEqual([
      expect.stringContaining(`4 stored secrets were sealed by keys the server was not given (key ids ${secrets.keyId})`),
    ]);
    const again = await openDatabase({ dataDir });
    try {
      expect(await stored(again.db)).toEqual(row);
    } finally {
      await again.close();
    }
  });
});
