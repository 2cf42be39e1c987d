/**
 * A call refused for its key is recorded: under the key's client when the token names one of its
 * keys (revoked, another secret, cut short), in the platform's rows (no client) when it names none
 * or there is no key at all. Never the key itself, and never so often that refusals fill the
 * database: one row a minute per prefix and address (per address for keys nobody has), at most
 * MAX_REFUSAL_ROWS_PER_MINUTE a minute for each lab and for the platform, replicas agreeing.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema';
import { signedInStaff, staffClock, SUN_AUDITOR } from '../test/console-fixtures';
import { clientIdOf, createTestApp, TestBrowser, useSeededDatabase } from '../test/harness';
import { createApiKeysService, KEY_REFUSED_ACTION, MAX_REFUSAL_ROWS_PER_MINUTE } from '../core/api-keys/api-keys.service';

const database = useSeededDatabase();
let sunId = 0;
let clock: Awaited<ReturnType<typeof staffClock>>;
let app: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  sunId = await clientIdOf(database.db, 'SUN');
});

beforeEach(async () => {
  clock = await staffClock(database.db);
  app = createTestApp(database.db, { now: clock.now });
});

/** A key of SUN's made now, and revoked when asked. */
async function sunKey({ revoked = false } = {}): Promise<{ key: string; prefix: string }> {
  const keys = createApiKeysService({ db: database.db, now: clock.now });
  const made = await keys.create({ clientId: sunId, scopes: ['bills:write'], name: 'refusals' });
  if (revoked) await keys.revoke({ clientId: sunId, prefix: made.prefix });
  return made;
}

/** Calls the partner API with `Authorization: <authorization>` (none when undefined) from `address`; expects the refusal. */
async function refusedCall(authorization: string | undefined, address: string, path = '/api/office/v1/imports', application = app): Promise<void> {
  const response = await new TestBrowser(application, address).request('GET', path, { headers: authorization === undefined ? {} : { Authorization: authorization } });
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({ error: 'invalidApiKey' });
}

/** The refusals recorded from `address`, newest first. */
function refusalsFrom(address: string) {
  return database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, KEY_REFUSED_ACTION), eq(auditEvents.ipAddress, address)))
    .orderBy(desc(auditEvents.id));
}

