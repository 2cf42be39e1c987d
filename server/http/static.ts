/**
 * The SPA's files and the client logos. Page paths (no file extension) are rendered by the SPA's
 * server build (dist/server/entry-server.js) when the build has one, else they fall back to
 * index.html so the client-side router can take them; a missing file with an extension is a 404,
 * never HTML, so a stale chunk fails loudly instead of being parsed as a page.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import type { InProcessFetch, PageAllowances, PageRendererModule, PageResult, PageStatus } from '@contracts/page-renderer';
import { catalogFileName, catalogParts } from '@contracts/catalog-files';
import { cardFieldsOriginMetaName } from '@contracts/processor';
import type { AppEnv } from './types';

/**
 * Vite's hashed output, named (`/assets/index-B2xY9_a.js`) or a hash alone (`/assets/Qx3_9aB.js`,
 * the lazy chunks): safe to cache for a year. The catalogs' folder is not Vite's.
 */
const HASHED_ASSET = /^\/assets\/(?:[^/]+-)?[A-Za-z0-9_-]{7,}\.[A-Za-z0-9]+$/;
const HAS_EXTENSION = /\.[^/]+$/;
/** The translation catalogs (`/assets/locale/es-ES.json`, the console's `/assets/locale/office-es-ES.json`): names without a hash, so revalidated. */
const CATALOG = /^\/assets\/locale\/[A-Za-z0-9-]+\.json$/;

export interface StaticOptions {
  /** The built SPA; without it, page paths answer 404. */
  distDir?: string | undefined;
  /** The card processor's origin, which every page names to the SPA (see AppConfig.cardFieldsOrigin). */
  cardFieldsOrigin?: string | undefined;
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

interface Representation {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

interface CatalogFile {
  /** Modification time and size when read: a rebuilt catalog is read again. */
  stamp: string;
  identity: Representation;
  gzip: Representation;
}

const gzipAsync = promisify(gzip);

/** Whether If-None-Match names this ETag (the weak comparison RFC 9110 asks for). */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === etag);
}

function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return (acceptEncoding ?? '').split(',').some((entry) => {
    const [coding = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    return (coding === 'gzip' || coding === '*') && !parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter));
  });
}

/**
 * Serves the translation catalogs with a strong ETag (a hash of the content) and `no-cache`: the
 * browser keeps its copy and revalidates it, a 304 while the catalog is unchanged. Each catalog
 * is read and gzipped once per build, and each encoding has its own strong ETag (a compressing
 * layer would have to weaken a shared one).
 */
