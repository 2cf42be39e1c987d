/**
 * The app's root plan in the browser. A visitor reads About under SUN on a page left to the
 * browser (so the root starts there); each step is what a person does: signs in or out, opens a
 * page under another client code or none, switches clients, or reloads a page the server renders
 * (the browser then takes it over, with or without a language chosen on this device).
 */
import type { Page } from '@playwright/test';
import { appHasTakenOver, chooseLanguage, demo, expect, goInApp, signIn } from '../fixtures';
import { modelPathAccounts } from '../fixture-data';
import type { BrowserPaths, PathRun } from './browser-paths';

const user = (run: PathRun) => modelPathAccounts.appUser(run.number);
const header = (page: Page) => page.locator('.site-header');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const signedInMenu = (page: Page) => page.getByTestId('menu-signed-in');
const signedOutMenu = (page: Page) => page.getByTestId('menu-signed-out');
const theme = (name: string) => new RegExp(`(^|\\s)theme-${name}(\\s|$)`);

/** The page again, as the server renders it, with this device's language (or none) in local storage first. */
async function reloadServerRendered(run: PathRun, stored: string | null): Promise<void> {
  const { page } = run;
  run.serverRendered = true;
  // A value that is no language reads as none chosen (the tests' own start would otherwise choose English).
  await page.evaluate((language) => localStorage.setItem('language', language), stored ?? 'none');
  await page.reload();
  await appHasTakenOver(page);
}

export const appPaths: BrowserPaths = {
  machine: 'app',
  start: async ({ page }) => {
    await page.goto('/SUN/about');
    await expect(heading(page, 'About this portal')).toBeVisible();
  },
  steps: {
    'app.signedIn': async (run) => {
      const { page } = run;
      await goInApp(page, '/SUN/login');
      await expect(heading(page, 'Sign in')).toBeVisible();
      await signIn(page, user(run).userEmail, demo.password);
      // The guards check the sign-in page again: a signed-in user goes on to the invoices.
      await expect(heading(page, 'Your invoices')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    },
    'app.signedOut': async ({ page }) => {
      await signedInMenu(page).getByRole('button', { name: 'Sign out' }).click();
      await expect(signedOutMenu(page)).toBeVisible();
    },
    'app.addressChanged': async ({ page }, event) => {
      if (event.code === 'DLT') {
        await goInApp(page, '/DLT/about');
        await expect(header(page).getByRole('img', { name: 'Delta Diagnostics' })).toBeVisible();
        await expect(page.locator('body')).toHaveClass(theme('delta'));
        return;
      }
      await goInApp(page, '/about');
      await expect(header(page).getByRole('link', { name: 'Patient Billing Portal' })).toBeVisible();
      await expect(page.locator('body')).toHaveClass(theme('default'));
    },
    'app.clientChosen': async ({ page }) => {
      await goInApp(page, '/SUN/switch/clients');
      await page.getByRole('button', { name: 'Switch to Delta Diagnostics' }).click();
      await expect(heading(page, 'Your invoices')).toBeVisible();
      await expect(page).toHaveURL(/\/DLT\/invoices$/);
      await expect(header(page).getByRole('img', { name: 'Delta Diagnostics' })).toBeVisible();
      await expect(page.locator('body')).toHaveClass(theme('delta'));
    },
    'app.resumed': async (run, event) => {
      const { page } = run;
      const stored = typeof event.storedLanguage === 'string' ? event.storedLanguage : null;
      await reloadServerRendered(run, stored);
      if (stored === 'es-ES') {
        // The server rendered English (its cookie); the language chosen on this device wins once the browser has the page.
        await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
        await chooseLanguage(page, 'en-US');
      }
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    },
  },
  screens: {
    'app.visiting': async ({ page }) => {
      await expect(signedOutMenu(page)).toBeVisible();
      await expect(signedInMenu(page)).toHaveCount(0);
    },
    'app.signedIn': async ({ page }) => {
      await expect(signedInMenu(page)).toBeVisible();
      await expect(signedOutMenu(page)).toHaveCount(0);
    },
  },
};
