/**
 * An office admin manages the lab's webhooks (`/{client}/office/integrations`): adds an endpoint
 * (its address and the events it takes) whose signing secret is shown once, rotates a secret
 * (after a confirmation; the new one shown once), sends a test event and reads how it went,
 * disables an endpoint (after a confirmation), and sends a failed delivery's event again. The
 * calls, and waiting for a test's first attempt, are the app's.
 */
import { assign, fromPromise, setup } from 'xstate';
import { refusedFields, toFormRejection } from '../form/form.rules';
import { formSetup } from '../form/form.setup';
import type { EndpointRow, DeliveryRow, DeliveryLists, EndpointField, EndpointProblem, WebhooksFailure, WebhooksContext, WebhooksEvent, WebhooksRejection } from './webhook-endpoints.types';
import { endpointFields } from './webhook-endpoints.types';

const failures: readonly WebhooksFailure[] = ['notFound', 'endpointDisabled', 'forbidden', 'expired', 'network', 'serverError'];
/** What a call rejected with: the fields the server refused (a new endpoint's), or one of the failures (anything else: a server error). */
export const webhooksRejectionOf = (error: unknown): WebhooksRejection => toFormRejection<EndpointField, EndpointProblem, WebhooksFailure>(error, failures);

/** A call's failure said above the form (only adding refuses fields: for another call such an answer counts as the server's error). */
export const webhooksFailureOf = (error: unknown): WebhooksFailure => {
  const rejection = webhooksRejectionOf(error);
  return rejection.code === 'refused' ? 'serverError' : rejection.code;
};

/** The chosen events of the form's `eventTypes` text (the screen offers the contract's only). */
export const chosenEventTypes = (text: string): string[] => text.split(/\s+/).filter((word) => word !== '');

/** The form's rule: a web address (whether the portal may call it, the server decides). */
export function endpointProblems(draft: Record<EndpointField, string>): Partial<Record<EndpointField, EndpointProblem>> {
  const url = draft.url.trim();
  if (url === '') return { url: 'required' };
  if (url.length > 2000 || !/^https?:\/\/[^\s/]+/i.test(url) || !URL.canParse(url)) return { url: 'invalid' };
  return {};
}

const emptyDraft = { url: '', eventTypes: '' };
const withEndpoint = (endpoints: EndpointRow[], row: EndpointRow) =>
  endpoints.some((each) => each.id === row.id) ? endpoints.map((each) => (each.id === row.id ? row : each)) : [...endpoints, row];
const withoutSecret = ({ secret: _secret, ...row }: EndpointRow & { secret: string }): EndpointRow => row;

