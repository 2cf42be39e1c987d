import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';

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
