/** Switching clients: the signed-in user's clients, and moving the session to one of them. */
import { defineEndpoint, usersOnly } from './endpoint';
import { switchClientRequestSchema } from './switch-clients-request';
import { switchClientResponseSchema, userClientsSchema } from './switch-clients';

export const getUserClients = defineEndpoint({
  method: 'GET',
  path: '/User/GetUserClients',
  summary: "The clients where the signed-in user has an account, in the order joined",
  access: { roles: usersOnly },
  response: userClientsSchema,
});

export const switchClient = defineEndpoint({
  method: 'POST',
  path: '/User/SwitchClient',
  summary: 'Moves the session to another of the user\'s clients',
  description: '403 forbidden where the user has no account; 404 notFound for an unknown client. A disabled account may still switch.',
  access: { roles: usersOnly },
  json: switchClientRequestSchema,
  response: switchClientResponseSchema,
});
