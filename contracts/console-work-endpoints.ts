/**
 * The console's office work, under /api/console/ (the staff session's cookie and the anti-forgery
 * token, the session's client only): Today, Patients, Payments, Imports and Integrations. Reading
 * is every staff member's; helping patients, refunds and imports are billing staff's and office
 * admins'; integrations (API keys, webhooks) are office admins'. Every call that changes
 * something, and every reading of patients' data (Today, a search, an account, a payment list, an
 * import's refused rows), is recorded in the audit trail with its outcome; something of another
 * client is a 404, as if it did not exist.
 */
import { anyStaff, billingStaff, officeAdmins } from './console';
import {
  accountParamsSchema,
  accountSearchQuerySchema,
  accountSearchSchema,
  accountUserParamsSchema,
  accountViewSchema,
  apiKeyListSchema,
  apiKeyParamsSchema,
  apiKeySchema,
  consoleDeliveryListSchema,
  consoleImportQuerySchema,
  consoleRefundRequestSchema,
  createApiKeyRequestSchema,
  helpOutcomeSchema,
  importParamsSchema,
  newApiKeySchema,
  describedPaymentSearchQuerySchema,
  paymentSearchSchema,
  statementPdfQuerySchema,
  testEventSchema,
  todaySchema,
  MAX_CONSOLE_STATEMENT_BYTES,
} from './console-work';
import { defineEndpoint } from './endpoint';
import { importListSchema, importReportSchema } from './partner-api';
import {
  paymentParamsSchema,
  refundHeadersSchema,
  refundSchema,
  replaySchema,
  webhookDeliveriesQuerySchema,
  webhookEndpointListSchema,
  webhookEndpointParamsSchema,
  webhookEndpointRequestSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookEventParamsSchema,
} from './payments-out';

// Today.

export const getToday = defineEndpoint({
  method: 'GET',
  path: '/console/today',
  summary: 'Today at a glance: the business day’s payments, refunds and voids with the running total, the last 5 imports, failing webhook deliveries, and who is locked out of signing in',
  description:
    'The business day is the postings’ (the client’s time zone, up to its cut-off). Locked out: a registered user of the client, or a guest account, whose failed sign-ins hold the next attempt back right now. ' +
    'Recorded in the audit trail as today.view (it shows patients’ accounts and emails).',
  access: { staffRoles: anyStaff, audit: 'today.view' },
  response: todaySchema,
});

// Patients.

export const searchAccounts = defineEndpoint({
  method: 'GET',
  path: '/console/accounts',
  summary: 'Finds the client’s accounts by account number, the holder’s name, a registered user’s email, or an invoice number (at most 50)',
  description: 'Recorded in the audit trail as account.search, with the words and how many accounts they found.',
  access: { staffRoles: anyStaff, audit: 'account.search' },
  query: accountSearchQuerySchema,
  response: accountSearchSchema,
});

export const getAccountView = defineEndpoint({
  method: 'GET',
  path: '/console/accounts/{accountNumber}',
  summary: 'An account as its patient sees it (open invoices with their lines, paid invoices, payments with their refunds, documents), with its registered users',
  description: 'Recorded in the audit trail as account.view, with the account. 404 notFound for an account of another client (recorded as refused).',
  access: { staffRoles: anyStaff, audit: 'account.view' },
  params: accountParamsSchema,
  response: accountViewSchema,
  refusals: { 404: 'notFound: the client has no such account' },
});

export const getAccountStatementPdf = defineEndpoint({
  method: 'GET',
  path: '/console/accounts/{accountNumber}/statement.pdf',
  summary: 'The account’s statement as its patient downloads it, as a PDF (en-US unless asked)',
  description: 'Recorded in the audit trail as account.statement.',
  access: { staffRoles: anyStaff, audit: 'account.statement' },
  params: accountParamsSchema,
  query: statementPdfQuerySchema,
  response: 'pdf',
  refusals: { 404: 'notFound: the client has no such account' },
});

export const resendActivationLink = defineEndpoint({
  method: 'POST',
  path: '/console/accounts/{accountNumber}/users/{userId}/activation-link',
  summary: 'Emails a registered user who has not activated yet a new activation link (the older one stops working)',
  description: '429 tooManyRequests with Retry-After when the address had 3 registration emails in 15 minutes.',
  access: { staffRoles: billingStaff, audit: 'patient.resendActivation' },
  params: accountUserParamsSchema,
  response: helpOutcomeSchema,
  refusals: { 404: 'notFound: no such registered user of the client’s account', 409: 'alreadyActivated: the user has activated already' },
});

