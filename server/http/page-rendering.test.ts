/**
 * How the server uses the SPA's server renderer: with a stand-in renderer module in a built SPA,
 * what each of its answers becomes over HTTP, and that its in-process calls speak for the visitor.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../db/client';
import { DEMO_PASSWORD, TestBrowser, createTestApp, openSeededDatabase, recordingLogger } from '../test/harness';

const INDEX_HTML = '<!doctype html><html lang="en-US"><head></head><body class="theme-default"><div id="root"></div></body></html>';

// The stand-in renderer: a guard's redirect, a screen left to the SPA, a failure, or the page, which
// shows what the session check answered in process and which catalogs it was given.
const RENDERER = `
export function createPageRenderer(setup) {
  return async (request, api, allowances) => {
    const path = new URL(request.url).pathname;
    if (path === '/SUN/themed') return { type: 'page', html: setup.template.replace('<div id="root"></div>', '<div id="root">nonce=' + allowances.styleNonce + '</div>') };
    if (path === '/SUN/invoices') return { type: 'redirect', location: '/SUN/login?redirect=%2FSUN%2Finvoices' };
    if (path === '/SUN/forgotpassword') return { type: 'spa' };
    if (path === '/SUN/broken') throw new Error('broken screen');
    if (path === '/SUN/nosuch' || path === '/nosuchpage/deeper') {
      return { type: 'page', status: 404, html: setup.template.replace('<div id="root"></div>', '<div id="root"><h1>Page not found</h1></div>') };
    }
    if (path === '/SUN/nosuch/session-check-failed') return { type: 'spa', status: 404 };
    const answer = await api(new Request('http://portal.internal/api/User/GetIsUserLoggedIn'));
    const body = path + ' ' + (await answer.text()) + ' ' + JSON.stringify(setup.catalogs);
    return { type: 'page', html: setup.template.replace('<div id="root"></div>', '<div id="root">' + body + '</div>') };
  };
}
`;

let database: OpenedDatabase;
let distDir: string;

beforeAll(async () => {
  database = await openSeededDatabase();
  distDir = mkdtempSync(join(tmpdir(), 'pbp-ssr-dist-'));
  mkdirSync(join(distDir, 'assets', 'locale'), { recursive: true });
  mkdirSync(join(distDir, '.vite'), { recursive: true });
  mkdirSync(join(distDir, 'server'), { recursive: true });
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(distDir, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index-B2xY9_aQ.js' } }));
  writeFileSync(join(distDir, 'assets', 'locale', 'en-US.json'), JSON.stringify({ messages: { a: 'A' } }));
  writeFileSync(join(distDir, 'assets', 'locale', 'es-ES.json'), JSON.stringify({ messages: { a: 'Á' } }));
  writeFileSync(join(distDir, 'assets', 'locale', 'office-en-US.json'), JSON.stringify({ messages: { a: 'A', o: 'O' } }));
  writeFileSync(join(distDir, 'assets', 'locale', 'office-es-ES.json'), JSON.stringify({ messages: { a: 'Á', o: 'Ó' } }));
  writeFileSync(join(distDir, 'server', 'entry-server.js'), RENDERER);
});

afterAll(async () => {
  await database.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('server-rendered pages', () => {
  it('answers a guard’s redirect with a 302 that no cache keeps', async () => {
    const app = createTestApp(database.db, { distDir });
    const response = await app.request('/SUN/invoices');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/SUN/login?redirect=%2FSUN%2Finvoices');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it("serves the rendered page, never cached, made from the template with every catalog, the console's merged in", async () => {
    const app = createTestApp(database.db, { distDir });
    const response = await app.request('/SUN/login');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('<div id="root">/SUN/login ');
    expect(html).toContain('{"en-US":{"a":"A","o":"O"},"es-ES":{"a":"Á","o":"Ó"}}');
  });

  it('renders the landing page too, not the bare index.html a static file handler would give for /', async () => {
    const app = createTestApp(database.db, { distDir });
    expect(await (await app.request('/')).text()).toContain('<div id="root">/ ');
  });

  it('makes the renderer’s calls in process as the visitor: with their session cookie', async () => {
    const app = createTestApp(database.db, { distDir });
    const browser = await new TestBrowser(app).open();
    expect((await browser.login('pat.doe@example.com', DEMO_PASSWORD)).status).toBe(200);
    expect(await (await browser.get('/SUN/login')).text()).toContain('"userRole":"ClientBillingUser"');
    expect(await (await app.request('/SUN/login')).text()).toContain('"userRole":null');
  });

  it('falls back to the plain SPA page when the renderer leaves the screen to the browser or fails', async () => {
    const logger = recordingLogger();
    const app = createTestApp(database.db, { distDir, logger });
    for (const path of ['/SUN/forgotpassword', '/SUN/broken']) {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(INDEX_HTML);
    }
    expect(logger.lines.join('\n')).toContain('/SUN/broken could not be rendered on the server');
  });

  it('answers an address that matches no screen with 404 and the not-found page, never a soft 200', async () => {
    const app = createTestApp(database.db, { distDir });
    for (const path of ['/SUN/nosuch', '/nosuchpage/deeper']) {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toContain('<h1>Page not found</h1>');
    }
    // Left to the browser (the session check failed), the plain SPA page still says 404.
    const left = await app.request('/SUN/nosuch/session-check-failed');
    expect(left.status).toBe(404);
    expect(await left.text()).toBe(INDEX_HTML);
    // A screen that exists still answers 200.
    expect((await app.request('/SUN/login')).status).toBe(200);
  });

  it('hands the renderer the nonce under which the page’s Content-Security-Policy lets its inline theme run', async () => {
    const app = createTestApp(database.db, { distDir });
    const response = await app.request('/SUN/themed');
    const nonce = /<div id="root">nonce=([^<]+)<\/div>/.exec(await response.text())?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(response.headers.get('content-security-policy')).toContain(`style-src 'self' 'nonce-${nonce ?? ''}';`);
  });

  it('never serves the server build to browsers', async () => {
    const app = createTestApp(database.db, { distDir });
    expect((await app.request('/server/entry-server.js')).status).toBe(404);
  });
});
