/** The switch page's calls (contracts/switch-clients-endpoints.ts): the user's clients, and moving the session to one of them. */
import type { SwitchClientRequest } from '@contracts/switch-clients-request';
import type { SwitchClientResponse, UserClient } from '@contracts/switch-clients';
import * as switchClients from '@contracts/switch-clients-endpoints';
import { callEndpoint, type CallOptions } from '@/lib/api/http';

export const getUserClients = (options?: CallOptions): Promise<UserClient[]> => callEndpoint(switchClients.getUserClients, options);

/** 403 where the user has no account, 404 for an unknown client. */
export const switchClient = (json: SwitchClientRequest, { signal }: CallOptions = {}): Promise<SwitchClientResponse> =>
  callEndpoint(switchClients.switchClient, { json, signal });
