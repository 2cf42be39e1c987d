/** The switch page's calls: the user's clients, and moving the session to one of them. */
import type { SwitchClientRequest } from '@contracts/switch-clients-request';
import { switchClientResponseSchema, userClientsSchema, type SwitchClientResponse, type UserClient } from '@contracts/switch-clients';
import { call, http, type CallOptions } from '@/lib/api/http';

/** GET /api/User/GetUserClients */
export const getUserClients = ({ signal }: CallOptions = {}): Promise<UserClient[]> =>
  call(() => http.get('User/GetUserClients', { signal }), userClientsSchema);

/** POST /api/User/SwitchClient: 403 where the user has no account, 404 for an unknown client. */
export const switchClient = (body: SwitchClientRequest, { signal }: CallOptions = {}): Promise<SwitchClientResponse> =>
  call(() => http.post('User/SwitchClient', { json: body, signal }), switchClientResponseSchema);
