import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedPalettes } from '@contracts/branding';
import { clientLogos } from '../../db/schema';
import { clientIdOf, useSeededDatabase } from '../../test/harness';
import { createBrandingService, type BrandingOutcome } from './branding.service';

const database = useSeededDatabase();
const service = () => createBrandingService({ db: database.db });

const clientId = (code: string, billingGroup: string | null = null) => clientIdOf(database.db, code, billingGroup);

/** A PNG of one colour, as an office would upload. */
const png = (width: number, height: number) => sharp({ create: { width, height, channels: 4, background: '#9a3412' } }).png().toBuffer();

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function done(outcome: BrandingOutcome) {
  if (outcome.kind !== 'done') throw new Error(`Refused: ${JSON.stringify(outcome)}`);
  return outcome.branding;
}

describe('the theme’s colours', () => {
  it('are each client’s own from the start: SUN wears the sunrise palette, ZZ the default one', async () => {
    expect((await service().branding(await clientId('SUN')))?.colours).toEqual(namedPalettes.sunrise);
    expect((await service().branding(await clientId('DLT', '48')))?.colours).toEqual(namedPalettes.delta);
    expect((await service().branding(await clientId('ZZ')))?.colours).toEqual(namedPalettes.default);
  });

  it('change when every pair keeps WCAG AA contrast, stored in lower case', async () => {
    const id = await clientId('HBR');
    const branding = done(await service().setColours(id, { brand: '#0B5394', brandStrong: '#073763', brandContrast: '#FFFFFF', brandTint: '#EAF2FB' }));
    expect(branding.colours).toEqual({ brand: '#0b5394', brandStrong: '#073763', brandContrast: '#ffffff', brandTint: '#eaf2fb' });
    expect(branding.theme).toBe('harbor');
    // Only that entry: DLT's other billing groups and every other client keep theirs.
    expect((await service().branding(await clientId('SUN')))?.colours).toEqual(namedPalettes.sunrise);
  });

  it('refuse a colour that is not a colour, at its field, and change nothing', async () => {
    const id = await clientId('NPP');
    const outcome = await service().setColours(id, { ...namedPalettes.northpoint, brandStrong: 'darkblue' });
    expect(outcome).toEqual({ kind: 'refused', code: 'invalidRequest', fields: { brandStrong: 'invalid' } });
    expect((await service().branding(id))?.colours).toEqual(namedPalettes.northpoint);
  });

  it('refuse a pair below AA, naming each failing pair with its ratio, and change nothing', async () => {
    const id = await clientId('NPP');
    // Pale yellow buttons under white text: text fails at 4.5:1, the borders at 3:1.
    const outcome = await service().setColours(id, { ...namedPalettes.northpoint, brand: '#facc15' });
    expect(outcome.kind).toBe('refused');
    if (outcome.kind !== 'refused' || outcome.code !== 'contrastTooLow') throw new Error('Not a contrast refusal');
    expect(outcome.problems.map(({ foreground, background, minimum }) => `${foreground} on ${background} needs ${String(minimum)}`)).toEqual([
      'brandContrast on brand needs 4.5',
      'brand on surface needs 3',
      'brand on page needs 3',
      'brand on brandTint needs 3',
    ]);
    expect(outcome.problems[0]?.ratio).toBe(1.53);
    expect((await service().branding(id))?.colours).toEqual(namedPalettes.northpoint);
  });

  it('answer notFound for a client that does not exist', async () => {
    expect(await service().setColours(999999, namedPalettes.default)).toEqual({ kind: 'refused', code: 'notFound' });
    expect(await service().branding(999999)).toBeNull();
  });
});

