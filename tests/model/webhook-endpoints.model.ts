import { shownProblems } from '@machines/form/form.rules';
import { endpointProblems, webhookEndpointsMachine } from '@machines/console/webhook-endpoints.machine';
import { endpointFields, type DeliveryLists, type DeliveryRow, type EndpointRow } from '@machines/console/webhook-endpoints.types';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, errorCode, refusedFieldsOf, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});

const machine = webhookEndpointsMachine.provide({
  actors: {
    add: fromPromise(() => never<EndpointRow & { secret: string }>()),
    rotate: fromPromise(() => never<EndpointRow & { secret: string }>()),
    disable: fromPromise(() => never<EndpointRow>()),
    test: fromPromise(() => never<{ delivery: DeliveryRow | null; deliveries: DeliveryLists }>()),
    replay: fromPromise(() => never<{ eventId: string; sent: number; deliveries: DeliveryLists }>()),
  },
});

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];

const endpoint: EndpointRow = { id: 1, url: 'https://billing.example.com/hooks', description: '', eventTypes: [], createdAt: '2026-11-01T00:00:00Z', disabledAt: null, previousSecretExpiresAt: null };
const added = { ...endpoint, id: 2, url: 'https://reports.example.com/hooks', eventTypes: ['payment.captured' as const], secret: 'whsec_c2VjcmV0' };
const failed: DeliveryRow = {
  id: 7,
  eventId: 'evt_abcdefghijklmnopqrstuvwxyz',
  eventType: 'payment.captured',
  endpointId: 1,
  status: 'failed',
  attempts: 57,
  lastAttemptAt: '2026-11-27T00:00:00Z',
  createdAt: '2026-11-25T00:00:00Z',
  finishedAt: '2026-11-27T00:00:00Z',
};
const deliveries: DeliveryLists = { recent: [failed], failed: [failed] };
const delivered: DeliveryRow = { ...failed, id: 8, eventId: 'evt_bcdefghijklmnopqrstuvwxyza', eventType: 'webhook.test', status: 'delivered', attempts: 1 };

const formEvents = [
  { type: 'form.edit', field: 'url', value: 'reports.example.com' },
  { type: 'form.edit', field: 'url', value: 'https://reports.example.com/hooks' },
  { type: 'form.leave', field: 'url' },
  { type: 'form.submit' },
] as const;
const otherEvents = [
  { type: 'secret.hide' },
  { type: 'endpoint.rotate', id: 1 },
  { type: 'endpoint.disable', id: 1 },
  { type: 'endpoint.confirm' },
  { type: 'endpoint.cancel' },
  { type: 'endpoint.test', id: 1 },
  { type: 'delivery.replay', eventId: failed.eventId },
  { type: 'xstate.done.actor.add', output: added },
  { type: 'xstate.error.actor.add', error: { code: 'refused', fields: { url: 'notAllowed' } } },
  { type: 'xstate.error.actor.add', error: { code: 'network' } },
  { type: 'xstate.done.actor.rotate', output: { ...endpoint, secret: 'whsec_bmV3' } },
  { type: 'xstate.error.actor.rotate', error: { code: 'notFound' } },
  { type: 'xstate.done.actor.disable', output: { ...endpoint, disabledAt: '2026-11-27T00:00:00Z' } },
  { type: 'xstate.error.actor.disable', error: { code: 'serverError' } },
  { type: 'xstate.done.actor.test', output: { delivery: { ...delivered, endpointId: 1 }, deliveries: { recent: [delivered, failed], failed: [failed] } } },
  { type: 'xstate.error.actor.test', error: { code: 'endpointDisabled' } },
  { type: 'xstate.done.actor.replay', output: { eventId: failed.eventId, sent: 1, deliveries } },
  { type: 'xstate.error.actor.replay', error: { code: 'expired' } },
] as const;

/**
 * The endpoints' and deliveries' buttons are explored with the form untouched: the form is the same
 * whatever they do (kept as typed), and each half-filled form times each button would multiply the paths.
 * "I have kept it" is on the page only while a secret is shown, and a disabled endpoint has no buttons.
 */
const events = (snapshot: Snapshot) => {
  const { draft, checked, shownSecret, endpoints } = snapshot.context;
  if (snapshot.matches('ready') && (draft.url !== '' || checked.length > 0)) return formEvents;
  const live = endpoints.some((row) => row.id === endpoint.id && row.disabledAt === null);
  return [...formEvents, ...otherEvents].filter((event) => (event.type === 'secret.hide' ? shownSecret !== null : !event.type.startsWith('endpoint.') || event.type === 'endpoint.confirm' || event.type === 'endpoint.cancel' || live));
};

// What the person sees, coarsely (each form's detail multiplies the paths): the state, the problems shown, whether the form may go, what awaits a yes, and whether a secret shows (its button is there only then).
const serializeState = (snapshot: Snapshot) => {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    shown: shownProblems(context, endpointFields, endpointProblems(context.draft)),
    valid: Object.keys(endpointProblems(context.draft)).length === 0,
    confirming: context.confirming?.action ?? null,
    secret: context.shownSecret !== null,
  });
};

const assertSnapshot = (snapshot: Snapshot) => {
  expect(snapshot.hasTag('busy')).toBe((['adding', 'rotating', 'disabling', 'testing', 'replaying'] as const).some((state) => snapshot.matches(state)));
  if ((['confirming', 'rotating', 'disabling'] as const).some((state) => snapshot.matches(state))) expect(snapshot.context.confirming).not.toBeNull();
  // The list never holds a secret.
  for (const row of snapshot.context.endpoints) expect(row).not.toHaveProperty('secret');
  // One outcome shows at a time.
  expect([snapshot.context.shownSecret, snapshot.context.notice, snapshot.context.failure].filter((each) => each !== null).length).toBeLessThanOrEqual(1);
};

/** An office admin manages the lab's webhook endpoints and failed deliveries. */
export const webhookEndpointsModel = defineModel({
  name: 'webhook-endpoints',
  title: 'Billing office webhooks',
  machine,
  variants: [{ name: 'the integrations page opened', spec: { machine, input: { endpoints: [endpoint], deliveries }, events, serializeState, assertSnapshot } }],
  describeEvent: (event) => {
    switch (event.type) {
      case 'form.edit':
        return event.field === 'eventTypes' ? `Ticks the event ${event.value}` : `Types "${event.value}" as the endpoint's address`;
      case 'form.leave':
        return `Leaves the ${event.field} field`;
      case 'form.submit':
        return 'Chooses Add the endpoint';
      case 'secret.hide':
        return 'Chooses I have kept it';
      case 'endpoint.rotate':
        return `Chooses Rotate the secret for endpoint ${String(event.id)}`;
      case 'endpoint.disable':
        return `Chooses Disable for endpoint ${String(event.id)}`;
      case 'endpoint.confirm':
        return 'Confirms';
      case 'endpoint.cancel':
        return 'Cancels';
      case 'endpoint.test':
        return `Chooses Send a test event for endpoint ${String(event.id)}`;
      case 'delivery.replay':
        return 'Chooses Replay for the failed delivery';
      default:
        if (event.type.startsWith('xstate.done.actor')) return 'The call is done';
        if ('error' in event && errorCode(event.error) === 'refused') return `The server refuses the ${refusedFieldsOf(event.error)}`;
        if ('error' in event) return `The call fails (${errorCode(event.error)})`;
        return event.type;
    }
  },
});
