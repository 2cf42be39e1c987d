/**
 * The console's Branding screen over HTTP: the staff session's client's colours, logo and
 * settings; the console mounts it among its areas. The patients' pages read the same branding
 * through server/patients/branding.
 */
import { Hono, type Context } from 'hono';
import { colourNames } from '@contracts/branding';
import { maxBodyBytesOf } from '@contracts/endpoint';
import {
  getConsoleBranding,
  removeConsoleLogo,
  setConsoleBrandColours,
  setConsoleClientSettings,
  uploadConsoleLogo,
} from '@contracts/console-branding-endpoints';
import { readBodyAtMost } from '../../http/body';
import { route } from '../../http/endpoint-routes';
import { ApiError } from '../../http/errors';
import type { AppEnv, StaffEnv } from '../../http/types';
import type { BrandingOutcome, BrandingService } from '../../core/branding/branding.service';

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
