import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from './db/client';
import { startServer } from './start';
import {
  DEMO_PASSWORD,
  TestBrowser,
  createTestApp,
  createTestCardFieldsApp,
  openSeededDatabase,
  recordingLogger,
} from './test/harness';

let database: OpenedDatabase;
let distDir: string;
const INDEX_HTML = '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  database = await openSeededDatabase();
  distDir = mkdtempSync(join(tmpdir(), 'pbp-dist-'));
  mkdirSync(join(distDir, 'assets', 'locale'), { recursive: true });
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(distDir, 'assets', 'index-B2xY9_aQ.js'), 'console.log("app");');
  writeFileSync(join(distDir, 'assets', 'locale', 'en-US.json'), '{}');
  writeFileSync(join(distDir, 'assets', 'Qx3_9aB.js'), 'export const screen = 1;');
  writeFileSync(join(distDir, 'assets', 'vendor-Q1w2E3r4.js'), 'export const big = 1;\n'.repeat(400));
});

afterAll(async () => {
  await database.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('API edges', () => {
  it('answers an unknown /api path with 404 JSON, not the SPA', async () => {
    const app = createTestApp(database.db, { distDir });
    for (const path of ['/api/Nope', '/api', '/api/client/getclientlist']) {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toEqual({ error: 'notFound' });
    }
  });

  it('sends the strict content security policy and no-store on API answers', async () => {
    const response = await createTestApp(database.db).request('/api/Client/GetClientList');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; frame-src 'none'; object-src 'none'; base-uri 'self'; form-action 'self'",
    );
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
    expect(response.headers.get('permissions-policy')).toContain('payment=()');
  });

  it('lets no page send a form anywhere but to the portal itself (form-action)', async () => {
    // default-src does not cover form-action: without it, injected markup could post what a
    // person typed (a password) to another site.
    const app = createTestApp(database.db, { distDir });
    for (const path of ['/SUN/login', '/api/User/GetIsUserLoggedIn']) {
      const csp = (await app.request(path)).headers.get('content-security-policy') ?? '';
      expect(csp.split('; ')).toContain("form-action 'self'");
    }
    // A page may carry one inline style, its client's theme, under a nonce of its own answer.
    const [first, second] = await Promise.all([app.request('/SUN/login'), app.request('/SUN/login')]);
    const nonceOf = (response: Response) => /style-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonceOf(first)).toBeTruthy();
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    const cardFields = await createTestCardFieldsApp(database.db).request('/processor/card-fields');
    expect(cardFields.headers.get('content-security-policy')?.split('; ')).toContain("form-action 'self'");
  });

  it('offers /healthz and /readyz to a load balancer, without cookies', async () => {
    const app = createTestApp(database.db);
    for (const [path, body] of [
      ['/healthz', { status: 'ok' }],
      ['/readyz', { status: 'ready' }],
    ] as const) {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(body);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers an oversized body with 413 invalidRequest', async () => {
    const browser = await new TestBrowser(createTestApp(database.db)).open();
    const response = await browser.post('/api/userlogin/Login', {
      email: 'pat.doe@example.com',
      password: 'x'.repeat(70_000),
      language: 'en-US',
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'invalidRequest' });
  });

  it('answers 500 serverError on a failure and logs it without the request body', async () => {
    const logger = recordingLogger();
    const browser = await new TestBrowser(createTestApp(database.db, { logger })).open();
    await database.db.execute(sql`alter table users rename to users_away`);
    try {
      const response = await browser.post('/api/userlogin/Login', {
        email: 'pat.doe@example.com',
        password: DEMO_PASSWORD,
        language: 'en-US',
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: 'serverError' });
    } finally {
      await database.db.execute(sql`alter table users_away rename to users`);
    }
    const logged = logger.lines.join('\n');
    expect(logged).toContain('POST /api/userlogin/Login failed');
    expect(logged).not.toContain(DEMO_PASSWORD);
    expect(logged).not.toContain('pat.doe@example.com');
  });
});

describe('serving the SPA', () => {
  it('hands the anti-forgery cookie out with pages and API answers only', async () => {
    const app = createTestApp(database.db, { distDir });
    expect((await app.request('/SUN/login')).headers.get('set-cookie')).toContain('XSRF-TOKEN=');
    expect((await app.request('/api/Client/GetClientList')).headers.get('set-cookie')).toContain('XSRF-TOKEN=');
  });

  it('serves index.html for page paths, uncached, with and without a client prefix', async () => {
    const app = createTestApp(database.db, { distDir });
    for (const path of ['/', '/login', '/SUN/payment/online', '/dlt/invoices']) {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX_HTML);
    }
  });

  it('answers 404 for a missing file with an extension instead of the page', async () => {
    const app = createTestApp(database.db, { distDir });
    for (const path of ['/assets/x.js', '/favicon.ico', '/assets/locale/xx-XX.json', '/assets/locale/office-xx-XX.json']) {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('<html');
    }
  });

  it('caches hashed assets for a year and unhashed files not at all', async () => {
    const app = createTestApp(database.db, { distDir });
    const hashed = await app.request('/assets/index-B2xY9_aQ.js');
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers.get('content-type')).toContain('javascript');
    // Static files carry no cookie, so shared caches may keep them.
    expect(hashed.headers.get('set-cookie')).toBeNull();
    // A lazy chunk goes by its hash alone.
    const lazyChunk = await app.request('/assets/Qx3_9aB.js');
    expect(lazyChunk.status).toBe(200);
    expect(lazyChunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const locale = await app.request('/assets/locale/en-US.json');
    expect(locale.status).toBe(200);
    expect(locale.headers.get('cache-control')).toBe('no-cache');
  });

  it('lets browsers keep a translation catalog and revalidate it by a strong content-hash ETag', async () => {
    const catalogDir = mkdtempSync(join(tmpdir(), 'pbp-dist-'));
    try {
      mkdirSync(join(catalogDir, 'assets', 'locale'), { recursive: true });
      const catalogPath = join(catalogDir, 'assets', 'locale', 'es-ES.json');
      const catalog = JSON.stringify({ messages: { greeting: ['Hola'], text: ['Texto '.repeat(300)] } });
      writeFileSync(catalogPath, catalog);
      const app = createTestApp(database.db, { distDir: catalogDir });

      const first = await app.request('/assets/locale/es-ES.json');
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toContain('application/json');
      expect(first.headers.get('cache-control')).toBe('no-cache');
      expect(first.headers.get('set-cookie')).toBeNull();
      expect(await first.text()).toBe(catalog);
      const etag = first.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);

      const again = await app.request('/assets/locale/es-ES.json', { headers: { 'If-None-Match': etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('no-cache');
      expect(await again.text()).toBe('');
      // Among other tags, and in the weak form a cache may send back.
      for (const tags of [`"other", ${etag}`, `W/${etag}`]) {
        expect((await app.request('/assets/locale/es-ES.json', { headers: { 'If-None-Match': tags } })).status).toBe(304);
      }
      expect((await app.request('/assets/locale/es-ES.json', { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);

      // Gzipped for a browser that accepts it, under a strong ETag of its own.
      const gzipped = await app.request('/assets/locale/es-ES.json', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
      expect(gzipped.headers.get('content-encoding')).toBe('gzip');
      expect(gzipped.headers.get('vary')).toContain('Accept-Encoding');
      const gzipEtag = gzipped.headers.get('etag') ?? '';
      expect(gzipEtag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
      expect(gzipEtag).not.toBe(etag);
      expect(gunzipSync(new Uint8Array(await gzipped.arrayBuffer())).toString()).toBe(catalog);
      const gzipAgain = await app.request('/assets/locale/es-ES.json', {
        headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': gzipEtag },
      });
      expect(gzipAgain.status).toBe(304);

      // A new build's catalog is a new ETag, so the old copy is replaced.
      writeFileSync(catalogPath, JSON.stringify({ messages: { greeting: ['¡Hola!'] } }));
      utimesSync(catalogPath, new Date(), new Date(Date.now() + 1000));
      const changed = await app.request('/assets/locale/es-ES.json', { headers: { 'If-None-Match': etag } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
      expect(await changed.json()).toEqual({ messages: { greeting: ['¡Hola!'] } });

      // The console's catalog, apart from the patients', is served the same way.
      const officeCatalog = JSON.stringify({ messages: { payments: ['Pagos'] } });
      writeFileSync(join(catalogDir, 'assets', 'locale', 'office-es-ES.json'), officeCatalog);
      const office = await app.request('/assets/locale/office-es-ES.json');
      expect(office.status).toBe(200);
      expect(office.headers.get('content-type')).toContain('application/json');
      expect(office.headers.get('cache-control')).toBe('no-cache');
      expect(await office.text()).toBe(officeCatalog);
      const officeEtag = office.headers.get('etag') ?? '';
      expect(officeEtag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
      expect((await app.request('/assets/locale/office-es-ES.json', { headers: { 'If-None-Match': officeEtag } })).status).toBe(304);
    } finally {
      rmSync(catalogDir, { recursive: true, force: true });
    }
  });

  it('sends scripts gzip-compressed to a browser that accepts it', async () => {
    const app = createTestApp(database.db, { distDir });
    const response = await app.request('/assets/vendor-Q1w2E3r4.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const body = new Uint8Array(await response.arrayBuffer());
    expect(body.length).toBeLessThan(400 * 'export const big = 1;\n'.length);
  });

  it('serves the client logos as SVG, also without a built SPA', async () => {
    const app = createTestApp(database.db);
    for (const name of ['sun', 'delta', 'northpoint', 'harbor']) {
      const response = await app.request(`/logos/${name}.svg`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('image/svg+xml');
      expect(await response.text()).toMatch(/<title[^>]*>[^<]+<\/title>/);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    expect((await app.request('/logos/none.svg')).status).toBe(404);
  });

  it('answers page paths with 404 when no SPA is built', async () => {
    const logger = recordingLogger();
    const app = createTestApp(database.db, { distDir: join(distDir, 'missing'), logger });
    expect((await app.request('/login')).status).toBe(404);
    expect(logger.lines.join('\n')).toContain('No built SPA');
  });
});

// Each test starts a whole server over a fresh database (migrations, the demo data, the job queue):
// 6 to 9 s in the whole suite, past the 20 s default once when the two cores ran three suites at once.
describe('startServer', { timeout: 60_000 }, () => {
  it('serves the seeded API over HTTP on a free port and closes cleanly', async () => {
    const server = await startServer({ port: 0, distDir });
    try {
      expect(server.port).toBeGreaterThan(0);
      expect(server.url).toBe(`http://localhost:${server.port}`);
      const list = await fetch(`${server.url}/api/Client/GetClientList`);
      expect(list.status).toBe(200);
      expect(((await list.json()) as unknown[]).length).toBeGreaterThanOrEqual(50);
      const page = await fetch(`${server.url}/SUN/login`);
      expect(await page.text()).toBe(INDEX_HTML.replace('</head>', `<meta name="pbp-card-fields-origin" content="${server.cardFieldsUrl}"></head>`));
    } finally {
      await server.close();
    }
  });

  it("serves the sandbox processor's card fields on a port of their own (another origin), framed by the portal's origin alone", async () => {
    const server = await startServer({ port: 0, distDir });
    try {
      expect(server.cardFieldsPort).toBeGreaterThan(0);
      expect(server.cardFieldsPort).not.toBe(server.port);
      expect(server.cardFieldsUrl).toBe(`http://localhost:${server.cardFieldsPort}`);
      const cardPage = await fetch(`${server.cardFieldsUrl}/processor/card-fields`);
      expect(cardPage.status).toBe(200);
      expect(cardPage.headers.get('content-security-policy')?.split('; ')).toContain(`frame-ancestors ${server.url}`);
      expect(await cardPage.text()).toContain(`data-portal-origin="${server.url}"`);
      const portalPage = await fetch(`${server.url}/SUN/payment/online/card`);
      expect(portalPage.headers.get('content-security-policy')?.split('; ')).toContain(`frame-src ${server.cardFieldsUrl}`);
      // Each side serves only its own: no portal on the processor's port, no card page on the portal's.
      expect((await fetch(`${server.cardFieldsUrl}/api/Client/GetClientList`)).status).toBe(404);
      expect((await fetch(`${server.url}/processor/card-fields.js`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('names the public address on the card fields\' side, and its host name on the portal\'s', async () => {
    const server = await startServer({ port: 0, distDir, publicUrl: 'https://billing.example.org' });
    try {
      expect(server.cardFieldsUrl).toBe(`https://billing.example.org:${server.cardFieldsPort}`);
      const cardPage = await fetch(`http://localhost:${server.cardFieldsPort}/processor/card-fields`);
      expect(cardPage.headers.get('content-security-policy')?.split('; ')).toContain('frame-ancestors https://billing.example.org');
    } finally {
      await server.close();
    }
  });
});
