import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../server/db/client';
import { statementHeader } from '../server/core/statements/statement-columns';
import { createSecretBox, keyIdOf } from '../server/security/secret-box';
import { secretPurpose, secretsByKey } from '../server/security/stored-secrets';
import { DEMO_TOTP_SECRET } from '../server/seed/demo-data';
import { runOffice } from './office';

const run = promisify(execFile);
const folder = mkdtempSync(join(tmpdir(), 'office-command-'));
// The product's webhook policy: https to public hosts only (no development setting); the development secrets key.
const env = { ...process.env, DATA_DIR: join(folder, 'pglite'), DATABASE_URL: '', WEBHOOKS_ALLOW_PRIVATE: '', SECRETS_KEY: '', SECRETS_KEY_PREVIOUS: '' };

/** Runs the office command as `npm run office -- …` would, in this process; resolves with its output and exit code. */
function office(...args: string[]): Promise<{ code: number; out: string }> {
  return officeIn(env, ...args);
}

/** A stream that keeps what is written to it. */
function collector(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/** Runs the office command with its environment `environment`, in this process (a process of its own costs seconds). */
async function officeIn(environment: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number; out: string }> {
  const [stdout, stderr] = [collector(), collector()];
  const code = await runOffice(args, { env: environment, stdout: stdout.stream, stderr: stderr.stream });
  return { code, out: stdout.text() + stderr.text() };
}

/** Runs `npm run office -- …` for real, a process of its own: its command line, exit code and output. */
async function officeProcess(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/office.ts', ...args], { env });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('npm run office', { timeout: 120_000 }, () => {
  it('makes, lists and revokes a client’s API keys, showing a key once', async () => {
    const made = await office('keys', 'create', '--client', 'SUN', '--scope', 'bills:write', '--name', 'Nightly feed');
    expect(made.code).toBe(0);
    const key = /(pbp_[0-9a-f]{10})_[A-Za-z0-9_-]{43}/.exec(made.out);
    expect(key).not.toBeNull();
    const listed = await office('keys', 'list', '--client', 'SUN');
    expect(listed.out).toContain(`${key?.[1] ?? ''}  bills:write  Nightly feed`);
    expect(listed.out).not.toContain(key?.[0] ?? 'no key');
    expect((await office('keys', 'revoke', '--client', 'SUN', key?.[1] ?? '')).out).toContain('now answer 401');
    expect((await office('keys', 'list', '--client', 'SUN')).out).toMatch(/revoked \d{4}-/);
    const wrong = await office('keys', 'create', '--client', 'SUN', '--scope', 'bills:read');
    expect(wrong).toMatchObject({ code: 2 });
    expect(wrong.out).toContain('not bills:read');
  });

  it('imports a statement file, prints the report and writes the refused rows beside it; a repeat is refused', async () => {
    const row = (invoice: string, charge: string) =>
      ['O-1', 'Olive Office', '', '', '', '', '', '', '62704', '', '', invoice, '2026-02-01', '2026-03-01', '1', '2026-01-30', '80053', 'Panel', '1', charge, '0.00', '0.00', '0.00', '100.00', '', '', '', '', '2026-03-01T06:00:00Z'].join(',');
    const file = join(folder, 'statements.csv');
    writeFileSync(file, `${statementHeader.join(',')}\n${row('O-INV-1', '100.00')}\n${row('O-INV-2', '100.00')}\nO-2,Other,,,,,,,62704,,,O-INV-3,2026-02-31,2026-03-01,1,2026-01-30,80053,Panel,1,100.00,0.00,0.00,0.00,100.00,,,,,2026-03-01T06:00:00Z\n`);
    const dry = await office('import', file, '--client', 'SUN', '--dry-run');
    expect(dry.out).toContain('(dry run: nothing was changed)');
    const imported = await office('import', file, '--client', 'SUN');
    expect(imported.code).toBe(0);
    expect(imported.out).toMatch(/rows read\s+3, refused 1/);
    expect(imported.out).toMatch(/invoices\s+created 2, updated 0, unchanged 0, closed 0/);
    expect(readFileSync(join(folder, 'statements.refused.csv'), 'utf8')).toBe(
      'line,location,column,code,reason\n4,,invoice_date,invalidDate,"invoice_date is not a date like 2026-02-28 (got ""2026-02-31"")"\n',
    );
    const again = await office('import', file, '--client', 'SUN');
    expect(again.code).toBe(1);
    expect(again.out).toContain('this exact file was imported already');
  });

  it('writes a business day’s posting file, the same bytes each time, to a file or the screen', async () => {
    const out = join(folder, 'postings.csv');
    const written = await office('postings', '--client', 'SUN', '--date', '2026-11-26', '--out', out);
    expect(written).toMatchObject({ code: 0 });
    expect(written.out).toContain('The posting file of 2026-11-26 for SUN');
    const csv = readFileSync(out, 'utf8');
    expect(csv.split('\r\n')[0]).toMatch(/^record_type,business_date,event_id,event_type,/);
    expect(csv).toContain('T,2026-11-26,');
    // On the screen, from a process of its own: every byte is out before it exits.
    expect(await officeProcess('postings', '--client', 'SUN', '--date', '2026-11-26')).toEqual({ code: 0, out: csv });
    // A day that does not exist, or lies outside 2000-01-01 to 2100-12-31 (contracts/bounds.ts), is a usage error like a missing one.
    for (const date of ['2026-02-30', '2026-13-01', '9999-12-31']) {
      expect(await office('postings', '--client', 'SUN', '--date', date)).toMatchObject({ code: 2, out: expect.stringContaining('--date 2026-11-26') as unknown });
    }
  });

  it('adds a webhook endpoint with its secret shown once, lists it, and refuses an address it may not call', async () => {
    const added = await office('webhooks', 'add', 'https://billing.example.com/hooks', '--client', 'SUN', '--event', 'payment.captured');
    expect(added.code).toBe(0);
    const secret = /whsec_[A-Za-z0-9+/=]{40,}/.exec(added.out)?.[0];
    expect(secret).toBeDefined();
    const listed = await office('webhooks', 'list', '--client', 'SUN');
    expect(listed.out).toMatch(/^\d+ {2}https:\/\/billing\.example\.com\/hooks {2}payment\.captured {2}live$/m);
    expect(listed.out).not.toContain(secret ?? 'no secret');
    expect((await office('webhooks', 'add', 'http://example.com/hooks', '--client', 'SUN')).code).toBe(2);
    // This machine, however written (each notation is the API's test): one of them here.
    expect(await office('webhooks', 'add', 'https://127.1/hooks', '--client', 'SUN')).toMatchObject({ code: 2, out: expect.stringContaining('not to this machine, a private network or a metadata address') as unknown });
    expect((await office('webhooks', 'deliveries', '--failed', '--client', 'SUN')).out).toContain('No failed deliveries.');
  });

  it('says plainly what is wrong with how it was called', async () => {
    expect((await office('import', join(folder, 'statements.csv'), '--client', 'NOPE')).out).toContain('No client NOPE.');
    expect(await officeProcess('frobnicate')).toMatchObject({ code: 2, out: expect.stringContaining('Usage:') as unknown });
  });
  it('creates a client and invites its first office admin, whose link sets a password; refuses a code taken and bad input', async () => {
    const created = await office('clients', 'create', '--code', 'acm', '--name', 'Acme Labs', '--admin', 'ops@acme.example', '--origin', 'https://portal.example');
    expect(created.code).toBe(0);
    expect(created.out).toContain('Created client ACM, Acme Labs: its portal is https://portal.example/ACM/ and its console https://portal.example/ACM/office/');
    expect(created.out).toContain('Invited ops@acme.example as officeAdmin of ACM');
    // The invitation waits in the outbox, with its link under the new client's address.
    const { openDatabase } = await import('../server/db/client');
    const { outboxEmails, staffMembers, auditEvents } = await import('../server/db/schema');
    const { eq } = await import('drizzle-orm');
    const opened = await openDatabase({ dataDir: env.DATA_DIR });
    try {
      const [email] = await opened.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, 'ops@acme.example'));
      expect(email?.body).toMatch(/https:\/\/portal\.example\/ACM\/office\/welcome#token=[\w-]{43}/);
      const [admin] = await opened.db.select().from(staffMembers).where(eq(staffMembers.email, 'ops@acme.example'));
      expect(admin).toMatchObject({ role: 'officeAdmin', status: 'invited', passwordHash: null });
      const trail = await opened.db.select().from(auditEvents).where(eq(auditEvents.actorKind, 'operator'));
      expect(trail.map((row) => row.action).sort()).toEqual(['client.create', 'staff.invite']);
    } finally {
      await opened.close();
    }
    expect(await office('clients', 'create', '--code', 'ACM', '--name', 'Again', '--admin', 'x@acme.example')).toMatchObject({ code: 2, out: expect.stringContaining('There is already a client ACM.') as unknown });
    expect((await office('clients', 'create', '--code', 'A1', '--name', 'Bad', '--admin', 'x@acme.example')).out).toContain('2 to 4 letters');
    expect((await office('clients', 'create', '--code', 'XYZ', '--name', 'Bad', '--admin', 'not an email')).out).toContain('first office admin');
    expect((await office('staff', 'invite', '--client', 'ACM', '--email', 'ops@acme.example', '--role', 'readOnly')).out).toContain('already staff of ACM');
  });

  it('rotates SECRETS_KEY: seals every stored secret again under the new key, so the old one can go; never prints a secret or a key', async () => {
    const dataDir = join(folder, 'rotation');
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    const withKeys = (key: Buffer, previous: Buffer[] = []) => (...args: string[]) =>
      officeIn({ ...env, DATA_DIR: dataDir, SECRETS_KEY: key.toString('base64'), SECRETS_KEY_PREVIOUS: previous.map((each) => each.toString('hex')).join(',') }, ...args);
    /** Reads the database between commands: how many secrets each key sealed, and the endpoint's and a demo staff member's secrets. */
    const inDatabase = async <T>(read: (db: Database) => Promise<T>): Promise<T> => {
      const opened = await openDatabase({ dataDir });
      try {
        return await read(opened.db);
      } finally {
        await opened.close();
      }
    };
    const secretsOf = (id: number) =>
      inDatabase(async (db) => ({
        byKey: Object.fromEntries(await secretsByKey(db)),
        ...(await queryRows<{ secret: string; retired: string[]; staff: number; totp: string }>(
          db,
          sql`select e.secret, (select jsonb_agg(each->>'secret') from jsonb_array_elements(e.previous_secrets) each) as retired, m.id as staff, m.totp_secret as totp
              from webhook_endpoints e, staff_members m where e.id = ${id} and m.email = 'office.admin@sunriselabs.example'`,
        ))[0],
      }));

    // Under the old key: an endpoint, rotated once (so one secret rotated out), and the demo staff's authenticator secrets.
    const old = withKeys(oldKey);
    const added = await old('webhooks', 'add', 'https://billing.example.com/rotation', '--client', 'SUN');
    const id = Number(/Endpoint (\d+) for/.exec(added.out)?.[1]);
    const first = /whsec_\S+/.exec(added.out)?.[0] ?? 'no secret';
    const second = /whsec_\S+/.exec((await old('webhooks', 'rotate', String(id), '--client', 'SUN')).out)?.[0] ?? 'no secret';
    const before = await secretsOf(id);
    const total = before.byKey[keyIdOf(oldKey)] ?? 0;
    expect(before.byKey).toEqual({ [keyIdOf(oldKey)]: total });
    expect(total).toBeGreaterThanOrEqual(6);

    // The new key without the old one: nothing opens, so nothing changes, and it says so.
    const missing = await withKeys(newKey)('secrets', 'rotate');
    expect(missing).toMatchObject({ code: 1, out: expect.stringContaining(`${String(total)} stored secrets did not open, so none was sealed again`) as unknown });
    expect(missing.out).toContain(`sealed by key ${keyIdOf(oldKey)}`);
    expect(await secretsOf(id)).toEqual(before);

    // The new key, the old one as the previous: every secret moves to the new key.
    const rotated = await withKeys(newKey, [oldKey])('secrets', 'rotate');
    expect(rotated).toMatchObject({ code: 0, out: expect.stringContaining(`Sealed ${String(total)} of the ${String(total)} stored secrets again under SECRETS_KEY (key ${keyIdOf(newKey)})`) as unknown });
    for (const told of [missing.out, rotated.out]) {
      for (const secret of [first, second, DEMO_TOTP_SECRET, oldKey.toString('base64'), oldKey.toString('hex'), newKey.toString('base64'), newKey.toString('hex')]) expect(told).not.toContain(secret);
    }
    const after = await secretsOf(id);
    expect(after.byKey).toEqual({ [keyIdOf(newKey)]: total });

    // So the old key can be dropped: the new one alone opens every secret, and the next run has nothing to do.
    const newBox = createSecretBox({ key: newKey });
    expect(newBox.open(after.secret ?? '', secretPurpose.webhookSecret(id))).toBe(second);
    expect(after.retired?.map((each) => newBox.open(each, secretPurpose.retiredWebhookSecret(id)))).toEqual([first]);
    expect(newBox.open(after.totp ?? '', secretPurpose.totpSecret(after.staff ?? 0))).toBe(DEMO_TOTP_SECRET);
    expect((await withKeys(newKey)('secrets', 'rotate')).out).toContain(`Sealed 0 of the ${String(total)} stored secrets again`);
    // A rotation with the new key alone keeps both secrets rotated out signing: each opened.
    expect((await withKeys(newKey)('webhooks', 'rotate', String(id), '--client', 'SUN')).code).toBe(0);
    expect((await secretsOf(id)).retired?.map((each) => newBox.open(each, secretPurpose.retiredWebhookSecret(id)))).toEqual([first, second]);
  });
});
