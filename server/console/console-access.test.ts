/**
 * The console's access table: every console endpoint (contracts/console-endpoints.ts and
 * console-work-endpoints.ts) and, for each kind of staff, what must happen. SUN's office admin,
 * billing clerk and read-only auditor, and NPP's office admin reaching for SUN's account, user,
 * payment, import, staff member, API key, webhook endpoint and event. The outcomes: `allowed` (a
 * 2xx, or a refusal of the endpoint's own listed in the row, but never 401, 403 or 404), `forbidden`
 * (403: the role may not), `notFound` (404: not the caller's client's). A console endpoint without a
 * row fails the test; so does a row for an endpoint that is gone. Refusals are in the audit trail.
 *
 * The callers go in this order on every row (NPP first, the admin last), so that a call that
 * changes something (a key revoked, an endpoint disabled) does so after the others have tried.
 */
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiEndpoints } from '@contracts/api';
import { namedPalettes } from '@contracts/branding';
import { apiBase } from '@contracts/endpoint';
import { auditEvents, staffMembers, users } from '../db/schema';
import { createTestApp, useSeededDatabase } from '../test/harness';
import { NPP_ADMIN, signedInStaff, staffClock, statementFile, SUN_ADMIN, SUN_AUDITOR, SUN_CLERK, type StaffBrowser } from '../test/console-fixtures';
import { clientIdOf, createPayer, payableAccounts } from '../test/money-fixtures';
import { createApiKeysService } from '../core/api-keys/api-keys.service';
import { createWebhookEndpointsService } from '../core/webhooks/webhook-endpoints.service';
import { developmentSecretBox } from '../security/secret-box';

type Caller = 'nppAdmin' | 'sunReadOnly' | 'sunBilling' | 'sunAdmin';
type Outcome = 'allowed' | 'forbidden' | 'notFound';
const callers: readonly Caller[] = ['nppAdmin', 'sunReadOnly', 'sunBilling', 'sunAdmin'];

interface Row {
  /** `METHOD /console/path` as declared, `{param}`s and all. */
  endpoint: string;
  callers?: Record<Caller, Outcome>;
  /** The path's parameters and query filled in with SUN's ids. */
  url?: () => string;
  body?: (caller: Caller) => unknown;
  /** Refusals of the endpoint's own that count as `allowed` (a repeat, an activated user). */
  ownRefusals?: number[];
  /** A file to upload as it is (a statement, text/csv, unless `type` says otherwise). */
  file?: (caller: Caller) => string;
  type?: string;
  /** Open to anyone: the sign-in's steps, tested in staff.test.ts. */
  signIn?: true;
}

/** Reading: every staff member of the client; another client's ids are not found. */
const anyStaffOwn: Record<Caller, Outcome> = { nppAdmin: 'notFound', sunReadOnly: 'allowed', sunBilling: 'allowed', sunAdmin: 'allowed' };
/** Reading with nothing named: every staff member, each of their own client. */
const anyStaff: Record<Caller, Outcome> = { ...anyStaffOwn, nppAdmin: 'allowed' };
/** Helping patients, refunds, imports: not read-only staff. */
const billingOwn: Record<Caller, Outcome> = { ...anyStaffOwn, sunReadOnly: 'forbidden' };
const billing: Record<Caller, Outcome> = { ...billingOwn, nppAdmin: 'allowed' };
/** Staff and integrations: office admins only. */
const adminsOwn: Record<Caller, Outcome> = { ...billingOwn, sunBilling: 'forbidden' };
const admins: Record<Caller, Outcome> = { ...adminsOwn, nppAdmin: 'allowed' };

/** SUN's things the table names, made before it runs. */
const sun = { userId: 0, confirmation: '', importId: 0, staffId: 0, keyPrefix: '', endpointId: 0, eventId: '' };
let stamp = '';
/** A logo as an office would upload it. */
const logoSvg = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50"><rect width="200" height="50" fill="#9a3412"/></svg>';

