/**
 * Staff for the console's browser tests. A code from an authenticator app is good once, so no two
 * tests may sign in as the same person: the run's set-up gives every role a pool of staff of SUN
 * and NPP (each with the password and the authenticator secret below), and each test takes members
 * of its own from it, by its worker's parallel index and a counter.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import type { Database } from '../../server/db/client';
import { clients, staffMembers } from '../../server/db/schema';
import { hashPassword } from '../../server/security/password';
import type { SecretBox } from '../../server/security/secret-box';
import { reserveIds, secretPurpose } from '../../server/security/stored-secrets';
import { and, eq, isNull } from 'drizzle-orm';

export const E2E_STAFF_PASSWORD = 'Office#Staff2026!';
export const E2E_TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';
export type E2eRole = 'officeAdmin' | 'billingStaff' | 'readOnly';
/** The labs with a pool of staff. */
export type StaffClient = 'SUN' | 'NPP' | 'JAD' | 'OAK';
const allRoles: readonly E2eRole[] = ['officeAdmin', 'billingStaff', 'readOnly'];
// By Playwright's parallel index, from 0 to the number of workers at once (a worker that replaces a
// failed one takes its index and goes on with its counter, so failures never spend the pool). Room
// for up to 4 workers; kept small, as every member is a row of the Staff page the tests scan with axe.
const WORKERS = 4;
/**
 * Per lab, its pool's roles and members per role and worker. OAK's is its keyboard journey's office
 * admins alone, few, so the journey tabs past a short Staff table as a person would.
 */
const pools: Record<StaffClient, { roles: readonly E2eRole[]; slots: number }> = {
  SUN: { roles: allRoles, slots: 15 },
  NPP: { roles: allRoles, slots: 15 },
  JAD: { roles: allRoles, slots: 15 },
  OAK: { roles: ['officeAdmin'], slots: 3 },
};

const emailOf = (client: string, role: E2eRole, worker: number, slot: number) => `e2e.${role.toLowerCase()}.${String(worker)}.${String(slot)}@${client.toLowerCase()}.example`;

/** The pools, written before the server starts (tests/e2e/global-setup.ts), their secrets sealed by the server's box. */
export async function insertE2eStaff(db: Database, secrets: SecretBox): Promise<void> {
  const passwordHash = await hashPassword(E2E_STAFF_PASSWORD);
  // JAD: a lab no other test looks at, whose look the Branding test changes; OAK: the console's
  // keyboard journey's own lab, which changes its look too.
  for (const [code, { roles, slots }] of Object.entries(pools)) {
    const [client] = await db.select({ id: clients.id }).from(clients).where(and(eq(clients.code, code), isNull(clients.billingGroup))).limit(1);
    if (!client) throw new Error(`No client ${code}`);
    // Each row's id first: its authenticator secret is sealed for its row.
    const ids = await reserveIds(db, 'staff_members', roles.length * WORKERS * slots);
    const rows = roles.flatMap((role, roleIndex) =>
      Array.from({ length: WORKERS * slots }, (_, index) => {
        const id = ids[roleIndex * WORKERS * slots + index];
        if (id === undefined) throw new Error('Too few staff ids were reserved');
        return {
          id,
          clientId: client.id,
          email: emailOf(code, role, Math.floor(index / slots), index % slots),
          role,
          status: 'active' as const,
          passwordHash,
          totpSecret: secrets.seal(E2E_TOTP_SECRET, secretPurpose.totpSecret(id)),
          activatedAt: new Date(),
        };
      }),
    );
    await db.insert(staffMembers).values(rows);
  }
}

/**
 * How many staff members of this client and role the workers at this parallel index have handed
 * out in this run: in a file, as a worker that replaces a failed one must not hand out the same again.
 */
function takeSlot(client: StaffClient, role: E2eRole, parallelIndex: number): number {
  const counter = join(tmpdir(), `pbp-e2e-staff-${process.env.E2E_RUN_ID ?? 'local'}-${String(parallelIndex)}-${client}-${role}`);
  const slot = existsSync(counter) ? Number(readFileSync(counter, 'utf8')) : 0;
  writeFileSync(counter, String(slot + 1));
  return slot;
}

/** A staff member of `role` at `client` that no other test of this run signs in as. */
export function freshStaff(role: E2eRole, client: StaffClient, parallelIndex: number): string {
  const slot = takeSlot(client, role, parallelIndex);
  if (parallelIndex >= WORKERS || slot >= pools[client].slots || !pools[client].roles.includes(role)) throw new Error(`The e2e staff pool is spent (parallel index ${String(parallelIndex)}, slot ${String(slot)}): make it larger in office-staff.ts`);
  return emailOf(client, role, parallelIndex, slot);
}

/** The authenticator app's code now. */
export const codeNow = () => generate({ secret: E2E_TOTP_SECRET });

/**
 * Signs a fresh staff member of `role` in through the console's API, in the page's browser context
 * (the cookies are the page's): for tests of a screen past the sign-in. Returns the email.
 */
export async function signInStaff(page: Page, role: E2eRole, { client = 'SUN', parallelIndex }: { client?: StaffClient; parallelIndex: number }): Promise<string> {
  const email = freshStaff(role, client, parallelIndex);
  await page.request.get('/api/console/session');
  // The anti-forgery token as it is now: signing in hands out a new one.
  const headers = async () => ({ 'X-XSRF-TOKEN': (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '' });
  const password = await page.request.post('/api/console/sign-in', { headers: await headers(), data: { clientCode: client, email, password: E2E_STAFF_PASSWORD } });
  if (!password.ok()) throw new Error(`Staff sign-in refused: ${String(password.status())} ${await password.text()}`);
  const code = await page.request.post('/api/console/sign-in/code', { headers: await headers(), data: { code: await codeNow() } });
  if (!code.ok()) throw new Error(`Staff code refused: ${String(code.status())} ${await code.text()}`);
  return email;
}
