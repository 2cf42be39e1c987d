/**
 * The SPA's files and the client logos. Page paths (no file extension) fall back to index.html so
 * the client-side router can take them; a missing file with an extension is a 404, never HTML,
 * so a stale chunk fails loudly instead of being parsed as a page.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from './types';

/** Vite's hashed output (`/assets/index-B2xY9_aQ.js`): safe to cache for a year. */
const HASHED_ASSET = /^\/assets\/(?:.+\/)?[^/]+[-.][A-Za-z0-9_-]{8,}\.[A-Za-z0-9]+$/;
const HAS_EXTENSION = /\.[^/]+$/;

export interface StaticOptions {
  /** The built SPA; without it, page paths answer 404. */
  distDir?: string | undefined;
  /** Served under /logos/ (server/public). */
  publicDir: string;
  warn: (message: string) => void;
}

function cacheControlFor(path: string): string {
  return HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Sets Cache-Control on what a static handler found. (Its `onFound` hook runs after the response
 * is built, too late to add headers.)
 */
function withCacheControl(
  handler: MiddlewareHandler<AppEnv>,
  cacheControl: (path: string) => string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Not found, the handler returns whatever `next()` gave, which is not a Response.
    const found = await handler(c, next);
    if (!(found instanceof Response)) return;
    found.headers.set('Cache-Control', cacheControl(c.req.path));
    return found;
  };
}

/** Mounts the static routes; call after the API routes. */
export function mountStatic(app: Hono<AppEnv>, { distDir, publicDir, warn }: StaticOptions): void {
  app.use('/logos/*', withCacheControl(serveStatic<AppEnv>({ root: publicDir }), () => 'public, max-age=3600'));

  const dist = distDir && existsSync(distDir) ? distDir : undefined;
  if (distDir && !dist) warn(`No built SPA at ${distDir}: page paths will answer 404 (run npm run build).`);

  if (dist) app.use('*', withCacheControl(serveStatic<AppEnv>({ root: dist }), cacheControlFor));

  const notFound = (c: Context<AppEnv>) => c.text('Not Found', 404);

  app.get('*', async (c) => {
    if (!dist || HAS_EXTENSION.test(c.req.path)) return notFound(c);
    let html: string;
    try {
      html = await readFile(join(dist, 'index.html'), 'utf8');
    } catch {
      return notFound(c);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
}
