/**
 * GET /api/openapi.json, the API's OpenAPI 3.1 document (built once, from the declarations); and in
 * development GET /dev/api-reference, a readable reference of it (Scalar's page).
 */
import { Scalar } from '@scalar/hono-api-reference';
import { Hono } from 'hono';
import { NONCE, secureHeaders, type SecureHeadersVariables } from 'hono/secure-headers';
import { getOpenApiDocument } from '@contracts/api';
import { apiBase } from '@contracts/endpoint';
import { route } from '../../http/endpoint-routes';
import { sameMachineOnly } from '../../http/same-machine';
import type { AppEnv, AppVariables } from '../../http/types';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';

/** Mounted under the API, like the endpoints it describes. */
export function createOpenApiRoutes() {
  const routes = new Hono<AppEnv>();
  let document: OpenApiDocument | undefined;
  route(routes, getOpenApiDocument, (c) => c.json((document ??= buildOpenApiDocument())));
  return routes;
}

/** Where Scalar's page loads its script from (a development page: the portal's own pages load nothing from elsewhere). */
const SCALAR_CDN = 'https://cdn.jsdelivr.net';

/** Mounted at /dev in development only; the same machine only, as every development page. */
export function createApiReferenceRoutes() {
  const routes = new Hono<{ Variables: AppVariables & SecureHeadersVariables }>();
  routes.use('*', sameMachineOnly);
  routes.get(
    '/api-reference',
    // A policy of its own (the portal's headers keep a page's): its inline script by nonce, Scalar's from its CDN.
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: [NONCE, SCALAR_CDN],
        styleSrc: ["'self'", "'unsafe-inline'", SCALAR_CDN],
        fontSrc: ["'self'", 'data:', 'https://fonts.scalar.com'],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    }),
    Scalar((c) => ({ url: `${apiBase}${getOpenApiDocument.path}`, pageTitle: 'Patient billing portal API', nonce: c.get('secureHeadersNonce') })),
  );
  return routes;
}
