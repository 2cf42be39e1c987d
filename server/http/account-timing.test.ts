/**
 * No answer's timing tells whether an address has an account. For each call that takes an
 * address someone may type (forgot password, sign-in, registering, changing the email address,
 * sending the activation link again), requests for an address with an account and for one without
 * are timed in interleaved pairs, in a random order, as an attacker would time them, and the two
 * sets of times must not tell the cases apart: Mann-Whitney's AUC near 0.5 (inside 0.3 to 0.7) and
 * the best single threshold on the time right at most 70% of the time.
 *
 * The bounds leave room for a shared, noisy machine: with 60 pairs and nothing to tell, an AUC
 * outside them or a cut that good happens by chance about once in 10,000 runs; a real difference
 * such as a database lookup and an email done only for known addresses (the audit measured 15 ms
 * against 8 ms) gives an AUC above 0.9. Every request uses an address and a source address of its
 * own and must get the answer of real work (never a 429), so the times are the work's.
 *
 * Run it alone to see the figures: `npx vitest run server/http/account-timing.test.ts`.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clients, userClients, users } from '../db/schema';
import { hashPassword } from '../security/password';
import { DEMO_POSTAL_CODE } from '../seed/demo-data';
import { DEMO_GUEST, DEMO_PASSWORD, TestBrowser, createTestApp, settled, useSeededDatabase } from '../test/harness';
import { describeSeparability, separability, timeInterleaved, type TimingSamples } from '../test/timing-statistics';

const database = useSeededDatabase();
let app: ReturnType<typeof createTestApp>;
let demoHash = '';
let sunId = 0;

/** Pairs timed per call, and requests of each case before them that are not timed. */
const PAIRS = 60;
const WARM_UP = 5;
const REQUESTS_PER_CASE = PAIRS + WARM_UP;
/** One hashing request after another: minutes on a busy machine, not the default seconds. */
const TIMEOUT_MS = 5 * 60 * 1000;

const WRONG_PASSWORD = 'Not-the-password-at-all-1';
const NEW_PASSWORD = 'Copper kettle meadow 58';

beforeAll(async () => {
  demoHash = await hashPassword(DEMO_PASSWORD);
  const [sun] = await database.db.select({ id: clients.id }).from(clients).where(eq(clients.code, 'SUN'));
  if (!sun) throw new Error('no SUN');
  sunId = sun.id;
  app = createTestApp(database.db);
});

let addressCount = 0;
/** A browser from a source address nobody else uses, holding the anti-forgery cookie. */
function newBrowser(): Promise<TestBrowser> {
  addressCount += 1;
  return new TestBrowser(app, `198.18.${String(Math.floor(addressCount / 250))}.${String((addressCount % 250) + 1)}`).open();
}

function browsers(count: number): Promise<TestBrowser[]> {
  return Promise.all(Array.from({ length: count }, () => newBrowser()));
}

/** Users of SUN's A-100200 with the demo password: `activated: false` ones still wait for the link. */
async function newUsers(prefix: string, count: number, { activated = true } = {}): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, index) => ({
    email: `${prefix}.${String(index)}@timing.example`,
    passwordHash: demoHash,
    firstName: 'Tim',
    lastName: 'Ing',
    activatedAt: activated ? new Date('2026-01-01T00:00:00Z') : null,
  }));
  const inserted = await database.db.insert(users).values(rows).returning({ id: users.id, email: users.email });
  await database.db.insert(userClients).values(inserted.map((user) => ({ userId: user.id, clientId: sunId, accountNumber: 'A-100200' })));
  return inserted.map((user) => user.email);
}

/** Addresses nobody has. */
const unknownAddresses = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}.${String(index)}@nobody.example`);

/** Sends, checks the status (the work's answer, never a refusal), and reads the body to the end. */
async function expectStatus(sending: Promise<Response>, status: number): Promise<void> {
  const response = await sending;
  await response.arrayBuffer();
  expect(response.status).toBe(status);
}

function expectIndistinguishable(label: string, samples: TimingSamples, names: { a: string; b: string }) {
  const result = separability(samples);
  // The figures, for whoever runs the file: the report of a change quotes them.
  console.info(describeSeparability(label, result, names));
  expect(result.auc, `${label}: AUC`).toBeGreaterThan(0.3);
  expect(result.auc, `${label}: AUC`).toBeLessThan(0.7);
  expect(result.accuracy, `${label}: the best cut's accuracy`).toBeLessThan(0.7);
}

/** Waits, outside the timing, for what a request left to run after its answer. */
const between = () => settled(app);

