/**
 * A client's webhook endpoints: added with a `whsec_` signing secret (shown once), rotated (each
 * secret rotated out keeps signing for a day, so a receiver switches at its own pace; a key reads
 * only the secrets of endpoints it added), disabled; the deliveries, whether each was delivered
 * and never what the receiver answered; and replays, which deliver an event again with its own id.
 * Every query is scoped by the caller's client. The secrets are stored sealed (`secrets`, the
 * server's box; server/security/stored-secrets.ts) and are plain only in memory.
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import {
  webhookTestEventType,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookSentEventType,
  type WebhookUrlProblem,
  type webhookDeliveryStatuses,
  type webhookEndpointRequestSchema,
} from '@contracts/payments-out';
import type * as v from 'valibot';
import type { Database } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents, type RetiredWebhookSecret } from '../../db/schema';
import type { SecretBox } from '../../security/secret-box';
import { openOrNull, reserveIds, secretPurpose } from '../../security/stored-secrets';
import { webhookUrlProblem } from './webhook-address';
import { queueDeliveries, queueWebhookEvent, testOrderKey } from './webhook-events';

/** How long a rotated-out secret keeps signing. */
export const PREVIOUS_SECRET_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A new signing secret: `whsec_` and 32 random bytes in base64, as the Standard Webhooks libraries read it. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The secrets rotated out that still sign at `at`, each until its own expiry. */
export function liveRetiredSecrets(retired: readonly RetiredWebhookSecret[], at: Date): RetiredWebhookSecret[] {
  return retired.filter((each) => new Date(each.expiresAt).getTime() > at.getTime());
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** An endpoint as listed at `at`: until when the last secret rotated out still signs (null: none does). */
function view(row: EndpointRow, at: Date): WebhookEndpointView {
  const lastExpiry = Math.max(...liveRetiredSecrets(row.previousSecrets, at).map((each) => new Date(each.expiresAt).getTime()));
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
    previousSecretExpiresAt: Number.isFinite(lastExpiry) ? new Date(lastExpiry).toISOString() : null,
  };
}

function deliveryView({ delivery, eventId, eventType }: { delivery: typeof webhookDeliveries.$inferSelect; eventId: string; eventType: WebhookSentEventType }): WebhookDeliveryView {
  return {
    id: delivery.id,
    eventId,
    eventType,
    endpointId: delivery.endpointId,
    status: delivery.status,
    attempts: delivery.attempts,
    lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
    createdAt: delivery.createdAt.toISOString(),
    finishedAt: delivery.finishedAt?.toISOString() ?? null,
  };
}

