import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page, type Route } from '@playwright/test';

/** The demo data the tests rely on (the README lists it). */
export const demo = {
  password: 'Sunrise#Demo2026',
  pat: 'pat.doe@example.com',
} as const;

/**
 * What a browser logs as an error without the app having failed: Chromium reports every answer of
 * 400 or more, and every request a test aborts, which many tests provoke on purpose.
 */
const browserNetworkLog = /^Failed to load resource: |net::ERR_/;

export const test = base.extend<{ expectedConsoleErrors: RegExp | null }>({
  /** The console errors a test provokes on purpose (a screen that fails to load, say); any other fails it. */
  expectedConsoleErrors: [null, { option: true }],
  // Playwright requires a destructuring pattern here, even an empty one.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: the global set-up did not start the server');
    await use(url);
  },
  page: async ({ page, baseURL, expectedConsoleErrors }, use) => {
    // A page error (a React hydration mismatch, an uncaught exception) or an error the app logs fails the test.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      const text = message.text();
      if (message.type() === 'error' && !browserNetworkLog.test(text) && !expectedConsoleErrors?.test(text)) {
        errors.push(`console error: ${text}`);
      }
    });
    // Every test starts as a visitor who chose English on this device, so the demo users'
    // languages saved on the server (which other tests change) never switch a screen under it.
    // The choice lives in local storage and, for the pages the server renders, in a cookie.
    await page.addInitScript(() => {
      if (localStorage.getItem('language') === null) localStorage.setItem('language', 'en-US');
    });
    if (baseURL) await page.context().addCookies([{ name: 'pbp_language', value: 'en-US', url: baseURL }]);
    await use(page);
    expect(errors, 'the page logged errors').toEqual([]);
  },
});

export { expect };

/**
 * How long a test waits for an email in the development outbox: it is written by work that runs
 * after the answer (a password hashed first, over the one database the whole run shares), which a
 * busy machine takes longer to reach than a screen's answer.
 */
export const emailArrives = { timeout: 30_000 };

/**
 * Waits until the app has taken the server-rendered page over (it lifts the page's waits,
 * `data-awaits-app`, then). Before that a link loads the next page from the server, and the
 * page's forms wait: a test of what the app does in place starts after this.
 */
export async function appHasTakenOver(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toHaveAttribute('data-awaits-app');
  // A screen may wait a moment longer for what only the browser has (the payment wizard for the tab's progress).
  await expect(page.locator('#root [inert]')).toHaveCount(0);
}

/**
 * Moves inside the running app without reloading, as a link would (TanStack Router's history
 * picks up `history.pushState`), once the app has taken the server's page over. Faster than a
 * reload, and for a signed-in user it keeps the language: a reload reads the user's language from
 * the server again, and tests in other files change it.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await appHasTakenOver(page);
  await page.evaluate((target) => window.history.pushState(null, '', target), path);
}

/** Fails on any accessibility finding axe makes on the page as it is now, whatever its impact. */
export async function expectAccessible(page: Page): Promise<void> {
  // WCAG A and AA, and axe's best practices (a landmark's name, one h1): no finding at any impact.
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  // axe's default run gathers each frame's part and joins them in a blank page of its own (a new
  // renderer, and axe's source parsed twice, for every scan); axe.run in the page itself covers the
  // page and its same-origin frames, which is every page but those framing the card processor's.
  const origin = new URL(page.url()).origin;
  const crossOrigin = page.frames().some((frame) => !['about:blank', ''].includes(frame.url()) && new URL(frame.url()).origin !== origin);
  if (!crossOrigin) builder.setLegacyMode(true);
  const results = await builder.analyze();
  expect(results.violations.map((v) => `${v.id} (${v.impact ?? 'no impact'}): ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** A table row shown as a card on a 320 px screen: its cells stacked, inside the page's width, the page not scrolling sideways. */
export async function expectCardAt320(page: Page, row: Locator): Promise<void> {
  const box = await row.boundingBox();
  expect(box?.width ?? Infinity).toBeLessThanOrEqual(320);
  const cells = row.locator('td');
  const [first, second] = [await cells.nth(0).boundingBox(), await cells.nth(1).boundingBox()];
  expect(second?.y ?? 0).toBeGreaterThan(first?.y ?? 0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
}

/** Holds every request matching the pattern until `release()`; `requested` settles at the first one. */
export async function hold(page: Page, pattern: string): Promise<{ requested: Promise<void>; release: () => void }> {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let noteRequested = (): void => undefined;
  const requested = new Promise<void>((resolve) => {
    noteRequested = resolve;
  });
  await page.route(pattern, async (route: Route) => {
    noteRequested();
    await released;
    await route.continue().catch(() => undefined);
  });
  return { requested, release };
}

/** Presses Tab until `target` has the focus, as a keyboard user does (at most `limit` times). */
export async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Chooses a language in the header's selector. */
export async function chooseLanguage(page: Page, language: 'en-US' | 'es-ES'): Promise<void> {
  // The selector waits for the app, as a person's choice would (inert until then).
  await appHasTakenOver(page);
  await page.getByRole('combobox', { name: /Language|Idioma/ }).selectOption(language);
}

/** Signs in through the login form of the current page. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(/^(Email|Correo electrónico)$/).fill(email);
  await page.getByLabel(/^(Password|Contraseña)$/).fill(password);
  await page.getByRole('button', { name: /^(Sign in|Iniciar sesión)$/ }).click();
}

/** The demo guest (see the README): a SUN account without a user, and one of its open invoices. */
export const demoGuest = {
  clientCode: 'SUN',
  accountNumber: 'A-778899',
  invoiceNumber: 'SUN-100042',
} as const;

/** The demo billing user whose SUN account is disabled. */
export const demoDisabledUser = 'disabled.doe@example.com';

/** Signs in as a guest through the guest form of the current page. */
export async function signInAsGuest(page: Page, accountNumber: string, invoiceNumber: string): Promise<void> {
  await page.getByLabel(/^(Account number|Número de cuenta)$/).fill(accountNumber);
  await page.getByLabel(/^(Invoice number|Número de factura)$/).fill(invoiceNumber);
  await page.getByRole('button', { name: /^(Continue as guest|Continuar como invitado)$/ }).click();
}
