/**
 * Delivering webhooks: a delivery POSTs its event to its endpoint, signed as the Standard Webhooks
 * specification says (`webhook-id`, `webhook-timestamp`, `webhook-signature`, with each secret
 * rotated out beside the current one for a day after its rotation). A 2xx answer delivers it;
 * anything else (or no answer within the time-out) is tried again later, and 48 hours after the
 * event the delivery is marked failed, for the office to see and replay.
 *
 * One account's events reach a receiver in the order they happened: a job drains one endpoint's
 * deliveries of one order key (an account, or the client's imports), oldest first, and stops at
 * the first that fails, so nothing after it goes ahead of it.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Database } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { SecretBoxError, type SecretBox } from '../../security/secret-box';
import { secretPurpose } from '../../security/stored-secrets';
import { liveRetiredSecrets } from './webhook-endpoints.service';
import { createWebhookSender, type WebhookSender } from './webhook-sender';

/** A delivery not answered 2xx for this long after its event is marked failed. */
export const GIVE_UP_AFTER_MS = 48 * 60 * 60 * 1000;
/** How many of a key's deliveries one read takes. */
const DRAIN_BATCH = 50;
/** How long a receiver may take to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface DeliveryDeps {
  db: Database;
  now: () => Date;
  /** Opens the endpoints' sealed signing secrets. */
  secrets: SecretBox;
  /**
   * Development and tests only (WEBHOOKS_ALLOW_PRIVATE): deliveries may go over plain http and to
   * this machine and private networks. Default: https to public addresses only.
   */
  allowPrivateAddresses?: boolean;
  /** What sends a delivery (tests pass their own); default: webhook-sender.ts under the policy above. */
  send?: WebhookSender;
  timeoutMs?: number;
  /** Aborts a delivery in flight (the job's time ran out, or the server stops). */
  signal?: AbortSignal;
}

/** The signature header: one `v1,…` per secret that signs now, space-separated. */
export function signatureHeader(secrets: readonly string[], eventId: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(eventId, at, body)).join(' ');
}

/** Thrown when a key's oldest delivery was not accepted: the job is tried again later. */
export class DeliveryRefused extends Error {
  constructor(readonly deliveryId: number, reason: string) {
    super(`Webhook delivery ${String(deliveryId)} was not accepted: ${reason}`);
  }
}

/** One sender per policy, its connections kept alive between deliveries. */
const senders = new Map<boolean, WebhookSender>();
function defaultSender(allowPrivate: boolean): WebhookSender {
  let sender = senders.get(allowPrivate);
  if (!sender) {
    sender = createWebhookSender({ allowPrivate });
    senders.set(allowPrivate, sender);
  }
  return sender;
}

/**
 * The secrets that sign a delivery to `endpoint` at `at`, opened: the current one and every one
 * rotated out that still has some of its day left. Or why they did not open (a key the server was
 * not given): nothing unsigned goes out, and rotating the secret mends it.
 */
function signingSecrets(
  secrets: SecretBox,
  endpoint: Pick<typeof webhookEndpoints.$inferSelect, 'id' | 'secret' | 'previousSecrets'>,
  at: Date,
): string[] | { error: string } {
  try {
    return [
      secrets.open(endpoint.secret, secretPurpose.webhookSecret(endpoint.id)),
      ...liveRetiredSecrets(endpoint.previousSecrets, at).map((each) => secrets.open(each.secret, secretPurpose.retiredWebhookSecret(endpoint.id))),
    ];
  } catch (error) {
    if (error instanceof SecretBoxError) return { error: error.message.slice(0, 300) };
    throw error;
  }
}

/**
 * What one attempt got: the answer's status, or why there was none (an address refused, no
 * answer in time, a connection refused). Kept with the delivery for the operator; the office
 * sees only whether it was delivered.
 */
async function attempt(deps: DeliveryDeps, url: string, headers: Record<string, string>, body: string): Promise<{ status: number | null; error: string | null }> {
  const timeout = AbortSignal.timeout(deps.timeoutMs ?? DELIVERY_TIMEOUT_MS);
  try {
    const send = deps.send ?? defaultSender(deps.allowPrivateAddresses ?? false);
    const status = await send({ url, headers, body, signal: AbortSignal.any([timeout, ...(deps.signal ? [deps.signal] : [])]) });
    return { status, error: status >= 200 && status < 300 ? null : `HTTP ${String(status)}` };
  } catch (error) {
    const reason = timeout.aborted ? 'No answer in time' : error instanceof Error ? error.message : String(error);
    return { status: null, error: reason.slice(0, 300) };
  }
}

/**
 * Delivers the pending deliveries of one endpoint and order key, oldest first. Throws
 * `DeliveryRefused` at the first one not accepted (unless this is the job's last try, or the
 * event is 48 hours old: then it is marked failed and the next goes). Returns how many it delivered.
 */
export async function drainDeliveries(deps: DeliveryDeps, endpointId: number, orderKey: string, { lastTry = false } = {}): Promise<number> {
  const { db, now } = deps;
  let delivered = 0;
  for (;;) {
    // The key's next deliveries, oldest first, a batch at a time: each is marked as it goes.
    const batch = await db
      .select({ delivery: webhookDeliveries, event: webhookEvents, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, and(eq(webhookEvents.clientId, webhookDeliveries.clientId), eq(webhookEvents.id, webhookDeliveries.eventId)))
      .innerJoin(webhookEndpoints, and(eq(webhookEndpoints.clientId, webhookDeliveries.clientId), eq(webhookEndpoints.id, webhookDeliveries.endpointId)))
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.orderKey, orderKey), eq(webhookDeliveries.status, 'pending')))
      .orderBy(asc(webhookDeliveries.id))
      .limit(DRAIN_BATCH);
    if (batch.length === 0) return delivered;
    for (const { delivery, event, endpoint } of batch) {
      const at = now();
      if (endpoint.disabledAt) {
        await db.update(webhookDeliveries).set({ status: 'failed', finishedAt: at, lastError: 'The endpoint was disabled' }).where(eq(webhookDeliveries.id, delivery.id));
        continue;
      }
      const body = JSON.stringify(event.payload);
      const secrets = signingSecrets(deps.secrets, endpoint, at);
      const outcome =
        'error' in secrets
          ? { status: null, error: secrets.error }
          : await attempt(
              deps,
              endpoint.url,
              {
                'Content-Type': 'application/json',
                'User-Agent': 'patient-billing-portal-webhooks/1',
                'webhook-id': event.eventId,
                'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
                'webhook-signature': signatureHeader(secrets, event.eventId, at, body),
              },
              body,
            );
      const accepted = outcome.error === null;
      const givingUp = !accepted && (lastTry || at.getTime() - event.createdAt.getTime() >= GIVE_UP_AFTER_MS);
      await db
        .update(webhookDeliveries)
        .set({
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          lastAttemptAt: at,
          lastResponseStatus: outcome.status,
          lastError: outcome.error,
          ...(accepted ? { status: 'delivered' as const, finishedAt: at } : givingUp ? { status: 'failed' as const, finishedAt: at } : {}),
        })
        .where(eq(webhookDeliveries.id, delivery.id));
      if (accepted) delivered += 1;
      else if (!givingUp) throw new DeliveryRefused(delivery.id, outcome.error ?? 'refused');
    }
    // A short batch was the key's last: what came after it was handed to a job of its own.
    if (batch.length < DRAIN_BATCH) return delivered;
  }
}
