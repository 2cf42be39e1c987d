import type { SnapshotFrom } from 'xstate';
import { shownProblems } from '../form/form.rules';
import { endpointProblems, type WebhookEndpointsMachine } from './webhook-endpoints.machine';
import { endpointFields } from './webhook-endpoints.types';

type Snapshot = SnapshotFrom<WebhookEndpointsMachine>;

export const selectEndpoints = (snapshot: Snapshot) => snapshot.context.endpoints;
export const selectDeliveries = (snapshot: Snapshot) => snapshot.context.deliveries;
/** The signing secret just made (a new endpoint's, or a rotation's), shown this once. */
export const selectShownSecret = (snapshot: Snapshot) => snapshot.context.shownSecret;
export const selectNotice = (snapshot: Snapshot) => snapshot.context.notice;
export const selectFailure = (snapshot: Snapshot) => snapshot.context.failure;
/** The rotation or disabling that waits for a yes, while the question is asked. */
export const selectConfirming = (snapshot: Snapshot) => (snapshot.matches('confirming') ? snapshot.context.confirming : null);
export const selectIsBusy = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
export const selectIsTesting = (snapshot: Snapshot): boolean => snapshot.matches('testing');
/** The problem each field of the new endpoint's form shows. */
export const selectEndpointProblems = (snapshot: Snapshot) => shownProblems(snapshot.context, endpointFields, endpointProblems(snapshot.context.draft));