function serveCatalogs(dist: string): MiddlewareHandler<AppEnv> {
  const files = new Map<string, CatalogFile>();

  async function load(path: string): Promise<CatalogFile | null> {
    const file = join(dist, path);
    const stats = await stat(file).catch(() => null);
    if (!stats?.isFile()) return null;
    const stamp = `${String(stats.mtimeMs)}:${String(stats.size)}`;
    const known = files.get(path);
    if (known?.stamp === stamp) return known;
    const body = new Uint8Array(await readFile(file));
    const hash = createHash('sha256').update(body).digest('base64url');
    const loaded: CatalogFile = {
      stamp,
      identity: { body, etag: `"${hash}"` },
      gzip: { body: new Uint8Array(await gzipAsync(body, { level: 9 })), etag: `"${hash}-gzip"` },
    };
    files.set(path, loaded);
    return loaded;
  }

  return async (c, next) => {
    if (!CATALOG.test(c.req.path)) return next();
    const file = await load(c.req.path);
    if (!file) return next();
    const gzipped = acceptsGzip(c.req.header('Accept-Encoding'));
    const { body, etag } = gzipped ? file.gzip : file.identity;
    c.header('ETag', etag);
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Encoding');
    if (isNotModified(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
    c.header('Content-Type', 'application/json; charset=utf-8');
    if (gzipped) c.header('Content-Encoding', 'gzip');
    return c.body(body);
  };
}

type PageRenderer = (request: Request, api: InProcessFetch, allowances?: PageAllowances) => Promise<PageResult>;

function isRendererModule(value: unknown): value is PageRendererModule {
  return typeof value === 'object' && value !== null && 'createPageRenderer' in value && typeof value.createPageRenderer === 'function';
}

/**
 * Loads the SPA's server renderer with the client build's template, manifest and catalogs; null
 * when the build has none (then pages are the plain SPA, rendered in the browser).
 */
export async function loadPageRenderer(dist: string): Promise<PageRenderer | null> {
  const entry = join(dist, 'server', 'entry-server.js');
  if (!existsSync(entry)) return null;
  const loaded: unknown = await import(pathToFileURL(entry).href);
  if (!isRendererModule(loaded)) throw new Error(`${entry} does not export createPageRenderer`);
  const readJson = async (path: string): Promise<unknown> => JSON.parse(await readFile(join(dist, path), 'utf8'));
  const catalogs: Record<string, Record<string, unknown>> = {};
  for (const language of ['en-US', 'es-ES']) {
    // The renderer renders the console's pages too: it has each language's every message, the
    // patients' catalog and the console's (which the browser fetches only with the console) together.
    for (const part of catalogParts) {
      const catalog = await readJson(`assets/locale/${catalogFileName(language, part)}`);
      if (typeof catalog === 'object' && catalog !== null && 'messages' in catalog && typeof catalog.messages === 'object' && catalog.messages !== null) {
        catalogs[language] = { ...catalogs[language], ...catalog.messages };
      }
    }
  }
  const manifest = await readJson('.vite/manifest.json');
  if (typeof manifest !== 'object' || manifest === null) throw new Error('The client build has no manifest');
  return loaded.createPageRenderer({
    template: await readFile(join(dist, 'index.html'), 'utf8'),
    manifest: { ...manifest },
    catalogs,
  });
}

/** Escapes text for an HTML attribute value in double quotes. */
function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${String(character.codePointAt(0))};`);
}

/** Mounts the static routes; call after the API routes. */
export function mountStatic(app: Hono<AppEnv>, { distDir, cardFieldsOrigin, publicDir, warn }: StaticOptions): void {
  // Every page, rendered here or left to the browser, tells the SPA where the card fields live.
  const settings = cardFieldsOrigin === undefined ? '' : `<meta name="${cardFieldsOriginMetaName}" content="${escapeAttribute(cardFieldsOrigin)}">`;
  const withSettings = (html: string) => html.replace('</head>', () => `${settings}</head>`);

  app.use('/logos/*', withCacheControl(serveStatic<AppEnv>({ root: publicDir }), () => 'public, max-age=3600'));

  const dist = distDir && existsSync(distDir) ? distDir : undefined;
  if (distDir && !dist) warn(`No built SPA at ${distDir}: page paths will answer 404 (run npm run build).`);

  const notFound = (c: Context<AppEnv>) => c.text('Not Found', 404);

  /** The plain SPA page (the built index.html), for the browser to render. */
  async function plainPage(c: Context<AppEnv>, directory: string, status: PageStatus) {
    let html: string;
    try {
      html = await readFile(join(directory, 'index.html'), 'utf8');
    } catch {
      return notFound(c);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(withSettings(html), status);
  }

  if (dist) {
    app.get('/assets/locale/*', serveCatalogs(dist));
    // The plain SPA page by its file name too (as a host of the plain SPA would serve it), with the
    // settings every page carries.
    app.get('/index.html', (c) => plainPage(c, dist, 200));
    // The server build is for this process, not for browsers.
    app.get('/server/*', (c) => c.text('Not Found', 404));
    const files = withCacheControl(serveStatic<AppEnv>({ root: dist }), cacheControlFor);
    // Only files: a page path (no extension) is the page handler's, `/` included, which the
    // static handler would otherwise answer with the bare index.html.
    const onlyFiles: MiddlewareHandler<AppEnv> = (c, next) => (HAS_EXTENSION.test(c.req.path) ? files(c, next) : next());
    app.use('*', onlyFiles);
  }

  // Loaded on the first page request (an import is asynchronous, mounting is not), then kept.
  let renderer: Promise<PageRenderer | null> | null = null;
  const pageRenderer = (directory: string) =>
    (renderer ??= loadPageRenderer(directory).catch((error: unknown) => {
      warn(`The server renderer could not be loaded; pages are rendered in the browser: ${String(error)}`);
      return null;
    }));

  app.get('*', compress(), async (c) => {
    if (!dist || HAS_EXTENSION.test(c.req.path)) return notFound(c);
    const render = await pageRenderer(dist);
    let status: PageStatus = 200;
    if (render) {
      // The renderer's calls speak for the visitor: they carry the page request's cookies.
      const cookie = c.req.header('Cookie');
      const api = (request: Request) => {
        if (cookie) request.headers.set('Cookie', cookie);
        return Promise.resolve(app.fetch(request, c.env));
      };
      // The page's theme is inline, under the nonce this answer's Content-Security-Policy names.
      const result = await render(c.req.raw, api, { styleNonce: c.get('secureHeadersNonce') }).catch((error: unknown): PageResult => {
        warn(`${c.req.path} could not be rendered on the server; the SPA renders it: ${String(error)}`);
        return { type: 'spa' };
      });
      // Each page is this visitor's own (their session, language, client): never stored by a cache.
      if (result.type === 'redirect') {
        c.header('Cache-Control', 'no-store');
        return c.redirect(result.location, 302);
      }
      if (result.type === 'page') {
        c.header('Cache-Control', 'no-store');
        return c.html(withSettings(result.html), result.status ?? 200);
      }
      // An address that matches no screen answers 404 (a "soft" 200 reads as a page that exists).
      status = result.status ?? 200;
    }
    return plainPage(c, dist, status);
  });
}
