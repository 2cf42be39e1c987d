import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { SESSION_COOKIE } from '../../http/session';
import { sha256Hex } from '../../security/tokens';
import { DEMO_GUEST, DEMO_PASSWORD, freshBrowserWithClock, useSeededDatabase, type TestBrowser } from '../../test/harness';
import { endUserSessions } from './session.service';

const database = useSeededDatabase();
let browserAt: (remoteAddress: string) => Promise<TestBrowser>;

beforeEach(async () => {
  ({ browserAt } = await freshBrowserWithClock(database.db));
});

async function signedIn(remoteAddress: string, email: string): Promise<TestBrowser> {
  const browser = await browserAt(remoteAddress);
  expect((await browser.login(email, DEMO_PASSWORD)).status).toBe(200);
  return browser;
}

const roleOf = async (browser: TestBrowser) =>
  ((await browser.getJson('/api/User/GetIsUserLoggedIn')).body as { userRole: string | null }).userRole;

function sessionIdOf(browser: TestBrowser): string {
  const token = browser.cookies.get(SESSION_COOKIE);
  if (!token) throw new Error('The browser has no session');
  return sha256Hex(token);
}

describe('ending a user\'s sessions', () => {
  it('signs the user out on every device and leaves other people signed in', async () => {
    const laptop = await signedIn('192.0.2.10', 'pat.doe@example.com');
    const phone = await signedIn('192.0.2.11', 'pat.doe@example.com');
    const someoneElse = await signedIn('192.0.2.12', 'north.doe@example.com');
    const guest = await browserAt('192.0.2.13');
    expect((await guest.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber)).status).toBe(200);
    const userId = await patId();

    expect(await endUserSessions(database.db, userId)).toBe(2);

    expect(await roleOf(laptop)).toBeNull();
    expect(await roleOf(phone)).toBeNull();
    expect(await roleOf(someoneElse)).toBe('ClientBillingUser');
    expect(await roleOf(guest)).toBe('ClientBillingGuest');
  });

  it('keeps the session that asked, when told to: a password changed here ends only the other devices', async () => {
    const laptop = await signedIn('192.0.2.10', 'pat.doe@example.com');
    const phone = await signedIn('192.0.2.11', 'pat.doe@example.com');
    const tablet = await signedIn('192.0.2.14', 'pat.doe@example.com');

    expect(await endUserSessions(database.db, await patId(), { except: sessionIdOf(laptop) })).toBe(2);

    expect(await roleOf(laptop)).toBe('ClientBillingUser');
    expect(await roleOf(phone)).toBeNull();
    expect(await roleOf(tablet)).toBeNull();
  });

  it('ends nothing for a user with no sessions', async () => {
    await signedIn('192.0.2.12', 'north.doe@example.com');
    expect(await endUserSessions(database.db, await patId())).toBe(0);
  });
});

async function patId(): Promise<number> {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'pat.doe@example.com'));
  if (!row) throw new Error('pat.doe is not seeded');
  return row.id;
}
