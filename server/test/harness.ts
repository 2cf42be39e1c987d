import { afterAll, beforeAll } from 'vitest';
/** Test helpers: a seeded in-memory database, the app over it, and a cookie-keeping browser. */
import { and, eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Hono } from 'hono';
import { createApp, describeError, type Logger } from '../app';
import type { AppConfig } from '../config';
import { openDatabase, type Database, type OpenedDatabase } from '../db/client';
import { clients, invoiceLines, invoices, sessions } from '../db/schema';
import type { RegisteredJob } from '../jobs/job-definition';
import type { JobQueue } from '../jobs/job-queue';
import { createJobRegistry } from '../jobs/registry';
import { createCardFieldsApp } from '../core/processor/card-fields-app';
import type { AppEnv } from '../http/types';
import { SESSION_COOKIE } from '../http/session';
import { XSRF_COOKIE, XSRF_HEADER } from '../http/xsrf';
import { developmentSecretBox, type SecretBox } from '../security/secret-box';
import { newToken, sha256Hex } from '../security/tokens';
import { seedDemoData } from '../seed/seed';
import { onServer } from './postgres-servers';
import { SEEDED_DUMP_ENV, SEEDED_TEMPLATE_ENV, urlOfDatabase, type SeededTemplate } from './seeded-dump';

export { DEMO_PASSWORD } from '../seed/demo-data';

/** The demo guest of SUN (the README lists the demo data). */
export const DEMO_GUEST = { accountNumber: 'A-778899', invoiceNumber: 'SUN-100042' } as const;

/** A complete billing section of a payment request, for tests that pay. */
export const DEMO_BILLING = {
  payerName: 'Pat Doe',
  addressLine1: '1 Main Street',
  addressLine2: '',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62704',
  country: 'United States',
  email: 'pat.doe@example.com',
} as const;

/**
 * An in-memory PGlite, migrated and seeded with the demo data: a copy of the one the test run's
 * global set-up seeded (server/test/seeded-database-setup.ts), or seeded here when there is none.
 */
export async function openSeededDatabase(): Promise<OpenedDatabase> {
  const template = process.env[SEEDED_TEMPLATE_ENV];
  if (template) return openTemplateCopy(JSON.parse(template) as SeededTemplate);
  const dump = process.env[SEEDED_DUMP_ENV];
  if (dump) return openDatabase({ loadDataDir: new Blob([readFileSync(dump)]) });
  const opened = await openDatabase();
  await seedDemoData(opened.db, { nodeEnv: 'test' });
  return opened;
}

const roleOf = (url: string) => decodeURIComponent(new URL(url).username);

