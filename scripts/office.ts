/**
 * The billing office's command, until its console exists: `npm run office -- <command>`.
 *
 *   keys create --client SUN [--billing-group 52] --scope bills:write [--scope payments:read] [--name "Nightly feed"]
 *     (scopes: bills:write, payments:read, refunds:write, webhooks:write: managing webhooks)
 *   keys list   --client SUN [--billing-group 52]
 *   keys revoke --client SUN [--billing-group 52] pbp_0123456789
 *   import statements.csv --client SUN [--billing-group 52] [--full] [--dry-run] [--report refused.csv]
 *   postings --client SUN --date 2026-11-26 [--out postings.csv]
 *   webhooks add https://billing.example/hooks --client SUN [--event payment.captured …] [--name "Posting bridge"]
 *   webhooks list|deliveries [--failed]|rotate <id>|disable <id>|replay <evt_…> --client SUN
 *   clients create --code ABC --name "Acme Labs" --admin ops@lab.example [--origin https://portal.example]
 *   staff invite --client SUN --email clerk@lab.example --role billingStaff [--origin https://portal.example]
 *   secrets rotate
 *     (seals every stored secret again under SECRETS_KEY, opening those a key of SECRETS_KEY_PREVIOUS sealed)
 *
 * It works on the portal's database: PostgreSQL when DATABASE_URL is set, else the PGlite directory
 * (DATA_DIR, default .data/pglite), which the portal must not have open at the same time; and with
 * the portal's SECRETS_KEY and SECRETS_KEY_PREVIOUS, which seal the secrets the database keeps.
 */