const table: Row[] = [
  // Signing in: open to anyone (staff.test.ts).
  { endpoint: 'GET /console/session', signIn: true },
  { endpoint: 'GET /console/session/time-left', signIn: true },
  { endpoint: 'POST /console/sign-in', signIn: true },
  { endpoint: 'POST /console/sign-in/code', signIn: true },
  { endpoint: 'POST /console/sign-in/passkey-options', signIn: true },
  { endpoint: 'POST /console/sign-in/passkey', signIn: true },
  { endpoint: 'POST /console/sign-out', signIn: true },
  { endpoint: 'POST /console/invitation', signIn: true },
  { endpoint: 'POST /console/enrol/authenticator', signIn: true },
  { endpoint: 'POST /console/enrol/authenticator/confirm', signIn: true },
  { endpoint: 'POST /console/enrol/passkey-options', signIn: true },
  { endpoint: 'POST /console/enrol/passkey', signIn: true },

  // Staying signed in: every staff member, their own session.
  { endpoint: 'POST /console/session/extend', callers: anyStaff },

  // Staff and the audit trail.
  { endpoint: 'GET /console/staff', callers: admins },
  { endpoint: 'POST /console/staff', callers: admins, body: (caller) => ({ email: `${caller}.${stamp}@example.com`, role: 'readOnly' }) },
  { endpoint: 'POST /console/staff/{id}/role', callers: adminsOwn, url: () => `/console/staff/${String(sun.staffId)}/role`, body: () => ({ role: 'billingStaff' }) },
  { endpoint: 'GET /console/audit', callers: anyStaff },
  { endpoint: 'GET /console/audit.csv', callers: anyStaff },

  // Today and patients.
  { endpoint: 'GET /console/today', callers: anyStaff },
  { endpoint: 'GET /console/accounts', callers: anyStaff, url: () => '/console/accounts?q=A-100200' },
  { endpoint: 'GET /console/accounts/{accountNumber}', callers: anyStaffOwn, url: () => '/console/accounts/A-100200' },
  { endpoint: 'GET /console/accounts/{accountNumber}/statement.pdf', callers: anyStaffOwn, url: () => '/console/accounts/A-100200/statement.pdf' },
  {
    endpoint: 'POST /console/accounts/{accountNumber}/users/{userId}/activation-link',
    callers: billingOwn,
    url: () => `/console/accounts/A-100200/users/${String(sun.userId)}/activation-link`,
    ownRefusals: [409],
  },
  { endpoint: 'POST /console/accounts/{accountNumber}/users/{userId}/end-sessions', callers: billingOwn, url: () => `/console/accounts/A-100200/users/${String(sun.userId)}/end-sessions` },
  { endpoint: 'POST /console/accounts/{accountNumber}/users/{userId}/clear-lock', callers: billingOwn, url: () => `/console/accounts/A-100200/users/${String(sun.userId)}/clear-lock` },

  // Payments.
  { endpoint: 'GET /console/payments', callers: anyStaff },
  { endpoint: 'GET /console/payments.csv', callers: anyStaff },
  { endpoint: 'POST /console/payments/{confirmationNumber}/refunds', callers: billingOwn, url: () => `/console/payments/${sun.confirmation}/refunds`, body: () => ({ amountCents: 100, reason: 'Access table' }) },

  // Imports: an upload goes to the caller's own client (a dry run here).
  { endpoint: 'POST /console/imports', callers: billing, url: () => '/console/imports?dryRun=true', file: (caller) => statementFile(`AX${caller.slice(0, 3).toUpperCase()}`, 2) },
  { endpoint: 'GET /console/imports', callers: anyStaff },
  { endpoint: 'GET /console/imports/{id}', callers: anyStaffOwn, url: () => `/console/imports/${String(sun.importId)}` },
  { endpoint: 'GET /console/imports/{id}/problems.csv', callers: anyStaffOwn, url: () => `/console/imports/${String(sun.importId)}/problems.csv` },

  // Integrations.
  { endpoint: 'GET /console/api-keys', callers: admins },
  { endpoint: 'POST /console/api-keys', callers: admins, body: () => ({ name: 'Access table', scopes: ['payments:read'] }) },
  { endpoint: 'POST /console/api-keys/{prefix}/revoke', callers: adminsOwn, url: () => `/console/api-keys/${sun.keyPrefix}/revoke` },
  { endpoint: 'GET /console/webhooks/endpoints', callers: admins },
  { endpoint: 'POST /console/webhooks/endpoints', callers: admins, body: () => ({ url: 'https://billing.example.com/access-table' }) },
  { endpoint: 'POST /console/webhooks/endpoints/{id}/rotate', callers: adminsOwn, url: () => `/console/webhooks/endpoints/${String(sun.endpointId)}/rotate` },
  { endpoint: 'POST /console/webhooks/endpoints/{id}/test', callers: adminsOwn, url: () => `/console/webhooks/endpoints/${String(sun.endpointId)}/test` },
  { endpoint: 'GET /console/webhooks/deliveries', callers: admins },
  { endpoint: 'POST /console/webhooks/events/{eventId}/replay', callers: adminsOwn, url: () => `/console/webhooks/events/${sun.eventId}/replay` },
  { endpoint: 'POST /console/webhooks/endpoints/{id}/disable', callers: adminsOwn, url: () => `/console/webhooks/endpoints/${String(sun.endpointId)}/disable` },
  // Branding: the caller's own client's look and settings (set to what SUN has already).
  { endpoint: 'GET /console/branding', callers: anyStaff },
  { endpoint: 'POST /console/branding/colours', callers: admins, body: (caller) => (caller === 'nppAdmin' ? namedPalettes.northpoint : namedPalettes.sunrise) },
  { endpoint: 'POST /console/branding/logo', callers: admins, file: () => logoSvg, type: 'image/svg+xml' },
  { endpoint: 'POST /console/branding/logo/remove', callers: admins },
  { endpoint: 'POST /console/branding/settings', callers: admins, body: () => ({ acceptsOnlinePayments: true, externalCardLink: '', postingCutoff: '21:30', timeZone: 'America/Chicago', passwordLifetimeDays: null }) },
  // Last: it ends the throwaway staff member, whom no other row needs after.
  { endpoint: 'POST /console/staff/{id}/deactivate', callers: adminsOwn, url: () => `/console/staff/${String(sun.staffId)}/deactivate` },
];

