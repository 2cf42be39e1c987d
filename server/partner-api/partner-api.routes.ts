/**
 * The partner API under /api/office/: every call carries a client's API key, checked and
 * recorded once here (http/api-key.ts) before the call reaches its area: bills in (statements)
 * or payments out (postings, refunds, webhooks).
 */
import { Hono } from 'hono';
import { authenticateApiKey } from '../http/api-key';
import type { AppEnv } from '../http/types';
import type { ApiKeysService } from '../core/api-keys/api-keys.service';

export function createPartnerApiRoutes({
  apiKeys,
  reportError,
  areas,
}: {
  apiKeys: ApiKeysService;
  /** Told when a call could not be recorded. */
  reportError: (error: unknown) => void;
  areas: readonly Hono<AppEnv>[];
}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('/office/*', authenticateApiKey(apiKeys, reportError));
  for (const area of areas) routes.route('/', area);
  return routes;
}
