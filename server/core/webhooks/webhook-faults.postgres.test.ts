/**
 * Webhooks on the job queue over PostgreSQL, as replicas run them: two replicas deliver one queue
 * (every event once, each account's in order); a replica killed mid-delivery leaves its delivery to
 * the other once the job's time runs out; PostgreSQL restarts under a running dispatcher and every
 * event still arrives. Skipped without TEST_DATABASE_URL (.ci/postgres-for-tests.sh starts one).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { seedDemoData } from '../../seed/seed';
import { clientIdOf, createPayer, payableAccounts, type PayableAccount } from '../../test/money-fixtures';
import { cluster, clusterInBackground, createTestDatabase, testDatabaseUrl } from '../../test/postgres-servers';
import { createTestJobQueue } from '../../test/test-job-queue';
import { expectInOrderPerAccount } from '../../test/webhook-expectations';
import { addLocalEndpoint, startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import { startJobs } from '../../jobs/job-definition';
import { webhookJobs } from './webhook-dispatch';
import type { WebhookSender } from './webhook-sender';
import { developmentSecretBox } from '../../security/secret-box';

const FAST_RETRY = { retryLimit: 30, retryDelay: 1, retryBackoff: true, retryDelayMax: 1 };

interface Replica {
  database: OpenedDatabase;
  queue: JobQueue;
}

/** Where the replicas connect: as the server's role, the schema migrated by its owner where there is one. */
interface Where {
  url: string;
  ownerUrl?: string;
}

/** A replica over `where`: its own pool, queue and dispatcher; `send` stands in for its network. */
async function startReplica(where: Where, warnings: string[], { send }: { send?: WebhookSender } = {}): Promise<Replica> {
  const database = await openDatabase({ databaseUrl: where.url, ...(where.ownerUrl ? { ownerUrl: where.ownerUrl } : {}), warn: (message) => warnings.push(message) });
  const queue = await createTestJobQueue(database.db, warnings);
  await startJobs(
    queue,
    webhookJobs({
    queue,
    // The receiver is on this machine: development's policy.
    delivery: { db: database.db, now: () => new Date(), secrets: developmentSecretBox(), allowPrivateAddresses: true, ...(send ? { send } : {}) },
    retry: FAST_RETRY,
    // A job whose replica died is taken up 2 s later rather than 5 minutes (a job takes its
    // queue's time-out when it is made, so every replica of these tests uses the same one).
    expireInSeconds: 2,
    }),
  );
  return { database, queue };
}

async function stopReplica(replica: Replica | undefined): Promise<void> {
  await replica?.queue.stop();
  await replica?.database.close();
}

/** A seeded database with a webhook endpoint to a fresh receiver, and accounts to pay. */
async function prepare(where: Where) {
  const setup = await openDatabase({ databaseUrl: where.url, ...(where.ownerUrl ? { ownerUrl: where.ownerUrl } : {}) });
  await seedDemoData(setup.db);
  const clientId = await clientIdOf(setup.db, 'SUN');
  const accounts = await payableAccounts(setup.db, clientId, 6, 'HOOK');
  const secret = { value: '' };
  const receiver = await startWebhookReceiver(() => secret.value);
  secret.value = (await addLocalEndpoint(setup.db, clientId, receiver.url)).secret;
  return { setup, clientId, accounts, receiver };
}

