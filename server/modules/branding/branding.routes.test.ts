import { Hono } from 'hono';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { namedPalettes, themeCss } from '@contracts/branding';
import { mapErrors } from '../../http/error-mapping';
import type { AppEnv } from '../../http/types';
import { TestBrowser, clientIdOf, createTestApp, recordingLogger, useSeededDatabase } from '../../test/harness';
import { createBrandingRoutes, type BrandingStaff } from './branding.routes';
import { createBrandingService } from './branding.service';

const database = useSeededDatabase();
let browser: TestBrowser;

beforeEach(async () => {
  browser = await new TestBrowser(createTestApp(database.db)).open();
});

const clientId = (code: string, billingGroup: string | null = null) => clientIdOf(database.db, code, billingGroup);

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 4, background: '#065f46' } }).png().toBuffer();

describe('a client’s theme as a stylesheet', () => {
  it('is its colours on :root, with a strong ETag, revalidated on each use', async () => {
    const response = await browser.get('/api/clients/sun/theme.css');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/css; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(response.headers.get('ETag')).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(await response.text()).toBe(themeCss(namedPalettes.sunrise));
  });

  it('answers 304 with nothing while the colours are the same, and the new ones once they change', async () => {
    const first = await browser.get('/api/clients/DLT/theme.css?billingGroup=it');
    const etag = first.headers.get('ETag') ?? '';
    const again = await browser.request('GET', '/api/clients/DLT/theme.css?billingGroup=it', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('ETag')).toBe(etag);
    expect(await again.text()).toBe('');

    const colours = { ...namedPalettes.delta, brandTint: '#f0fdf4' };
    expect((await createBrandingService({ db: database.db }).setColours(await clientId('DLT', 'it'), colours)).kind).toBe('done');
    const changed = await browser.request('GET', '/api/clients/DLT/theme.css?billingGroup=it', { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('ETag')).not.toBe(etag);
    expect(await changed.text()).toBe(themeCss(colours));
    // Each billing group is its own entry: DLT 52 keeps the delta palette.
    expect(await (await browser.get('/api/clients/DLT/theme.css?billingGroup=52')).text()).toBe(themeCss(namedPalettes.delta));
  });

  it('is a 404 for a code no client has, or that is no code', async () => {
    for (const path of ['/api/clients/QQQ/theme.css', '/api/clients/S1/theme.css', '/api/clients/TOOLONG/theme.css']) {
      const response = await browser.get(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: 'notFound' });
    }
  });
});

describe('a client’s stored logo', () => {
  it('is served as a PNG at the address the client names, kept a year there and revalidated elsewhere, 304 while unchanged', async () => {
    const id = await clientId('TLB');
    const outcome = await createBrandingService({ db: database.db }).setLogo(id, await png(300, 100), 'image/png');
    if (outcome.kind !== 'done') throw new Error('The logo was refused');
    const logoUrl = outcome.branding.logoUrl ?? '';
    expect(logoUrl).toMatch(/^\/api\/clients\/TLB\/logo\?v=[A-Za-z0-9_-]{16}$/);
    const client = (await (await browser.get('/api/Client/GetClient?clientCode=TLB')).json()) as { logoUrl: string };
    expect(client.logoUrl).toBe(logoUrl);

    const response = await browser.get(logoUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/png');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const etag = response.headers.get('ETag') ?? '';
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 288, height: 96 });

    const unversioned = await browser.get('/api/clients/TLB/logo');
    expect(unversioned.headers.get('Cache-Control')).toBe('no-cache');
    const revalidated = await browser.request('GET', '/api/clients/TLB/logo', { headers: { 'If-None-Match': etag } });
    expect(revalidated.status).toBe(304);
  });

  it('is a 404 for a client without a stored one (SUN’s logo is one of the portal’s own files)', async () => {
    expect((await browser.get('/api/clients/SUN/logo')).status).toBe(404);
    expect((await browser.get('/api/clients/QQQ/logo')).status).toBe(404);
  });
});

