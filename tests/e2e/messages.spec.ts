import { appHasTakenOver, demoGuest, expect, signInAsGuest, test } from './fixtures';

/**
 * A screen never shows before its messages are active: with the language's catalog
 * (/assets/locale/{lang}.json) slow to arrive, every reload of a signed-in page shows the real
 * heading, and no heading ever showed anything else (a message id such as "E/J1aA") on the way.
 */
const languages = [
  { language: 'en-US', heading: 'Your invoices' },
  { language: 'es-ES', heading: 'Sus facturas' },
] as const;

const RELOADS = 6;
/** How late a catalog arrives: longer than the session check. */
const CATALOG_DELAY_MS = 1500;
/** The translation catalogs, one JSON file per language. */
const CATALOGS = '**/assets/locale/*.json';

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
    const catalogsFetched: string[] = [];
    await page.route(CATALOGS, async (route) => {
      catalogsFetched.push(new URL(route.request().url()).pathname);
      await new Promise((resolve) => setTimeout(resolve, CATALOG_DELAY_MS));
      await route.continue();
    });

    await page.goto(`/${demoGuest.clientCode}/guestLogin`);
    await signInAsGuest(page, demoGuest.accountNumber, demoGuest.invoiceNumber);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();

    for (let reload = 0; reload < RELOADS; reload += 1) {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // The server's page shows the heading at once; what counts is that the app, taking the page
      // over once its late catalog has arrived, never showed anything else either.
      await appHasTakenOver(page);
      const seen = await page.evaluate(() => window.headingsSeen ?? []);
      expect(seen, `reload ${String(reload + 1)}`).toEqual([heading]);
    }
    // The delay did happen on every load: one catalog, the chosen language's, each time.
    expect(catalogsFetched).toEqual(Array.from({ length: RELOADS + 1 }, () => `/assets/locale/${language}.json`));
  });
}

test('a quick change of language ends on the last choice, even when the first one arrives later', async ({ page }) => {
  await page.goto('/SUN/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // English is loaded already; Spanish's messages arrive late.
  let spanishArrived = false;
  await page.route(CATALOGS, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, CATALOG_DELAY_MS));
    await route.continue();
    if (route.request().url().endsWith('/es-ES.json')) spanishArrived = true;
  });
  const language = page.getByRole('combobox', { name: /Language|Idioma/ });
  await language.selectOption('es-ES');
  await language.selectOption('en-US');

  await expect.poll(() => spanishArrived, { timeout: 10000 }).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(language).toHaveValue('en-US');
  // And the device remembers the last choice.
  await page.unroute(CATALOGS);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
});
