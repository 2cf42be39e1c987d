/**
 * Branding over HTTP. For the patients' pages, anyone may read a client's theme as a stylesheet
 * and its stored logo, each with a strong ETag (a 304 while it is unchanged). For the billing
 * office's console, `createConsoleBrandingRoutes` reads and changes the staff session's client's
 * branding and settings; the console mounts it among its areas.
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { colourNames, themeCss } from '@contracts/branding';
import { maxBodyBytesOf } from '@contracts/endpoint';
import { getClientLogo, getClientTheme } from '@contracts/branding-endpoints';
import {
  getConsoleBranding,
  removeConsoleLogo,
  setConsoleBrandColours,
  setConsoleClientSettings,
  uploadConsoleLogo,
} from '@contracts/console-branding-endpoints';
import { route } from '../../http/endpoint-routes';
import { ApiError } from '../../http/errors';
import { isNotModified } from '../../http/static';
import type { AppEnv, StaffEnv } from '../../http/types';
import type { ClientsService } from '../../core/clients/clients.service';
import { coloursOf, type BrandingOutcome, type BrandingService } from '../../core/branding/branding.service';
import { readBodyAtMost } from '../../http/body';

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
function answer(c: Context<StaffEnv>, outcome: BrandingOutcome): Response {
  if (outcome.kind === 'done') return c.json(outcome.branding);
  const { kind: _refused, code, ...details } = outcome;
  return c.json({ error: code, ...details }, refusalStatus[code]);
}

/**
 * The console's Branding screen (contracts/console-branding-endpoints.ts), for the staff session's
 * client: read it (any staff), set the colours and the settings, upload a logo and remove it
 * (office admins; `requireStaff` checks the role before the upload's body is read). The logo's
 * body is the image, at most 1 MB: a larger one is refused from its Content-Length, or, without
 * one, once 1 MB has been read.
 */
export function createConsoleBrandingRoutes({ branding }: { branding: BrandingService }) {
  const routes = new Hono<AppEnv>();

  route(routes, getConsoleBranding, async (c) => {
    const found = await branding.branding(c.var.staff.clientId);
    if (!found) throw new ApiError(404, 'notFound');
    return c.json(found);
  });

  route(routes, setConsoleBrandColours, async (c, { json }) => {
    c.set('auditNote', { target: 'colours', detail: colourNames.map((name) => json[name]).join(' ') });
    return answer(c, await branding.setColours(c.var.staff.clientId, json));
  });

  route(routes, uploadConsoleLogo, async (c) => {
    const type = c.req.header('Content-Type') ?? '';
    c.set('auditNote', { target: 'logo', detail: type.split(';')[0]?.trim().slice(0, 64) ?? '' });
    const tooLarge = () => c.json({ error: 'logoTooLarge' }, 413);
    const bytes = await readBodyAtMost(c.req.raw, maxBodyBytesOf(uploadConsoleLogo));
    if (!bytes) return tooLarge();
    return answer(c, await branding.setLogo(c.var.staff.clientId, bytes, type));
  });

  route(routes, removeConsoleLogo, async (c) => {
    c.set('auditNote', { target: 'logo' });
    return answer(c, await branding.clearLogo(c.var.staff.clientId));
  });

  route(routes, setConsoleClientSettings, async (c, { json }) => {
    const lifetime = json.passwordLifetimeDays === null ? 'never' : `${String(json.passwordLifetimeDays)}d`;
    const detail = `online=${String(json.acceptsOnlinePayments)} cutoff=${json.postingCutoff} ${json.timeZone} password=${lifetime} card=${json.externalCardLink || 'none'}`;
    c.set('auditNote', { target: 'settings', detail });
    return answer(c, await branding.setSettings(c.var.staff.clientId, json));
  });

  return routes;
}
