import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { appHasTakenOver, demo, expect, expectAccessible, signIn, test } from './fixtures';
import { layoutShift, recordLayoutShifts } from './layout-shifts';

/** The calls the SPA made at start-up before the server rendered the first screen. */
const startUpCalls = /\/api\/(User\/GetIsUserLoggedIn|Client\/GetClient|Client\/GetClientUrl|ClientLinks\/GetClientLinks|user\/GetTranslationLanguage)\b/i;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The file the build gave a route's screen (lazy chunks go by a hash alone), from Vite's manifest. */
function screenChunk(route: string): string {
  const manifest: unknown = JSON.parse(readFileSync(join('dist', '.vite', 'manifest.json'), 'utf8'));
  const prefix = `src/routes/{-$client}/${route}.tsx?tsr-split=`;
  // The screen's chunk: its component, with whatever the router plugin groups with it (the loader).
  const key = isRecord(manifest) ? (Object.keys(manifest).find((each) => each.startsWith(prefix) && each.slice(prefix.length).split('---').includes('component')) ?? prefix) : prefix;
  const chunk = isRecord(manifest) ? manifest[key] : undefined;
  const file = isRecord(chunk) ? chunk.file : undefined;
  if (typeof file !== 'string') throw new Error(`The build's manifest has no chunk for ${key}`);
  return `/${file}`;
}

/** Records what the page does from now on: its API calls, console errors and layout shifts. */
async function watch(page: Page) {
  const calls: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) calls.push(path);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await recordLayoutShifts(page);
  return { calls, errors };
}

/** Waits until the SPA has hydrated the server's page. */
async function hydrated(page: Page): Promise<void> {
  await appHasTakenOver(page);
  // The menu button knows whether the menu is open only in the browser.
  await expect(page.locator('.sidebar-toggle')).toHaveAttribute('aria-expanded', /true|false/);
}

const languages = [
  { cookie: 'en-US', heading: 'Sign in', invoices: 'Your invoices' },
  { cookie: 'es-ES', heading: 'Iniciar sesión', invoices: 'Sus facturas' },
] as const;

for (const language of languages) {
  test.describe(`server-rendered first screen in ${language.cookie}`, () => {
    test('the HTML of /SUN/login already shows the sign-in screen under the client’s theme, before any script runs', async ({ request }) => {
      const response = await request.get('/SUN/login', { headers: { cookie: `pbp_language=${language.cookie}` } });
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<html lang="${language.cookie}"`);
      expect(html).toMatch(/<body class="[^"]*theme-sunrise/);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${language.heading}</h1>`));
      expect(html).toContain('src="/logos/sun.svg"');
      // Only the logo is fetched with the stylesheet: the page starts with the small first-paint
      // module, and the app's code and catalog, listed in the page, are fetched at once after the paint.
      expect(html).toContain('<link rel="preload" href="/logos/sun.svg" as="image">');
      expect(html).not.toContain('rel="modulepreload"');
      expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/first-paint-[^"]+\.js"><\/script>/);
      const afterFirstPaint = /<script type="application\/json" id="pbp-after-first-paint">(.*?)<\/script>/.exec(html)?.[1] ?? '';
      expect(afterFirstPaint).toContain(`"catalog":"/assets/locale/${language.cookie}.json"`);
      expect(afterFirstPaint).toContain(JSON.stringify(screenChunk('login')));
      // The machines' state travels as data, never as a script the CSP would have to allow.
      expect(html).toContain('<script type="application/json" id="pbp-first-screen">');
      expect(response.headers()['content-security-policy']).not.toContain('unsafe-inline');
    });

    test('the sign-in page takes over without a layout shift, a hydration error or a start-up call', async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'pbp_language', value: language.cookie, url: baseURL ?? '' }]);
      await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language.cookie);
      const { calls, errors } = await watch(page);
      await page.goto('/SUN/login');
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1, name: language.heading })).toBeVisible();
      await expect(page.locator('body')).toHaveClass(/theme-sunrise/);
      expect(calls.filter((path) => startUpCalls.test(path))).toEqual([]);
      expect(errors).toEqual([]);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
    });

    test('/SUN/invoices signed in shows the invoices with no start-up call for the session, the client or the language', async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'pbp_language', value: language.cookie, url: baseURL ?? '' }]);
      await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language.cookie);
      await page.goto('/SUN/login');
      await signIn(page, demo.pat, demo.password);
      await expect(page).toHaveURL(/\/SUN\/invoices$/);

      const { calls, errors } = await watch(page);
      await page.goto('/SUN/invoices');
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1, name: language.invoices })).toBeVisible();
      await expect(page.getByTestId('menu-signed-out')).toHaveCount(0);
      expect(calls.filter((path) => startUpCalls.test(path))).toEqual([]);
      expect(errors).toEqual([]);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
    });
  });
}

