/**
 * The effects of the Integrations screen's machines: the calls, what their failures mean to them
 * (an address the portal may not call at its field, a key or endpoint gone, not an office admin,
 * a session that ended, the network, the server), and waiting a few seconds for a test event's
 * first attempt so its outcome can be said.
 */
import { apiKeyScopes } from '@contracts/partner-api';
import { webhookEventTypes } from '@contracts/payments-out';
import type { apiKeysMachine } from '@machines/console/api-keys.machine';
import { apiKeyFields, type ApiKeyProblem } from '@machines/console/api-keys.types';
import type { webhookEndpointsMachine } from '@machines/console/webhook-endpoints.machine';
import { endpointFields, type DeliveryLists, type DeliveryRow, type EndpointProblem } from '@machines/console/webhook-endpoints.types';
import { fromPromise, type MachineImplementationsFrom } from 'xstate';
import { ApiError } from '@/lib/api/errors';
import { CallError } from '@/lib/api/call-error';
import { refusedFormFields } from '@/lib/api/field-errors';
import {
  addWebhookEndpoint,
  createApiKey,
  disableWebhookEndpoint,
  listWebhookDeliveries,
  replayWebhookEvent,
  revokeApiKey,
  rotateWebhookSecret,
  sendWebhookTestEvent,
} from './office-api';

const known: Record<string, string> = {
  notSignedIn: 'expired',
  forbidden: 'forbidden',
  notFound: 'notFound',
  network: 'network',
  webhookEndpointDisabled: 'endpointDisabled',
};

/** The failure of a call: a code the machines know, or serverError. */
export function integrationsError(error: unknown): CallError {
  return new CallError(error instanceof ApiError ? (known[error.code] ?? 'serverError') : 'serverError', {}, { cause: error });
}

/** A form's call's failure: the form's fields the server refused (`refusals`: the API's codes that name them), or as every integrations call fails. */
function formCallError(
  error: unknown,
  { fields, refusals, problemOf }: { fields: readonly string[]; refusals: readonly string[]; problemOf: (reason: string) => string },
): CallError {
  if (error instanceof ApiError && refusals.includes(error.code)) {
    const refused = refusedFormFields(error, fields, problemOf);
    if (Object.keys(refused).length > 0) return new CallError('refused', { fields: refused }, { cause: error });
  }
  return integrationsError(error);
}

/** A server's reason at a new key's field, as the form names it (a reason new to the SPA reads as `invalid`). */
const keyProblemOf = (reason: string): ApiKeyProblem => (reason === 'required' || reason === 'tooLong' || reason === 'invalidCharacters' ? reason : 'invalid');

/** The failure of making a key: the name or scopes the server refused (400), at their fields. */
export const apiKeyCreateError = (error: unknown): CallError => formCallError(error, { fields: apiKeyFields, refusals: ['invalidRequest'], problemOf: keyProblemOf });

/** Why the server may not call an address (422 webhookUrlNotAllowed, in `fields.url`): said at the field as one rule. */
const urlNotAllowedReasons: readonly string[] = ['schemeNotAllowed', 'credentialsNotAllowed', 'addressNotAllowed'];

/** A server's reason at a new endpoint's field, as the form names it. */
const endpointProblemOf = (reason: string): EndpointProblem => (urlNotAllowedReasons.includes(reason) ? 'notAllowed' : reason === 'required' ? 'required' : 'invalid');

/** The failure of adding an endpoint: an address the portal may not call (422) or that is no web address (400), or events it refused, at their fields. */
export const endpointAddError = (error: unknown): CallError =>
  formCallError(error, { fields: endpointFields, refusals: ['invalidRequest', 'webhookUrlNotAllowed'], problemOf: endpointProblemOf });

async function guarded<T>(run: () => Promise<T>, toError: (error: unknown) => CallError = integrationsError): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toError(error);
  }
}

/** The recent deliveries and those that gave up, asked together. */
export async function loadDeliveryLists(options: { signal?: AbortSignal } = {}): Promise<DeliveryLists> {
  const [recent, failed] = await Promise.all([listWebhookDeliveries(undefined, options), listWebhookDeliveries('failed', options)]);
  return { recent, failed };
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** How long the screen waits for a test event's first attempt before saying it is still on its way. */
const TEST_WAIT_MS = 8000;
const TEST_POLL_MS = 500;

/** Sends a test event, then reads the deliveries until its first attempt shows (or the wait ends). */
async function testAndWait(id: number, signal: AbortSignal): Promise<{ delivery: DeliveryRow | null; deliveries: DeliveryLists }> {
  const { eventId } = await sendWebhookTestEvent(id);
  const until = Date.now() + TEST_WAIT_MS;
  for (;;) {
    const deliveries = await loadDeliveryLists({ signal });
    const delivery = deliveries.recent.find((each) => each.eventId === eventId && each.endpointId === id) ?? null;
    if ((delivery && delivery.attempts > 0) || Date.now() >= until || signal.aborted) return { delivery, deliveries };
    await pause(TEST_POLL_MS, signal);
  }
}

export function createApiKeysImplementations(): MachineImplementationsFrom<typeof apiKeysMachine> {
  return {
    actors: {
      create: fromPromise(({ input }) => guarded(() => createApiKey({ name: input.name, scopes: apiKeyScopes.filter((scope) => input.scopes.includes(scope)) }), apiKeyCreateError)),
      revoke: fromPromise(({ input }) => guarded(() => revokeApiKey(input.prefix))),
    },
  };
}

export function createWebhookEndpointsImplementations(): MachineImplementationsFrom<typeof webhookEndpointsMachine> {
  return {
    actors: {
      add: fromPromise(({ input }) => guarded(() => addWebhookEndpoint({ url: input.url, eventTypes: webhookEventTypes.filter((type) => input.eventTypes.includes(type)) }), endpointAddError)),
      rotate: fromPromise(({ input }) => guarded(() => rotateWebhookSecret(input.id))),
      disable: fromPromise(({ input }) => guarded(() => disableWebhookEndpoint(input.id))),
      test: fromPromise(({ input, signal }) => guarded(() => testAndWait(input.id, signal))),
      replay: fromPromise(({ input, signal }) =>
        guarded(async () => {
          const { deliveries: sent } = await replayWebhookEvent(input.eventId);
          return { eventId: input.eventId, sent, deliveries: await loadDeliveryLists({ signal }) };
        }),
      ),
    },
  };
}
