/**
 * The clients' public facts: the list, one client's look and settings, its address and card page,
 * and whether it takes payments online. The first page loads them (see endpoint.ts).
 */
import { clientOrSessionQuerySchema, clientQuerySchema } from './client-requests';
import { acceptsPaymentsResponseSchema, clientLinksResponseSchema, clientListSchema, clientSchema, clientUrlResponseSchema } from './clients';
import { defineEndpoint } from './endpoint';

export const getClientList = defineEndpoint({
  method: 'GET',
  path: '/Client/GetClientList',
  summary: 'Every client, with its logo, theme and billing group',
  access: 'anyone',
  response: clientListSchema,
});

export const getClient = defineEndpoint({
  method: 'GET',
  path: '/Client/GetClient',
  summary: "One client's name, logo, theme and settings",
  description: '404 notFound for an unknown code.',
  access: 'anyone',
  query: clientQuerySchema,
  response: clientSchema,
});

export const getClientUrl = defineEndpoint({
  method: 'GET',
  path: '/Client/GetClientUrl',
  summary: "The client's own web address",
  description: '404 notFound for an unknown code.',
  access: 'anyone',
  query: clientQuerySchema,
  response: clientUrlResponseSchema,
});

export const getClientLinks = defineEndpoint({
  method: 'GET',
  path: '/ClientLinks/GetClientLinks',
  summary: "The client's external card payment page ('' when it has none)",
  description: "The named client's, else the session's. 404 notFound for an unknown code.",
  access: 'anyone',
  query: clientOrSessionQuerySchema,
  response: clientLinksResponseSchema,
});

export const doesClientAcceptPayments = defineEndpoint({
  method: 'GET',
  path: '/user/DoesClientAcceptPayments',
  summary: 'Whether the client takes card payments in the portal',
  description: "The named client's, else the session's; false without either. 404 notFound for an unknown code.",
  access: 'anyone',
  query: clientOrSessionQuerySchema,
  response: acceptsPaymentsResponseSchema,
});
