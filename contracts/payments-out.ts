/**
 * The billing office's side of the money (key-authenticated, under /api/office/v1): the daily
 * posting file, refunds and voids, and the webhook endpoints with their deliveries. Only the
 * server and the API's reference read these; the SPA never loads them.
 */
import * as v from 'valibot';
import { calendarDaySchema, FIRST_DAY, LAST_DAY } from './bounds';
import { idempotencyKeyPattern } from './payment-request';
import { optionalText } from './text';

const described = <S extends v.GenericSchema>(schema: S, description: string) => v.pipe(schema, v.description(description));

/** The webhook event types a receiver may subscribe to. */
export const webhookEventTypes = ['payment.captured', 'payment.refunded', 'payment.voided', 'statement.imported'] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
/** The event the console sends to try one endpoint: delivered to that endpoint only, never subscribed to. */
export const webhookTestEventType = 'webhook.test';
/** Every type an event sent may have: those a receiver subscribes to, and the test event. */
export const webhookSentEventTypes = [...webhookEventTypes, webhookTestEventType] as const;
export type WebhookSentEventType = (typeof webhookSentEventTypes)[number];

/** GET /office/v1/postings's query. */
export const postingsQuerySchema = v.object({
  date: described(calendarDaySchema, `The business day (YYYY-MM-DD, ${FIRST_DAY} to ${LAST_DAY}): the money events after the previous day’s cut-off and before this day’s.`),
});

/** A payment named in a path: its confirmation number. */
export const paymentParamsSchema = v.object({
  confirmationNumber: v.pipe(v.string(), v.regex(/^P-[A-Z2-7]{10}$/)),
});

/** Refunds and voids are made once per key, like payments. */
export const refundHeadersSchema = v.object({ 'Idempotency-Key': v.pipe(v.string(), v.regex(idempotencyKeyPattern)) });

/** POST /office/v1/payments/{confirmationNumber}/refunds's body. */
export const refundRequestSchema = v.object({
  amountCents: described(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647)), 'What to give back, in cents; at most what is left of the payment.'),
  reason: v.optional(described(optionalText(500), 'Why, for the office’s own records (never sent to the payer).'), ''),
});
export type RefundRequest = v.InferOutput<typeof refundRequestSchema>;

/** Where a payment stands after a refund or a void. */
const paymentStandingSchema = v.object({
  confirmationNumber: v.string(),
  totalCents: v.number(),
  refundedCents: described(v.number(), 'Given back so far, by refunds or a void.'),
  refundableCents: described(v.number(), 'What a refund may still give back.'),
  voided: v.boolean(),
});

/** A refund made (201), or the same refund again for a repeated key (200). */
export const refundSchema = v.object({
  refundNumber: described(v.string(), 'The refund’s own reference (R-…).'),
  eventId: described(v.string(), 'The money event (and webhook-id) that reports it.'),
  amountCents: v.number(),
  reason: v.string(),
  refundedAt: v.string(),
  lines: described(v.array(v.object({ invoiceNumber: v.string(), amountCents: v.number() })), 'Each invoice whose balance rose, and by how much.'),
  payment: paymentStandingSchema,
});
export type RefundAnswer = v.InferOutput<typeof refundSchema>;

/** A payment voided before its business day closed. */
export const voidSchema = v.object({
  eventId: v.string(),
  voidedAt: v.string(),
  amountCents: v.number(),
  payment: paymentStandingSchema,
});
export type VoidAnswer = v.InferOutput<typeof voidSchema>;

/**
 * Why an endpoint's address is refused (422 webhookUrlNotAllowed, in `fields.url`): not https, a
 * user or password in it, or a host on the portal's own machine or a private network.
 */
export const webhookUrlProblems = ['schemeNotAllowed', 'credentialsNotAllowed', 'addressNotAllowed'] as const;
export type WebhookUrlProblem = (typeof webhookUrlProblems)[number];

/** POST /office/v1/webhooks/endpoints's body. */
export const webhookEndpointRequestSchema = v.object({
  url: described(
    v.pipe(v.string(), v.trim(), v.maxLength(2000), v.url(), v.regex(/^https?:\/\//)),
    'Where events are POSTed: https, to a host on the public internet (not the portal’s own machine, a private network, link-local or a metadata address, in any notation), without a user or password.',
  ),
  description: v.optional(optionalText(200), ''),
  eventTypes: v.optional(described(v.pipe(v.array(v.picklist(webhookEventTypes)), v.maxLength(webhookEventTypes.length)), 'The events to send; none listed: all of them.'), []),
});

export const webhookEndpointSchema = v.object({
  id: v.number(),
  url: v.string(),
  description: v.string(),
  eventTypes: v.array(v.picklist(webhookEventTypes)),
  createdAt: v.string(),
  disabledAt: v.nullable(v.string()),
  /** Until when the last secret rotated out signs too (each signs for 24 hours after its rotation); null when none does. */
  previousSecretExpiresAt: v.nullable(v.string()),
});
export type WebhookEndpointView = v.InferOutput<typeof webhookEndpointSchema>;

/** An endpoint as made or rotated: with its signing secret, shown this once. */
export const webhookEndpointWithSecretSchema = v.object({
  ...webhookEndpointSchema.entries,
  secret: described(v.string(), 'The whsec_ signing secret: shown once; keep it with the receiver.'),
});

export const webhookEndpointListSchema = v.object({ endpoints: v.array(webhookEndpointSchema) });

export const webhookEndpointParamsSchema = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliveriesQuerySchema = v.object({
  status: v.optional(v.picklist(webhookDeliveryStatuses)),
});

/**
 * A delivery as the office sees it: whether it was delivered, and how often it was tried; never
 * what the receiver answered (its status, its body, or why it could not be reached), which would
 * tell an office about hosts it cannot see itself.
 */
export const webhookDeliverySchema = v.object({
  id: v.number(),
  eventId: v.string(),
  eventType: v.picklist(webhookSentEventTypes),
  endpointId: v.number(),
  status: described(v.picklist(webhookDeliveryStatuses), 'delivered (answered 2xx), failed (not accepted for 48 hours, or the endpoint disabled), or pending (not tried yet, or tried and to be tried again).'),
  attempts: v.number(),
  lastAttemptAt: v.nullable(v.string()),
  createdAt: v.string(),
  finishedAt: v.nullable(v.string()),
});
export type WebhookDeliveryView = v.InferOutput<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = v.object({ deliveries: v.array(webhookDeliverySchema) });

export const webhookEventParamsSchema = v.object({ eventId: v.pipe(v.string(), v.regex(/^evt_[a-z2-7]{26}$/)) });

/** A replay: the new deliveries made for the event. */
export const replaySchema = v.object({ deliveries: v.number() });
