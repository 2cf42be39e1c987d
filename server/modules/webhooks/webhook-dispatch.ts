/**
 * Webhook deliveries on the job queue. The deliveries table stays the truth of what must go out;
 * the queue carries it: each endpoint and order key with deliveries waiting gets a job
 * (`webhook-delivery`, key-ordered: one job of a key runs at a time, in order, and a job being
 * retried holds back the key's next ones) that drains them in order (webhook-delivery.ts). A
 * failed attempt throws, and the queue tries the job again with growing waits.
 *
 * Deliveries are handed to the queue by `enqueueWaitingDeliveries`: soon after this process writes
 * some (a nudge) and every minute (a scheduled job), so a delivery written by another process (the
 * office command) or a nudge lost to a crash still goes. Every replica runs the same workers over
 * the one queue: a job is done by one of them, and a job whose replica died is taken up again
 * once its time runs out.
 */
import { inArray, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { webhookDeliveries } from '../../db/schema';
import { drainDeliveries, type DeliveryDeps } from './webhook-delivery';
import { onWebhookQueued } from './webhook-events';

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';
export const WEBHOOK_ENQUEUE_QUEUE = 'webhook-enqueue';

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

export interface WebhookDispatch {
  /** Hands waiting deliveries to the queue now. */
  enqueue(): Promise<number>;
  stop(): void;
}

/** Declares the queues, runs their workers and the minute's sweep, and listens for nudges. */
export async function startWebhookDispatch({
  queue,
  delivery,
  warn,
  nudgeDelayMs = 100,
  concurrency = 4,
  retry = WEBHOOK_RETRY,
  expireInSeconds = 300,
}: {
  queue: JobQueue;
  delivery: DeliveryDeps;
  warn: (message: string) => void;
  nudgeDelayMs?: number;
  concurrency?: number;
  /** The waits between a delivery job's tries (tests shorten them). */
  retry?: { retryLimit: number; retryDelay: number; retryBackoff: boolean; retryDelayMax: number };
  /** How long a delivery job may run before another replica may take it up (its replica died). */
  expireInSeconds?: number;
}): Promise<WebhookDispatch> {
  const { db } = delivery;
  await queue.defineQueue(WEBHOOK_DELIVERY_QUEUE, { policy: 'key_strict_fifo', ...retry, expireInSeconds });
  await queue.defineQueue(WEBHOOK_ENQUEUE_QUEUE, { policy: 'singleton', retryLimit: 0 });
  const enqueue = async () => {
    const handed = await enqueueWaitingDeliveries(db, queue);
    if (handed > 0) queue.wake(WEBHOOK_DELIVERY_QUEUE);
    return handed;
  };

  await queue.work<DrainJob>(WEBHOOK_DELIVERY_QUEUE, { concurrency, pollingIntervalSeconds: 0.5 }, async ({ endpointId, orderKey }, job) => {
    // A receiver that refuses throws DeliveryRefused: the queue says so in one line and tries again later.
    await drainDeliveries({ ...delivery, signal: job.signal }, endpointId, orderKey, { lastTry: job.retryCount >= retry.retryLimit });
  });
  await queue.work(WEBHOOK_ENQUEUE_QUEUE, {}, async () => {
    await enqueue();
  });
  await queue.schedule(WEBHOOK_ENQUEUE_QUEUE, '* * * * *');

  // Soon after this process writes deliveries (their transaction commits first): a look at most
  // every `nudgeDelayMs` while they keep coming, and one more a second after the last, for a
  // transaction slower than that.
  let soon: ReturnType<typeof setTimeout> | undefined;
  let late: ReturnType<typeof setTimeout> | undefined;
  const look = () => {
    enqueue().catch((error: unknown) => warn(`Webhook deliveries could not be handed to the queue: ${String(error)}`));
  };
  const unsubscribe = onWebhookQueued(() => {
    soon ??= setTimeout(() => {
      soon = undefined;
      look();
    }, nudgeDelayMs);
    soon.unref();
    clearTimeout(late);
    late = setTimeout(look, nudgeDelayMs * 10);
    late.unref();
  });
  return {
    enqueue,
    stop() {
      unsubscribe();
      clearTimeout(soon);
      clearTimeout(late);
    },
  };
}
