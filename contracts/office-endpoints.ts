/**
 * The billing office's API, under /api/office/v1: a client's billing system sends its statements
 * (bills in) and reads each import's report; it reads the money the portal took (the posting
 * file), refunds and voids payments, and manages the webhooks that push each money event (payments out). Every call carries one of the client's API keys
 * (`Authorization: Bearer pbp_…`), which names the client: a key reaches its own client's data only.
 */
import { defineEndpoint } from './endpoint';
import { importIdParamsSchema, importListSchema, importReportSchema, jsonStatementSchema, statementImportQuerySchema } from './office';
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

export const postStatement = defineEndpoint({
  method: 'POST',
  path: '/office/v1/statements',
  summary: 'Imports a statement: a CSV file (text/csv) or a JSON statement (application/json)',
  description:
    'The same checks and the same upsert for both (docs/statement-format.md describes the CSV). Each row is checked, and refused alone with its line and reason; ' +
    'an account with a refused row is left as it was, every other account lands at once. Answers 201 with the report; 422 with the report when the file is ' +
    'refused whole (its header, its encoding, its size, or an exact repeat of an imported file), having changed nothing. At most 256 MB (CSV) or 16 MB (JSON).',
  access: { apiKeyScope: 'bills:write' },
  query: statementImportQuerySchema,
  statementBody: jsonStatementSchema,
  response: importReportSchema,
});

export const getImports = defineEndpoint({
  method: 'GET',
  path: '/office/v1/imports',
  summary: 'The client’s last 50 imports, newest first, without their problems',
  access: { apiKeyScope: 'bills:write' },
  response: importListSchema,
});

export const getImport = defineEndpoint({
  method: 'GET',
  path: '/office/v1/imports/{id}',
  summary: 'An import’s report, with its first 1,000 refused rows',
  description: '404 notFound for an import of another client.',
  access: { apiKeyScope: 'bills:write' },
  params: importIdParamsSchema,
  response: importReportSchema,
});

export const getImportProblems = defineEndpoint({
  method: 'GET',
  path: '/office/v1/imports/{id}/problems.csv',
  summary: 'Every row an import refused, as CSV: line, location, column, code, reason',
  description: 'Cells a spreadsheet would run as a formula are written with a leading apostrophe. 404 notFound for an import of another client.',
  access: { apiKeyScope: 'bills:write' },
  params: importIdParamsSchema,
  response: 'csv',
});

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
});

export const postVoid = defineEndpoint({
  method: 'POST',
  path: '/office/v1/payments/{confirmationNumber}/void',
  summary: 'Voids a payment while its business day is open: the card is not charged, the balances rise again, the payer is emailed',
  description: 'Voiding a voided payment answers the void again (200). 409 paymentSettled once its business day has closed (refund it instead); 409 paymentRefunded when part of it was refunded.',
  access: { apiKeyScope: 'refunds:write' },
  params: paymentParamsSchema,
  response: voidSchema,
});

export const getWebhookEndpoints = defineEndpoint({
  method: 'GET',
  path: '/office/v1/webhooks/endpoints',
  summary: 'The client’s webhook endpoints (without their secrets)',
  access: { apiKeyScope: 'payments:read' },
  response: webhookEndpointListSchema,
});

export const postWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/office/v1/webhooks/endpoints',
  summary: 'Adds a webhook endpoint; answers it with its whsec_ signing secret, shown this once',
  access: { apiKeyScope: 'payments:read' },
  json: webhookEndpointRequestSchema,
  response: webhookEndpointWithSecretSchema,
});

export const postWebhookEndpointRotation = defineEndpoint({
  method: 'POST',
  path: '/office/v1/webhooks/endpoints/{id}/rotate',
  summary: 'Gives the endpoint a new secret; the previous one signs too for 24 hours (each delivery carries both signatures)',
  access: { apiKeyScope: 'payments:read' },
  params: webhookEndpointParamsSchema,
  response: webhookEndpointWithSecretSchema,
});

export const postWebhookEndpointDisable = defineEndpoint({
  method: 'POST',
  path: '/office/v1/webhooks/endpoints/{id}/disable',
  summary: 'Stops sending to the endpoint: its pending deliveries fail, new events skip it',
  access: { apiKeyScope: 'payments:read' },
  params: webhookEndpointParamsSchema,
  response: webhookEndpointSchema,
});

export const getWebhookDeliveries = defineEndpoint({
  method: 'GET',
  path: '/office/v1/webhooks/deliveries',
  summary: 'The last 200 deliveries, newest first; ?status=failed for those that gave up after 48 hours',
  access: { apiKeyScope: 'payments:read' },
  query: webhookDeliveriesQuerySchema,
  response: webhookDeliveryListSchema,
});

export const postWebhookReplay = defineEndpoint({
  method: 'POST',
  path: '/office/v1/webhooks/events/{eventId}/replay',
  summary: 'Sends an event again to every live endpoint that takes its type, with the same webhook-id (receivers deduplicate by it)',
  access: { apiKeyScope: 'payments:read' },
  params: webhookEventParamsSchema,
  response: replaySchema,
});