import { createReadStream, createWriteStream, statSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import * as v from 'valibot';
import { clientCodeSchema } from '../contracts/clients';
import { staffEmailSchema, staffRoleSchema, staffRoles, type StaffRole } from '../contracts/console';
import { apiKeyScopes, MAX_STATEMENT_BYTES, type ApiKeyScope } from '../contracts/partner-api';
import { postingsQuerySchema, webhookEndpointRequestSchema, webhookEventTypes, type WebhookUrlProblem } from '../contracts/payments-out';
import { flag, secretsKeysSetting } from '../server/config';
import { shortReason } from '../server/db/availability';
import { openDatabase, type Database } from '../server/db/client';
import { claimDataDir } from '../server/db/data-dir-lock';
import { clients } from '../server/db/schema';
import { createApiKeysService } from '../server/core/api-keys/api-keys.service';
import { recordAudit } from '../server/core/audit/audit.service';
import { createThrottleService } from '../server/core/throttle/throttle.service';
import { createStaffSessions } from '../server/core/sessions/staff-sessions';
import { createStaffService } from '../server/console/staff/staff.service';
import { readCsvStatement } from '../server/core/statements/csv-statement';
import { createImportReports } from '../server/core/statements/import-reports';
import { createStatementImport } from '../server/core/statements/statement-import';
import { postingFile } from '../server/core/postings/posting-file';
import { createWebhookEndpointsService } from '../server/core/webhooks/webhook-endpoints.service';
import { createSecretBox, type SecretBox } from '../server/security/secret-box';
import { resealSecrets, sealPlainSecrets, SecretsNotOpened } from '../server/security/stored-secrets';
import { seedDemoData } from '../server/seed/seed';

const usage = `Usage:
  npm run office -- keys create --client SUN [--billing-group 52] --scope bills:write [--scope payments:read] [--name "Nightly feed"]
  npm run office -- keys list --client SUN [--billing-group 52]
  npm run office -- keys revoke --client SUN [--billing-group 52] <prefix>
  npm run office -- import <statements.csv> --client SUN [--billing-group 52] [--full] [--dry-run] [--report <refused.csv>]
  npm run office -- postings --client SUN --date 2026-11-26 [--out <postings.csv>]
  npm run office -- webhooks add <https://…> --client SUN [--event payment.captured …] [--name "…"]
  npm run office -- webhooks list|deliveries [--failed]|rotate <id>|disable <id>|replay <evt_…> --client SUN
  npm run office -- clients create --code ABC --name "Acme Labs" --admin ops@lab.example [--origin https://portal.example]
  npm run office -- staff invite --client SUN --email clerk@lab.example --role officeAdmin|billingStaff|readOnly [--origin …]
  npm run office -- secrets rotate    (after a new SECRETS_KEY, the old one in SECRETS_KEY_PREVIOUS)
Scopes: ${apiKeyScopes.join(', ')} (webhooks:write adds, rotates, disables and replays webhooks; payments:read lists them).
Webhook events: ${webhookEventTypes.join(', ')}.`;

class UsageError extends Error {}

/** Why `webhooks add` refuses an address. */
const urlRefusals: Record<WebhookUrlProblem, string> = {
  schemeNotAllowed: 'Webhooks go to https addresses (plain http only with WEBHOOKS_ALLOW_PRIVATE, for development).',
  credentialsNotAllowed: 'Take the user and password out of the address.',
  addressNotAllowed: 'Webhooks go to hosts on the public internet, not to this machine, a private network or a metadata address.',
};

const options = {
  client: { type: 'string' },
  'billing-group': { type: 'string' },
  scope: { type: 'string', multiple: true },
  name: { type: 'string' },
  full: { type: 'boolean', default: false },
  'dry-run': { type: 'boolean', default: false },
  report: { type: 'string' },
  date: { type: 'string' },
  out: { type: 'string' },
  event: { type: 'string', multiple: true },
  failed: { type: 'boolean', default: false },
  code: { type: 'string' },
  admin: { type: 'string' },
  email: { type: 'string' },
  role: { type: 'string' },
  origin: { type: 'string' },
  help: { type: 'boolean', default: false },
} as const;

/** Where the command writes, and the environment it reads: the process's own from the shell, a test's in a test. */
export interface OfficeIo {
  env: NodeJS.ProcessEnv;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** One run of the command: its options, and where it writes. */
interface Run {
  values: ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: typeof options }>>['values'];
  env: NodeJS.ProcessEnv;
  io: OfficeIo;
  /** A line to standard output, as console.log writes it. */
  say: (text: string) => void;
  /** A line to standard error. */
  complain: (text: string) => void;
}

/** The client entry the options name: its code, and its billing group where the code has several. */
async function clientOf(run: Run, db: Database): Promise<{ id: number; label: string }> {
  const code = run.values.client?.trim().toUpperCase();
  if (!code) throw new UsageError('Say which client: --client SUN');
  const group = run.values['billing-group'];
  const rows = await db
    .select({ id: clients.id, billingGroup: clients.billingGroup, isPrimary: clients.isPrimary, name: clients.name })
    .from(clients)
    .where(and(eq(clients.code, code), group ? eq(clients.billingGroup, group) : or(isNull(clients.billingGroup), eq(clients.isPrimary, true))))
    .orderBy(asc(clients.id));
  const [row] = rows;
  if (!row) throw new UsageError(`No client ${code}${group ? ` with billing group ${group}` : ''}.`);
  return { id: row.id, label: `${code}${row.billingGroup ? ` (billing group ${row.billingGroup})` : ''}${row.name ? `, ${row.name}` : ''}` };
}

async function keys(run: Run, db: Database, [action, prefix]: string[]): Promise<void> {
  const service = createApiKeysService({ db, now: () => new Date() });
  const client = await clientOf(run, db);
  if (action === 'create') {
    const scopes = run.values.scope ?? [];
    const unknown = scopes.filter((scope) => !(apiKeyScopes as readonly string[]).includes(scope));
    if (scopes.length === 0 || unknown.length > 0) throw new UsageError(`Give each scope with --scope: ${apiKeyScopes.join(', ')}${unknown.length ? ` (not ${unknown.join(', ')})` : ''}.`);
    const made = await service.create({ clientId: client.id, scopes: scopes as ApiKeyScope[], name: run.values.name ?? '' });
    run.say(`A key for ${client.label}, scopes ${made.scopes.join(', ')}:\n\n  ${made.key}\n\nIt is shown this once: keep it in the billing system's secrets. Its prefix, ${made.prefix}, names it in lists.`);
    return;
  }
  if (action === 'list') {
    const listed = await service.list(client.id);
    if (listed.length === 0) run.say(`${client.label} has no API keys.`);
    for (const key of listed) {
      const state = key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : `last used ${key.lastUsedAt?.toISOString() ?? 'never'}`;
      run.say(`${key.prefix}  ${key.scopes.join(',')}  ${key.name || '(no name)'}  created ${key.createdAt.toISOString()}  ${state}`);
    }
    return;
  }
  if (action === 'revoke') {
    if (!prefix) throw new UsageError('Say which key: its prefix, pbp_…');
    const revoked = await service.revoke({ clientId: client.id, prefix });
    if (!revoked) throw new UsageError(`${client.label} has no live key ${prefix}.`);
    run.say(`Revoked ${prefix}: calls with it now answer 401.`);
    return;
  }
  throw new UsageError(usage);
}

async function importFile(run: Run, db: Database, file: string | undefined): Promise<number> {
  if (!file) throw new UsageError('Say which file: npm run office -- import statements.csv --client SUN');
  const size = statSync(file).size;
  if (size > MAX_STATEMENT_BYTES) throw new UsageError(`${file} is larger than ${String(MAX_STATEMENT_BYTES / 1024 / 1024)} MB: split it into smaller files.`);
  const client = await clientOf(run, db);
  const input = createReadStream(file);
  const bar = new cliProgress.SingleBar(
    { format: ' {bar} {percentage}% | {rows} rows read', hideCursor: true, stream: run.io.stderr },
    cliProgress.Presets.shades_classic,
  );
  bar.start(size, 0, { rows: 0 });
  let rowsRead = 0;
  input.on('data', () => bar.update(input.bytesRead, { rows: rowsRead }));
  const csv = readCsvStatement(input);
  const outcome = await createStatementImport({ db, now: () => new Date() })
    .run({
      clientId: client.id,
      source: 'csv',
      fileName: basename(file),
      scope: run.values.full ? 'full' : 'partial',
      dryRun: run.values['dry-run'],
      apiKeyId: null,
      rows: csv.rows,
      checksum: () => csv.checksum(),
      onProgress: (rows) => {
        rowsRead = rows;
      },
    })
    .finally(() => {
      bar.update(input.bytesRead, { rows: rowsRead });
      bar.stop();
    });

  const reports = createImportReports({ db });
  const report = await reports.report(client.id, outcome.id);
  if (!report) throw new Error(`Import ${String(outcome.id)} has no report`);
  const dry = report.dryRun ? ' (dry run: nothing was changed)' : '';
  if (report.status === 'refused') {
    run.say(`Refused whole, nothing was changed: ${report.message ?? ''}`);
    return 1;
  }
  run.say(`Import ${String(report.id)} for ${client.label}${dry}
  rows read      ${String(report.rowsRead)}, refused ${String(report.rowsRefused)}
  accounts       created ${String(report.accounts.created)}, updated ${String(report.accounts.updated)}, unchanged ${String(report.accounts.unchanged)}
  invoices       created ${String(report.invoices.created)}, updated ${String(report.invoices.updated)}, unchanged ${String(report.invoices.unchanged)}, closed ${String(report.invoices.closed)}`);
  if (report.problemCount > 0) {
    const reportFile = run.values.report ?? `${file.replace(/\.csv$/i, '')}.refused.csv`;
    const csvText = await reports.problemsCsv(client.id, outcome.id);
    if (csvText) await pipeline(Readable.from(csvText), createWriteStream(reportFile));
    run.say(`  the ${String(report.problemCount)} refused rows, each with its line, column and reason: ${reportFile}`);
  }
  return 0;
}

async function postings(run: Run, db: Database): Promise<number> {
  const client = await clientOf(run, db);
  const date = v.safeParse(postingsQuerySchema, { date: run.values.date });
  if (!date.success) throw new UsageError('Say which business day: --date 2026-11-26');
  const csv = await postingFile(db, client.id, date.output.date);
  if (!run.values.out) {
    run.io.stdout.write(csv);
    return 0;
  }
  writeFileSync(run.values.out, csv);
  const rows = csv.trimEnd().split('\r\n').length - 2;
  run.say(`The posting file of ${date.output.date} for ${client.label}: ${String(rows)} money events, in ${run.values.out}`);
  return 0;
}

async function webhooks(run: Run, db: Database, secrets: SecretBox, [action, target]: string[]): Promise<number> {
  const client = await clientOf(run, db);
  // As the portal does: plain http and private addresses only where development says so.
  const service = createWebhookEndpointsService({ db, now: () => new Date(), secrets, allowPrivateAddresses: flag(run.env.WEBHOOKS_ALLOW_PRIVATE, false) });
  const id = Number(target);
  const needId = () => {
    if (!Number.isInteger(id) || id <= 0) throw new UsageError('Say which endpoint: its number, from `webhooks list`.');
    return id;
  };
  if (action === 'add') {
    const request = v.safeParse(webhookEndpointRequestSchema, { url: target, description: run.values.name ?? '', eventTypes: run.values.event ?? [] });
    if (!request.success) throw new UsageError(`Give an https address and events among ${webhookEventTypes.join(', ')}.`);
    const made = await service.create(client.id, request.output);
    if ('refused' in made) throw new UsageError(urlRefusals[made.refused]);
    run.say(`Endpoint ${String(made.id)} for ${client.label}: ${made.url}\nIts signing secret, shown this once (keep it with the receiver):\n\n  ${made.secret}\n`);
    return 0;
  }
  if (action === 'list') {
    const listed = await service.list(client.id);
    if (listed.length === 0) run.say(`${client.label} has no webhook endpoints.`);
    for (const each of listed) run.say(`${String(each.id)}  ${each.url}  ${each.eventTypes.join(',') || 'all events'}  ${each.disabledAt ? `disabled ${each.disabledAt}` : 'live'}`);
    return 0;
  }
  if (action === 'rotate') {
    // The operator rotates any endpoint of the client, whoever added it.
    const rotated = await service.rotate(client.id, needId(), { apiKeyId: null });
    if ('refused' in rotated) throw new UsageError(`${client.label} has no live endpoint ${target ?? ''}.`);
    run.say(`A new secret for endpoint ${String(rotated.id)}; the previous one signs too until ${rotated.previousSecretExpiresAt ?? ''}:\n\n  ${rotated.secret}\n`);
    return 0;
  }
  if (action === 'disable') {
    const disabled = await service.disable(client.id, needId());
    if (!disabled) throw new UsageError(`${client.label} has no endpoint ${target ?? ''}.`);
    run.say(`Endpoint ${String(disabled.id)} is disabled: nothing more is sent to it.`);
    return 0;
  }
  if (action === 'deliveries') {
    const deliveries = await service.deliveries(client.id, run.values.failed ? 'failed' : undefined);
    if (deliveries.length === 0) run.say(run.values.failed ? 'No failed deliveries.' : 'No deliveries.');
    for (const each of deliveries)
      run.say(`${each.eventId}  ${each.eventType}  endpoint ${String(each.endpointId)}  ${each.status}  ${String(each.attempts)} attempts`);
    return 0;
  }
  if (action === 'replay') {
    const count = await service.replay(client.id, target ?? '');
    if (count === null) throw new UsageError(`${client.label} has no event ${target ?? ''}.`);
    run.say(`${target ?? ''} goes again to ${String(count)} endpoint(s), with its own webhook-id: the portal sends it when it next runs.`);
    return 0;
  }
  throw new UsageError(usage);
}

/** Where invitation links point: --origin, else PUBLIC_URL, else the portal on this machine. */
const linkOrigin = (run: Run) => new URL(run.values.origin ?? run.env.PUBLIC_URL ?? 'http://localhost:8080').origin;
const operator = () => `operator:${userInfo().username}`;

/** Invites a staff member of a client and says where the invitation went. */
async function invite(run: Run, db: Database, secrets: SecretBox, clientId: number, label: string, email: string, role: StaffRole): Promise<void> {
  const now = () => new Date();
  const staff = createStaffService({ db, sessions: createStaffSessions({ db, now }), throttle: createThrottleService({ db, now }), now, secrets });
  const invited = await staff.invite(clientId, { email, role }, { origin: linkOrigin(run) });
  if ('kind' in invited) throw new UsageError(`${email} is already staff of ${label}.`);
  await recordAudit(db, { clientId, actorKind: 'operator', actor: operator(), action: 'staff.invite', target: invited.email, outcome: 'ok', detail: role }, now());
  run.say(`Invited ${invited.email} as ${role} of ${label}: the invitation email (a link to set a password, then a second factor) is in the outbox.`);
}

async function staffCommand(run: Run, db: Database, secrets: SecretBox, [action]: string[]): Promise<number> {
  if (action !== 'invite') throw new UsageError(usage);
  const client = await clientOf(run, db);
  const email = v.safeParse(staffEmailSchema, run.values.email ?? '');
  const role = v.safeParse(staffRoleSchema, run.values.role ?? '');
  if (!email.success) throw new UsageError('Give the staff member’s email: --email clerk@lab.example');
  if (!role.success) throw new UsageError(`Give the role: --role ${staffRoles.join('|')}`);
  await invite(run, db, secrets, client.id, client.label, email.output, role.output);
  return 0;
}

async function clientsCommand(run: Run, db: Database, secrets: SecretBox, [action]: string[]): Promise<number> {
  if (action !== 'create') throw new UsageError(usage);
  const code = v.safeParse(clientCodeSchema, run.values.code ?? '');
  const name = run.values.name?.trim() ?? '';
  const admin = v.safeParse(staffEmailSchema, run.values.admin ?? '');
  if (!code.success) throw new UsageError('Give the client’s code, 2 to 4 letters: --code ABC');
  if (name === '' || name.length > 120) throw new UsageError('Give the client’s name (at most 120 characters): --name "Acme Labs"');
  if (!admin.success) throw new UsageError('Give its first office admin’s email: --admin ops@lab.example');
  const upper = code.output.toUpperCase();
  const [created] = await db
    .insert(clients)
    .values({ code: upper, name, clientUrl: linkOrigin(run), isPrimary: true, acceptsOnlinePayments: false })
    .onConflictDoNothing()
    .returning({ id: clients.id });
  if (!created) throw new UsageError(`There is already a client ${upper}.`);
  await recordAudit(db, { clientId: created.id, actorKind: 'operator', actor: operator(), action: 'client.create', target: upper, outcome: 'ok', detail: name }, new Date());
  run.say(`Created client ${upper}, ${name}: its portal is ${linkOrigin(run)}/${upper}/ and its console ${linkOrigin(run)}/${upper}/office/ (online payments off until the office turns them on).`);
  await invite(run, db, secrets, created.id, upper, admin.output, 'officeAdmin');
  return 0;
}

/**
 * Seals every stored secret again under SECRETS_KEY, in one transaction, and says how many it
 * sealed again (never a secret); if one does not open with SECRETS_KEY or SECRETS_KEY_PREVIOUS,
 * nothing changes and it says which.
 */
async function secretsCommand(run: Run, db: Database, secrets: SecretBox, [action]: string[]): Promise<number> {
  if (action !== 'rotate') throw new UsageError(usage);
  try {
    const { total, resealed } = await resealSecrets(db, secrets);
    run.say(
      `Sealed ${String(resealed)} of the ${String(total)} stored secrets again under SECRETS_KEY (key ${secrets.keyId}); every one is now under it, so SECRETS_KEY_PREVIOUS may be dropped.`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof SecretsNotOpened)) throw error;
    run.complain(`${error.message}\nSet SECRETS_KEY_PREVIOUS to the key that sealed them and run it again; nothing was changed.`);
    return 1;
  }
}

