/**
 * The partner API for payments out, under /api/office/v1: the money the portal took (the
 * daily posting file), refunds and voids, and the webhooks that push each money event as it
 * happens. Every call carries one of the client's API keys, which names the client: a key reaches
 * its own client's data only. docs/payments-out.md explains the file, the events and signatures.
 */
import { defineEndpoint } from './endpoint';
import {
  paymentParamsSchema,
  postingsQuerySchema,
  refundHeadersSchema,
  refundRequestSchema,
  refundSchema,
  replaySchema,
  voidSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEndpointParamsSchema,
  webhookEndpointRequestSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookEventParamsSchema,
} from './payments-out';

export const getPostings = defineEndpoint({
  method: 'GET',
  path: '/office/v1/postings',
  summary: 'The posting file of a business day, as CSV: one row per money event and a trailer with their count and net total',
  description:
    'A business day runs from the previous day’s cut-off (21:30 by default, in the client’s time zone) to its own. Rows are in the order the money moved; ' +
    'the same day asked twice gives the same bytes once it has closed. docs/payments-out.md describes the columns.',
  access: { apiKeyScope: 'payments:read' },
  query: postingsQuerySchema,
  response: 'csv',
  examples: { response: "record_type,business_date,event_id,event_type,occurred_at,account_number,payment_reference,reference,applied_to,amount,net_amount,card_brand,card_last4,authorization_code,actor,event_count\r\nD,2026-11-26,evt_6bq3x2v7w4n5p3k2j7h4g5f6d7,payment.captured,2026-11-26T15:04:05.000Z,A-204518,P-K7Q2M9XW4T,P-K7Q2M9XW4T,SUN-300917=120.00,120.00,120.00,visa,4242,3F9A1C,patient,\r\nT,2026-11-26,,,,,,,,,120.00,,,,,1\r\n" },
});

export const postRefund = defineEndpoint({
  method: 'POST',
  path: '/office/v1/payments/{confirmationNumber}/refunds',
  summary: 'Refunds part or all of a payment to its card; the invoices’ balances rise again and the payer is emailed',
  description:
    'One Idempotency-Key for one refund: the same key and body again answer the first refund (200); the same key with another body is 409 idempotencyKeyReused. ' +
    'Refunds of one payment never add up to more than it: 422 amountExceedsRefundable; 409 paymentVoided for a voided payment; 404 notFound for another client’s.',
  access: { apiKeyScope: 'refunds:write' },
  params: paymentParamsSchema,
  headers: refundHeadersSchema,
  json: refundRequestSchema,
  response: refundSchema,
  successStatus: 201,
  refusals: { 404: 'notFound: the key’s client has no such payment', 409: 'idempotencyKeyReused (the key with another body); paymentVoided', 422: 'amountExceedsRefundable: more than is left of the payment' },
  examples: {
    request: { amountCents: 2500, reason: 'Billed twice for one visit' },
    response: {"refundNumber": "R-4M2XQ7K9WB", "eventId": "evt_2mk4q7x3v5n6p2b3c4d5f6g7h2", "amountCents": 2500, "reason": "Billed twice for one visit", "refundedAt": "2026-11-27T16:20:00.000Z", "lines": [{"invoiceNumber": "SUN-300917", "amountCents": 2500}], "payment": {"confirmationNumber": "P-K7Q2M9XW4T", "totalCents": 12000, "refundedCents": 2500, "refundableCents": 9500, "voided": false}},
  },
});

export const postVoid = defineEndpoint({
  method: 'POST',
  path: '/office/v1/payments/{confirmationNumber}/void',
  summary: 'Voids a payment while its business day is open: the card is not charged, the balances rise again, the payer is emailed',
  description: 'Voiding a voided payment answers the void again (200). 409 paymentSettled once its business day has closed (refund it instead); 409 paymentRefunded when part of it was refunded.',
  access: { apiKeyScope: 'refunds:write' },
  params: paymentParamsSchema,
  response: voidSchema,
  refusals: { 404: 'notFound: the key’s client has no such payment', 409: 'paymentSettled (its business day has closed: refund it instead); paymentRefunded (part of it was refunded)' },
  examples: { response: {"eventId": "evt_7h2g3f4d5c6b7n2m3k4j5h6g7f", "voidedAt": "2026-11-26T16:00:00.000Z", "amountCents": 12000, "payment": {"confirmationNumber": "P-K7Q2M9XW4T", "totalCents": 12000, "refundedCents": 12000, "refundableCents": 0, "voided": true}} },
});