export function createWebhookEndpointsService({
  db,
  now,
  secrets,
  allowPrivateAddresses = false,
}: {
  db: Database;
  now: () => Date;
  /** Seals the signing secrets for the database and opens them. */
  secrets: SecretBox;
  /** Development and tests only (WEBHOOKS_ALLOW_PRIVATE): endpoints over plain http, on this machine or a private network. */
  allowPrivateAddresses?: boolean;
}) {
  /** Deliveries with their event's id and type, to be narrowed. */
  const deliveryRows = () =>
    db
      .select({ delivery: webhookDeliveries, eventId: webhookEvents.eventId, eventType: webhookEvents.type })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, and(eq(webhookEvents.clientId, webhookDeliveries.clientId), eq(webhookEvents.id, webhookDeliveries.eventId)))
      .$dynamic();

  return {
    /**
     * Adds an endpoint, made by the key `apiKeyId` (none: a staff member or the operator); or why
     * its address may not be called (webhook-address.ts).
     */
    async create(
      clientId: number,
      request: v.InferOutput<typeof webhookEndpointRequestSchema>,
      { apiKeyId = null }: { apiKeyId?: number | null } = {},
    ): Promise<(WebhookEndpointView & { secret: string }) | { refused: WebhookUrlProblem }> {
      const refused = webhookUrlProblem(request.url, { allowPrivate: allowPrivateAddresses });
      if (refused) return { refused };
      const secret = newWebhookSecret();
      const at = now();
      // The row's id first: the secret is sealed for its row.
      const [id] = await reserveIds(db, 'webhook_endpoints', 1);
      if (id === undefined) throw new Error('No id was reserved for a webhook endpoint');
      const [row] = await db
        .insert(webhookEndpoints)
        .values({
          id,
          clientId,
          url: request.url,
          description: request.description,
          eventTypes: [...new Set(request.eventTypes)],
          secret: secrets.seal(secret, secretPurpose.webhookSecret(id)),
          createdAt: at,
          createdByApiKeyId: apiKeyId,
        })
        .returning();
      if (!row) throw new Error('A webhook endpoint was not written');
      return { ...view(row, at), secret };
    },

    async list(clientId: number): Promise<WebhookEndpointView[]> {
      const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.clientId, clientId)).orderBy(webhookEndpoints.id);
      const at = now();
      return rows.map((row) => view(row, at));
    },

    /**
     * A new secret for a live endpoint of the client, answered to whoever asked. The one it
     * replaces signs beside it for a day, and so does every other secret rotated out that still
     * has some of its own day left (a second rotation never cuts the first one's day short). A key (`apiKeyId`) may rotate only an endpoint it added itself: it
     * never reads a secret of an endpoint another key, a staff member or the operator made
     * (`notYours`, and nothing changes). Staff and the operator (`apiKeyId` null) rotate any.
     * A secret that no longer opens (its key lost) cannot sign, so it is not kept: rotating is how
     * an endpoint recovers from a lost SECRETS_KEY.
     */
    async rotate(clientId: number, id: number, { apiKeyId }: { apiKeyId: number | null }): Promise<(WebhookEndpointView & { secret: string }) | { refused: 'notFound' | 'notYours' }> {
      return db.transaction(async (tx) => {
        const live = and(eq(webhookEndpoints.clientId, clientId), eq(webhookEndpoints.id, id), isNull(webhookEndpoints.disabledAt));
        const [endpoint] = await tx
          .select({ createdByApiKeyId: webhookEndpoints.createdByApiKeyId, secret: webhookEndpoints.secret, previousSecrets: webhookEndpoints.previousSecrets })
          .from(webhookEndpoints)
          .where(live)
          .for('update');
        if (!endpoint) return { refused: 'notFound' as const };
        if (apiKeyId !== null && endpoint.createdByApiKeyId !== apiKeyId) return { refused: 'notYours' as const };
        const at = now();
        const retiring = openOrNull(secrets, endpoint.secret, secretPurpose.webhookSecret(id));
        const expiresAt = new Date(at.getTime() + PREVIOUS_SECRET_LIFETIME_MS).toISOString();
        const previousSecrets = [
          ...liveRetiredSecrets(endpoint.previousSecrets, at).filter((each) => openOrNull(secrets, each.secret, secretPurpose.retiredWebhookSecret(id)) !== null),
          ...(retiring === null ? [] : [{ secret: secrets.seal(retiring, secretPurpose.retiredWebhookSecret(id)), expiresAt }]),
        ];
        const secret = newWebhookSecret();
        const [row] = await tx.update(webhookEndpoints).set({ previousSecrets, secret: secrets.seal(secret, secretPurpose.webhookSecret(id)) }).where(live).returning();
        if (!row) throw new Error('A webhook endpoint locked for its rotation was not updated');
        return { ...view(row, at), secret };
      });
    },

    /** Stops sending to the endpoint: its pending deliveries fail. Null when the client has no such endpoint. */
    async disable(clientId: number, id: number): Promise<WebhookEndpointView | null> {
      return db.transaction(async (tx) => {
        const at = now();
        const [row] = await tx
          .update(webhookEndpoints)
          .set({ disabledAt: sql`coalesce(${webhookEndpoints.disabledAt}, ${at})` })
          .where(and(eq(webhookEndpoints.clientId, clientId), eq(webhookEndpoints.id, id)))
          .returning();
        if (!row) return null;
        await tx
          .update(webhookDeliveries)
          .set({ status: 'failed', finishedAt: at, lastError: 'The endpoint was disabled' })
          .where(and(eq(webhookDeliveries.clientId, clientId), eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')));
        return view(row, at);
      });
    },

    /** The client's last 200 deliveries, newest first, of one status or all. */
    async deliveries(clientId: number, status?: (typeof webhookDeliveryStatuses)[number]): Promise<WebhookDeliveryView[]> {
      const rows = await deliveryRows()
        .where(and(eq(webhookDeliveries.clientId, clientId), status ? eq(webhookDeliveries.status, status) : undefined))
        .orderBy(desc(webhookDeliveries.id))
        .limit(200);
      return rows.map(deliveryView);
    },

    /**
     * The client's failing deliveries: those that gave up, and those still retried after a failed
     * attempt. How many, and the newest `newest` of them.
     */
    async failing(clientId: number, newest: number): Promise<{ count: number; newest: WebhookDeliveryView[] }> {
      const failing = and(
        eq(webhookDeliveries.clientId, clientId),
        or(eq(webhookDeliveries.status, 'failed'), and(eq(webhookDeliveries.status, 'pending'), gt(webhookDeliveries.attempts, 0))),
      );
      const [rows, [total]] = await Promise.all([
        deliveryRows().where(failing).orderBy(desc(webhookDeliveries.id)).limit(newest),
        db.select({ n: count() }).from(webhookDeliveries).where(failing),
      ]);
      return { count: total?.n ?? 0, newest: rows.map(deliveryView) };
    },

    /**
     * Sends a `webhook.test` event to the client's endpoint, and to no other, through the same
     * deliveries as every event (signed, retried, listed, replayable). Null when the client has no
     * such endpoint; 'disabled' for a disabled one.
     */
    async sendTest(clientId: number, id: number): Promise<{ eventId: string; deliveries: number } | 'disabled' | null> {
      return db.transaction(async (tx) => {
        const [endpoint] = await tx
          .select({ disabledAt: webhookEndpoints.disabledAt })
          .from(webhookEndpoints)
          .where(and(eq(webhookEndpoints.clientId, clientId), eq(webhookEndpoints.id, id)));
        if (!endpoint) return null;
        if (endpoint.disabledAt) return 'disabled';
        const eventId = await queueWebhookEvent(tx, {
          clientId,
          type: webhookTestEventType,
          orderKey: testOrderKey(id),
          data: { endpointId: id, message: 'A test event sent from the billing office’s console.' },
          createdAt: now(),
        });
        return { eventId, deliveries: 1 };
      });
    },

    /**
     * Delivers the client's event again to every live endpoint that takes its type (after what is
     * pending for the same account); null when the client has no such event, else how many deliveries.
     */
    async replay(clientId: number, eventId: string): Promise<number | null> {
      const [event] = await db
        .select({ id: webhookEvents.id, type: webhookEvents.type, orderKey: webhookEvents.orderKey })
        .from(webhookEvents)
        .where(and(eq(webhookEvents.clientId, clientId), eq(webhookEvents.eventId, eventId)));
      if (!event) return null;
      return queueDeliveries(db, { clientId, eventRowId: event.id, type: event.type, orderKey: event.orderKey, at: now() });
    },
  };
}

export type WebhookEndpointsService = ReturnType<typeof createWebhookEndpointsService>;
