/**
 * A client's theme and logo as the patients' pages load them: the theme as a stylesheet (the SPA
 * links it when it selects a client; a server-rendered page has it inline) and the logo the
 * office uploaded (the address `logoUrl` names). Both answer with a strong ETag, 304 while unchanged.
 */
import * as v from 'valibot';
import { clientCodeSchema } from './clients';
import { defineEndpoint } from './endpoint';
import { billingGroupSchema, optionalText } from './text';

/** The client in the path, by its code (a misfit names no client: 404). */
const clientParamsSchema = v.object({ code: clientCodeSchema });

export const getClientTheme = defineEndpoint({
  method: 'GET',
  path: '/clients/{code}/theme.css',
  summary: "The client's theme: its colours as CSS custom properties on :root",
  description: 'Cache-Control no-cache with a strong ETag (If-None-Match: 304 while the colours are the same). 404 notFound for an unknown code.',
  access: 'anyone',
  params: clientParamsSchema,
  query: v.object({ billingGroup: billingGroupSchema }),
  response: 'css',
});

export const getClientLogo = defineEndpoint({
  method: 'GET',
  path: '/clients/{code}/logo',
  summary: "The logo the client's billing office uploaded, as a PNG",
  description:
    "Under the address the client's logoUrl names (with `v`, the logo's version) kept a year; otherwise revalidated (no-cache). A strong ETag: If-None-Match answers 304. 404 notFound when the client has no stored logo.",
  access: 'anyone',
  params: clientParamsSchema,
  query: v.object({ billingGroup: billingGroupSchema, v: v.optional(optionalText(64)) }),
  response: 'png',
});