export const getWebhookEndpoints = defineEndpoint({
  method: 'GET',
  path: '/office/v1/webhooks/endpoints',
  summary: 'The client’s webhook endpoints (without their secrets)',
  access: { apiKeyScope: 'payments:read' },
  response: webhookEndpointListSchema,
  examples: { response: {"endpoints": [{"id": 3, "url": "https://billing.example.com/portal-hooks", "description": "Posting bridge", "eventTypes": ["payment.captured", "payment.refunded", "payment.voided"], "createdAt": "2026-11-20T09:00:00.000Z", "disabledAt": null, "previousSecretExpiresAt": null}]} },
});

export const postWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/office/v1/webhooks/endpoints',
  summary: 'Adds a webhook endpoint; answers it with its whsec_ signing secret, shown this once',
  access: { apiKeyScope: 'webhooks:write' },
  json: webhookEndpointRequestSchema,
  response: webhookEndpointWithSecretSchema,
  successStatus: 201,
  refusals: {
    422: 'webhookUrlNotAllowed, with the reason in fields.url: schemeNotAllowed (https only), credentialsNotAllowed (no user or password in it), addressNotAllowed (the portal’s own machine or a private, link-local, unique-local, multicast or metadata address, in any notation; docs/payments-out.md)',
  },
  examples: {
    request: {"url": "https://billing.example.com/portal-hooks", "description": "Posting bridge", "eventTypes": ["payment.captured", "payment.refunded", "payment.voided"]},
    response: {"id": 3, "url": "https://billing.example.com/portal-hooks", "description": "Posting bridge", "eventTypes": ["payment.captured", "payment.refunded", "payment.voided"], "createdAt": "2026-11-20T09:00:00.000Z", "disabledAt": null, "previousSecretExpiresAt": null, "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwAbCdEfGhIjK="},
  },
});

export const postWebhookEndpointRotation = defineEndpoint({
  method: 'POST',
  path: '/office/v1/webhooks/endpoints/{id}/rotate',
  summary: 'Gives the endpoint a new secret; each secret rotated out signs too for 24 hours after its rotation (each delivery carries a signature per secret)',
  description:
    'Only the key that added the endpoint may rotate it and read the new secret: an endpoint another key, a staff member (the console) or the operator added answers 403 forbidden, and nothing changes (its office admins rotate it in the console).',
  access: { apiKeyScope: 'webhooks:write' },
  params: webhookEndpointParamsSchema,
  response: webhookEndpointWithSecretSchema,
  examples: { response: {"id": 3, "url": "https://billing.example.com/portal-hooks", "description": "Posting bridge", "eventTypes": ["payment.captured", "payment.refunded", "payment.voided"], "createdAt": "2026-11-20T09:00:00.000Z", "disabledAt": null, "previousSecretExpiresAt": "2026-11-28T09:00:00.000Z", "secret": "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD5x6l0xZTqUs="} },
});

export const postWebhookEndpointDisable = defineEndpoint({
  method: 'POST',
  path: '/office/v1/webhooks/endpoints/{id}/disable',
  summary: 'Stops sending to the endpoint: its pending deliveries fail, new events skip it',
  access: { apiKeyScope: 'webhooks:write' },
  params: webhookEndpointParamsSchema,
  response: webhookEndpointSchema,
  examples: { response: {"id": 3, "url": "https://billing.example.com/portal-hooks", "description": "Posting bridge", "eventTypes": ["payment.captured", "payment.refunded", "payment.voided"], "createdAt": "2026-11-20T09:00:00.000Z", "disabledAt": "2026-11-27T10:00:00.000Z", "previousSecretExpiresAt": null} },
});

export const getWebhookDeliveries = defineEndpoint({
  method: 'GET',
  path: '/office/v1/webhooks/deliveries',
  summary: 'The last 200 deliveries, newest first; ?status=failed for those that gave up after 48 hours',
  description: 'Each says whether it was delivered and how often it was tried, never what the receiver answered.',
  access: { apiKeyScope: 'payments:read' },
  query: webhookDeliveriesQuerySchema,
  response: webhookDeliveryListSchema,
  examples: { response: {"deliveries": [{"id": 81, "eventId": "evt_2mk4q7x3v5n6p2b3c4d5f6g7h2", "eventType": "payment.refunded", "endpointId": 3, "status": "failed", "attempts": 57, "lastAttemptAt": "2026-11-29T16:19:00.000Z", "createdAt": "2026-11-27T16:20:00.000Z", "finishedAt": "2026-11-29T16:19:00.000Z"}]} },
});

export const postWebhookReplay = defineEndpoint({
  method: 'POST',
  path: '/office/v1/webhooks/events/{eventId}/replay',
  summary: 'Sends an event again to every live endpoint that takes its type, with the same webhook-id (receivers deduplicate by it)',
  access: { apiKeyScope: 'webhooks:write' },
  params: webhookEventParamsSchema,
  response: replaySchema,
  successStatus: 202,
  refusals: { 404: 'notFound: the key’s client has no such event' },
  examples: { response: { deliveries: 1 } },
});
