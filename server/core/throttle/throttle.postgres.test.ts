/**
 * The sign-in throttle across replicas: two apps over one PostgreSQL, each with a pool and a
 * throttle of its own (as two servers have), take sign-ins sent at once. Only failures count there
 * too: the attempts in flight on one replica hold back the other's only until they settle, which
 * the other finds out by looking again. Runs where TEST_DATABASE_URL names a server, in a database of
 * its own there, as the server's role (its owner wipes the sessions and sign-in attempts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../db/client';
import { seedDemoData } from '../../seed/seed';
import { DEMO_PASSWORD, TestBrowser, createTestApp, manualClock, resetSessions } from '../../test/harness';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../../test/postgres-servers';


describe.skipIf(!testDatabaseUrl)('sign-in throttling across replicas on PostgreSQL (TEST_DATABASE_URL)', () => {
  let created: TestDatabase;
  let owner: OpenedDatabase;
  let one: OpenedDatabase;
  let other: OpenedDatabase;
  let clock: ReturnType<typeof manualClock>;
  let appOnOne: ReturnType<typeof createTestApp>;
  let appOnOther: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    created = await createTestDatabase('pbp_throttle');
    one = await created.open();
    other = await created.open();
    owner = await created.openAsOwner();
    await seedDemoData(one.db, { nodeEnv: 'test' });
  });

  afterAll(async () => {
    await one.close();
    await other.close();
    await owner.close();
    await created.drop();
  });

  beforeEach(async () => {
    await resetSessions(owner.db);
    clock = manualClock();
    appOnOne = createTestApp(one.db, { now: clock.now });
    appOnOther = createTestApp(other.db, { now: clock.now });
  });

  /** `count` browsers from addresses of their own, taking turns between the replicas. */
  function browsers(count: number, firstAddress: number): Promise<TestBrowser[]> {
    return Promise.all(
      Array.from({ length: count }, (_, index) => new TestBrowser(index % 2 === 0 ? appOnOne : appOnOther, `203.0.113.${String(firstAddress + index)}`).open()),
    );
  }

  it('lets ten right passwords sent at once to two replicas all in', async () => {
    const owners = await browsers(10, 1);
    const statuses = await Promise.all(owners.map((owner) => owner.login('pat.doe@example.com', DEMO_PASSWORD).then((r) => r.status)));
    expect(statuses).toEqual(Array<number>(10).fill(200));
  });

  it('evaluates fifty wrong passwords sent at once to two replicas only five times', async () => {
    const attackers = await browsers(50, 20);
    const statuses = await Promise.all(attackers.map((attacker) => attacker.login('pat.doe@example.com', 'wrong').then((r) => r.status)));
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);
  });

  it('after five wrong passwords holds ten right ones for the one wait, then lets them in across replicas', async () => {
    const [first] = await browsers(1, 100);
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await first?.login('pat.doe@example.com', `wrong-${String(attempt)}`))?.status).toBe(401);
    const owners = await browsers(10, 101);
    const early = await Promise.all(owners.map((owner) => owner.login('pat.doe@example.com', DEMO_PASSWORD).then((r) => r.status)));
    expect(early).toEqual(Array<number>(10).fill(429));
    clock.advanceSeconds(1);
    const statuses = await Promise.all(owners.map((owner) => owner.login('pat.doe@example.com', DEMO_PASSWORD).then((r) => r.status)));
    expect(statuses).toEqual(Array<number>(10).fill(200));
  });
});
