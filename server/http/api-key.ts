/**
 * The billing office's API is called with a client's API key, never with a session: these
 * middlewares read `Authorization: Bearer pbp_…` (`authenticateApiKey`, on /api/office/*) and let
 * a call through only with a live key that holds the scope its declaration names
 * (`requireApiKeyScope`). Every call made with a key is recorded, whatever its answer.
 */
import type { MiddlewareHandler } from 'hono';
import { apiBase } from '@contracts/endpoint';
import type { ApiKeyScope } from '@contracts/office';
import type { ApiKeysService } from '../modules/office/api-keys.service';
import { sourceAddress } from './client-address';
import { errorResponse } from './errors';
import type { OfficeEnv } from './types';

/** Where the billing office's API is mounted: key-authenticated, no session, no anti-forgery token. */
export const officeApiBase = `${apiBase}/office/`;

export function isOfficeApiPath(path: string): boolean {
  return path.startsWith(officeApiBase);
}

/** Finds the key of the call (or none), and records the call once it is answered. */
export function authenticateApiKey(apiKeys: ApiKeysService, report: (error: unknown) => void): MiddlewareHandler<OfficeEnv> {
  return async (c, next) => {
    const [scheme, token] = (c.req.header('Authorization') ?? '').split(' ', 2);
    const caller = scheme?.toLowerCase() === 'bearer' && token ? await apiKeys.authenticate(token) : null;
    if (!caller) {
      c.header('WWW-Authenticate', 'Bearer realm="office"');
      return errorResponse(c, 401, 'invalidApiKey');
    }
    c.set('apiKey', caller);
    try {
      await next();
    } finally {
      await apiKeys
        // The path as it came, percent-encoded (a NUL or other control byte stays written as %00), cut short.
        .recordCall(caller, { method: c.req.method, path: new URL(c.req.url).pathname.slice(0, 500), status: c.res.status, ipAddress: sourceAddress(c) })
        .catch(report);
    }
  };
}

/** 403 forbidden for a key without the scope. */
export function requireApiKeyScope(scope: ApiKeyScope): MiddlewareHandler<OfficeEnv> {
  return async (c, next) => {
    if (!c.var.apiKey.scopes.includes(scope)) return errorResponse(c, 403, 'forbidden');
    await next();
  };
}