async function main(run: Run, [command, ...rest]: string[]): Promise<number> {
  if (run.values.help || !command) {
    run.say(usage);
    return command ? 0 : 2;
  }
  if (!['keys', 'import', 'postings', 'webhooks', 'clients', 'staff', 'secrets'].includes(command)) throw new UsageError(usage);
  // As the portal reads them: production refuses to go on without SECRETS_KEY.
  const secretsKeys = secretsKeysSetting(run.env.SECRETS_KEY, run.env.SECRETS_KEY_PREVIOUS, run.env.NODE_ENV);
  const secrets = createSecretBox({ key: secretsKeys.key, previousKeys: secretsKeys.previousKeys });
  const repoRoot = fileURLToPath(new URL('..', import.meta.url));
  const databaseUrl = run.env.DATABASE_URL;
  const dataDir = run.env.DATA_DIR || `${repoRoot}.data/pglite`;
  const release = databaseUrl ? () => {} : claimDataDir(dataDir, 'npm run office');
  const ownerUrl = run.env.DATABASE_OWNER_URL;
  const opened = await openDatabase(databaseUrl ? { databaseUrl, ...(ownerUrl ? { ownerUrl } : {}) } : { dataDir });
  const { db } = opened;
  try {
    // As the portal does when it starts: plain secrets of a database from before sealing are sealed,
    // and (never in production) a fresh database gets the demo clients.
    await sealPlainSecrets(db, secrets);
    await seedDemoData(db, { secrets, nodeEnv: run.env.NODE_ENV });
    if (command === 'keys') {
      await keys(run, db, rest);
      return 0;
    }
    if (command === 'postings') return await postings(run, db);
    if (command === 'webhooks') return await webhooks(run, db, secrets, rest);
    if (command === 'clients') return await clientsCommand(run, db, secrets, rest);
    if (command === 'staff') return await staffCommand(run, db, secrets, rest);
    if (command === 'secrets') return await secretsCommand(run, db, secrets, rest);
    return await importFile(run, db, rest[0]);
  } finally {
    await opened.close();
    release();
  }
}

/**
 * Runs the command with these arguments (what follows `npm run office --`), writing to `io`;
 * resolves with its exit code: 0 done, 1 failed, 2 called wrongly.
 */
export async function runOffice(args: string[], io: OfficeIo): Promise<number> {
  const line = (stream: NodeJS.WritableStream) => (text: string) => void stream.write(`${text}\n`);
  const complain = line(io.stderr);
  try {
    let parsed;
    try {
      parsed = parseArgs({ args, allowPositionals: true, options });
    } catch (error) {
      throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    }
    return await main({ values: parsed.values, env: io.env, io, say: line(io.stdout), complain }, parsed.positionals);
  } catch (error) {
    complain(error instanceof UsageError ? error.message : `office: ${shortReason(error)}`);
    return error instanceof UsageError ? 2 : 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(await runOffice(process.argv.slice(2), { env: process.env, stdout: process.stdout, stderr: process.stderr }));
}
