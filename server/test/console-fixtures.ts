/**
 * For the console's tests: staff of the demo clients signed in (the demo password, then a code
 * from the demo authenticator secret at the app's clock; a code is good once per staff member, so
 * a test signs each one in once at a clock time of its own, `staffClock`), and statement files.
 */
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import type { Hono } from 'hono';
import type { Database } from '../db/client';
import type { AppEnv } from '../http/types';
import { XSRF_COOKIE, XSRF_HEADER } from '../http/xsrf';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../seed/demo-data';
import { manualClock, TestBrowser } from './harness';

export { statementFile } from './statement-file';

export const SUN_ADMIN = 'office.admin@sunriselabs.example';
export const SUN_CLERK = 'billing.clerk@sunriselabs.example';
export const SUN_AUDITOR = 'auditor@sunriselabs.example';
export const NPP_ADMIN = 'office.admin@northpointpathology.example';

/** No staff sessions or failed sign-ins left, codes usable again, and a clock at a time of this test's own. */
export async function staffClock(db: Database): Promise<ReturnType<typeof manualClock>> {
  await db.execute(sql`truncate table staff_sessions, login_attempts`);
  await db.execute(sql`update staff_members set totp_last_step = null`);
  return manualClock(new Date(Date.UTC(2026, 2, 2, 15, 0, 0) + Math.floor(Math.random() * 1e6) * 120_000).toISOString());
}

/** A browser with `email` signed in to the console of `clientCode`. */
export async function signedInStaff(app: Hono<AppEnv>, now: () => Date, email: string, clientCode: string, address = '192.0.2.50'): Promise<StaffBrowser> {
  const browser = await new StaffBrowser(app, address).open();
  const password = await browser.post('/api/console/sign-in', { clientCode, email, password: DEMO_PASSWORD });
  if (password.status !== 200) throw new Error(`${email} could not give the password: ${String(password.status)}`);
  const code = await generate({ secret: DEMO_TOTP_SECRET, epoch: Math.floor(now().getTime() / 1000) });
  const second = await browser.post('/api/console/sign-in/code', { code });
  if (second.status !== 200) throw new Error(`${email} could not give the second factor: ${String(second.status)}`);
  return browser;
}

/** A browser that can also send a file as it is (the console's statement upload). */
export class StaffBrowser extends TestBrowser {
  constructor(
    private readonly staffApp: Hono<AppEnv>,
    private readonly address: string,
  ) {
    super(staffApp, address);
  }

  /** POSTs `body` with its own media type (and any other headers), the cookies and the anti-forgery token. */
  upload(path: string, body: string | Uint8Array | ReadableStream<Uint8Array>, type = 'text/csv', extraHeaders: Record<string, string> = {}): Promise<Response> {
    const headers = new Headers({ ...extraHeaders, 'Content-Type': type, Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') });
    headers.set(XSRF_HEADER, this.cookies.get(XSRF_COOKIE) ?? '');
    // A stream goes as it is pulled (`duplex: 'half'`, which Node's fetch asks of a streamed body).
    const init = { method: 'POST', headers, body, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit;
    return Promise.resolve(this.staffApp.request(path, init, { incoming: { socket: { remoteAddress: this.address } } }));
  }
}
