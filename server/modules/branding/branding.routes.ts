/**
 * Branding over HTTP. For the patients' pages, anyone may read a client's theme as a stylesheet
 * and its stored logo, each with a strong ETag (a 304 while it is unchanged). For the billing
 * office's console, `createBrandingRoutes` reads and changes the session's client's branding; the
 * console mounts it under its staff sign-in (the staff principal comes from `staffOf`).
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { brandColoursSchema, logoLimits, themeCss } from '@contracts/branding';
import { getClientLogo, getClientTheme } from '@contracts/branding-endpoints';
import { route } from '../../http/endpoint-routes';
import { ApiError } from '../../http/errors';
import { isNotModified } from '../../http/static';
import type { AppEnv } from '../../http/types';
import { readJsonBody } from '../../http/validation';
import type { ClientsService } from '../clients/clients.service';
import { coloursOf, type BrandingOutcome, type BrandingService } from './branding.service';

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

/** The console's roles (the lead's `StaffRole`): an office admin changes the branding, everyone may look. */
export type BrandingStaffRole = 'officeAdmin' | 'billingStaff' | 'readOnly';

/** Who calls the console: a staff member of one client, signed in with a second factor. */
export interface BrandingStaff {
  clientId: number;
  role: BrandingStaffRole;
}

/** Each refusal's status. */
const refusalStatus = {
  notFound: 404,
  invalidRequest: 400,
  contrastTooLow: 422,
  logoNotAnImage: 415,
  logoTooLarge: 413,
  logoTooManyPixels: 422,
} as const;

/** The outcome as the console reads it: the branding, or the refusal with its fields or failing pairs. */
function answer(c: Context<AppEnv>, outcome: BrandingOutcome): Response {
  if (outcome.kind === 'done') return c.json(outcome.branding);
  const { kind: _refused, code, ...details } = outcome;
  return c.json({ error: code, ...details }, refusalStatus[code]);
}

/**
 * The console's branding calls, for the session's client: read it (any staff), set the colours,
 * upload a logo (the body is the image, its Content-Type the declared type, at most 1 MB: a
 * larger body is refused from its Content-Length, or, without one, once 1 MB has been read) and
 * remove it (office admins).
 */
export function createBrandingRoutes({ branding, staffOf }: { branding: BrandingService; staffOf: (c: Context<AppEnv>) => BrandingStaff | null }) {
  const routes = new Hono<AppEnv>();

  function caller(c: Context<AppEnv>, changes: boolean): BrandingStaff {
    const staff = staffOf(c);
    if (!staff) throw new ApiError(401, 'notSignedIn');
    if (changes && staff.role !== 'officeAdmin') throw new ApiError(403, 'forbidden');
    return staff;
  }

  routes.get('/console/branding', async (c) => {
    const found = await branding.branding(caller(c, false).clientId);
    if (!found) throw new ApiError(404, 'notFound');
    return c.json(found);
  });

  routes.put('/console/branding/colours', async (c) => {
    const { clientId } = caller(c, true);
    return answer(c, await branding.setColours(clientId, await readJsonBody(c, brandColoursSchema)));
  });

  routes.put(
    '/console/branding/logo',
    // The role first: a stranger's 50 MB is not read at all.
    async (c, next) => {
      caller(c, true);
      await next();
    },
    bodyLimit({ maxSize: logoLimits.maxBytes, onError: (c) => c.json({ error: 'logoTooLarge' }, 413) }),
    async (c) => {
      const { clientId } = caller(c, true);
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      return answer(c, await branding.setLogo(clientId, bytes, c.req.header('Content-Type') ?? ''));
    },
  );

  routes.delete('/console/branding/logo', async (c) => answer(c, await branding.clearLogo(caller(c, true).clientId)));

  return routes;
}