describe('the logo', () => {
  it('is stored as a PNG at most 96 pixels high, and the client’s logo address names it with its version', async () => {
    const id = await clientId('DLT', '48');
    const branding = done(await service().setLogo(id, await png(800, 200), 'image/png'));
    expect(branding.logo).toMatchObject({ contentType: 'image/png', width: 384, height: 96, uploadedAs: 'image/png' });
    const stored = await service().storedLogo(id);
    expect(stored?.digest).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(branding.logoUrl).toBe(`/api/clients/DLT/logo?billingGroup=48&v=${stored?.digest.slice(0, 16) ?? ''}`);
    expect(branding.logo?.bytes).toBe(stored?.bytes.byteLength);
    expect(Buffer.from(stored?.bytes ?? []).subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(await sharp(stored?.bytes).metadata()).toMatchObject({ format: 'png', width: 384, height: 96 });
  });

  it('replaces the one before, under a new address', async () => {
    const id = await clientId('TID');
    const first = done(await service().setLogo(id, await png(300, 100), 'image/png'));
    const second = done(await service().setLogo(id, await png(100, 100), 'image/png'));
    expect(second.logoUrl).not.toBe(first.logoUrl);
    expect(second.logo).toMatchObject({ width: 96, height: 96 });
    expect(await database.db.select({ id: clientLogos.clientId }).from(clientLogos).where(eq(clientLogos.clientId, id))).toHaveLength(1);
  });

  it('keeps a small logo its size, never blown up', async () => {
    const branding = done(await service().setLogo(await clientId('VAL'), await png(120, 40), 'image/png'));
    expect(branding.logo).toMatchObject({ width: 120, height: 40 });
  });

  it('refuses a renamed executable (MZ, ELF) named a PNG or an SVG, and changes nothing', async () => {
    const id = await clientId('SUN');
    const executables = [Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1'), Buffer.alloc(500)]), Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01\x00', 'latin1'), Buffer.alloc(500)])];
    for (const bytes of executables) {
      for (const type of ['image/png', 'image/svg+xml']) expect(await service().setLogo(id, bytes, type)).toEqual({ kind: 'refused', code: 'logoNotAnImage' });
    }
    expect((await service().branding(id))?.logoUrl).toBe('/logos/sun.svg');
    expect(await service().storedLogo(id)).toBeNull();
  });

  it('refuses a PNG declared as an SVG (and the reverse), a JPEG, a truncated PNG and a type it does not take', async () => {
    const id = await clientId('SUN');
    const image = await png(100, 50);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000000' } }).jpeg().toBuffer();
    for (const [bytes, type] of [
      [image, 'image/svg+xml'],
      [svg, 'image/png'],
      [jpeg, 'image/png'],
      [jpeg, 'image/jpeg'],
      [image.subarray(0, image.length - 20), 'image/png'],
      [image, 'application/octet-stream'],
    ] as const) {
      expect(await service().setLogo(id, bytes, type), type).toEqual({ kind: 'refused', code: 'logoNotAnImage' });
    }
    expect(await service().storedLogo(id)).toBeNull();
  });

  it('refuses more than 1 MB, and more than 2000 pixels wide or high, with their own codes', async () => {
    const id = await clientId('SUN');
    const noise = await sharp(Buffer.from(Array.from({ length: 700 * 700 * 3 }, (_, index) => (index * 7919) % 251)), { raw: { width: 700, height: 700, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.byteLength).toBeGreaterThan(1024 * 1024);
    expect(await service().setLogo(id, noise, 'image/png')).toEqual({ kind: 'refused', code: 'logoTooLarge' });
    expect(await service().setLogo(id, await png(2001, 10), 'image/png')).toEqual({ kind: 'refused', code: 'logoTooManyPixels' });
    const tallSvg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="5000"><rect width="10" height="5000"/></svg>');
    expect(await service().setLogo(id, tallSvg, 'image/svg+xml')).toEqual({ kind: 'refused', code: 'logoTooManyPixels' });
    expect(await service().storedLogo(id)).toBeNull();
  });

  it('drops whatever trails a PNG’s image data: the stored PNG is drawn afresh', async () => {
    const polyglot = Buffer.concat([await png(200, 100), Buffer.from('<script>alert(document.cookie)</script>')]);
    const id = await clientId('WLW');
    done(await service().setLogo(id, polyglot, 'image/png'));
    const stored = Buffer.from((await service().storedLogo(id))?.bytes ?? []);
    expect(stored.includes('script')).toBe(false);
  });

  it('clears: no stored logo and no logo address, so the header shows the name', async () => {
    const id = await clientId('WST');
    done(await service().setLogo(id, await png(200, 100), 'image/png'));
    const cleared = done(await service().clearLogo(id));
    expect(cleared).toMatchObject({ logoUrl: null, logo: null });
    expect(await service().storedLogo(id)).toBeNull();
    expect(await service().clearLogo(999999)).toEqual({ kind: 'refused', code: 'notFound' });
  });
});

describe('an SVG logo', () => {
  // A server on this machine that would see any request the SVG's references made.
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.setHeader('Content-Type', 'image/png');
    response.end();
  });
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('with a script, an onload or an HTML island is refused, nothing stored and nothing fetched', async () => {
    const id = await clientId('SPR');
    const before = await service().storedLogo(id);
    const active = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60"><script>fetch('${origin}/script')</script><rect width="240" height="60"/></svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60" onload="fetch('${origin}/onload')"><rect width="240" height="60"/></svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60"><foreignObject width="240" height="60"><div xmlns="http://www.w3.org/1999/xhtml">Delta</div></foreignObject></svg>`,
    ];
    for (const svg of active) expect(await service().setLogo(id, Buffer.from(svg), 'image/svg+xml'), svg).toEqual({ kind: 'refused', code: 'logoNotAnImage' });
    expect(await service().storedLogo(id)).toEqual(before);
    expect(requests).toEqual([]);
  });

  it('is drawn into a PNG: no external image, file or link survives, and nothing is fetched', async () => {
    const svg = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="240" height="60">
  <rect width="240" height="60" fill="#065f46"/>
  <image href="${origin}/image.png" x="0" y="0" width="20" height="20"/>
  <image xlink:href="${origin}/xlink.png" x="20" y="0" width="20" height="20"/>
  <image href="file:///etc/passwd" x="40" y="0" width="20" height="20"/>
  <a href="javascript:alert(1)"><text x="10" y="40">Delta</text></a>
</svg>`;
    const id = await clientId('SPR');
    const branding = done(await service().setLogo(id, Buffer.from(svg), 'image/svg+xml; charset=utf-8'));
    expect(branding.logo).toMatchObject({ contentType: 'image/png', uploadedAs: 'image/svg+xml', width: 384, height: 96 });
    const stored = Buffer.from((await service().storedLogo(id))?.bytes ?? []);
    expect(stored.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 384, height: 96 });
    for (const markup of ['<svg', 'http://', 'href', 'file:', 'passwd', 'javascript', 'alert']) {
      expect(stored.includes(markup), markup).toBe(false);
    }
    // The drawing is the SVG's own: the rectangle's green fills it.
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0x06, 0x5f, 0x46]);
    // The drawing is done when setLogo answers: a fetch it made would have arrived by now.
    expect(requests).toEqual([]);
  });

  it('is drawn sharp at the kept size, however small it says it is', async () => {
    const small = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 10"><rect width="40" height="10" fill="#3730a3"/></svg>');
    const branding = done(await service().setLogo(await clientId('SPR'), small, 'image/svg+xml'));
    expect(branding.logo).toMatchObject({ width: 384, height: 96 });
  });
});
