/** The client list, one client, its contact, its url, its card link and whether it takes online payments. */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { clientCodeSchema, type Client, type ClientListEntry } from '@contracts/clients';
import type { ClientContact } from '@contracts/client-contact';
import { billingGroupSchema } from '@contracts/text';
import { ApiError } from '../../http/errors';
import type { AppEnv } from '../../http/types';
import { readQuery } from '../../http/validation';
import { parseOpeningHours } from '../payments/payments.service';
import { toClient, toListEntry, type ClientRow, type ClientsService } from './clients.service';

const requiredClientQuery = v.object({ clientCode: clientCodeSchema, billingGroup: billingGroupSchema });
const optionalClientQuery = v.object({ clientCode: v.optional(clientCodeSchema), billingGroup: billingGroupSchema });

export function createClientsRoutes({ clients }: { clients: ClientsService }) {
  const routes = new Hono<AppEnv>();

  async function requiredClient(c: Context<AppEnv>): Promise<ClientRow> {
    const client = await clients.resolve(readQuery(c, requiredClientQuery));
    if (!client) throw new ApiError(404, 'notFound');
    return client;
  }

  /** The named client, else the session's client, else none. An unknown named code is a 404. */
  async function namedOrSessionClient(c: Context<AppEnv>): Promise<ClientRow | null> {
    const query = readQuery(c, optionalClientQuery);
    if (query.clientCode) {
      const client = await clients.resolve({ clientCode: query.clientCode, billingGroup: query.billingGroup });
      if (!client) throw new ApiError(404, 'notFound');
      return client;
    }
    const clientId = c.var.session?.clientId;
    return clientId ? clients.byId(clientId) : null;
  }

  routes.get('/Client/GetClientList', async (c) => {
    const list: ClientListEntry[] = (await clients.list()).map(toListEntry);
    return c.json(list);
  });

  routes.get('/Client/GetClient', async (c) => {
    const client: Client = toClient(await requiredClient(c));
    return c.json(client);
  });

  // Public, as the Contact page is: the billing office's phone and postal address (also on every invoice).
  routes.get('/Client/GetContact', async (c) => {
    const client = await requiredClient(c);
    const contact: ClientContact = {
      name: client.name,
      phone: client.phoneNumber ? { number: client.phoneNumber, hours: parseOpeningHours(client.phoneHours) } : null,
      addressLines: client.mailAddressLines ?? [],
    };
    return c.json(contact);
  });

  routes.get('/Client/GetClientUrl', async (c) => {
    const client = await requiredClient(c);
    return c.json({ url: client.clientUrl });
  });

  routes.get('/ClientLinks/GetClientLinks', async (c) => {
    const client = await namedOrSessionClient(c);
    return c.json({ externalCCLink: client?.externalCcLink ?? '' });
  });

  // Without any client there is nothing to pay, so the answer is no.
  routes.get('/user/DoesClientAcceptPayments', async (c) => {
    const client = await namedOrSessionClient(c);
    return c.json({ acceptsPayments: client?.acceptsOnlinePayments ?? false });
  });

  return routes;
}
