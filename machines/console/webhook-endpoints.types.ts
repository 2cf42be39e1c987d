import type { ConsoleDelivery } from '@contracts/console-work';
import type { WebhookEndpointView } from '@contracts/payments-out';
import type { FormContext, FormEvent, FormRejection } from '../form/form.types';

export type EndpointRow = WebhookEndpointView;

export type DeliveryRow = ConsoleDelivery;

/** The recent deliveries (the last 200) and those that gave up. */
export interface DeliveryLists {
  recent: DeliveryRow[];
  failed: DeliveryRow[];
}

/** The form's fields: the address, and the events chosen, separated by spaces (none: all of them). */
export const endpointFields = ['url', 'eventTypes'] as const;

export type EndpointField = (typeof endpointFields)[number];

/** `notAllowed`: the server refuses the address (https only, to a host on the internet rather than its own machine or network, no password in it). */
export type EndpointProblem = 'required' | 'invalid' | 'notAllowed';

/** Why a call failed as a whole: no such live endpoint or event, the endpoint disabled meanwhile, not an office admin, signed out meanwhile, the network, the server. */
export type WebhooksFailure = 'notFound' | 'endpointDisabled' | 'forbidden' | 'expired' | 'network' | 'serverError';

/** What a call rejects with, as the machine reads it: the fields the server refused (a new endpoint's), or a failure of the whole call. */
export type WebhooksRejection = FormRejection<EndpointField, EndpointProblem, WebhooksFailure>;

/** How a test event went: its delivery's first attempt, or null when none was made yet. */
export interface TestOutcome {
  url: string;
  delivery: DeliveryRow | null;
}

/** What was just done, said above the list. */
export type WebhooksNotice =
  | { kind: 'tested'; outcome: TestOutcome }
  | { kind: 'disabled'; url: string }
  | { kind: 'replayed'; eventType: string; deliveries: number }
  | null;

export interface WebhooksContext extends FormContext<EndpointField, EndpointProblem, WebhooksFailure> {
  endpoints: EndpointRow[];
  deliveries: DeliveryLists;
  /** An endpoint's signing secret, just added or rotated: shown this once, until hidden or the next action. */
  shownSecret: { url: string; secret: string; rotated: boolean } | null;
  notice: WebhooksNotice;
  /** The endpoint whose rotation or disabling waits for a yes. */
  confirming: { id: number; action: 'rotate' | 'disable' } | null;
}

export type WebhooksEvent =
  | FormEvent<EndpointField>
  | { type: 'endpoint.rotate'; id: number }
  | { type: 'endpoint.disable'; id: number }
  | { type: 'endpoint.confirm' }
  | { type: 'endpoint.cancel' }
  | { type: 'endpoint.test'; id: number }
  | { type: 'delivery.replay'; eventId: string }
  | { type: 'secret.hide' };
