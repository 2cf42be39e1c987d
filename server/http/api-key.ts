/**
 * The partner API is called with a client's API key, never with a session: these
 * middlewares read `Authorization: Bearer pbp_…` (`authenticateApiKey`, on /api/office/*) and let
 * a call through only with a live key that holds the scope its declaration names
 * (`requireApiKeyScope`). Every call made with a key is recorded, whatever its answer; a call
 * refused for its key (none, unknown, revoked, another secret) is recorded too, rate-limited
 * (`ApiKeysService.recordRefusal`).
 */
import type { MiddlewareHandler } from 'hono';
import { apiBase } from '@contracts/endpoint';
import type { ApiKeyScope } from '@contracts/partner-api';
import type { ApiKeysService } from '../core/api-keys/api-keys.service';
import { sourceAddress } from './client-address';
import { errorResponse } from './errors';
import type { PartnerApiEnv } from './types';

/** Where the partner API is mounted: key-authenticated, no session, no anti-forgery token. */
export const partnerApiBase = `${apiBase}/office/`;

export function isPartnerApiPath(path: string): boolean {
  return path.startsWith(partnerApiBase);
}

/** Finds the key of the call (or none), and records the call once it is answered, or its refusal. */
export function authenticateApiKey(apiKeys: ApiKeysService, report: (error: unknown) => void): MiddlewareHandler<PartnerApiEnv> {
  return async (c, next) => {
    const [scheme, token] = (c.req.header('Authorization') ?? '').split(' ', 2);
    const identity = await apiKeys.identify(scheme?.toLowerCase() === 'bearer' ? token : undefined);
    // The path as it came, percent-encoded (a NUL or other control byte stays written as %00), cut short.
    const call = { method: c.req.method, path: new URL(c.req.url).pathname.slice(0, 500), ipAddress: sourceAddress(c) };
    if (identity.kind === 'refused') {
      await apiKeys.recordRefusal(identity, call).catch(report);
      c.header('WWW-Authenticate', 'Bearer realm="office"');
      return errorResponse(c, 401, 'invalidApiKey');
    }
    const { caller } = identity;
    c.set('apiKey', caller);
    try {
      await next();
    } finally {
      await apiKeys.recordCall(caller, { ...call, status: c.res.status }).catch(report);
    }
  };
}

/** 403 forbidden for a key without the scope. */
export function requireApiKeyScope(scope: ApiKeyScope): MiddlewareHandler<PartnerApiEnv> {
  return async (c, next) => {
    if (!c.var.apiKey.scopes.includes(scope)) return errorResponse(c, 403, 'forbidden');
    await next();
  };
}
