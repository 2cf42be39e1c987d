/**
 * Webhooks on the job queue, over PGlite: a receiver that answers 500 for a while and then
 * recovers gets every event, once in its own deduplication, each account's in order. (Retries are
 * seconds apart here rather than minutes: the queue's waits are shortened, the behaviour is the
 * same.) A hand-over left running by a worker that died holds back no other. The PostgreSQL faults (replicas, a replica killed mid-delivery, a restart) are in
 * webhook-faults.postgres.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JOB_QUEUE_SCHEMA } from '../../db/client';
import { moneyEvents, webhookDeliveries } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { useSeededDatabase } from '../../test/harness';
import { clientIdOf, createPayer, payableAccounts, type PayableAccount } from '../../test/money-fixtures';
import { createTestJobQueue } from '../../test/test-job-queue';
import { addLocalEndpoint, startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import { startJobs } from '../../jobs/job-definition';
import { webhookJobs } from './webhook-dispatch';
import { WEBHOOK_HAND_OVER_QUEUE } from './webhook-events';
import { expectInOrderPerAccount } from '../../test/webhook-expectations';
import { developmentSecretBox } from '../../security/secret-box';

const database = useSeededDatabase();
let queue: JobQueue;
let receiver: WebhookReceiver;
let accounts: PayableAccount[];
let pay: ReturnType<typeof createPayer>;
const warnings: string[] = [];

beforeAll(async () => {
  const { db } = database;
  const clientId = await clientIdOf(db, 'SUN');
  accounts = await payableAccounts(db, clientId, 4, 'HOOK');
  const secret = { value: '' };
  receiver = await startWebhookReceiver(() => secret.value);
  secret.value = (await addLocalEndpoint(db, clientId, receiver.url)).secret;
  queue = await createTestJobQueue(db, warnings);
  await startJobs(queue, webhookJobs({ queue, delivery: { db, now: () => new Date(), secrets: developmentSecretBox(), allowPrivateAddresses: true }, retry: { retryLimit: 20, retryDelay: 1, retryBackoff: true, retryDelayMax: 1 } }));
  pay = createPayer(db, clientId, undefined, queue);
});

afterAll(async () => {
  await queue.stop();
  await receiver.close();
});

describe('webhooks while the receiver is down, then back', () => {
  it('delivers every event once, in order per account, once the receiver recovers', async () => {
    receiver.down = true;
    const references: string[] = [];
    for (let index = 0; index < 12; index += 1) references.push(await pay(accounts[index % accounts.length] as PayableAccount));
    // Refused while down: the first of each account is tried, and tried again.
    await vi.waitFor(() => expect(receiver.refused).toBeGreaterThanOrEqual(8), { timeout: 20_000, interval: 100 });
    expect(receiver.events).toEqual([]);
    receiver.down = false;
    await receiver.waitFor(12, 30_000);

    const ids = (await database.db.select({ eventId: moneyEvents.eventId }).from(moneyEvents).where(eq(moneyEvents.type, 'payment.captured'))).map((row) => row.eventId);
    expect(receiver.events.map((event) => event.id).sort()).toEqual([...ids].sort());
    expect(receiver.events.map((event) => event.data.reference).sort()).toEqual([...references].sort());
    expectInOrderPerAccount(receiver.events, references);
    expect(receiver.repeats).toBe(0);
    // Marked delivered once the receiver's answer is in.
    await vi.waitFor(async () => expect(new Set((await database.db.select({ status: webhookDeliveries.status }).from(webhookDeliveries)).map((row) => row.status))).toEqual(new Set(['delivered'])), {
      timeout: 10_000,
      interval: 100,
    });
  });
});

describe('webhooks while a hand-over is left running by a worker that died', () => {
  it('hands the next deliveries over all the same, without waiting for the stuck one to expire', async () => {
    const jobTable = sql`${sql.identifier(JOB_QUEUE_SCHEMA)}.job`;
    // A hand-over its worker took and never finished (its replica or its connection died), as the
    // queue leaves it until its time runs out: 15 minutes.
    const stuck = await queue.send(WEBHOOK_HAND_OVER_QUEUE, {}, { startAfter: new Date(Date.now() + 3_600_000) });
    if (!stuck) throw new Error('The hand-over was not sent');
    await database.db.execute(sql`update ${jobTable} set state = 'active', start_after = now(), started_on = now() where id = ${stuck}`);
    try {
      const before = receiver.events.length;
      const reference = await pay(accounts[0] as PayableAccount);
      await receiver.waitFor(before + 1, 15_000);
      expect(receiver.events.at(-1)?.data.reference).toBe(reference);
    } finally {
      await database.db.execute(sql`delete from ${jobTable} where id = ${stuck}`);
    }
  });
});
