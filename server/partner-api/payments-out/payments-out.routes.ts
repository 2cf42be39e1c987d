/**
 * The partner API's money endpoints (contracts/payments-out-endpoints.ts), called with a client's API
 * key (authenticated by partner-api.routes.ts): the posting file, refunds and
 * voids, and the webhook endpoints with their deliveries and replays. The key names the client:
 * nothing here takes a client from the request.
 */
import { Hono } from 'hono';
import {
  getPostings,
  getWebhookDeliveries,
  getWebhookEndpoints,
  postRefund,
  postVoid,
  postWebhookEndpoint,
  postWebhookEndpointDisable,
  postWebhookEndpointRotation,
  postWebhookReplay,
} from '@contracts/payments-out-endpoints';
import { route } from '../../http/endpoint-routes';
import { ApiError, errorResponse } from '../../http/errors';
import type { AppEnv, PartnerApiEnv } from '../../http/types';
import type { Context } from 'hono';
import type { MoneyActor } from '../../core/money/money-events';
import type { RefundsService } from '../../core/payments/refunds.service';
import { refusalAnswers } from '../../core/payments/refund-refusals';
import type { Postings } from '../../core/postings/posting-file';
import type { WebhookEndpointsService } from '../../core/webhooks/webhook-endpoints.service';

/** The key that made the call, as the ledger names who moved money. */
const keyActor = (c: Context<PartnerApiEnv>): MoneyActor => ({ kind: 'apiKey', id: c.var.apiKey.prefix });

export function createPaymentsOutRoutes({ postings, refunds, webhooks }: { postings: Postings; refunds: RefundsService; webhooks: WebhookEndpointsService }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  route(routes, getPostings, async (c, { query }) => {
    const csv = await postings.file(c.var.apiKey.clientId, query.date);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="postings-${query.date}.csv"`);
    return c.body(csv);
  });

  route(routes, postRefund, async (c, { params, headers, json }) => {
    const outcome = await refunds.refund(c.var.apiKey.clientId, params.confirmationNumber, headers['Idempotency-Key'], json, keyActor(c));
    if (outcome.kind === 'refused') {
      const [status, code] = refusalAnswers[outcome.refusal];
      return errorResponse(c, status, code);
    }
    return c.json(outcome.refund, outcome.repeated ? 200 : 201);
  });

  route(routes, postVoid, async (c, { params }) => {
    const outcome = await refunds.voidPayment(c.var.apiKey.clientId, params.confirmationNumber, keyActor(c));
    if (outcome.kind === 'refused') {
      const [status, code] = refusalAnswers[outcome.refusal];
      return errorResponse(c, status, code);
    }
    return c.json(outcome.answer, 200);
  });

  route(routes, getWebhookEndpoints, async (c) => c.json({ endpoints: await webhooks.list(c.var.apiKey.clientId) }));

  route(routes, postWebhookEndpoint, async (c, { json }) => {
    const made = await webhooks.create(c.var.apiKey.clientId, json, { apiKeyId: c.var.apiKey.apiKeyId });
    if ('refused' in made) throw new ApiError(422, 'webhookUrlNotAllowed', { url: made.refused });
    return c.json(made, 201);
  });

  route(routes, postWebhookEndpointRotation, async (c, { params }) => {
    // A key reads only the secrets of endpoints it added (webhook-endpoints.service.ts).
    const rotated = await webhooks.rotate(c.var.apiKey.clientId, params.id, { apiKeyId: c.var.apiKey.apiKeyId });
    if ('refused' in rotated) return rotated.refused === 'notFound' ? errorResponse(c, 404, 'notFound') : errorResponse(c, 403, 'forbidden');
    return c.json(rotated);
  });

  route(routes, postWebhookEndpointDisable, async (c, { params }) => {
    const disabled = await webhooks.disable(c.var.apiKey.clientId, params.id);
    return disabled ? c.json(disabled) : errorResponse(c, 404, 'notFound');
  });

  route(routes, getWebhookDeliveries, async (c, { query }) => c.json({ deliveries: await webhooks.deliveries(c.var.apiKey.clientId, query.status) }));

  route(routes, postWebhookReplay, async (c, { params }) => {
    const deliveries = await webhooks.replay(c.var.apiKey.clientId, params.eventId);
    return deliveries === null ? errorResponse(c, 404, 'notFound') : c.json({ deliveries }, 202);
  });

  return routes;
}