export const endUserSessionsOfAccount = defineEndpoint({
  method: 'POST',
  path: '/console/accounts/{accountNumber}/users/{userId}/end-sessions',
  summary: 'Signs a registered user of the account out on every device; answers how many sessions ended',
  access: { staffRoles: billingStaff, audit: 'patient.endSessions' },
  params: accountUserParamsSchema,
  response: helpOutcomeSchema,
  refusals: { 404: 'notFound: no such registered user of the client’s account' },
});

export const clearSignInLock = defineEndpoint({
  method: 'POST',
  path: '/console/accounts/{accountNumber}/users/{userId}/clear-lock',
  summary: 'Forgets a registered user’s failed sign-ins, so they may try again at once; answers how many were forgotten',
  access: { staffRoles: billingStaff, audit: 'patient.clearLock' },
  params: accountUserParamsSchema,
  response: helpOutcomeSchema,
  refusals: { 404: 'notFound: no such registered user of the client’s account' },
});

// Payments.

export const searchPayments = defineEndpoint({
  method: 'GET',
  path: '/console/payments',
  summary: 'The client’s payments, newest first, 50 a page, found by days paid, account, amount and card’s last four',
  description: 'Recorded in the audit trail as payments.search, with the search and its page.',
  access: { staffRoles: anyStaff, audit: 'payments.search' },
  query: describedPaymentSearchQuerySchema,
  response: paymentSearchSchema,
});

export const getPaymentsCsv = defineEndpoint({
  method: 'GET',
  path: '/console/payments.csv',
  summary: 'The same search, every page, as CSV (spreadsheet-safe); recorded as payments.export',
  access: { staffRoles: anyStaff, audit: 'payments.export' },
  query: describedPaymentSearchQuerySchema,
  response: 'csv',
});

export const refundPayment = defineEndpoint({
  method: 'POST',
  path: '/console/payments/{confirmationNumber}/refunds',
  summary: 'Refunds part or all of a payment to its card, with a reason; the invoices’ balances rise again and the payer is emailed',
  description:
    'The console sends an Idempotency-Key per refund it means: the same key and body again answer the first refund (200), the same key with another body is 409 idempotencyKeyReused. ' +
    'Refunds never add up to more than the payment (422 amountExceedsRefundable); 400 invalidRequest for an amount that is not a whole number of cents from 1, or no reason.',
  access: { staffRoles: billingStaff, audit: 'payment.refund' },
  params: paymentParamsSchema,
  headers: refundHeadersSchema,
  json: consoleRefundRequestSchema,
  response: refundSchema,
  successStatus: 201,
  refusals: {
    404: 'notFound: the client has no such payment',
    409: 'idempotencyKeyReused (the key with another body); paymentVoided',
    422: 'amountExceedsRefundable: more than is left of the payment',
  },
});

// Imports.

export const uploadStatement = defineEndpoint({
  method: 'POST',
  path: '/console/imports',
  summary: 'Imports a statement file (text/csv, streamed, at most 64 MB) through the same pipeline as the command and the API; answers its report when done',
  description:
    'Answers 201 with the report, or 422 with it when the file is refused whole (its header, its encoding, its size, an exact repeat of an imported file), having changed nothing; 415 invalidRequest for another type, 413 over the size. ' +
    'While it runs, GET /console/imports/{id} (its id is the newest in GET /console/imports, status running) shows the rows read so far.',
  access: { staffRoles: billingStaff, audit: 'statement.import' },
  query: consoleImportQuerySchema,
  csvBody: 'A statement file as the office’s billing system writes it: docs/statement-format.md lists its columns.',
  maxBodyBytes: MAX_CONSOLE_STATEMENT_BYTES,
  response: importReportSchema,
  successStatus: 201,
});

export const listImports = defineEndpoint({
  method: 'GET',
  path: '/console/imports',
  summary: 'The client’s last 50 imports, newest first (a running one with its rows read so far)',
  access: { staffRoles: anyStaff },
  response: importListSchema,
});

export const getImportReport = defineEndpoint({
  method: 'GET',
  path: '/console/imports/{id}',
  summary: 'An import’s report with its first 1,000 refused rows; poll it while its status is running for the rows read so far',
  description: 'Recorded in the audit trail as import.view (the refused rows quote patients’ names and addresses).',
  access: { staffRoles: anyStaff, audit: 'import.view' },
  params: importParamsSchema,
  response: importReportSchema,
  refusals: { 404: 'notFound: the client has no such import' },
});

export const getImportProblemsCsv = defineEndpoint({
  method: 'GET',
  path: '/console/imports/{id}/problems.csv',
  summary: 'Every row an import refused, as CSV (spreadsheet-safe): line, location, column, code, reason',
  description: 'Recorded in the audit trail as import.problems (the refused rows quote patients’ names and addresses).',
  access: { staffRoles: anyStaff, audit: 'import.problems' },
  params: importParamsSchema,
  response: 'csv',
  refusals: { 404: 'notFound: the client has no such import' },
});

