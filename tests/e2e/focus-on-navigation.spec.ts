import type { Page } from '@playwright/test';
import { appHasTakenOver, demo, expect, hold, signIn, test } from './fixtures';

/**
 * Focus follows the person to the new screen's heading even when the page is slow: a link followed
 * before the first screen showed, and a screen that shows "Loading" before its real content. The
 * calls below are held until the test lets them go, so each slow moment happens every time.
 */

declare global {
  interface Window {
    /** Every tab title and current breadcrumb shown since this document loaded. */
    namesSeen?: string[];
  }
}

/** Records every tab title and current breadcrumb the page shows, from the start of each document. */
async function recordNames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    window.namesSeen = seen;
    const note = (name: string | null | undefined): void => {
      if (name && !seen.includes(name)) seen.push(name);
    };
    new MutationObserver(() => {
      note(document.title);
      note(document.querySelector('nav.breadcrumbs [aria-current="page"]')?.textContent);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/**
 * Follows the footer's About link with the keyboard: the loading overlay, which takes the pointer
 * while a call is slow, leaves the keyboard free.
 */
async function followAboutByKeyboard(page: Page): Promise<void> {
  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).focus();
  await page.keyboard.press('Enter');
}

test('a link followed before the first screen showed still puts focus on the new screen\'s heading', async ({ page }) => {
  // The landing page waits for the client's details; the shell around it shows at once.
  const clientUrl = await hold(page, '**/api/Client/GetClientUrl*');
  await page.goto('/SUN');
  // The server's page is on the screen before the app has taken it over (its controls wait until then);
  // the landing page's own wait for the client's details is the app's, after that.
  await appHasTakenOver(page);
  // The person does not wait for the landing page.
  await followAboutByKeyboard(page);
  clientUrl.release();
  await expect(page.getByRole('heading', { level: 1, name: 'About this portal' })).toBeFocused();
});

test('while the next screen\'s text is on its way, the tab and the breadcrumbs never name it by a message id', async ({ page }) => {
  await recordNames(page);
  const clientUrl = await hold(page, '**/api/Client/GetClientUrl*');
  const spanishCatalog = await hold(page, '**/assets/locale/es-ES.json');
  await page.goto('/SUN');
  // Before the landing page shows, Español is chosen and the About page asked for, while the
  // Spanish text is still on its way.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es-ES');
  await followAboutByKeyboard(page);
  clientUrl.release();
  await spanishCatalog.requested;
  spanishCatalog.release();

  await expect(page.getByRole('heading', { level: 1, name: 'Acerca de este portal' })).toBeFocused();
  await expect(page).toHaveTitle('Acerca de este portal – Sunrise Laboratories');
  await expect(page.getByRole('navigation', { name: 'Ruta de navegación' }).locator('[aria-current="page"]')).toHaveText(
    'Acerca de este portal',
  );
  // Only real names on the way: the product's or the client's alone, then the screen's.
  expect(await page.evaluate(() => window.namesSeen)).toEqual(
    expect.arrayContaining(['Acerca de este portal', 'Acerca de este portal – Sunrise Laboratories']),
  );
  for (const name of (await page.evaluate(() => window.namesSeen)) ?? [])
    expect(name).toMatch(
      /^(Patient Billing Portal|Portal de facturación para pacientes|Sunrise Laboratories|Acerca de este portal|Acerca de este portal – Sunrise Laboratories)$/,
    );
});

test('the wizard heading keeps the focus when its loading screen gives way to the first step', async ({ page }) => {
  await page.goto('/SUN/login');
  await signIn(page, demo.pat, demo.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();
  const accountInformation = await hold(page, '**/api/OnlinePayment/GetAccountInformation');

  await page.getByRole('link', { name: 'Pay now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading your invoices…' })).toBeVisible();
  const heading = page.getByRole('heading', { level: 1, name: 'Online payment' });
  await expect(heading).toBeFocused();
  accountInformation.release();

  // The first step's own heading replaced the loading screen's, and took the focus over.
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();
  await expect(heading).toBeFocused();
  // Tab goes on from the heading into the step, not from the top of the page.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);
});