export const webhookEndpointsMachine = setup({
  types: {
    context: {} as WebhooksContext,
    events: {} as WebhooksEvent,
    input: {} as { endpoints: EndpointRow[]; deliveries: DeliveryLists },
    tags: {} as 'busy',
  },
  actors: {
    /** POST api/console/webhooks/endpoints: the endpoint with its secret. */
    add: fromPromise<EndpointRow & { secret: string }, { url: string; eventTypes: string[] }>(() => Promise.reject(new Error('add not provided'))),
    /** POST api/console/webhooks/endpoints/{id}/rotate: the endpoint with its new secret. */
    rotate: fromPromise<EndpointRow & { secret: string }, { id: number }>(() => Promise.reject(new Error('rotate not provided'))),
    /** POST api/console/webhooks/endpoints/{id}/disable. */
    disable: fromPromise<EndpointRow, { id: number }>(() => Promise.reject(new Error('disable not provided'))),
    /** POST api/console/webhooks/endpoints/{id}/test, then its delivery's first attempt (awaited a few seconds) and the deliveries again. */
    test: fromPromise<{ delivery: DeliveryRow | null; deliveries: DeliveryLists }, { id: number }>(() => Promise.reject(new Error('test not provided'))),
    /** POST api/console/webhooks/events/{eventId}/replay, then the deliveries again. */
    replay: fromPromise<{ eventId: string; sent: number; deliveries: DeliveryLists }, { eventId: string }>(() => Promise.reject(new Error('replay not provided'))),
  },
  actions: {
    keepSecret: assign(({ context }, { row, rotated }: { row: EndpointRow & { secret: string }; rotated: boolean }) => ({
      endpoints: withEndpoint(context.endpoints, withoutSecret(row)),
      shownSecret: { url: row.url, secret: row.secret, rotated },
      notice: null,
      failure: null,
    })),
    resetForm: assign(() => ({ draft: emptyDraft, checked: [], serverProblems: {} })),
    keepDisabled: assign(({ context }, { row }: { row: EndpointRow }) => ({
      endpoints: withEndpoint(context.endpoints, row),
      notice: { kind: 'disabled' as const, url: row.url },
      failure: null,
    })),
    keepTested: assign(({ context }, { output }: { output: { delivery: DeliveryRow | null; deliveries: DeliveryLists } }) => {
      const endpoint = context.endpoints.find((each) => each.id === output.delivery?.endpointId);
      return { deliveries: output.deliveries, notice: { kind: 'tested' as const, outcome: { url: endpoint?.url ?? '', delivery: output.delivery } }, failure: null };
    }),
    keepReplayed: assign((_, { output, eventType }: { output: { sent: number; deliveries: DeliveryLists }; eventType: string }) => ({
      deliveries: output.deliveries,
      notice: { kind: 'replayed' as const, eventType, deliveries: output.sent },
      failure: null,
    })),
    askConfirmation: assign((_, confirming: { id: number; action: 'rotate' | 'disable' }) => ({ confirming, notice: null, failure: null, shownSecret: null })),
    forgetConfirmation: assign(() => ({ confirming: null })),
    /** The secret goes from the page for good. */
    hideSecret: assign(() => ({ shownSecret: null })),
    clearNotice: assign(() => ({ notice: null, shownSecret: null, failure: null })),
  },
  guards: {
    isDraftValid: ({ context }) => Object.keys(endpointProblems(context.draft)).length === 0,
    isRotation: ({ context }) => context.confirming?.action === 'rotate',
  },
}).extend(formSetup<WebhooksContext, WebhooksEvent>(endpointFields)).createMachine({
  id: 'webhookEndpoints',
  description: "An office admin manages the lab's webhooks: adds an endpoint (its secret shown once), rotates a secret, sends a test event, disables an endpoint, sends a failed event again.",
  context: ({ input }) => ({
    draft: emptyDraft,
    checked: [],
    serverProblems: {},
    failure: null,
    refusals: 0,
    endpoints: input.endpoints,
    deliveries: input.deliveries,
    shownSecret: null,
    notice: null,
    confirming: null,
  }),
  initial: 'ready',
  states: {
    ready: {
      description: 'The endpoints with their last delivery, the form to add one, and the deliveries that failed.',
      meta: { requirements: ['OFF-44'] },
      on: {
        'form.edit': { description: 'Keeps the typed address or the chosen events.', actions: { type: 'recordEdit', params: ({ event }) => event }, meta: { requirements: ['OFF-44'] } },
        'form.leave': {
          description: 'Leaving a field typed in shows its problem from now on.',
          guard: { type: 'isTypedIn', params: ({ event }) => event },
          actions: { type: 'markLeft', params: ({ event }) => event },
          meta: { requirements: ['OFF-44'] },
        },
        'form.submit': [
          { description: 'A web address: the endpoint is added.', guard: 'isDraftValid', target: 'adding', actions: 'clearNotice', meta: { requirements: ['OFF-44'] } },
          { description: 'No address, or not one: nothing is sent, the problem shows at the field.', actions: ['checkAllFields', 'countRefusal'], meta: { requirements: ['OFF-44'] } },
        ],
        'secret.hide': { description: 'The admin has kept the secret: it goes from the page, never to be shown again.', actions: 'hideSecret', meta: { requirements: ['OFF-45'] } },
        'endpoint.rotate': {
          description: 'Rotating asks first, saying how long the old secret still signs.',
          target: 'confirming',
          actions: { type: 'askConfirmation', params: ({ event }) => ({ id: event.id, action: 'rotate' as const }) },
          meta: { requirements: ['OFF-45'] },
        },
        'endpoint.disable': {
          description: 'Disabling asks first, saying its waiting deliveries fail.',
          target: 'confirming',
          actions: { type: 'askConfirmation', params: ({ event }) => ({ id: event.id, action: 'disable' as const }) },
          meta: { requirements: ['OFF-47'] },
        },
        'endpoint.test': { description: 'A test event goes to this endpoint only.', target: 'testing', actions: 'clearNotice', meta: { requirements: ['OFF-46'] } },
        'delivery.replay': { description: 'A failed delivery’s event goes again to every live endpoint that takes it.', target: 'replaying', actions: 'clearNotice', meta: { requirements: ['OFF-48'] } },
      },
    },
    adding: {
      description: 'The endpoint is being added.',
      tags: ['busy'],
      meta: { requirements: ['OFF-44'] },
      invoke: {
        id: 'add',
        src: 'add',
        input: ({ context }) => ({ url: context.draft.url.trim(), eventTypes: chosenEventTypes(context.draft.eventTypes) }),
        onDone: {
          description: 'Added: listed, its secret shown this once with a way to copy it, the form emptied.',
          target: 'ready',
          actions: [{ type: 'keepSecret', params: ({ event }) => ({ row: event.output, rotated: false }) }, 'resetForm'],
          meta: { requirements: ['OFF-45'] },
        },
        onError: [
          {
            description: 'The server refused fields: an address the portal may not call (422) or no web address (400), said at the field, and the focus goes there.',
            guard: { type: 'isRefusedByServer', params: ({ event }) => webhooksRejectionOf(event.error) },
            target: 'ready',
            actions: { type: 'takeServerRefusals', params: ({ event }) => ({ fields: refusedFields(webhooksRejectionOf(event.error)) }) },
            meta: { requirements: ['OFF-44'] },
          },
          {
            description: 'Not an office admin, signed out meanwhile, the network or the server: said above the form, what was typed kept.',
            target: 'ready',
            actions: { type: 'keepFailure', params: ({ event }) => ({ failure: webhooksFailureOf(event.error) }) },
            meta: { requirements: ['OFF-44', 'OFF-5'] },
          },
        ],
      },
    },
    confirming: {
      description: 'Rotate this endpoint’s secret, or disable it? Nothing changes until yes.',
      meta: { requirements: ['OFF-45', 'OFF-47'] },
      on: {
        'endpoint.confirm': [
          { description: 'Yes to a rotation: a new secret is made.', guard: 'isRotation', target: 'rotating', meta: { requirements: ['OFF-45'] } },
          { description: 'Yes to disabling: the endpoint is disabled.', target: 'disabling', meta: { requirements: ['OFF-47'] } },
        ],
        'endpoint.cancel': { description: 'No: nothing changes.', target: 'ready', actions: 'forgetConfirmation', meta: { requirements: ['OFF-45', 'OFF-47'] } },
      },
    },
    rotating: {
      description: 'The new secret is being made.',
      tags: ['busy'],
      meta: { requirements: ['OFF-45'] },
      invoke: {
        id: 'rotate',
        src: 'rotate',
        input: ({ context }) => ({ id: context.confirming?.id ?? 0 }),
        onDone: {
          description: 'Rotated: the new secret shows this once; the old one still signs for a while.',
          target: 'ready',
          actions: [{ type: 'keepSecret', params: ({ event }) => ({ row: event.output, rotated: true }) }, 'forgetConfirmation'],
          meta: { requirements: ['OFF-45'] },
        },
        onError: {
          description: 'Disabled meanwhile, or a failure: said, nothing changed.',
          target: 'ready',
          actions: [{ type: 'keepFailure', params: ({ event }) => ({ failure: webhooksFailureOf(event.error) }) }, 'forgetConfirmation'],
          meta: { requirements: ['OFF-45', 'OFF-5'] },
        },
      },
    },
    disabling: {
      description: 'The endpoint is being disabled.',
      tags: ['busy'],
      meta: { requirements: ['OFF-47'] },
      invoke: {
        id: 'disable',
        src: 'disable',
        input: ({ context }) => ({ id: context.confirming?.id ?? 0 }),
        onDone: {
          description: 'Disabled: listed so, and said.',
          target: 'ready',
          actions: [{ type: 'keepDisabled', params: ({ event }) => ({ row: event.output }) }, 'forgetConfirmation'],
          meta: { requirements: ['OFF-47'] },
        },
        onError: {
          description: 'A failure: said, nothing changed.',
          target: 'ready',
          actions: [{ type: 'keepFailure', params: ({ event }) => ({ failure: webhooksFailureOf(event.error) }) }, 'forgetConfirmation'],
          meta: { requirements: ['OFF-47', 'OFF-5'] },
        },
      },
    },
    testing: {
      description: 'The test event is sent, and its first attempt awaited for a few seconds.',
      tags: ['busy'],
      meta: { requirements: ['OFF-46'] },
      invoke: {
        id: 'test',
        src: 'test',
        input: ({ event }) => ({ id: event.type === 'endpoint.test' ? event.id : 0 }),
        onDone: {
          description: 'Sent: how its delivery went is said in words (delivered, not delivered, or still on its way; never what the endpoint answered), and the deliveries are listed again.',
          target: 'ready',
          actions: { type: 'keepTested', params: ({ event }) => ({ output: event.output }) },
          meta: { requirements: ['OFF-46'] },
        },
        onError: {
          description: 'Disabled meanwhile, or a failure: said.',
          target: 'ready',
          actions: { type: 'keepFailure', params: ({ event }) => ({ failure: webhooksFailureOf(event.error) }) },
          meta: { requirements: ['OFF-46', 'OFF-5'] },
        },
      },
    },
    replaying: {
      description: 'The event is being sent again.',
      tags: ['busy'],
      meta: { requirements: ['OFF-48'] },
      invoke: {
        id: 'replay',
        src: 'replay',
        input: ({ event }) => ({ eventId: event.type === 'delivery.replay' ? event.eventId : '' }),
        onDone: {
          description: 'Sent again: to how many endpoints is said, and the deliveries are listed again.',
          target: 'ready',
          actions: {
            type: 'keepReplayed',
            params: ({ context, event }) => ({ output: event.output, eventType: context.deliveries.failed.find((each) => each.eventId === event.output.eventId)?.eventType ?? '' }),
          },
          meta: { requirements: ['OFF-48'] },
        },
        onError: {
          description: 'A failure: said, nothing sent.',
          target: 'ready',
          actions: { type: 'keepFailure', params: ({ event }) => ({ failure: webhooksFailureOf(event.error) }) },
          meta: { requirements: ['OFF-48', 'OFF-5'] },
        },
      },
    },
  },
});

export type WebhookEndpointsMachine = typeof webhookEndpointsMachine;
