/**
 * One inbox and every form that emails an address someone types: registering, "send the link
 * again", forgot password and the new address of an email change share one limit per address, so
 * no mix of them gets more emails to it than any one could.
 */
import { like, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { hashPassword } from '../../security/password';
import { DEMO_POSTAL_CODE } from '../../seed/demo-data';
import { DEMO_GUEST, DEMO_PASSWORD, TestBrowser, createTestApp, manualClock, resetSessions, settled, useSeededDatabase } from '../../test/harness';
import { latestEmails } from './outbox';
import { TYPED_RECIPIENT_POLICY } from './recipient-limits';

const database = useSeededDatabase();
const domain = 'flood.example';
const victim = `inbox@${domain}`;
let app: ReturnType<typeof createTestApp>;
let clock: ReturnType<typeof manualClock>;
let addresses = 0;

beforeEach(async () => {
  await resetSessions(database.db);
  await database.db.execute(sql`truncate table user_tokens, outbox_emails`);
  await database.db.delete(users).where(like(users.email, `%@${domain}`));
  clock = manualClock();
  app = createTestApp(database.db, { now: clock.now });
});

/** A browser of a source address of its own: only the per-recipient limit is in play. */
const newBrowser = () => new TestBrowser(app, `198.51.100.${String(++addresses % 250)}`).open();

const register = async () =>
  (await newBrowser()).post('/api/userregistration/Register', {
    firstName: 'Ina',
    lastName: 'Box',
    company: '',
    email: victim,
    password: 'Quiet meadow lantern 42',
    clientCode: 'SUN',
    rosterAcct: DEMO_GUEST.accountNumber,
    invoice: DEMO_GUEST.invoiceNumber,
    postalCode: DEMO_POSTAL_CODE,
    billingGroup: '',
  });
const resend = async () => (await newBrowser()).post('/api/userregistration/ResendActivation', { email: victim });
const forgot = async () => (await newBrowser()).post('/api/ForgotPassword/CheckEmail', { email: victim, clientCode: 'SUN' });

/** An email change to the victim's address, asked by a user of its own. */
async function changeTo(): Promise<Response> {
  const email = `asker.${String(++addresses)}@${domain}`;
  await database.db.insert(users).values({ email, passwordHash: await hashPassword(DEMO_PASSWORD), firstName: 'Asker', activatedAt: new Date() });
  const browser = await newBrowser();
  // No membership is needed to be refused or accepted here: pat's SUN account serves as the user's.
  await database.db.execute(sql`insert into user_clients (user_id, client_id, account_number) select id, (select id from clients where code = 'SUN' and billing_group is null), 'A-100200' from users where email = ${email}`);
  expect((await browser.login(email, DEMO_PASSWORD)).status).toBe(200);
  return browser.post('/api/User/RequestEmailChange', { newEmail: victim, password: DEMO_PASSWORD });
}

const emailsToVictim = async () => {
  await settled(app);
  return (await latestEmails(database.db, 500)).filter((email) => email.toAddress === victim);
};

describe('one address typed into every form', () => {
  it('gets at most five emails in a quarter of an hour from all of them together; each form then answers 429', async () => {
    const accepted: number[] = [];
    for (const send of [register, resend, forgot, changeTo, changeTo]) {
      accepted.push((await send()).status);
      // The registered user is written after the answer: the next form finds it then.
      await settled(app);
    }
    expect(accepted).toEqual([200, 200, 200, 200, 200]);
    // A registration, a new activation link, a reset link and two email-change links.
    expect(await emailsToVictim()).toHaveLength(TYPED_RECIPIENT_POLICY.freeFailures);

    for (const send of [register, resend, forgot, changeTo]) {
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
    expect(await emailsToVictim()).toHaveLength(TYPED_RECIPIENT_POLICY.freeFailures);

    clock.advanceSeconds(TYPED_RECIPIENT_POLICY.windowSeconds + 1);
    expect((await forgot()).status).toBe(200);
    expect(await emailsToVictim()).toHaveLength(TYPED_RECIPIENT_POLICY.freeFailures + 1);
  });

  it('counts requests for an address without an account like any, so a 429 tells nothing of it', async () => {
    for (let index = 0; index < TYPED_RECIPIENT_POLICY.freeFailures; index++) expect((await forgot()).status).toBe(200);
    expect(await emailsToVictim()).toEqual([]);
    expect((await resend()).status).toBe(429);
  });
});
