/**
 * Webhook deliveries on the job queue. The deliveries table stays the truth of what must go out;
 * the queue carries it: each endpoint and order key with deliveries waiting gets a job
 * (`webhook-delivery`, key-ordered: one job of a key runs at a time, in order, and a job being
 * retried holds back the key's next ones) that drains them in order (webhook-delivery.ts). A
 * failed attempt throws, and the queue tries the job again with growing waits.
 *
 * Deliveries are handed to the queue by `enqueueWaitingDeliveries`, in a job that the transaction
 * writing them asks for (`queueDeliveries`) and every minute (a schedule), so a delivery written by
 * another process (the office command) still goes. Every replica runs the same workers over
 * the one queue: a job is done by one of them, and a job whose replica died is taken up again
 * once its time runs out.
 */
import * as v from 'valibot';
import { inArray, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { defineJob, type RegisteredJob } from '../../jobs/job-definition';
import type { JobQueue } from '../../jobs/job-queue';
import { webhookDeliveries } from '../../db/schema';
import { drainDeliveries, type DeliveryDeps } from './webhook-delivery';
import { webhookHandOverJob } from './webhook-events';

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';

/**
 * The waits between tries: 5 s doubling to an hour, about 57 tries in 48 hours; the last try
 * (should the queue run out first) marks the delivery failed rather than leave the key blocked.
 */
export const WEBHOOK_RETRY = { retryLimit: 80, retryDelay: 5, retryBackoff: true, retryDelayMax: 3600 } as const;

interface DrainJob {
  endpointId: number;
  orderKey: string;
}

/**
 * Hands the deliveries no job carries yet to the queue: one job per endpoint and order key, made
 * in the transaction that marks the deliveries, so a delivery is handed over once, across
 * replicas (they take turns under a lock). A delivery handed over a minute ago and never tried
 * (its job lost, say) is handed over again: a second job of a key is harmless, it finds what is
 * left. Returns how many deliveries it handed over.
 */
export async function enqueueWaitingDeliveries(db: Database, queue: Pick<JobQueue, 'send'>, at: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('webhook-enqueue', 0))`);
    const stale = new Date(at.getTime() - 60_000);
    const keys = await queryRows<{ endpoint_id: number; order_key: string; ids: number[] }>(
      tx,
      sql`select endpoint_id, order_key, array_agg(id order by id) as ids
          from (select id, endpoint_id, order_key, job_id from webhook_deliveries
                where status = 'pending' and (job_id is null or (last_attempt_at is null and created_at < ${stale}))
                order by id limit 2000) waiting
          group by endpoint_id, order_key`,
    );
    let count = 0;
    for (const key of keys) {
      const data: DrainJob = { endpointId: key.endpoint_id, orderKey: key.order_key };
      const jobId = await queue.send(WEBHOOK_DELIVERY_QUEUE, data, { singletonKey: `${String(key.endpoint_id)}:${key.order_key}`, executor: tx });
      await tx
        .update(webhookDeliveries)
        .set({ jobId: jobId ?? 'refused' })
        .where(inArray(webhookDeliveries.id, key.ids));
      count += key.ids.length;
    }
    return count;
  });
}

/**
 * The two jobs of webhooks: the delivery of an endpoint's order key (key-ordered, retried with
 * growing waits), and the hand-over, asked for by the transaction that writes deliveries
 * (`queueDeliveries`) and run every minute for those written without a queue in scope.
 */
export function webhookJobs({
  queue,
  delivery,
  concurrency = 4,
  retry = WEBHOOK_RETRY,
  expireInSeconds = 300,
}: {
  queue: Pick<JobQueue, 'send' | 'wake'>;
  delivery: DeliveryDeps;
  concurrency?: number;
  /** The waits between a delivery job's tries (tests shorten them). */
  retry?: { retryLimit: number; retryDelay: number; retryBackoff: boolean; retryDelayMax: number };
  /** How long a delivery job may run before another replica may take it up (its replica died). */
  expireInSeconds?: number;
}): RegisteredJob[] {
  return [
    defineJob({
      name: WEBHOOK_DELIVERY_QUEUE,
      data: v.object({ endpointId: v.number(), orderKey: v.string() }),
      queue: { policy: 'key_strict_fifo', ...retry, expireInSeconds },
      concurrency,
      pollingIntervalSeconds: 0.5,
      // A receiver that refuses throws DeliveryRefused: the queue says so in one line and tries again later.
      handler: async ({ endpointId, orderKey }, job) => {
        await drainDeliveries({ ...delivery, signal: job.signal }, endpointId, orderKey, { lastTry: job.retryCount >= retry.retryLimit });
      },
    }),
    defineJob({
      ...webhookHandOverJob,
      // Every hand-over asked for runs (they take turns under the lock): one left active by a
      // replica or a database connection that died never holds back the next, as a singleton
      // queue's did until its 15 minutes ran out.
      queue: { policy: 'standard', retryLimit: 0 },
      schedule: '* * * * *',
      pollingIntervalSeconds: 0.5,
      handler: async () => {
        if ((await enqueueWaitingDeliveries(delivery.db, queue)) > 0) queue.wake(WEBHOOK_DELIVERY_QUEUE);
      },
    }),
  ];
}