describe('the console’s branding calls', () => {
  /** Who the test header names: staff of WLW in each role (the console's sign-in stands in for it). */
  const staff = new Map<string, BrandingStaff>();
  let app: Hono<AppEnv>;

  beforeEach(async () => {
    app = new Hono<AppEnv>();
    app.onError(mapErrors(recordingLogger()));
    const branding = createBrandingService({ db: database.db });
    app.route('/api', createBrandingRoutes({ branding, staffOf: (c) => staff.get(c.req.header('X-Test-Staff') ?? '') ?? null }));
    const id = await clientId('WLW');
    staff.set('admin', { clientId: id, role: 'officeAdmin' });
    staff.set('clerk', { clientId: id, role: 'billingStaff' });
    staff.set('reader', { clientId: id, role: 'readOnly' });
  });

  const call = (method: string, path: string, staff: string | null, init: RequestInit = {}) =>
    app.request(`/api/console/branding${path}`, { method, ...init, headers: { ...(staff ? { 'X-Test-Staff': staff } : {}), ...(init.headers as Record<string, string> | undefined) } });

  it('show any staff member their client’s branding, and no one else', async () => {
    const response = await call('GET', '', 'reader');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ theme: expect.any(String) as string, colours: expect.any(Object) as object });
    expect((await call('GET', '', null)).status).toBe(401);
  });

  it('let only an office admin change the colours; a read-only or billing member gets 403 and nothing changes', async () => {
    const colours = { ...namedPalettes.harbor, brand: '#0e7490' };
    const body = JSON.stringify(colours);
    const headers = { 'Content-Type': 'application/json' };
    for (const staff of ['reader', 'clerk']) expect((await call('PUT', '/colours', staff, { body, headers })).status).toBe(403);
    const before = (await (await call('GET', '', 'reader')).json()) as { colours: unknown };
    expect(before.colours).not.toEqual(colours);

    const saved = await call('PUT', '/colours', 'admin', { body, headers });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { colours: unknown }).colours).toEqual(colours);
  });

  it('refuse colours below AA with 422 and each failing pair, and a colour that is not one with 400 at its field', async () => {
    const headers = { 'Content-Type': 'application/json' };
    const low = await call('PUT', '/colours', 'admin', { body: JSON.stringify({ ...namedPalettes.default, brandTint: '#475569' }), headers });
    expect(low.status).toBe(422);
    // A slate tint: the page's text and links on it, and the spinner's arc, all fall short.
    const refusal = (await low.json()) as { error: string; problems: { foreground: string; background: string; ratio: number; minimum: number }[] };
    expect(refusal.error).toBe('contrastTooLow');
    expect(refusal.problems.map((problem) => `${problem.foreground} on ${problem.background}: ${String(problem.ratio)} < ${String(problem.minimum)}`)).toEqual([
      'text on brandTint: 2.18 < 4.5',
      'brandStrong on brandTint: 1.55 < 4.5',
      'brand on brandTint: 1.14 < 3',
    ]);
    const notAColour = await call('PUT', '/colours', 'admin', { body: JSON.stringify({ ...namedPalettes.default, brand: 'javascript:alert(1)' }), headers });
    expect(notAColour.status).toBe(400);
    expect(await notAColour.json()).toEqual({ error: 'invalidRequest', fields: { brand: 'invalid' } });
  });

  it('take an office admin’s PNG, refuse a renamed executable with 415, and clear the logo', async () => {
    const uploaded = await call('PUT', '/logo', 'admin', { body: await png(400, 100), headers: { 'Content-Type': 'image/png' } });
    expect(uploaded.status).toBe(200);
    expect(await uploaded.json()).toMatchObject({ logo: { width: 384, height: 96, uploadedAs: 'image/png' } });
    const executable = await call('PUT', '/logo', 'admin', { body: Buffer.from('MZ\x90\x00this program cannot be run in DOS mode', 'latin1'), headers: { 'Content-Type': 'image/png' } });
    expect(executable.status).toBe(415);
    expect(await executable.json()).toEqual({ error: 'logoNotAnImage' });
    expect((await call('PUT', '/logo', 'clerk', { body: await png(10, 10), headers: { 'Content-Type': 'image/png' } })).status).toBe(403);
    const cleared = await call('DELETE', '/logo', 'admin');
    expect(await cleared.json()).toMatchObject({ logoUrl: null, logo: null });
  });

  /** A 50 MB body, counting what the server pulls of it. */
  function fiftyMegabytes() {
    const chunk = new Uint8Array(64 * 1024);
    const total = 50 * 1024 * 1024;
    const state = { pulled: 0 };
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (state.pulled >= total) return controller.close();
        state.pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    return { body, state };
  }

  it('refuse a 50 MB upload with 413 from its Content-Length, without reading it', async () => {
    const { body, state } = fiftyMegabytes();
    const response = await call('PUT', '/logo', 'admin', {
      body,
      headers: { 'Content-Type': 'image/png', 'Content-Length': String(50 * 1024 * 1024) },
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'logoTooLarge' });
    expect(state.pulled).toBeLessThanOrEqual(64 * 1024);
  });

  it('refuse a 50 MB upload without a Content-Length with 413 once 1 MB has been read, never the rest', async () => {
    const { body, state } = fiftyMegabytes();
    const response = await call('PUT', '/logo', 'admin', { body, headers: { 'Content-Type': 'image/png' }, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'logoTooLarge' });
    expect(state.pulled).toBeLessThan(2 * 1024 * 1024);
  });

  it('read nothing of a body that a member who may not change the logo sends', async () => {
    const { body, state } = fiftyMegabytes();
    const response = await call('PUT', '/logo', 'reader', { body, headers: { 'Content-Type': 'image/png' }, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(403);
    expect(state.pulled).toBeLessThanOrEqual(64 * 1024);
  });
});
