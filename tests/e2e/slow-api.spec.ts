import type { Page } from '@playwright/test';
import { appHasTakenOver, demoGuest, expect, expectAccessible, hold, signInAsGuest, test } from './fixtures';

/**
 * With the API slow, the page is never blank. The server renders the first screen, so the shell
 * and the screen arrive in the page itself and wait on no call. Where the server leaves the page
 * to the browser (its own session check failed), the shell shows at once and the loading overlay
 * within 300 ms of the page's script starting, while the calls are still on their way.
 *
 * "Slow" is as slow as need be: the API's calls are held until the page has shown what must show
 * without them, then let through, so what a test sees before an answer never depends on a delay.
 */
const SHOWN_WITHIN_MS = 300;

declare global {
  interface Window {
    /** When (performance.now()) the banner and the loading overlay first appeared. */
    firstSeen?: { banner?: number; overlay?: number; domReady?: number };
  }
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: NonNullable<Window['firstSeen']> = {};
    window.firstSeen = seen;
    document.addEventListener('DOMContentLoaded', () => {
      seen.domReady = performance.now();
    });
    new MutationObserver(() => {
      seen.banner ??= document.querySelector('header') ? performance.now() : undefined;
      seen.overlay ??= document.querySelector('[data-testid="loading-overlay"]') ? performance.now() : undefined;
    }).observe(document, { subtree: true, childList: true });
  });
});

/** Holds every API call from now on until `release()`: no answer reaches the page before then. */
async function slowApi(page: Page): Promise<{ requested: Promise<void>; release: () => void }> {
  return hold(page, '**/api/**');
}

async function expectShellAndOverlayAtOnce(page: Page): Promise<void> {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByTestId('loading-overlay')).toBeVisible();
  const seen = await page.evaluate(() => window.firstSeen ?? {});
  expect(seen.domReady).toBeDefined();
  expect((seen.banner ?? Infinity) - (seen.domReady ?? 0)).toBeLessThanOrEqual(SHOWN_WITHIN_MS);
  expect((seen.overlay ?? Infinity) - (seen.domReady ?? 0)).toBeLessThanOrEqual(SHOWN_WITHIN_MS);
}

/** The page as the server answers when it leaves the first screen to the browser: the plain SPA page. */
async function servedAsSpa(page: Page, path: string): Promise<void> {
  await page.route(`**${path}`, async (route) => {
    const response = await route.fetch();
    const served = await response.text();
    // The plain SPA page: an empty root, no state, and the app's entry as its script (in place of
    // the first-paint module, which waits for a paint an empty page never makes).
    const entry = /"entry":"([^"]+)"/.exec(served)?.[1] ?? '';
    expect(entry).toMatch(/^\/assets\/index-[^/]+\.js$/);
    const html = served
      .replace(
        /<div id="root" data-awaits-app>[\s\S]*?<\/div><script type="application\/json" id="pbp-first-screen">[\s\S]*?<\/script><script type="application\/json" id="pbp-after-first-paint">[\s\S]*?<\/script>/,
        '<div id="root"></div>',
      )
      .replace(/src="\/assets\/first-paint-[^"]+\.js"/, () => `src="${entry}"`);
    await route.fulfill({ response, body: html });
  });
}

/** The shell and the screen's heading were in the page as it arrived, before its script ran. */
async function expectScreenInThePage(page: Page, heading: string): Promise<void> {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  const seen = await page.evaluate(() => window.firstSeen ?? {});
  expect(seen.domReady).toBeDefined();
  expect(seen.banner ?? Infinity).toBeLessThanOrEqual(seen.domReady ?? 0);
}

test('an anonymous visitor on a slow API sees the sign-in page at once: the server rendered it', async ({ page }) => {
  const api = await slowApi(page);
  await page.goto('/SUN/login');
  await expectScreenInThePage(page, 'Sign in');
  api.release();
});

test('on a slow API, a sign-in still shows the loading overlay at once, then the invoices', async ({ page }) => {
  test.slow();
  await page.goto('/SUN/guestLogin');
  await appHasTakenOver(page);
  const api = await slowApi(page);
  await signInAsGuest(page, demoGuest.accountNumber, demoGuest.invoiceNumber);
  await api.requested;
  await expect(page.getByTestId('loading-overlay')).toBeVisible();
  api.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();
});

test('an anonymous visitor on a slow API, on a page left to the browser, sees the shell and the loading overlay at once, then the sign-in page', async ({ page }) => {
  const api = await slowApi(page);
  await servedAsSpa(page, '/SUN/login');
  await page.goto('/SUN/login');
  await api.requested;
  await expectShellAndOverlayAtOnce(page);
  api.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test('a signed-in reload on a slow API shows the invoices at once: the server rendered them', async ({ page }) => {
  test.slow();
  await page.goto(`/${demoGuest.clientCode}/guestLogin`);
  await signInAsGuest(page, demoGuest.accountNumber, demoGuest.invoiceNumber);
  await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();
  const api = await slowApi(page);
  await page.reload();
  await expectScreenInThePage(page, 'Your invoices');
  api.release();
});

test('a signed-in reload on a slow API, on a page left to the browser, sees the shell and the loading overlay at once, then the invoices', async ({ page }) => {
  test.slow();
  await page.goto(`/${demoGuest.clientCode}/guestLogin`);
  await signInAsGuest(page, demoGuest.accountNumber, demoGuest.invoiceNumber);
  await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();
  const api = await slowApi(page);
  await servedAsSpa(page, `/${demoGuest.clientCode}/invoices`);
  await page.reload();
  await api.requested;
  await expectShellAndOverlayAtOnce(page);
  api.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();
});

test.describe(() => {
  test.use({ expectedConsoleErrors: /^(Could not check the session at start-up)/ });
  test('a session check that fails at start-up says so and offers Try again, instead of showing the sign-in page', async ({ page }) => {
    let failing = true;
    await page.route('**/api/User/GetIsUserLoggedIn', async (route) => {
      if (failing) await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"serverError"}' });
      else await route.continue();
    });
    // The server leaves the page to the browser when its own check fails; the browser's fails too.
    await servedAsSpa(page, '/SUN/login');
    await page.goto('/SUN/login');
    const alert = page.getByRole('alert').filter({ hasText: 'We could not check whether you are signed in.' });
    await expect(alert).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toHaveCount(0);
    await expectAccessible(page);

    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(alert).toHaveCount(0);
  });
});
