import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { processorTokens } from '../../db/schema';
import { createTestApp, createTestCardFieldsApp, recordingLogger, resetPayments, useSeededDatabase } from '../../test/harness';
import { createSandboxProcessor, sandboxAuthorizationCode } from './sandbox-processor';

const database = useSeededDatabase();
let distDir: string;

beforeAll(() => {
  distDir = mkdtempSync(join(tmpdir(), 'pbp-processor-dist-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
});

afterAll(() => {
  rmSync(distDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await resetPayments(database.db);
});

const nextYear = new Date().getUTCFullYear() + 1;
const goodCard = { number: '4242 4242 4242 4242', expMonth: 12, expYear: nextYear, cvc: '123' };
const issuedSchema = v.object({ token: v.pipe(v.string(), v.regex(/^tok_[A-Za-z0-9_-]{8,64}$/)), brand: v.string(), last4: v.string() });

async function tokenize(body: unknown, app = createTestCardFieldsApp(database.db)) {
  const response = await app.request('/processor/tokens', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown, headers: response.headers };
}

describe('POST /processor/tokens', () => {
  it('turns a good card into a token, its brand and last four digits, without a session or XSRF header', async () => {
    const { status, body, headers } = await tokenize(goodCard);
    expect(status).toBe(200);
    expect(v.parse(issuedSchema, body)).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it('names the brand of mastercard, amex and discover numbers', async () => {
    const cases = [
      [{ ...goodCard, number: '5555555555554444' }, 'mastercard', '4444'],
      [{ ...goodCard, number: '2223003122003222' }, 'mastercard', '3222'],
      [{ ...goodCard, number: '3782 822463 10005', cvc: '1234' }, 'amex', '0005'],
      [{ ...goodCard, number: '6011111111111117' }, 'discover', '1117'],
    ] as const;
    for (const [card, brand, last4] of cases) {
      const { status, body } = await tokenize(card);
      expect(status).toBe(200);
      expect(body).toMatchObject({ brand, last4 });
    }
  });

  it('refuses a mistyped number, a past expiry and a wrong CVC with 422 invalidRequest', async () => {
    const now = new Date();
    const lastMonth = now.getUTCMonth() === 0 ? { expMonth: 12, expYear: now.getUTCFullYear() - 1 } : { expMonth: now.getUTCMonth(), expYear: now.getUTCFullYear() };
    const bad = [
      { ...goodCard, number: '4242 4242 4242 4241' },
      { ...goodCard, number: '4242' },
      { ...goodCard, ...lastMonth },
      { ...goodCard, expMonth: 13 },
      { ...goodCard, cvc: '12' },
      { ...goodCard, cvc: '12a' },
      { ...goodCard, cvc: '1234' },
      { ...goodCard, number: '378282246310005', cvc: '123' },
      { ...goodCard, expMonth: '12' },
      { number: goodCard.number },
      '{"number": "4242 4242 4242 4242", ',
      'null',
    ];
    for (const body of bad) expect(await tokenize(body)).toMatchObject({ status: 422, body: { error: 'invalidRequest' } });
    expect(
      await tokenize({ ...goodCard, expMonth: now.getUTCMonth() + 1, expYear: now.getUTCFullYear() }),
    ).toMatchObject({ status: 200 });
  });

  it('keeps a token for 15 minutes with brand, last four and outcome only', async () => {
    const before = Date.now();
    const { body } = await tokenize({ ...goodCard, number: '4000 0000 0000 0002' });
    const { token } = v.parse(issuedSchema, body);
    const [row] = await database.db.select().from(processorTokens).where(eq(processorTokens.token, token));
    expect(row).toMatchObject({ brand: 'visa', last4: '0002', outcome: 'decline', usedAt: null });
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(lifetime).toBe(15 * 60 * 1000);
    expect(row?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(JSON.stringify(row)).not.toContain('4000000000000002');
  });

  it('never writes the card to the log, even when the request cannot be read', async () => {
    const logger = recordingLogger();
    const app = createTestCardFieldsApp(database.db, { logger });
    await tokenize('{"number":"4242424242424242","cvc":"987",', app);
    await tokenize({ ...goodCard, number: '4242424242424241', cvc: '987' }, app);
    await tokenize({ ...goodCard, cvc: '987' }, app);
    await tokenize('x'.repeat(5000) + '4242424242424242', app);
    expect(logger.lines.join('\n')).not.toMatch(/4242|987/);
  });
});

describe('GET /processor/card-fields', () => {
  it('is an accessible form in English by default, framable by the portal only, with no inline script or style', async () => {
    const app = createTestCardFieldsApp(database.db, { portalOrigin: 'http://localhost:8080' });
    const response = await app.request('/processor/card-fields');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const csp = (response.headers.get('content-security-policy') ?? '').split('; ');
    expect(csp).toContain('frame-ancestors http://localhost:8080');
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(csp.join('; ')).not.toContain('unsafe-inline');
    // X-Frame-Options cannot name another origin: frame-ancestors says it alone.
    expect(response.headers.get('x-frame-options')).toBeNull();

    const html = await response.text();
    expect(html).toContain('<html lang="en-US" data-portal-origin="http://localhost:8080">');
    expect(html).toContain('<script type="module" src="/processor/card-fields.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/processor/card-fields.css">');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    // A document of its own: one main landmark holding the form, and a level-one heading that names it
    // (framed in the portal's page, whose main it must not be confused with).
    expect(html).toMatch(/<main aria-labelledby="card-title">\s*<h1 class="visually-hidden" id="card-title">Card details<\/h1>\s*<form id="card-form"[\s\S]*<\/form>\s*<\/main>/);
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    for (const [id, autocomplete, label] of [
      ['card-number', 'cc-number', 'Card number'],
      ['card-expiry', 'cc-exp', 'Expiry date (MM/YY)'],
      ['card-cvc', 'cc-csc', 'Security code (CVC)'],
    ] as const) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      const input = new RegExp(`<input id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
      expect(input).toContain(`autocomplete="${autocomplete}"`);
      expect(input).toContain('inputmode="numeric"');
      expect(input).toContain(`aria-describedby="${id}-error"`);
      expect(input).toContain('aria-invalid="false"');
      expect(html).toContain(`<p id="${id}-error" class="error"`);
    }
  });

  it('speaks Spanish when asked, with Spanish error messages', async () => {
    const html = await (await createTestCardFieldsApp(database.db).request('/processor/card-fields?lang=es-ES')).text();
    expect(html).toContain('<html lang="es-ES" data-portal-origin="http://localhost">');
    expect(html).toContain('<h1 class="visually-hidden" id="card-title">Datos de la tarjeta</h1>');
    for (const text of ['Número de tarjeta', 'Vencimiento (MM/AA)', 'Código de seguridad (CVC)', 'Introduzca un número de tarjeta válido.']) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain('Card number');
  });

  it('serves its script and stylesheet as files the CSP allows', async () => {
    const app = createTestCardFieldsApp(database.db);
    const script = await app.request('/processor/card-fields.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    const code = await script.text();
    // It talks to the portal's origin only, as the page names it (never its own), and only
    // listens to the window that embeds it; it tokenizes on its own origin.
    expect(code).toContain('const portalOrigin = document.documentElement.dataset.portalOrigin;');
    expect(code).not.toContain('window.location.origin');
    expect(code).toContain("fetch('/processor/tokens'");
    expect(code).toContain('window.parent.postMessage(message, portalOrigin)');
    expect(code).toContain('event.origin !== portalOrigin || event.source !== window.parent');
    for (const type of ['processor.ready', 'processor.token', 'processor.invalid', 'processor.error', 'processor.height', 'processor.tokenize']) {
      expect(code).toContain(`'${type}'`);
    }
    // It tells the portal its height whenever its content changes size, so the frame can follow.
    expect(code).toContain('new ResizeObserver(() => reportHeight(false)).observe(document.body');
    expect(code).toContain("post({ type: 'processor.height', height })");
    const css = await app.request('/processor/card-fields.css');
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('checks a number with the Luhn check the processor uses, served as the module the script imports', async () => {
    const app = createTestCardFieldsApp(database.db);
    const code = await (await app.request('/processor/card-fields.js')).text();
    expect(code).toContain("import { passesLuhn } from './luhn.js';");
    expect(code).not.toMatch(/function passesLuhn/);
    const luhn = await app.request('/processor/luhn.js');
    expect(luhn.status).toBe(200);
    expect(luhn.headers.get('content-type')).toContain('text/javascript');
    expect(await luhn.text()).toBe(readFileSync(new URL('./card-fields/luhn.js', import.meta.url), 'utf8'));
  });

  it('is served on its own origin, apart from the portal: neither side serves the other', async () => {
    const cardFields = createTestCardFieldsApp(database.db);
    for (const path of ['/', '/SUN/login', '/api/User/GetIsUserLoggedIn', '/dev/outbox', '/processor']) {
      expect((await cardFields.request(path)).status).toBe(404);
    }
    const portal = createTestApp(database.db, { distDir, cardFieldsOrigin: 'http://localhost:8081' });
    // A page path there is the SPA's (its not-found screen), never the card page.
    expect(await (await portal.request('/processor/card-fields')).text()).not.toContain('card-number');
    expect((await portal.request('/processor/card-fields.js')).status).toBe(404);
    const tokens = await portal.request('/processor/tokens', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(goodCard) });
    expect(tokens.status).not.toBe(200);
  });

  it("leaves every portal page unframable, and lets it frame the processor's origin alone, which every page names to the SPA", async () => {
    const app = createTestApp(database.db, { distDir, cardFieldsOrigin: 'http://localhost:8081' });
    for (const path of ['/', '/SUN/payment/online/card', '/api/User/GetIsUserLoggedIn']) {
      const response = await app.request(path);
      const csp = (response.headers.get('content-security-policy') ?? '').split('; ');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain('frame-src http://localhost:8081');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
    // The plain SPA page by its file name too (what the end-to-end paths serve to hold the start-up).
    for (const path of ['/SUN/payment/online/card', '/index.html']) {
      expect(await (await app.request(path)).text()).toContain('<meta name="pbp-card-fields-origin" content="http://localhost:8081"></head>');
    }
    // Without a processor's origin, a page frames nothing.
    const bare = await createTestApp(database.db, { distDir }).request('/SUN/payment/online/card');
    expect((bare.headers.get('content-security-policy') ?? '').split('; ')).toContain("frame-src 'none'");
    expect(await bare.text()).not.toContain('pbp-card-fields-origin');
  });
});

describe('the sandbox processor: authorize, capture, void', () => {
  const sandbox = () => createSandboxProcessor({ db: database.db, now: () => new Date() }).processorFor(database.db);
  const tokenRow = async (token: string) => (await database.db.select().from(processorTokens).where(eq(processorTokens.token, token)))[0];

  it('authorizes once per token, then captures the authorization once', async () => {
    const { body } = await tokenize(goodCard);
    const { token } = v.parse(issuedSchema, body);
    const processor = sandbox();
    const authorization = await processor.authorize({ token, amountCents: 1000, idempotencyKey: 'k1' });
    expect(authorization).toEqual({ status: 'approved', authorizationId: token, authorizationCode: sandboxAuthorizationCode(token), brand: 'visa', last4: '4242' });
    expect(authorization).toMatchObject({ authorizationCode: expect.stringMatching(/^[0-9A-F]{6}$/) as unknown });
    expect(await processor.authorize({ token, amountCents: 1000, idempotencyKey: 'k2' })).toEqual({ status: 'tokenInvalid' });
    await processor.capture(token);
    expect((await tokenRow(token))?.capturedAt).toBeInstanceOf(Date);
    await expect(processor.capture(token)).rejects.toThrow();
  });

  it('voids an authorization: it can no longer be captured, and its token stays spent', async () => {
    const { body } = await tokenize(goodCard);
    const { token } = v.parse(issuedSchema, body);
    const processor = sandbox();
    await processor.authorize({ token, amountCents: 1000, idempotencyKey: 'k3' });
    await processor.voidAuthorization(token);
    const row = await tokenRow(token);
    expect(row?.voidedAt).toBeInstanceOf(Date);
    expect(row?.usedAt).toBeInstanceOf(Date);
    await expect(processor.capture(token)).rejects.toThrow();
    expect(await processor.authorize({ token, amountCents: 1000, idempotencyKey: 'k4' })).toEqual({ status: 'tokenInvalid' });
  });
});