describe('a call refused for its key', () => {
  it('is recorded under the key’s client with its prefix, for a revoked key, another secret and a key cut short, and never holds the key', async () => {
    const revoked = await sunKey({ revoked: true });
    const live = await sunKey();
    const wrongSecret = `${live.key.slice(0, -1)}${live.key.endsWith('A') ? 'B' : 'A'}`;
    const cases = [
      { token: revoked.key, prefix: revoked.prefix, reason: 'revokedKey', address: '198.51.100.1' },
      { token: wrongSecret, prefix: live.prefix, reason: 'wrongSecret', address: '198.51.100.2' },
      { token: live.key.slice(0, 30), prefix: live.prefix, reason: 'malformedKey', address: '198.51.100.3' },
    ];
    for (const { token, prefix, reason, address } of cases) {
      await refusedCall(`Bearer ${token}`, address, '/api/office/v1/imports/7');
      const rows = await refusalsFrom(address);
      expect(rows).toEqual([
        expect.objectContaining({
          clientId: sunId,
          actorKind: 'apiKey',
          actor: prefix,
          action: KEY_REFUSED_ACTION,
          target: 'GET /api/office/v1/imports/7',
          outcome: 'refused',
          detail: reason,
          ipAddress: address,
          occurredAt: clock.now(),
        }),
      ]);
      // Whatever of the token follows its prefix (the secret, or what was sent for it) is nowhere in the row.
      const secret = token.slice(prefix.length + 1);
      expect(secret.length).toBeGreaterThan(10);
      expect(JSON.stringify(rows)).not.toContain(secret.slice(0, 10));
    }

    // The lab's staff see them in their audit trail.
    const auditor = await signedInStaff(app, clock.now, SUN_AUDITOR, 'SUN');
    const trail = (await (await auditor.get(`/api/console/audit?q=${encodeURIComponent(revoked.prefix)}`)).json()) as { events: { action: string; detail: string }[] };
    expect(trail.events).toEqual([expect.objectContaining({ action: KEY_REFUSED_ACTION, detail: 'revokedKey' })]);
  });

  it('is recorded in the platform’s rows (no client) for a key nobody has, one not shaped like a key, and none at all', async () => {
    const unknownPrefix = 'pbp_0123456789';
    const cases = [
      { authorization: `Bearer ${unknownPrefix}_${'s'.repeat(43)}`, actor: unknownPrefix, reason: 'unknownKey', address: '198.51.100.11' },
      { authorization: 'Bearer not-a-key-at-all-but-a-secret-of-something-else', actor: '', reason: 'malformedKey', address: '198.51.100.12' },
      { authorization: undefined, actor: '', reason: 'noKey', address: '198.51.100.13' },
      { authorization: 'Basic c2VjcmV0OnNlY3JldA==', actor: '', reason: 'noKey', address: '198.51.100.14' },
    ];
    for (const { authorization, actor, reason, address } of cases) {
      await refusedCall(authorization, address);
      expect(await refusalsFrom(address)).toEqual([
        expect.objectContaining({ clientId: null, actorKind: 'apiKey', actor, outcome: 'refused', detail: reason, target: 'GET /api/office/v1/imports' }),
      ]);
    }
    const [platformRow] = await refusalsFrom('198.51.100.12');
    expect(JSON.stringify(platformRow)).not.toContain('secret-of-something-else');
    // No lab's staff see the platform's rows, only their own keys' refusals.
    await refusedCall(`Bearer ${(await sunKey({ revoked: true })).key}`, '198.51.100.15');
    const auditor = await signedInStaff(app, clock.now, SUN_AUDITOR, 'SUN');
    const trail = (await (await auditor.get(`/api/console/audit?q=${KEY_REFUSED_ACTION}`)).json()) as { events: { ipAddress: string }[] };
    const addresses = cases.map((each) => each.address);
    expect(trail.events.map((event) => event.ipAddress)).toContain('198.51.100.15');
    expect(trail.events.filter((event) => addresses.includes(event.ipAddress))).toEqual([]);
  });

  it('writes one row a minute per prefix and address, per address for keys nobody has, and at most the cap a minute for each lab and the platform', async () => {
    const revoked = await sunKey({ revoked: true });
    for (let call = 0; call < 20; call++) await refusedCall(`Bearer ${revoked.key}`, '198.51.100.21');
    expect(await refusalsFrom('198.51.100.21')).toHaveLength(1);
    // Made-up prefixes are all one address's.
    for (let call = 0; call < 20; call++) await refusedCall(`Bearer pbp_${String(call).padStart(10, '0')}_${'s'.repeat(43)}`, '198.51.100.22');
    expect(await refusalsFrom('198.51.100.22')).toHaveLength(1);

    // The next minute, once more each.
    clock.advanceSeconds(60);
    await refusedCall(`Bearer ${revoked.key}`, '198.51.100.21');
    await refusedCall(undefined, '198.51.100.22');
    expect(await refusalsFrom('198.51.100.21')).toHaveLength(2);
    expect(await refusalsFrom('198.51.100.22')).toHaveLength(2);

    // A flood from many addresses: the cap, then nothing more this minute.
    clock.advanceSeconds(60);
    const minuteStart = clock.now();
    const addresses = Array.from({ length: MAX_REFUSAL_ROWS_PER_MINUTE + 20 }, (_, index) => `203.0.113.${String(index + 1)}`);
    for (const address of addresses) await refusedCall(undefined, address);
    const flood = await database.db.select().from(auditEvents).where(and(eq(auditEvents.action, KEY_REFUSED_ACTION), isNull(auditEvents.clientId), eq(auditEvents.occurredAt, minuteStart)));
    expect(flood.filter((row) => row.ipAddress.startsWith('203.0.113.'))).toHaveLength(MAX_REFUSAL_ROWS_PER_MINUTE);
    // The platform's cap keeps no lab's refusals out of its own trail.
    await refusedCall(`Bearer ${revoked.key}`, '198.51.100.23');
    expect(await refusalsFrom('198.51.100.23')).toEqual([expect.objectContaining({ clientId: sunId, actor: revoked.prefix, occurredAt: minuteStart })]);
  });

  it('is written once a minute by replicas over one database, each with a process of its own', async () => {
    const revoked = await sunKey({ revoked: true });
    const replicas = [app, createTestApp(database.db, { now: clock.now }), createTestApp(database.db, { now: clock.now })];
    await Promise.all(replicas.map((replica) => refusedCall(`Bearer ${revoked.key}`, '198.51.100.31', '/api/office/v1/imports', replica)));
    for (const replica of replicas) await refusedCall(`Bearer ${revoked.key}`, '198.51.100.31', '/api/office/v1/imports', replica);
    expect(await refusalsFrom('198.51.100.31')).toHaveLength(1);
  });
});
