import type { SnapshotFrom } from 'xstate';
import type { SwitchClientsMachine } from './switch-clients.machine';

type SwitchClientsSnapshot = SnapshotFrom<SwitchClientsMachine>;

/** What the switch page shows. */
export type SwitchClientsStatus = 'loading' | 'loadFailed' | 'choosing' | 'switching' | 'switched';

export const selectSwitchClientsStatus = (snapshot: SwitchClientsSnapshot): SwitchClientsStatus => {
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('choosing')) return 'choosing';
  if (snapshot.matches('switching')) return 'switching';
  if (snapshot.matches('switched')) return 'switched';
  return 'loading';
};
/** The user's clients (empty until loaded). */
export const selectUserClients = (snapshot: SwitchClientsSnapshot) => snapshot.context.clients;
/** The user has a client to switch to besides the current one. */
export const selectHasOtherClients = (snapshot: SwitchClientsSnapshot): boolean =>
  snapshot.context.clients.some((client) => !client.isCurrent);
/** A call is in flight, or the app is moving to the new client: choices wait. */
export const selectIsBusy = (snapshot: SwitchClientsSnapshot): boolean => snapshot.hasTag('busy');
/** The listed client being switched to, once one is chosen. */
export const selectChosenClient = (snapshot: SwitchClientsSnapshot) => {
  const { chosen, clients } = snapshot.context;
  if (!chosen) return null;
  return (
    clients.find(
      (client) => client.code.toUpperCase() === chosen.code.toUpperCase() && client.billingGroup === chosen.billingGroup,
    ) ?? null
  );
};
/** Why the last load or switch failed (null when it did not). */
export const selectFailure = (snapshot: SwitchClientsSnapshot) => snapshot.context.failure;
