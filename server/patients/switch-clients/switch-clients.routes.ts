/** The signed-in user's clients, and moving the session to one of them. */
import { Hono } from 'hono';
import type { SwitchClientResponse, UserClient } from '@contracts/switch-clients';
import { getUserClients, switchClient } from '@contracts/switch-clients-endpoints';
import { route } from '../../http/endpoint-routes';
import { errorResponse } from '../../http/errors';
import type { AppEnv } from '../../http/types';
import type { SwitchClientsService } from './switch-clients.service';

export function createSwitchClientsRoutes({ switchClients }: { switchClients: SwitchClientsService }) {
  const routes = new Hono<AppEnv>();

  // A billing user only (a guest has one account of one client). A disabled account may still
  // switch: the user's accounts at other clients can be in order.
  route(routes, getUserClients, async (c) => {
    const { userId, clientId } = c.var.caller;
    if (userId === null) return errorResponse(c, 403, 'forbidden');
    const list: UserClient[] = await switchClients.list(userId, clientId);
    return c.json(list);
  });

  route(routes, switchClient, async (c, { json: request }) => {
    const { userId } = c.var.caller;
    const session = c.var.session;
    if (userId === null || !session) return errorResponse(c, 403, 'forbidden');
    const outcome = await switchClients.switchTo(
      { userId, sessionId: session.id },
      { clientCode: request.clientCode, billingGroup: request.billingGroup },
    );
    if (outcome.kind === 'unknownClient') return errorResponse(c, 404, 'notFound');
    if (outcome.kind === 'notMember') return errorResponse(c, 403, 'forbidden');
    const response: SwitchClientResponse = { clientCode: outcome.clientCode, billingGroup: outcome.billingGroup };
    return c.json(response);
  });

  return routes;
}