describe('the time of an answer says nothing of whether the address has an account', () => {
  it('forgot password: an address with an account and one without', { timeout: TIMEOUT_MS }, async () => {
    const known = await newUsers('forgot', REQUESTS_PER_CASE);
    const unknown = unknownAddresses('forgot', REQUESTS_PER_CASE);
    const [forKnown, forUnknown] = [await browsers(REQUESTS_PER_CASE), await browsers(REQUESTS_PER_CASE)];
    const ask = (browser: TestBrowser | undefined, email: string | undefined) =>
      expectStatus(browser?.post('/api/ForgotPassword/CheckEmail', { email, clientCode: 'SUN', language: 'en-US' }) ?? Promise.reject(new Error('no browser')), 200);
    const samples = await timeInterleaved({
      pairs: PAIRS,
      warmUp: WARM_UP,
      a: (index) => ask(forKnown[index], known[index]),
      b: (index) => ask(forUnknown[index], unknown[index]),
      between,
    });
    expectIndistinguishable('forgot password', samples, { a: 'known', b: 'unknown' });
  });

  it('sign-in: an address with an account and a wrong password, and an address without one', { timeout: TIMEOUT_MS }, async () => {
    const known = await newUsers('signin', REQUESTS_PER_CASE);
    const unknown = unknownAddresses('signin', REQUESTS_PER_CASE);
    const [forKnown, forUnknown] = [await browsers(REQUESTS_PER_CASE), await browsers(REQUESTS_PER_CASE)];
    const signIn = (browser: TestBrowser | undefined, email: string | undefined) =>
      expectStatus(browser?.login(email ?? '', WRONG_PASSWORD) ?? Promise.reject(new Error('no browser')), 401);
    const samples = await timeInterleaved({
      pairs: PAIRS,
      warmUp: WARM_UP,
      a: (index) => signIn(forKnown[index], known[index]),
      b: (index) => signIn(forUnknown[index], unknown[index]),
      between,
    });
    expectIndistinguishable('sign-in', samples, { a: 'known', b: 'unknown' });
  });

  it('registering: an address already registered and a new one', { timeout: TIMEOUT_MS }, async () => {
    const registered = await newUsers('register', REQUESTS_PER_CASE);
    const fresh = unknownAddresses('register', REQUESTS_PER_CASE);
    const [forRegistered, forFresh] = [await browsers(REQUESTS_PER_CASE), await browsers(REQUESTS_PER_CASE)];
    const register = (browser: TestBrowser | undefined, email: string | undefined) =>
      expectStatus(
        browser?.post('/api/userregistration/Register', {
          firstName: 'Tim',
          lastName: 'Ing',
          company: '',
          email,
          password: NEW_PASSWORD,
          clientCode: 'SUN',
          rosterAcct: DEMO_GUEST.accountNumber,
          invoice: DEMO_GUEST.invoiceNumber,
          postalCode: DEMO_POSTAL_CODE,
          billingGroup: '',
        }) ?? Promise.reject(new Error('no browser')),
        200,
      );
    const samples = await timeInterleaved({
      pairs: PAIRS,
      warmUp: WARM_UP,
      a: (index) => register(forRegistered[index], registered[index]),
      b: (index) => register(forFresh[index], fresh[index]),
      between,
    });
    expectIndistinguishable('registering', samples, { a: 'registered', b: 'new' });
  });

  it('changing the email address: to an address someone has and to a free one', { timeout: TIMEOUT_MS }, async () => {
    const taken = await newUsers('taken', REQUESTS_PER_CASE);
    const free = unknownAddresses('free', REQUESTS_PER_CASE);
    // Each user may ask for a few links a quarter of an hour: one user for every two pairs.
    const askers = await newUsers('asker', Math.ceil(REQUESTS_PER_CASE / 2));
    const signedIn: TestBrowser[] = [];
    for (const email of askers) {
      const browser = await newBrowser();
      await expectStatus(browser.login(email, DEMO_PASSWORD), 200);
      signedIn.push(browser);
    }
    const change = (index: number, newEmail: string | undefined) =>
      expectStatus(
        signedIn[Math.floor(index / 2)]?.post('/api/User/RequestEmailChange', { newEmail, password: DEMO_PASSWORD }) ?? Promise.reject(new Error('no browser')),
        200,
      );
    const samples = await timeInterleaved({
      pairs: PAIRS,
      warmUp: WARM_UP,
      a: (index) => change(index, taken[index]),
      b: (index) => change(index, free[index]),
      between,
    });
    expectIndistinguishable('email change', samples, { a: 'taken', b: 'free' });
  });

  it('sending the activation link again: to an account that waits for it and to an address without one', { timeout: TIMEOUT_MS }, async () => {
    const waiting = await newUsers('waiting', REQUESTS_PER_CASE, { activated: false });
    const unknown = unknownAddresses('resend', REQUESTS_PER_CASE);
    const [forWaiting, forUnknown] = [await browsers(REQUESTS_PER_CASE), await browsers(REQUESTS_PER_CASE)];
    const resend = (browser: TestBrowser | undefined, email: string | undefined) =>
      expectStatus(browser?.post('/api/userregistration/ResendActivation', { email }) ?? Promise.reject(new Error('no browser')), 200);
    const samples = await timeInterleaved({
      pairs: PAIRS,
      warmUp: WARM_UP,
      a: (index) => resend(forWaiting[index], waiting[index]),
      b: (index) => resend(forUnknown[index], unknown[index]),
      between,
    });
    expectIndistinguishable('resend activation', samples, { a: 'waiting', b: 'unknown' });
  });
});
