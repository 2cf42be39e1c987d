/** The Contact page's endpoint (a module of its own: the first page never loads it, see endpoint.ts). */
import { clientContactSchema } from './client-contact';
import { clientQuerySchema } from './client-requests';
import { defineEndpoint } from './endpoint';

export const getContact = defineEndpoint({
  method: 'GET',
  path: '/Client/GetContact',
  summary: "How to reach a client's billing office: its phone, opening hours and postal address",
  description: '404 notFound for an unknown code.',
  access: 'anyone',
  query: clientQuerySchema,
  response: clientContactSchema,
});
