/**
 * Webhook events are written in the transaction of what they report, with one delivery per live
 * endpoint of the client that takes the event's type: the deliveries table is the truth of what
 * must go out (the job queue only carries them, see webhook-dispatch.ts). A rolled-back payment
 * sends nothing.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { webhookTestEventType, type WebhookSentEventType } from '@contracts/payments-out';
import { webhookEvents } from '../../db/schema';
import { newEventId } from './event-ids';
import { noData, type JobKind } from '../../jobs/job-definition';
import { sendInScope } from '../../jobs/jobs-in-scope';

export interface WebhookEventInput {
  /** The event's own id (its `webhook-id`); a money event's id, or a new one. */
  eventId?: string;
  clientId: number;
  type: WebhookSentEventType;
  /** Events with one key reach each receiver in the order written (an account's, or the client's imports). */
  orderKey: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

/** The body every delivery of an event sends, as the Standard Webhooks specification shapes it. */
export interface WebhookPayload {
  type: WebhookSentEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

/** The queue of the hand-over of waiting deliveries to their delivery jobs (webhook-dispatch.ts). */
export const WEBHOOK_HAND_OVER_QUEUE = 'webhook-hand-over';
/** A hand-over, asked for in the transaction that writes deliveries, so they go soon after it commits rather than at the minute's sweep. */
export const webhookHandOverJob: JobKind<object> = { name: WEBHOOK_HAND_OVER_QUEUE, data: noData };

/** Writes the event and its deliveries through `tx`; returns the event's id. */
export async function queueWebhookEvent(tx: Database, event: WebhookEventInput): Promise<string> {
  const eventId = event.eventId ?? newEventId();
  const payload: WebhookPayload = { type: event.type, timestamp: event.createdAt.toISOString(), data: event.data };
  const [row] = await tx
    .insert(webhookEvents)
    .values({ eventId, clientId: event.clientId, type: event.type, orderKey: event.orderKey, payload, createdAt: event.createdAt })
    .returning({ id: webhookEvents.id });
  if (!row) throw new Error('A webhook event was not written');
  await queueDeliveries(tx, { clientId: event.clientId, eventRowId: row.id, type: event.type, orderKey: event.orderKey, at: event.createdAt });
  return eventId;
}

/** A test event's order key: it names the one endpoint the event is for. */
const TEST_ORDER_KEY_PREFIX = `${webhookTestEventType}:`;
export const testOrderKey = (endpointId: number) => `${TEST_ORDER_KEY_PREFIX}${String(endpointId)}`;

/**
 * Writes a delivery of the event (its row id) to each live endpoint of the client that takes its
 * type, through `executor`: when the event is written, and when it is replayed. A test event goes
 * to the endpoint its order key names, and to no other. Returns how many.
 */
export async function queueDeliveries(
  executor: Database,
  { clientId, eventRowId, type, orderKey, at }: { clientId: number; eventRowId: number; type: WebhookSentEventType; orderKey: string; at: Date },
): Promise<number> {
  const takers =
    type === webhookTestEventType
      ? sql`${TEST_ORDER_KEY_PREFIX} || id::text = ${orderKey}`
      : sql`(cardinality(event_types) = 0 or ${type} = any(event_types))`;
  const made = await queryRows<{ id: number }>(
    executor,
    sql`insert into webhook_deliveries (client_id, event_id, endpoint_id, order_key, created_at)
        select ${clientId}, ${eventRowId}, id, ${orderKey}, ${at}
        from webhook_endpoints
        where client_id = ${clientId} and disabled_at is null and ${takers}
        order by id
        returning id`,
  );
  if (made.length > 0) await sendInScope(webhookHandOverJob, {}, executor);
  return made.length;
}
