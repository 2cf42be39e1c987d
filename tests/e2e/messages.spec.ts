import type { Page, Route } from '@playwright/test';
import { appHasTakenOver, demoGuest, expect, signInAsGuest, test } from './fixtures';

/**
 * A screen never shows before its messages are active: with the language's catalog
 * (/assets/locale/{lang}.json) slow to arrive, every reload of a signed-in page shows the real
 * heading, and no heading ever showed anything else (a message id such as "E/J1aA") on the way.
 * "Slow" is as slow as need be: each catalog is held until the page has shown what it shows
 * without it, then let through.
 */
const languages = [
  { language: 'en-US', heading: 'Your invoices' },
  { language: 'es-ES', heading: 'Sus facturas' },
] as const;

const RELOADS = 6;
/** The translation catalogs, one JSON file per language. */
const CATALOGS = '**/assets/locale/*.json';

/**
 * Holds every catalog the page asks for until `release()` lets those held through; `fetched`
 * lists each one asked for (its path), and `requested()` settles once one is held.
 */
async function holdCatalogs(page: Page): Promise<{ fetched: string[]; requested: () => Promise<void>; release: () => Promise<void> }> {
  const fetched: string[] = [];
  const waiting: Route[] = [];
  let wake = (): void => undefined;
  await page.route(CATALOGS, (route) => {
    fetched.push(new URL(route.request().url()).pathname);
    waiting.push(route);
    wake();
  });
  return {
    fetched,
    requested: () =>
      waiting.length > 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            wake = resolve;
          }),
    release: async () => {
      await Promise.all(waiting.splice(0).map((route) => route.continue()));
    },
  };
}

declare global {
  interface Window {
    /** Every text the page's h1 had since this document loaded. */
    headingsSeen?: string[];
  }
}

for (const { language, heading } of languages) {
  test(`signed-in reloads with a slow catalog never show message ids (${language})`, async ({ page, context, baseURL }) => {
    test.slow();
    // The language chosen on this device: in local storage, and in the cookie the server renders by.
    await context.addCookies([{ name: 'pbp_language', value: language, url: baseURL ?? '' }]);
    await page.addInitScript((chosen) => {
      localStorage.setItem('language', chosen);
      const seen: string[] = [];
      window.headingsSeen = seen;
      new MutationObserver(() => {
        const text = document.querySelector('h1')?.textContent ?? '';
        if (text !== '' && seen[seen.length - 1] !== text) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    }, language);
    // Routing also keeps the browser's cache out, so every reload fetches the catalog again, late.
    const catalogs = await holdCatalogs(page);

    await page.goto(`/${demoGuest.clientCode}/guestLogin`);
    await catalogs.requested();
    await catalogs.release();
    await signInAsGuest(page, demoGuest.accountNumber, demoGuest.invoiceNumber);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();

    for (let reload = 0; reload < RELOADS; reload += 1) {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // The server's page shows the heading at once, and the app waits for its catalog before taking it over.
      await catalogs.requested();
      await expect(page.locator('#root')).toHaveAttribute('data-awaits-app');
      await catalogs.release();
      // What counts is that the app, taking the page over once its late catalog has arrived, never showed anything else either.
      await appHasTakenOver(page);
      const seen = await page.evaluate(() => window.headingsSeen ?? []);
      expect(seen, `reload ${String(reload + 1)}`).toEqual([heading]);
    }
    // The delay did happen on every load: one catalog, the chosen language's, each time.
    expect(catalogs.fetched).toEqual(Array.from({ length: RELOADS + 1 }, () => `/assets/locale/${language}.json`));
  });
}

test('a quick change of language ends on the last choice, even when the first one arrives later', async ({ page }) => {
  await page.goto('/SUN/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // English is loaded already (the app has taken the page over with it); Spanish's messages arrive late, after the choice of English.
  await appHasTakenOver(page);
  const catalogs = await holdCatalogs(page);
  const language = page.getByRole('combobox', { name: /Language|Idioma/ });
  await language.selectOption('es-ES');
  await catalogs.requested();
  expect(catalogs.fetched).toEqual(['/assets/locale/es-ES.json']);
  await language.selectOption('en-US');
  const spanishArrived = page.waitForResponse('**/assets/locale/es-ES.json');
  await catalogs.release();
  await (await spanishArrived).finished();
  expect(catalogs.fetched).toEqual(['/assets/locale/es-ES.json']);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(language).toHaveValue('en-US');
  // And the device remembers the last choice.
  await page.unroute(CATALOGS);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
});
