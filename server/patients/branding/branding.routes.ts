/**
 * Branding for the patients' pages: anyone may read a client's theme as a stylesheet and its
 * stored logo, each with a strong ETag (a 304 while it is unchanged). The console's Branding
 * screen is server/console/branding.
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { themeCss } from '@contracts/branding';
import { getClientLogo, getClientTheme } from '@contracts/branding-endpoints';
import { route } from '../../http/endpoint-routes';
import { ApiError } from '../../http/errors';
import { isNotModified } from '../../http/static';
import type { AppEnv } from '../../http/types';
import type { ClientsService } from '../../core/clients/clients.service';
import { coloursOf, type BrandingService } from '../../core/branding/branding.service';

/** A year: a stored logo's address changes with its content (`?v=`), so one address never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Answers with an ETag: a 304 when the browser holds this version already, else the body. */
function withETag(c: Context<AppEnv>, etag: string, cacheControl: string, body: () => Response): Response {
  c.header('ETag', etag);
  c.header('Cache-Control', cacheControl);
  if (isNotModified(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
  return body();
}

/** The stylesheet and the logo of a client, for the patients' pages. */
export function createClientBrandingRoutes({ clients, branding }: { clients: ClientsService; branding: BrandingService }) {
  const routes = new Hono<AppEnv>();

  const client = async ({ params, query }: { params: { code: string }; query: { billingGroup?: string | undefined } }) => {
    const found = await clients.resolve({ clientCode: params.code, billingGroup: query.billingGroup });
    if (!found) throw new ApiError(404, 'notFound');
    return found;
  };

  // The theme's custom properties as a `:root` rule; revalidated on each use (no-cache), a 304
  // while the colours are the same.
  route(routes, getClientTheme, async (c, request) => {
    const css = themeCss(coloursOf(await client(request)));
    const etag = `"${createHash('sha256').update(css).digest('base64url')}"`;
    return withETag(c, etag, 'no-cache', () => c.body(css, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
  });

  // The stored logo: under its versioned address (the one `logo_url` names) kept for a year, under
  // any other revalidated.
  route(routes, getClientLogo, async (c, request) => {
    const logo = await branding.storedLogo((await client(request)).id);
    if (!logo) throw new ApiError(404, 'notFound');
    const current = request.query.v === logo.digest.slice(0, 16);
    const bytes = new Uint8Array(logo.bytes);
    return withETag(c, `"${logo.digest}"`, current ? IMMUTABLE : 'no-cache', () => c.body(bytes, 200, { 'Content-Type': logo.contentType }));
  });

  return routes;
}