/** A copy of the seeded template on PostgreSQL, a database of the test file's own, dropped when it closes. */
async function openTemplateCopy({ server, url, template }: SeededTemplate): Promise<OpenedDatabase> {
  const name = `${template.replace(/_seeded$/, '')}_${randomBytes(6).toString('hex')}`;
  await onServer(server, `create database ${name} template ${template} owner ${roleOf(url)}`);
  const opened = await openDatabase({ databaseUrl: urlOfDatabase(url, name) });
  return {
    db: opened.db,
    close: async () => {
      await opened.close();
      await onServer(server, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * One seeded in-memory database for the test file: opened before its tests, closed after them.
 * Read `.db` inside tests and hooks, once it is open.
 */
export function useSeededDatabase(): { readonly db: Database } {
  let opened: OpenedDatabase | undefined;
  beforeAll(async () => {
    opened = await openSeededDatabase();
  });
  afterAll(async () => {
    await opened?.close();
  });
  return {
    get db(): Database {
      if (!opened) throw new Error('The test database is not open yet: use it inside a test or hook');
      return opened.db;
    },
  };
}

/** Forgets sessions and failed sign-ins between tests; the demo data stays. */
/** The id of the client entry with this code and billing group (none: the entry without one). */
export async function clientIdOf(db: Database, code: string, billingGroup: string | null = null): Promise<number> {
  const rows = await db.select({ id: clients.id, billingGroup: clients.billingGroup }).from(clients).where(eq(clients.code, code));
  const row = rows.find((each) => each.billingGroup === billingGroup);
  if (!row) throw new Error(`No client ${code}/${billingGroup ?? ''}`);
  return row.id;
}

export async function resetSessions(db: Database): Promise<void> {
  await db.execute(sql`truncate table sessions, login_attempts`);
}

/** Forgets payments and card tokens and puts the demo invoices' balances back (their statements'). */
export async function resetPayments(db: Database): Promise<void> {
  // The ledger refuses TRUNCATE; a test's database is its own owner's, who may lift that for a reset.
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table money_events disable trigger money_events_no_truncate`);
    await tx.execute(sql`truncate table webhook_deliveries, webhook_events, money_events, refunds, payment_lines, payments, processor_tokens, outbox_emails, saved_billing_addresses`);
    await tx.execute(sql`alter table money_events enable trigger money_events_no_truncate`);
  });
  await db.execute(sql`update invoices set balance_cents = statement_balance_cents where statement_balance_cents is not null`);
}

/** A line of an invoice as a test gives it: money in cents; its balance is what the rest leaves. */
export interface TestInvoiceLine {
  serviceDate: string;
  procedureCode: string;
  description: string;
  units?: number;
  chargeCents: number;
  insurancePaidCents: number;
  adjustmentsCents: number;
  patientPaidCents: number;
  payerName?: string;
  claimStatus?: string;
}

/**
 * Gives a seeded invoice these lines, numbered from 1, in place of any it had, and this patient and
 * good-faith estimate (the statement import writes them; a test sets them directly). Answers the
 * invoice's id.
 */
export async function putInvoiceLines(
  db: Database,
  {
    clientCode,
    invoiceNumber,
    goodFaithEstimateCents = null,
    patientName = '',
  }: { clientCode: string; invoiceNumber: string; goodFaithEstimateCents?: number | null; patientName?: string },
  lines: TestInvoiceLine[],
): Promise<number> {
  const [invoice] = await db
    .update(invoices)
    .set({ goodFaithEstimateCents, patientName })
    .where(and(eq(invoices.invoiceNumber, invoiceNumber), sql`${invoices.clientId} in (select ${clients.id} from ${clients} where ${clients.code} = ${clientCode})`))
    .returning({ id: invoices.id, clientId: invoices.clientId });
  if (!invoice) throw new Error(`No invoice ${invoiceNumber} at ${clientCode}`);
  await db.delete(invoiceLines).where(and(eq(invoiceLines.clientId, invoice.clientId), eq(invoiceLines.invoiceId, invoice.id)));
  if (lines.length > 0) {
    // The last line first, so that a reader who gets them in order owes it to its own query.
    await db.insert(invoiceLines).values(
      lines.map((line, index) => ({
        payerName: '',
        claimStatus: '',
        units: 1,
        ...line,
        clientId: invoice.clientId,
        invoiceId: invoice.id,
        lineNumber: index + 1,
        balanceCents: line.chargeCents - line.insurancePaidCents - line.adjustmentsCents - line.patientPaidCents,
      })).toReversed(),
    );
  }
  return invoice.id;
}

/** A clock that tests move by hand. */
export function manualClock(start = '2026-03-01T09:00:00Z') {
  let current = new Date(start);
  return {
    now: () => current,
    advanceSeconds(seconds: number) {
      current = new Date(current.getTime() + seconds * 1000);
    },
  };
}

/** A logger that keeps what it is given, for assertions. */
export function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    error: (message, ...details) => lines.push([message, ...details.map(String)].join(' ')),
    warn: (message, ...details) => lines.push([message, ...details.map(String)].join(' ')),
  };
}

export interface TestAppOptions extends Partial<AppConfig> {
  now?: () => Date;
  logger?: Logger;
  /** Default: the development box, which sealed the seeded database's secrets. */
  secrets?: SecretBox;
}

/**
 * The jobs a test app's requests send, kept in order until `drain` runs them with the registry's
 * handlers: the unit tests' stand-in for the server's queue, without its polling. A job sent in a
 * transaction that then rolled back would still run here (the real queue's `send` commits with
 * the transaction: job-queue.test.ts); the requests that send jobs roll back only on a failure.
 */
export interface TestJobs extends Pick<JobQueue, 'send' | 'wake'> {
  /** The jobs sent and not run yet. */
  readonly pending: readonly { name: string; data: object }[];
  /** Runs the jobs sent, and those they send, until none is left; a job that fails is logged, as the queue does, and not retried. */
  drain(): Promise<void>;
}

/** Jobs kept for `drain`, which runs them with the handlers `registry` gives. */
export function createTestJobs(registry: (jobs: TestJobs) => readonly RegisteredJob[], logger: Logger): TestJobs {
  const pending: { name: string; data: object }[] = [];
  let count = 0;
  const jobs: TestJobs = {
    pending,
    send: (name, data) => {
      count += 1;
      pending.push({ name, data });
      return Promise.resolve(String(count));
    },
    wake: () => undefined,
    async drain() {
      const byName = new Map(registry(jobs).map((job) => [job.name, job]));
      for (let next = pending.shift(); next; next = pending.shift()) {
        const job = byName.get(next.name);
        if (!job) throw new Error(`No job ${next.name} in the registry`);
        try {
          await job.run(next.data, { id: String(count), retryCount: 0, signal: new AbortController().signal });
        } catch (error) {
          logger.error(`Job ${next.name} failed\n${describeError(error)}`);
        }
      }
    },
  };
  return jobs;
}

/** Each test app's jobs, for `settled`. */
const jobsOfApp = new WeakMap<Hono<AppEnv>, TestJobs>();

export function createTestApp(db: Database, { now, logger = recordingLogger(), secrets = developmentSecretBox(), ...config }: TestAppOptions = {}): Hono<AppEnv> {
  const jobs = createTestJobs(
    (queue) => createJobRegistry({ db, queue, secrets, now: now ?? (() => new Date()), warn: (message) => logger.warn(message), webhooksAllowPrivate: config.webhooksAllowPrivate ?? false }),
    logger,
  );
  const app = createApp({
    db,
    config,
    secrets,
    ...(now ? { now } : {}),
    logger,
    jobs,
  });
  jobsOfApp.set(app, jobs);
  return app;
}

/** The jobs that `app`'s requests sent and `settled` has not run yet. */
export function jobsOf(app: Hono<AppEnv>): TestJobs {
  const jobs = jobsOfApp.get(app);
  if (!jobs) throw new Error('Not an app of createTestApp');
  return jobs;
}

/**
 * Resolves once the jobs that the app's requests sent (the email of a forgotten password, say)
 * have run: what a test waits for before it reads the outbox.
 */
export async function settled(app: Hono<AppEnv>): Promise<void> {
  await jobsOf(app).drain();
}

/** The sandbox processor's own host (its card fields and tokens), framed by the portal at `portalOrigin`. */
export function createTestCardFieldsApp(
  db: Database,
  { portalOrigin = 'http://localhost', logger }: { portalOrigin?: string; logger?: Logger } = {},
): Hono<AppEnv> {
  return createCardFieldsApp({ db, portalOrigin, logger: logger ?? recordingLogger() });
}

/** A card as the card-fields page sends it to be tokenized (a test card that approves, by default). */
export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** A card token from the sandbox processor's own host, as its card-fields page gets one. */
export async function tokenizeTestCard(db: Database, card: Partial<TestCard> = {}): Promise<string> {
  const body: TestCard = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123', ...card };
  const response = await createTestCardFieldsApp(db).request('/processor/tokens', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const issued: unknown = await response.json();
  if (response.status !== 200 || typeof issued !== 'object' || issued === null || !('token' in issued) || typeof issued.token !== 'string') {
    throw new Error(`The sandbox processor did not tokenize the card: ${String(response.status)}`);
  }
  return issued.token;
}

export interface ParsedCookie {
  name: string;
  value: string;
  attributes: string[];
}

/** Splits a Set-Cookie header into name, value and attribute names/values as written. */
export function parseSetCookie(header: string): ParsedCookie {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes };
}

export function setCookies(response: Response): ParsedCookie[] {
  return response.headers.getSetCookie().map(parseSetCookie);
}

interface RequestOptions {
  /** 'auto' (default) echoes the XSRF cookie; 'none' omits the header; `{ value }` sends that. */
  xsrf?: 'auto' | 'none' | { value: string };
  body?: unknown;
  /** Further request headers (an Idempotency-Key, say). */
  headers?: Record<string, string>;
}

/** Keeps cookies between requests like a browser, and echoes the XSRF token like the SPA. */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  /** `remoteAddress` is the socket address the server sees (for throttling per source address). */
  constructor(
    private readonly app: Hono<AppEnv>,
    private readonly remoteAddress = '192.0.2.1',
  ) {}

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    const headers = new Headers(options.headers);
    if (this.cookies.size > 0) {
      headers.set('Cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const xsrf = options.xsrf ?? 'auto';
    if (xsrf === 'auto') {
      const token = this.cookies.get(XSRF_COOKIE);
      if (token) headers.set(XSRF_HEADER, token);
    } else if (xsrf !== 'none') {
      headers.set(XSRF_HEADER, xsrf.value);
    }
    let body: string | undefined;
    if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const response = await this.app.request(
      path,
      { method, headers, ...(body !== undefined ? { body } : {}) },
      { incoming: { socket: { remoteAddress: this.remoteAddress } } },
    );
    for (const cookie of setCookies(response)) {
      if (cookie.value === '' || cookie.attributes.includes('Max-Age=0')) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(path: string): Promise<Response> {
    return this.request('GET', path);
  }

  /** Runs the jobs that requests to this browser's app sent (the work after their answers). */
  settled(): Promise<void> {
    return settled(this.app);
  }

  post(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}): Promise<Response> {
    return this.request('POST', path, { ...options, body });
  }

  /** A first GET, as the SPA's start-up does, so that the XSRF cookie is present. */
  async open(): Promise<this> {
    await this.get('/api/User/GetIsUserLoggedIn');
    return this;
  }

  async login(email: string, password: string, extra: Record<string, string> = {}): Promise<Response> {
    return this.post('/api/userlogin/Login', { email, password, language: 'en-US', ...extra });
  }

  /** A guest sign-in; `clientCode` defaults to SUN, the demo guest's client. */
  async guestLogin(accountNumber: string, invoiceNumber: string, extra: Record<string, string> = {}): Promise<Response> {
    return this.post('/api/userlogin/GuestLogin', {
      accountNumber,
      invoiceNumber,
      language: 'en-US',
      clientCode: 'SUN',
      ...extra,
    });
  }

  /** GET and parse the JSON answer, with its status. */
  async getJson(path: string): Promise<{ status: number; body: unknown }> {
    const response = await this.get(path);
    return { status: response.status, body: (await response.json()) as unknown };
  }
}

/**
 * Before a test: no sessions left from earlier tests, a manual clock, and a browser on a fresh
 * app that reads that clock.
 */
export async function freshBrowserWithClock(db: Database, options: Omit<TestAppOptions, 'now'> = {}) {
  await resetSessions(db);
  const clock = manualClock();
  const app = createTestApp(db, { ...options, now: clock.now });
  const browser = await new TestBrowser(app).open();
  /** Another browser on the same app, from another source address. */
  const browserAt = (remoteAddress: string) => new TestBrowser(app, remoteAddress).open();
  return { clock, browser, browserAt };
}

/**
 * Gives `browser` a live anonymous session, as browsers kept from before anonymous visitors stopped
 * getting one, or as an attacker would plant: a token the server knows that speaks for nobody.
 */
export async function plantAnonymousSession(db: Database, browser: TestBrowser, now = new Date()): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    id: sha256Hex(token),
    userId: null,
    clientId: null,
    role: null,
    accountId: null,
    language: 'es-ES',
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 15 * 60 * 1000),
  });
  browser.cookies.set(SESSION_COOKIE, token);
  return token;
}