// Integrations: API keys.

export const listApiKeys = defineEndpoint({
  method: 'GET',
  path: '/console/api-keys',
  summary: 'The client’s API keys, newest first, revoked ones too (never the keys themselves)',
  access: { staffRoles: officeAdmins },
  response: apiKeyListSchema,
});

export const createApiKey = defineEndpoint({
  method: 'POST',
  path: '/console/api-keys',
  summary: 'Makes an API key with the scopes given; the key is in this answer only',
  access: { staffRoles: officeAdmins, audit: 'apiKey.create' },
  json: createApiKeyRequestSchema,
  response: newApiKeySchema,
  successStatus: 201,
});

export const revokeApiKey = defineEndpoint({
  method: 'POST',
  path: '/console/api-keys/{prefix}/revoke',
  summary: 'Revokes a key: its next call is refused (401), and a call under way ends as it would have',
  access: { staffRoles: officeAdmins, audit: 'apiKey.revoke' },
  params: apiKeyParamsSchema,
  response: apiKeySchema,
  refusals: { 404: 'notFound: the client has no such live key' },
});

// Integrations: webhooks.

export const listConsoleWebhookEndpoints = defineEndpoint({
  method: 'GET',
  path: '/console/webhooks/endpoints',
  summary: 'The client’s webhook endpoints (never their secrets)',
  access: { staffRoles: officeAdmins },
  response: webhookEndpointListSchema,
});

export const addConsoleWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/console/webhooks/endpoints',
  summary: 'Adds a webhook endpoint; its whsec_ signing secret is in this answer only',
  access: { staffRoles: officeAdmins, audit: 'webhook.add' },
  json: webhookEndpointRequestSchema,
  response: webhookEndpointWithSecretSchema,
  successStatus: 201,
  refusals: {
    422: 'webhookUrlNotAllowed, with the reason in fields.url: schemeNotAllowed (https only), credentialsNotAllowed (no user or password in it), addressNotAllowed (the portal’s own machine or a private, link-local, unique-local, multicast or metadata address, in any notation; docs/payments-out.md)',
  },
});

export const rotateConsoleWebhookSecret = defineEndpoint({
  method: 'POST',
  path: '/console/webhooks/endpoints/{id}/rotate',
  summary: 'Gives a live endpoint a new secret (in this answer only); the previous one signs too for 24 hours',
  access: { staffRoles: officeAdmins, audit: 'webhook.rotate' },
  params: webhookEndpointParamsSchema,
  response: webhookEndpointWithSecretSchema,
  refusals: { 404: 'notFound: the client has no such live endpoint' },
});

export const disableConsoleWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/console/webhooks/endpoints/{id}/disable',
  summary: 'Stops sending to the endpoint: its pending deliveries fail, new events skip it',
  access: { staffRoles: officeAdmins, audit: 'webhook.disable' },
  params: webhookEndpointParamsSchema,
  response: webhookEndpointSchema,
  refusals: { 404: 'notFound: the client has no such endpoint' },
});

export const sendWebhookTestEvent = defineEndpoint({
  method: 'POST',
  path: '/console/webhooks/endpoints/{id}/test',
  summary: 'Sends a webhook.test event to this endpoint only, signed and delivered (and retried) like any other; its delivery shows in the list',
  access: { staffRoles: officeAdmins, audit: 'webhook.test' },
  params: webhookEndpointParamsSchema,
  response: testEventSchema,
  successStatus: 202,
  refusals: { 404: 'notFound: the client has no such endpoint', 409: 'webhookEndpointDisabled: the endpoint is disabled' },
});

export const listConsoleWebhookDeliveries = defineEndpoint({
  method: 'GET',
  path: '/console/webhooks/deliveries',
  summary: 'The last 200 deliveries, newest first; ?status=failed for those that gave up after 48 hours',
  access: { staffRoles: officeAdmins },
  query: webhookDeliveriesQuerySchema,
  response: consoleDeliveryListSchema,
});

export const replayConsoleWebhookEvent = defineEndpoint({
  method: 'POST',
  path: '/console/webhooks/events/{eventId}/replay',
  summary: 'Sends an event again to every live endpoint that takes its type, with the same webhook-id',
  access: { staffRoles: officeAdmins, audit: 'webhook.replay' },
  params: webhookEventParamsSchema,
  response: replaySchema,
  successStatus: 202,
  refusals: { 404: 'notFound: the client has no such event' },
});
