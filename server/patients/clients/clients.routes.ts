/** The client list, one client, its contact, its url, its card link and whether it takes online payments. */
import { Hono } from 'hono';
import type { ClientContact } from '@contracts/client-contact';
import { getContact } from '@contracts/client-contact-endpoints';
import type { ClientQuery, ClientOrSessionQuery } from '@contracts/client-requests';
import type { Client, ClientListEntry } from '@contracts/clients';
import { doesClientAcceptPayments, getClient, getClientLinks, getClientList, getClientUrl } from '@contracts/clients-endpoints';
import { route } from '../../http/endpoint-routes';
import { ApiError } from '../../http/errors';
import type { AppEnv } from '../../http/types';
import { parseOpeningHours } from '../payments/payments.service';
import { toClient, toListEntry, type ClientRow, type ClientsService } from '../../core/clients/clients.service';

export function createClientsRoutes({ clients }: { clients: ClientsService }) {
  const routes = new Hono<AppEnv>();

  async function requiredClient(query: ClientQuery): Promise<ClientRow> {
    const client = await clients.resolve(query);
    if (!client) throw new ApiError(404, 'notFound');
    return client;
  }

  /** The named client, else the session's client, else none. An unknown named code is a 404. */
  async function namedOrSessionClient(query: ClientOrSessionQuery, sessionClientId: number | null | undefined): Promise<ClientRow | null> {
    if (query.clientCode) {
      const client = await clients.resolve({ clientCode: query.clientCode, billingGroup: query.billingGroup });
      if (!client) throw new ApiError(404, 'notFound');
      return client;
    }
    return sessionClientId ? clients.byId(sessionClientId) : null;
  }

  route(routes, getClientList, async (c) => {
    const list: ClientListEntry[] = (await clients.list()).map(toListEntry);
    return c.json(list);
  });

  route(routes, getClient, async (c, { query }) => {
    const client: Client = toClient(await requiredClient(query));
    return c.json(client);
  });

  // Public, as the Contact page is: the billing office's phone and postal address (also on every invoice).
  route(routes, getContact, async (c, { query }) => {
    const client = await requiredClient(query);
    const contact: ClientContact = {
      name: client.name,
      phone: client.phoneNumber ? { number: client.phoneNumber, hours: parseOpeningHours(client.phoneHours) } : null,
      addressLines: client.mailAddressLines ?? [],
    };
    return c.json(contact);
  });

  route(routes, getClientUrl, async (c, { query }) => {
    const client = await requiredClient(query);
    return c.json({ url: client.clientUrl });
  });

  route(routes, getClientLinks, async (c, { query }) => {
    const client = await namedOrSessionClient(query, c.var.session?.clientId);
    return c.json({ externalCCLink: client?.externalCcLink ?? '' });
  });

  // Without any client there is nothing to pay, so the answer is no.
  route(routes, doesClientAcceptPayments, async (c, { query }) => {
    const client = await namedOrSessionClient(query, c.var.session?.clientId);
    return c.json({ acceptsPayments: client?.acceptsOnlinePayments ?? false });
  });

  return routes;
}
