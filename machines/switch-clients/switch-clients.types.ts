/**
 * Switching clients: the signed-in user's clients, the one chosen, and the failures a view
 * turns into messages.
 */
import type { SwitchClientResponse, UserClient } from '@contracts/switch-clients';

export type { SwitchClientResponse, UserClient };

/** A client as the switch names it: its code, and its billing group where the code has several. */
export interface ClientChoice {
  code: string;
  billingGroup: string | null;
}

/**
 * Why loading or switching failed. `refused`: the server would not move the session there (no
 * account at that client, or the client is gone); `notSignedIn`: the session has ended.
 */
export type SwitchClientsFailure = 'refused' | 'notSignedIn' | 'network' | 'serverError';

export interface SwitchClientsContext {
  /** The user's clients, the session's marked current; empty until loaded. */
  clients: UserClient[];
  /** The client being switched to (or last tried). */
  chosen: ClientChoice | null;
  failure: SwitchClientsFailure | null;
}

export type SwitchClientsEvent =
  | ({ type: 'switchClients.choose' } & ClientChoice)
  | { type: 'switchClients.retry' };

export type SwitchClientsTag = 'busy';