describe('the console’s access table', () => {
  const database = useSeededDatabase();
  let browsers: Record<Caller, StaffBrowser>;

  beforeAll(async () => {
    const clock = await staffClock(database.db);
    const app = createTestApp(database.db, { now: clock.now });
    stamp = String(clock.now().getTime());
    const sunId = await clientIdOf(database.db, 'SUN');
    const [payable] = await payableAccounts(database.db, sunId, 1, 'ACC');
    if (!payable) throw new Error('No account to pay');
    sun.confirmation = await createPayer(database.db, sunId, clock.now)(payable, 1000);
    sun.userId = (await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'pat.doe@example.com')))[0]?.id ?? 0;
    sun.keyPrefix = (await createApiKeysService({ db: database.db, now: clock.now }).create({ clientId: sunId, scopes: ['bills:write'] })).prefix;
    const webhooks = createWebhookEndpointsService({ db: database.db, now: clock.now, secrets: developmentSecretBox() });
    const endpoint = await webhooks.create(sunId, { url: 'https://billing.example.com/sun', description: '', eventTypes: [] });
    sun.endpointId = 'id' in endpoint ? endpoint.id : 0;
    const tested = await webhooks.sendTest(sunId, sun.endpointId);
    sun.eventId = tested && tested !== 'disabled' ? tested.eventId : '';
    browsers = {
      nppAdmin: await signedInStaff(app, clock.now, NPP_ADMIN, 'NPP', '192.0.2.61'),
      sunReadOnly: await signedInStaff(app, clock.now, SUN_AUDITOR, 'SUN', '192.0.2.62'),
      sunBilling: await signedInStaff(app, clock.now, SUN_CLERK, 'SUN', '192.0.2.63'),
      sunAdmin: await signedInStaff(app, clock.now, SUN_ADMIN, 'SUN', '192.0.2.64'),
    };
    const uploaded = await browsers.sunBilling.upload(`/api/console/imports?fileName=access-${stamp}.csv`, statementFile(`ACI${stamp.slice(-6)}`, 3, 1));
    sun.importId = ((await uploaded.json()) as { id: number }).id;
    const invited = await browsers.sunAdmin.post('/api/console/staff', { email: `throwaway.${stamp}@sunriselabs.example`, role: 'readOnly' });
    sun.staffId = ((await invited.json()) as { id: number }).id;
  });

  it('has a row for every console endpoint, and none for an endpoint that is gone', () => {
    const declared = apiEndpoints.filter(({ endpoint }) => endpoint.path.startsWith('/console/')).map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    const rows = table.map((row) => row.endpoint);
    expect(declared.filter((endpoint) => !rows.includes(endpoint)), 'console endpoints without a row').toEqual([]);
    expect(rows.filter((endpoint) => !declared.includes(endpoint)), 'rows for endpoints that are gone').toEqual([]);
    expect(rows.filter((endpoint, index) => rows.indexOf(endpoint) !== index), 'endpoints with two rows').toEqual([]);
    // A staff endpoint's row says what each staff member gets; only the sign-in's steps are open.
    const open = apiEndpoints.filter(({ endpoint }) => endpoint.path.startsWith('/console/') && endpoint.access === 'anyone').map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(table.filter((row) => row.signIn).map((row) => row.endpoint).sort()).toEqual(open.sort());
  });

  const staffRows = table.filter((row): row is Row & { callers: Record<Caller, Outcome> } => row.callers !== undefined);

  it.each(staffRows.map((row) => [row.endpoint, row] as const))('%s answers each staff member as the table says', async (endpoint, row) => {
    const method = endpoint.slice(0, endpoint.indexOf(' '));
    const path = `${apiBase}${row.url?.() ?? endpoint.slice(endpoint.indexOf(' ') + 1)}`;
    const wrong: string[] = [];
    for (const caller of callers) {
      const browser = browsers[caller];
      const response = row.file
        ? await browser.upload(path, row.file(caller), row.type)
        : await browser.request(method, path, { ...(row.body ? { body: row.body(caller) } : {}), headers: { 'Idempotency-Key': `access-${crypto.randomUUID()}` } });
      const expected = row.callers[caller];
      const status = response.status;
      const fine =
        expected === 'forbidden' ? status === 403 : expected === 'notFound' ? status === 404 : status < 400 || (row.ownRefusals ?? []).includes(status);
      if (!fine) wrong.push(`${caller}: expected ${expected}, got ${String(status)} ${(await response.text()).slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('has the refusals in the audit trail: who, what, which account, refused', async () => {
    const refused = async (actor: string, action: string) =>
      (await database.db.select().from(auditEvents).where(and(eq(auditEvents.actor, actor), eq(auditEvents.action, action))).orderBy(desc(auditEvents.id)).limit(1))[0];
    expect(await refused(NPP_ADMIN, 'account.view')).toMatchObject({ role: 'officeAdmin', accountNumber: 'A-100200', outcome: 'refused', detail: 'notFound' });
    expect(await refused(SUN_AUDITOR, 'payment.refund')).toMatchObject({ role: 'readOnly', outcome: 'refused', detail: 'forbidden' });
    expect(await refused(SUN_CLERK, 'apiKey.create')).toMatchObject({ role: 'billingStaff', outcome: 'refused', detail: 'forbidden' });
    expect(await refused(NPP_ADMIN, 'apiKey.revoke')).toMatchObject({ target: sun.keyPrefix, outcome: 'refused', detail: 'notFound' });
    // NPP's attempts changed nothing of SUN's: the throwaway was deactivated by SUN's admin alone.
    const [throwaway] = await database.db.select().from(staffMembers).where(eq(staffMembers.id, sun.staffId));
    expect(throwaway?.status).toBe('deactivated');
  });
});
