import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countedBody } from '../../test/counted-body';
import { namedPalettes, themeCss } from '@contracts/branding';
import { type ConsoleBranding } from '@contracts/console-branding';
import { auditEvents, clients } from '../../db/schema';
import { SUN_ADMIN, SUN_AUDITOR, SUN_CLERK, signedInStaff, staffClock, type StaffBrowser } from '../../test/console-fixtures';
import { TestBrowser, clientIdOf, createTestApp, useSeededDatabase } from '../../test/harness';
import { colourColumns, createBrandingService } from '../../core/branding/branding.service';

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
  // SUN's office admin, billing clerk and auditor, signed in to the console; SUN's look is put
  // back afterwards (the other tests of this file read it).
  let admin: StaffBrowser;
  let clerk: StaffBrowser;
  let reader: StaffBrowser;
  let sunId = 0;
  let sunBefore: { logoUrl: string | null } | undefined;

  beforeAll(async () => {
    const clock = await staffClock(database.db);
    const app = createTestApp(database.db, { now: clock.now });
    admin = await signedInStaff(app, clock.now, SUN_ADMIN, 'SUN', '192.0.2.71');
    clerk = await signedInStaff(app, clock.now, SUN_CLERK, 'SUN', '192.0.2.72');
    reader = await signedInStaff(app, clock.now, SUN_AUDITOR, 'SUN', '192.0.2.73');
    sunId = await clientId('SUN');
    [sunBefore] = await database.db.select({ logoUrl: clients.logoUrl }).from(clients).where(eq(clients.id, sunId));
  });

  afterAll(async () => {
    await createBrandingService({ db: database.db }).clearLogo(sunId);
    await database.db.update(clients).set({ ...colourColumns(namedPalettes.sunrise), logoUrl: sunBefore?.logoUrl ?? null }).where(eq(clients.id, sunId));
  });

  const branding = async () => (await (await reader.get('/api/console/branding')).json()) as ConsoleBranding;

  /** The newest audit entry of `action` by `actor`. */
  const lastAudit = async (actor: string, action: string) =>
    (await database.db.select().from(auditEvents).where(and(eq(auditEvents.actor, actor), eq(auditEvents.action, action))).orderBy(desc(auditEvents.id)).limit(1))[0];

  /** A refusal: its status and code, nothing changed, and the audit trail saying who was refused and why. */
  async function expectRefused(response: Response, status: number, code: string, actor: string, action: string, before: ConsoleBranding) {
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: string }).error).toBe(code);
    expect(await branding()).toEqual(before);
    expect(await lastAudit(actor, action)).toMatchObject({ outcome: 'refused', detail: expect.stringContaining(code) as string });
  }

  it('show any staff member their client’s colours, logo and settings', async () => {
    const response = await reader.get('/api/console/branding');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      theme: 'sunrise',
      colours: namedPalettes.sunrise,
      settings: { acceptsOnlinePayments: expect.any(Boolean) as boolean, postingCutoff: expect.stringMatching(/^\d\d:\d\d$/) as string, timeZone: expect.any(String) as string },
    });
  });

  it('let only an office admin change the colours, recorded; a read-only or billing member gets 403 and nothing changes', async () => {
    const colours = { ...namedPalettes.sunrise, brand: '#9a3413' };
    const before = await branding();
    await expectRefused(await reader.post('/api/console/branding/colours', colours), 403, 'forbidden', SUN_AUDITOR, 'branding.colours', before);
    await expectRefused(await clerk.post('/api/console/branding/colours', colours), 403, 'forbidden', SUN_CLERK, 'branding.colours', before);

    const saved = await admin.post('/api/console/branding/colours', colours);
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as ConsoleBranding).colours).toEqual(colours);
    expect(await (await admin.get('/api/clients/SUN/theme.css')).text()).toBe(themeCss(colours));
    expect(await lastAudit(SUN_ADMIN, 'branding.colours')).toMatchObject({ role: 'officeAdmin', outcome: 'ok', target: 'colours' });
  });

  it('refuse colours below AA with 422 and each failing pair, and a colour that is not one with 400 at its field', async () => {
    const before = await branding();
    const low = await admin.post('/api/console/branding/colours', { ...namedPalettes.default, brandTint: '#475569' });
    // A slate tint: the page's text and links on it, and the spinner's arc, all fall short.
    const refusal = (await low.clone().json()) as { problems: { foreground: string; background: string; ratio: number; minimum: number }[] };
    expect(refusal.problems.map((problem) => `${problem.foreground} on ${problem.background}: ${String(problem.ratio)} < ${String(problem.minimum)}`)).toEqual([
      'text on brandTint: 2.18 < 4.5',
      'brandStrong on brandTint: 1.55 < 4.5',
      'brand on brandTint: 1.14 < 3',
    ]);
    await expectRefused(low, 422, 'contrastTooLow', SUN_ADMIN, 'branding.colours', before);

    const notAColour = await admin.post('/api/console/branding/colours', { ...namedPalettes.default, brand: 'javascript:alert(1)' });
    expect(await notAColour.clone().json()).toEqual({ error: 'invalidRequest', fields: { brand: 'invalid' } });
    await expectRefused(notAColour, 400, 'invalidRequest', SUN_ADMIN, 'branding.colours', before);
  });

  it('take an office admin’s PNG, recorded; refuse a renamed executable and an SVG with a script or an onload with 415; remove the logo', async () => {
    const uploaded = await admin.upload('/api/console/branding/logo', await png(400, 100), 'image/png');
    expect(uploaded.status).toBe(200);
    const stored = (await uploaded.json()) as ConsoleBranding;
    expect(stored).toMatchObject({ logo: { width: 384, height: 96, uploadedAs: 'image/png' }, logoUrl: expect.stringMatching(/^\/api\/clients\/SUN\/logo\?v=/) as string });
    expect(await lastAudit(SUN_ADMIN, 'branding.logo')).toMatchObject({ outcome: 'ok', target: 'logo', detail: 'image/png' });

    const before = await branding();
    const executable = Buffer.from('MZ\x90\x00this program cannot be run in DOS mode', 'latin1');
    await expectRefused(await admin.upload('/api/console/branding/logo', executable, 'image/png'), 415, 'logoNotAnImage', SUN_ADMIN, 'branding.logo', before);
    const script = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50"><script>alert(1)</script><rect width="200" height="50"/></svg>';
    await expectRefused(await admin.upload('/api/console/branding/logo', script, 'image/svg+xml'), 415, 'logoNotAnImage', SUN_ADMIN, 'branding.logo', before);
    const onload = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50" onload="alert(1)"><rect width="200" height="50"/></svg>';
    await expectRefused(await admin.upload('/api/console/branding/logo', onload, 'image/svg+xml'), 415, 'logoNotAnImage', SUN_ADMIN, 'branding.logo', before);
    await expectRefused(await clerk.upload('/api/console/branding/logo', await png(10, 10), 'image/png'), 403, 'forbidden', SUN_CLERK, 'branding.logo', before);
    await expectRefused(await reader.post('/api/console/branding/logo/remove'), 403, 'forbidden', SUN_AUDITOR, 'branding.logo.remove', before);

    const removed = await admin.post('/api/console/branding/logo/remove');
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ logoUrl: null, logo: null });
    expect(await lastAudit(SUN_ADMIN, 'branding.logo.remove')).toMatchObject({ outcome: 'ok' });
  });

  /** A 50 MB body, counting what the server pulls of it. */
  const fiftyMegabytes = () => countedBody(50 * 1024 * 1024);

  it('refuse a 50 MB upload with 413 from its Content-Length, without reading it', async () => {
    const before = await branding();
    const { body, state } = fiftyMegabytes();
    const response = await admin.upload('/api/console/branding/logo', body, 'image/png', { 'Content-Length': String(50 * 1024 * 1024) });
    await expectRefused(response, 413, 'logoTooLarge', SUN_ADMIN, 'branding.logo', before);
    expect(state.pulled).toBeLessThanOrEqual(64 * 1024);
  });

  it('refuse a 50 MB upload without a Content-Length with 413 once 1 MB has been read, never the rest', async () => {
    const before = await branding();
    const { body, state } = fiftyMegabytes();
    await expectRefused(await admin.upload('/api/console/branding/logo', body, 'image/png'), 413, 'logoTooLarge', SUN_ADMIN, 'branding.logo', before);
    expect(state.pulled).toBeLessThan(2 * 1024 * 1024);
  });

  it('read nothing of a body that a member who may not change the logo sends', async () => {
    const before = await branding();
    const { body, state } = fiftyMegabytes();
    await expectRefused(await reader.upload('/api/console/branding/logo', body, 'image/png'), 403, 'forbidden', SUN_AUDITOR, 'branding.logo', before);
    expect(state.pulled).toBeLessThanOrEqual(64 * 1024);
  });

  const settings = { acceptsOnlinePayments: false, externalCardLink: 'https://pay.example.com/sunrise', postingCutoff: '18:45', timeZone: 'America/New_York', passwordLifetimeDays: 90 };

  it('let an office admin set the settings, recorded, and the patients’ pages follow them', async () => {
    const saved = await admin.post('/api/console/branding/settings', settings);
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as ConsoleBranding).settings).toEqual(settings);
    expect(await lastAudit(SUN_ADMIN, 'branding.settings')).toMatchObject({ outcome: 'ok', target: 'settings', detail: expect.stringContaining('cutoff=18:45 America/New_York') as string });
    const [row] = await database.db.select().from(clients).where(eq(clients.id, sunId));
    expect(row).toMatchObject({ acceptsOnlinePayments: false, externalCcLink: settings.externalCardLink, postingCutoff: '18:45', timeZone: 'America/New_York', passwordLifetimeDays: 90 });
    const forever = await admin.post('/api/console/branding/settings', { ...settings, acceptsOnlinePayments: true, externalCardLink: '', passwordLifetimeDays: null });
    expect(((await forever.json()) as ConsoleBranding).settings).toMatchObject({ acceptsOnlinePayments: true, externalCardLink: '', passwordLifetimeDays: null });
  });

  it('refuse settings that do not fit at their fields, and a member who may not, changing nothing', async () => {
    const before = await branding();
    const misfits: [Record<string, unknown>, string][] = [
      [{ postingCutoff: '25:00' }, 'postingCutoff'],
      [{ postingCutoff: '9:30' }, 'postingCutoff'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
      [{ externalCardLink: 'http://pay.example.com/' }, 'externalCardLink'],
      [{ externalCardLink: 'javascript:alert(1)' }, 'externalCardLink'],
      [{ externalCardLink: 'https://user:secret@pay.example.com/' }, 'externalCardLink'],
      [{ passwordLifetimeDays: 0 }, 'passwordLifetimeDays'],
      [{ passwordLifetimeDays: 3651 }, 'passwordLifetimeDays'],
      [{ passwordLifetimeDays: 1.5 }, 'passwordLifetimeDays'],
    ];
    for (const [change, field] of misfits) {
      const response = await admin.post('/api/console/branding/settings', { ...settings, ...change });
      expect(await response.clone().json(), JSON.stringify(change)).toEqual({ error: 'invalidRequest', fields: { [field]: 'invalid' } });
      await expectRefused(response, 400, 'invalidRequest', SUN_ADMIN, 'branding.settings', before);
    }
    await expectRefused(await clerk.post('/api/console/branding/settings', settings), 403, 'forbidden', SUN_CLERK, 'branding.settings', before);
  });
});
