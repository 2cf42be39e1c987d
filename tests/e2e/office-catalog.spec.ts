/**
 * The console's messages travel in a catalog of their own (/assets/locale/office-{lang}.json): the
 * patients' pages never fetch it, the console fetches it when it opens (before the app takes a
 * server-rendered console page over, so the page hydrates with the server's text), a language
 * chosen in the console comes with its console messages, and a console whose messages cannot be
 * fetched says so and offers to try again. Never a message id on the screen.
 */
import type { Page } from '@playwright/test';
import { appHasTakenOver, chooseLanguage, expect, goInApp, hold, test } from './fixtures';
import { signInStaff } from './office-staff';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The catalogs the page has asked for, by path, in order. */
function catalogRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/assets/locale/')) requested.push(path);
  });
  return requested;
}

/** Every message id of the portal (both catalogs): none may show as text. */
async function messageIds(page: Page): Promise<string[]> {
  const ids: string[] = [];
  for (const path of ['/assets/locale/en-US.json', '/assets/locale/office-en-US.json']) {
    const catalog = (await (await page.request.get(path)).json()) as { messages: Record<string, unknown> };
    ids.push(...Object.keys(catalog.messages));
  }
  return ids;
}

/** Fails when the page's text shows a message id as a word of its own. */
async function expectNoMessageIds(page: Page, ids: readonly string[]): Promise<void> {
  const words = new Set((await page.locator('body').innerText()).split(/[\s.,:;()·–"'«»¿?¡!]+/));
  expect(ids.filter((id) => words.has(id))).toEqual([]);
  expect(await page.title()).not.toMatch(/^[A-Za-z0-9+/_-]{6} –/);
}

test("the patients' first page does not fetch the console's messages; the console fetches them when it opens, once", async ({ page }) => {
  const requested = catalogRequests(page);
  await page.goto('/SUN');
  await expect(heading(page, 'Pay your bill online')).toBeVisible();
  await appHasTakenOver(page);
  expect(requested).toEqual(['/assets/locale/en-US.json']);

  await goInApp(page, '/SUN/office/');
  await expect(heading(page, 'Billing office sign-in')).toBeVisible();
  expect(requested).toEqual(['/assets/locale/en-US.json', '/assets/locale/office-en-US.json']);
  await expectNoMessageIds(page, await messageIds(page));

  // Out of the console and back: the console's messages are there already.
  await goInApp(page, '/SUN/about');
  await expect(heading(page, 'About this portal')).toBeVisible();
  await goInApp(page, '/SUN/office/');
  await expect(heading(page, 'Billing office sign-in')).toBeVisible();
  expect(requested).toEqual(['/assets/locale/en-US.json', '/assets/locale/office-en-US.json']);
});

test('Español chosen in the console shows its Spanish text once its console messages are there, never a message id', async ({ page }) => {
  await signInStaff(page, 'readOnly', { parallelIndex: test.info().parallelIndex });
  const requested = catalogRequests(page);
  await page.goto('/SUN/office/');
  await expect(heading(page, 'Today')).toBeVisible();
  const ids = await messageIds(page);
  // The server-rendered console page had its messages before the app took it over.
  await appHasTakenOver(page);
  expect(requested).toEqual(['/assets/locale/en-US.json', '/assets/locale/office-en-US.json']);

  // The console's Spanish comes late: until it is there, the console stays in English.
  const officeSpanish = await hold(page, '**/assets/locale/office-es-ES.json');
  const patientsSpanish = page.waitForResponse((response) => new URL(response.url()).pathname === '/assets/locale/es-ES.json');
  await chooseLanguage(page, 'es-ES');
  await officeSpanish.requested;
  await (await patientsSpanish).finished();
  await expect(heading(page, 'Today')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expectNoMessageIds(page, ids);

  officeSpanish.release();
  await expect(heading(page, 'Hoy')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
  const menu = page.getByRole('navigation', { name: 'Oficina de facturación' });
  await expect(menu.getByRole('link', { name: 'Pagos' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Registro de auditoría' })).toBeVisible();
  await expectNoMessageIds(page, ids);

  // Another console screen, in Spanish at once: nothing more to fetch.
  await menu.getByRole('link', { name: 'Registro de auditoría' }).click();
  await expect(heading(page, 'Registro de auditoría')).toBeVisible();
  await expectNoMessageIds(page, ids);
  expect(requested.filter((path) => path.endsWith('es-ES.json')).sort()).toEqual(['/assets/locale/es-ES.json', '/assets/locale/office-es-ES.json']);
});

test('a console page the server renders in Spanish is taken over by the app with the same text, without an error', async ({ page, baseURL }) => {
  await signInStaff(page, 'readOnly', { parallelIndex: test.info().parallelIndex });
  await page.context().addCookies([{ name: 'pbp_language', value: 'es-ES', url: baseURL ?? '' }]);
  await page.addInitScript(() => localStorage.setItem('language', 'es-ES'));
  const requested = catalogRequests(page);
  const response = await page.goto('/SUN/office/audit');
  // The server's page itself is in Spanish (its console's messages included).
  expect(await response?.text()).toContain('Registro de auditoría');
  await expect(heading(page, 'Registro de auditoría')).toBeVisible();
  await appHasTakenOver(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
  expect(requested).toEqual(['/assets/locale/es-ES.json', '/assets/locale/office-es-ES.json']);
  await expectNoMessageIds(page, await messageIds(page));
  // The trail's entries in words of the reader's language, their roles too.
  await expect(page.getByTestId('audit-trail').getByRole('row', { name: /\(Solo lectura\).*Inició sesión/ }).first()).toBeVisible();
  // A hydration mismatch (React's #418) or any other error the page logs fails the test (fixtures.ts).
  await page.getByRole('navigation', { name: 'Oficina de facturación' }).getByRole('link', { name: 'Hoy' }).click();
  await expect(heading(page, 'Hoy')).toBeVisible();
});

test.describe(() => {
  // The router reports the loader's failure; the network's own report is expected anyway.
  test.use({ expectedConsoleErrors: /^TypeError: Failed to fetch/ });
  test("a console whose messages cannot be fetched says so in the patients' words, and Try again opens it", async ({ page }) => {
    const requested = catalogRequests(page);
    await page.goto('/SUN');
    await expect(heading(page, 'Pay your bill online')).toBeVisible();
    let fail = true;
    await page.route('**/assets/locale/office-en-US.json', (route) => (fail ? route.abort() : route.continue()));
    await goInApp(page, '/SUN/office/');
    await expect(page.getByRole('alert')).toHaveText('We could not load this page. Check your connection, then try again.');
    await expect(heading(page, 'Billing office')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Billing office');
    await expect(page).toHaveTitle(/^Billing office – /);
    await expectNoMessageIds(page, await messageIds(page));

    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(heading(page, 'Billing office sign-in')).toBeVisible();
    expect(requested.filter((path) => path === '/assets/locale/office-en-US.json')).toHaveLength(2);
  });
});