test('an anonymous request for /SUN/invoices is sent by the server to sign in, remembering the page', async ({ request }) => {
  const response = await request.get('/SUN/invoices', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('/SUN/login?redirect=%2FSUN%2Finvoices');
});

test('an address that matches no screen answers 404 with the not-found screen already in the HTML, in either language', async ({ request }) => {
  for (const [cookie, words] of [
    ['en-US', 'Page not found'],
    ['es-ES', 'Página no encontrada'],
  ] as const) {
    for (const path of ['/nosuchpage/deeper', '/SUN/nosuch']) {
      const response = await request.get(path, { headers: { cookie: `pbp_language=${cookie}` } });
      expect(response.status()).toBe(404);
      expect(response.headers()['content-type']).toContain('text/html');
      const html = await response.text();
      expect(html).toMatch(new RegExp(`<h1[^>]*>${words}</h1>`));
      expect(html).toContain('<script type="application/json" id="pbp-first-screen">');
    }
  }
  expect((await request.get('/SUN/login')).status()).toBe(200);
});

test('an unknown client code is rendered as the SPA renders it: the default look and a notice', async ({ request }) => {
  const response = await request.get('/ZZZZ/login');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/<body class="theme-default"/);
  expect(html).toContain('We do not recognise the client code ZZZZ.');
});

test('on a phone-sized screen the server’s page takes over without a layout shift, logo and menu included', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const { errors } = await watch(page);
  for (const path of ['/', '/SUN/guestLogin', '/HBR/login']) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.locator('.sidebar-toggle')).toHaveAttribute('aria-expanded', 'false');
    expect(await layoutShift(page), path).toBeLessThanOrEqual(0.02);
  }
  expect(errors).toEqual([]);
});

test('the sign-in page paints before any of the app is fetched, then the app takes it over and signs in', async ({ page }) => {
  const { calls, errors } = await watch(page);
  await page.goto('/SUN/login');
  await hydrated(page);
  const timing = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    appFetches: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/(index|vendor)-[^/]+\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
  }));
  expect(timing.appFetches).toHaveLength(2);
  for (const start of timing.appFetches) expect(start).toBeGreaterThanOrEqual(timing.firstPaint);
  expect(calls.filter((path) => startUpCalls.test(path))).toEqual([]);

  // The app that took over works: the form signs in, and the focus lands on the next screen's heading.
  await page.getByLabel('Email', { exact: true }).fill(demo.pat);
  await page.getByLabel('Password', { exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeFocused();
  expect(errors).toEqual([]);
});

test('before the app has loaded, the server’s links work (the next page loads) and its forms wait', async ({ page }) => {
  const { errors } = await watch(page);
  // The app's entry module is held: the pages stay as the server rendered them.
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let entryRequests = 0;
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    entryRequests += 1;
    await released;
    await route.continue().catch(() => undefined);
  });

  await page.goto('/SUN/login');
  await expect.poll(() => entryRequests).toBeGreaterThan(0);
  // Forms and buttons wait for the app: nothing typed can be sent natively, a password in the address.
  await expect(page.locator('form')).toHaveAttribute('inert', '');
  await expect(page.locator('form button[type="submit"]')).toHaveAttribute('inert', '');
  await expect(page.locator('#root')).toHaveAttribute('data-awaits-app', '');

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/SUN$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay your bill online' })).toBeVisible();
  // Still the server's page: the app's entry has not run.
  await expect(page.locator('#root')).toHaveAttribute('data-awaits-app', '');

  release();
  await hydrated(page);
  await expect(page.locator('[inert]')).toHaveCount(0);
  // The app took the page over: its links now navigate in place, and the sign-in form works.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toBeEditable();
  expect(errors).toEqual([]);
});

test.describe(() => {
  test.use({ expectedConsoleErrors: /^(The language could not be loaded)/ });
  test('a server-rendered page whose text cannot be loaded gives way to a notice in both languages, and sends nothing natively', async ({ page }) => {
    // The catalogs cannot be fetched (a connection lost after the first paint), until Try again.
    let catalogsFail = true;
    const catalogRequests: string[] = [];
    await page.route('**/assets/locale/*.json', async (route) => {
      catalogRequests.push(route.request().url());
      await (catalogsFail ? route.abort() : route.continue());
    });
    const response = await page.goto('/SUN/login');
    // Even before the app, a form sent natively would go as a POST, never with a password in the address.
    // Read from the server's page itself: the app may already have replaced it with the notice.
    const served = await response?.text();
    expect(served).toMatch(/<form[^>]*\bmethod="post"/);

    await expect(page.getByRole('heading', { level: 1, name: 'The portal could not load · No se pudo cargar el portal' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Check your internet connection, then try again.');
    await expect(page.getByRole('alert')).toContainText('Compruebe su conexión a internet y vuelva a intentarlo.');
    // The server's form is gone with the page it could not take over: nothing is left to send.
    await expect(page.locator('form')).toHaveCount(0);
    await expectAccessible(page);

    catalogsFail = false;
    await page.getByRole('button', { name: 'Try again · Reintentar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await hydrated(page);
    await signIn(page, demo.pat, demo.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();
    await expect(page).toHaveURL(/\/SUN\/invoices$/);
    expect(catalogRequests.length).toBeGreaterThanOrEqual(2);
  });
});
