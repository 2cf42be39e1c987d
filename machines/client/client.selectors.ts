import type { SnapshotFrom } from 'xstate';
import type { ClientMachine } from './client.machine';

type ClientSnapshot = SnapshotFrom<ClientMachine>;

/** The selected client, or null while none is known. */
export const selectClient = (snapshot: ClientSnapshot) => (snapshot.hasTag('selected') ? snapshot.context.client : null);
/** The code the URL asked for could not be found. */
export const selectIsUnknownClient = (snapshot: ClientSnapshot): boolean => snapshot.matches('unknown');
export const selectRequestedCode = (snapshot: ClientSnapshot) => snapshot.context.requested?.code ?? null;
export const selectClientUrl = (snapshot: ClientSnapshot) => snapshot.context.clientUrl;
export const selectAcceptsOnlinePayments = (snapshot: ClientSnapshot) => snapshot.context.acceptsOnlinePayments;
/** The external card link that overrides /payment/online ('' when none). */
export const selectExternalCCLink = (snapshot: ClientSnapshot) => snapshot.context.externalCCLink;