describe.skipIf(!testDatabaseUrl)('webhooks delivered by replicas over one PostgreSQL', () => {
  let drop: () => Promise<void> = () => Promise.resolve();
  let where: Where = { url: '' };
  let setup: OpenedDatabase | undefined;
  let receiver: WebhookReceiver | undefined;
  let accounts: PayableAccount[] = [];
  let clientId = 0;
  const replicas: Replica[] = [];
  const warnings: string[] = [];

  beforeAll(async () => {
    const created = await createTestDatabase('pbp_hooks');
    ({ drop } = created);
    where = { url: created.url, ownerUrl: created.ownerUrl };
    ({ setup, clientId, accounts, receiver } = await prepare(where));
  });

  afterAll(async () => {
    for (const replica of replicas) await stopReplica(replica);
    await receiver?.close();
    await setup?.close();
    await drop();
  });

  it('delivers every event once, each account’s in order, when two replicas share the queue', async () => {
    if (!setup || !receiver) throw new Error('Not prepared');
    replicas.push(await startReplica(where, warnings), await startReplica(where, warnings));
    // Payments on both replicas, as a load balancer would spread them.
    const payers = replicas.map((replica) => createPayer(replica.database.db, clientId, undefined, replica.queue));
    const references: string[] = [];
    for (let index = 0; index < 60; index += 1) references.push(await (payers[index % 2] ?? payers[0])?.(accounts[index % accounts.length] as PayableAccount) ?? '');
    await receiver.waitFor(60, 60_000);
    expect(receiver.events).toHaveLength(60);
    expect(receiver.repeats).toBe(0);
    expectInOrderPerAccount(receiver.events, references);
  });

  it('hands the delivery of a replica killed mid-delivery to another, which delivers it once', { timeout: 60_000 }, async () => {
    if (!setup || !receiver) throw new Error('Not prepared');
    for (const replica of replicas.splice(0)) await stopReplica(replica);
    const before = receiver.events.length;
    // The doomed replica's network never answers: it dies with the delivery in flight.
    let taken: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (taken = resolve));
    const hang: WebhookSender = ({ signal }) => {
      taken();
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('The replica is gone'))));
    };
    const doomed = await startReplica(where, warnings, { send: hang });
    const reference = await createPayer(doomed.database.db, clientId, undefined, doomed.queue)(accounts[0] as PayableAccount);
    await inFlight;
    // Killed: its connections close under the job in flight.
    await doomed.database.close();
    void doomed.queue.stop().catch(() => undefined);

    const survivor = await startReplica(where, warnings);
    replicas.push(survivor);
    await receiver.waitFor(before + 1, 30_000);
    expect(receiver.events.at(-1)?.data.reference).toBe(reference);
    expect(receiver.repeats).toBe(0);
  });
});

describe.skipIf(!testDatabaseUrl)('webhooks when PostgreSQL restarts', () => {
  let dir = '';
  let url = '';
  let setup: OpenedDatabase | undefined;
  let receiver: WebhookReceiver | undefined;
  let replica: Replica | undefined;
  const warnings: string[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pbp-hooks-restart-'));
    cluster('init', dir);
    url = cluster('start', dir);
  });

  afterAll(async () => {
    // Stopping after the restart has once in a few loaded runs waited past the hook's two minutes
    // (on the queue or the pool; every assertion had passed). Each step gets 30 s and says so if it
    // needs more; stopping the cluster then ends whatever connection it waited on.
    const within = async (what: string, step: Promise<unknown> | undefined) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), 30_000)));
      const outcome = await Promise.race([Promise.resolve(step).then(() => 'done' as const), late]);
      clearTimeout(timer);
      if (outcome === 'late') console.warn(`webhook-faults: ${what} took over 30 s after PostgreSQL's restart; the cluster is stopped under it`);
    };
    await within('stopping the replica', stopReplica(replica));
    await within('closing the receiver', receiver?.close());
    await within('closing the set-up connection', setup?.close());
    try {
      cluster('stop', dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Its waits: 30 s for the database to take a payment again, 60 s for the deliveries.
  it('delivers the events written before, during the outage’s run-up and after, each once', { timeout: 120_000 }, async () => {
    const prepared = await prepare({ url });
    ({ setup, receiver } = prepared);
    replica = await startReplica({ url }, warnings);
    const pay = createPayer(replica.database.db, prepared.clientId, undefined, replica.queue);
    const references: string[] = [];
    for (let index = 0; index < 10; index += 1) references.push(await pay(prepared.accounts[index % prepared.accounts.length] as PayableAccount));
    // Slow answers, so deliveries are still going when PostgreSQL stops.
    receiver.delayMs = 200;
    await clusterInBackground('stop', dir);
    await clusterInBackground('start', dir);
    receiver.delayMs = 0;
    await vi.waitFor(async () => {
      references.push(await pay(prepared.accounts[0] as PayableAccount));
    }, { timeout: 30_000, interval: 500 });
    await receiver.waitFor(references.length, 60_000);
    // Every event, each once in the receiver's deduplication by webhook-id (a delivery answered
    // just as the database went away is marked delivered only when it comes back: at least once).
    expect(receiver.events.map((event) => event.data.reference).sort()).toEqual([...references].sort());
    expectInOrderPerAccount(receiver.events, references);
  });
});
