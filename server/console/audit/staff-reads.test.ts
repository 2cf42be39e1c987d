/**
 * Every staff read of patients' data is in the audit trail: Today, the account search, an account,
 * its statement, the payments' search and CSV, an import's report and its refused rows (which quote
 * names and addresses), and the audit trail itself. A console read that records nothing must say
 * here why it holds no patient's data.
 */
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiEndpoints } from '@contracts/api';
import { auditEvents } from '../../db/schema';
import { NPP_ADMIN, signedInStaff, staffClock, statementFile, SUN_AUDITOR, SUN_CLERK, type StaffBrowser } from '../../test/console-fixtures';
import { createTestApp, useSeededDatabase } from '../../test/harness';

/** The console's reads that record nothing, and why none of them shows a patient's data. */
const readsWithoutPatientData: Readonly<Record<string, string>> = {
  'GET /console/staff': 'the lab’s staff, not its patients',
  'GET /console/imports': 'the files’ names and counts, not their rows',
  'GET /console/api-keys': 'the keys’ names, prefixes and scopes',
  'GET /console/webhooks/endpoints': 'the lab’s own receivers',
  'GET /console/webhooks/deliveries': 'event ids, types and delivery statuses',
  'GET /console/branding': 'the lab’s colours, logo and settings',
};

const database = useSeededDatabase();
let auditor: StaffBrowser;
let npp: StaffBrowser;
let importId = 0;

beforeAll(async () => {
  const clock = await staffClock(database.db);
  const app = createTestApp(database.db, { now: clock.now });
  const clerk = await signedInStaff(app, clock.now, SUN_CLERK, 'SUN', '192.0.2.41');
  auditor = await signedInStaff(app, clock.now, SUN_AUDITOR, 'SUN', '192.0.2.42');
  npp = await signedInStaff(app, clock.now, NPP_ADMIN, 'NPP', '192.0.2.43');
  const uploaded = await clerk.upload('/api/console/imports?fileName=reads.csv', statementFile('READS', 3, 1));
  importId = ((await uploaded.json()) as { id: number }).id;
});

/** The newest row of `action` by `actor`. */
async function lastOf(actor: string, action: string) {
  const [row] = await database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.actor, actor), eq(auditEvents.action, action)))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
}

describe('staff reads of patients’ data', () => {
  it('name an audit action for every console read, but those that show no patient’s data', () => {
    const reads = apiEndpoints
      .map(({ endpoint }) => endpoint)
      .filter((endpoint) => endpoint.method === 'GET' && typeof endpoint.access === 'object' && 'staffRoles' in endpoint.access);
    expect(reads.length).toBeGreaterThan(10);
    const unrecorded = reads.filter((endpoint) => typeof endpoint.access === 'object' && 'staffRoles' in endpoint.access && endpoint.access.audit === undefined);
    expect(unrecorded.map((endpoint) => `${endpoint.method} ${endpoint.path}`).sort()).toEqual(Object.keys(readsWithoutPatientData).sort());
  });

  it('are recorded with who read what: Today, the searches, an import’s report and its refused rows, the audit trail', async () => {
    const reads: [string, string, Record<string, unknown>][] = [
      ['/api/console/today', 'today.view', {}],
      ['/api/console/accounts?q=Pat%20Doe', 'account.search', { target: 'Pat Doe', detail: expect.stringMatching(/^[1-9]\d*\+? found$/) as unknown }],
      ['/api/console/payments?account=A-100200&last4=4242&page=2', 'payments.search', { detail: 'A-100200 4242 page 2' }],
      [`/api/console/imports/${String(importId)}`, 'import.view', { target: `import ${String(importId)}` }],
      [`/api/console/imports/${String(importId)}/problems.csv`, 'import.problems', { target: `import ${String(importId)}` }],
      ['/api/console/audit?q=reads&from=2026-01-01', 'audit.search', { detail: 'reads 2026-01-01' }],
    ];
    for (const [path, action, recorded] of reads) {
      const response = await auditor.get(path);
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
      expect(await lastOf(SUN_AUDITOR, action), path).toMatchObject({ clientId: expect.any(Number) as unknown, role: 'readOnly', outcome: 'ok', ipAddress: '192.0.2.42', ...recorded });
    }
  });

  it('are recorded when refused too: another lab’s import and its refused rows are not found', async () => {
    for (const [path, action] of [
      [`/api/console/imports/${String(importId)}/problems.csv`, 'import.problems'],
      [`/api/console/imports/${String(importId)}`, 'import.view'],
    ] as const) {
      expect((await npp.get(path)).status).toBe(404);
      expect(await lastOf(NPP_ADMIN, action)).toMatchObject({ target: `import ${String(importId)}`, outcome: 'refused', detail: 'notFound' });
    }
  });
});
