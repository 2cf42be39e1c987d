import type { Page } from '@playwright/test';
import { appHasTakenOver, demo, expect, signIn, test } from './fixtures';
import { ownServer } from './own-server';

/**
 * Its own server, with a session of 15 idle minutes warned at 2 minutes left (as in production),
 * on a clock this file moves on; the page on Playwright's clock. Time is the test's: the session
 * ages at once, and the SPA's poll (every 10 s) and the warning's countdown run when the test says.
 */
const IDLE_SECONDS = 900;
/** What the session has left when the warning shows: less than a minute, so the warning shows seconds only. */
const LEFT_AT_WARNING_SECONDS = 50;
let serverOffsetMs = 0;
const serverUrl = ownServer('expiry', {
  sessionIdleSeconds: IDLE_SECONDS,
  sessionWarningSeconds: 120,
  now: () => new Date(Date.now() + serverOffsetMs),
});

/** The server's time moves on by this many seconds: the session ages, the page's time does not. */
const idleFor = (seconds: number) => {
  serverOffsetMs += seconds * 1000;
};

const warningText = /Your session ends in \d+ seconds?\. Do you wish to continue\?/;

async function signInAndWaitForWarning(page: Page) {
  await page.clock.install();
  await page.goto(`${serverUrl()}/SUN/login`);
  await signIn(page, demo.pat, demo.password);
  await expect(page).toHaveURL(/\/SUN\/invoices$/);
  await appHasTakenOver(page);
  // The focus has followed the person to the new screen's heading (where the warning gives it back).
  await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeFocused();
  // The session idles until it has less than a minute left; the SPA's next poll finds it so.
  idleFor(IDLE_SECONDS - LEFT_AT_WARNING_SECONDS);
  await page.clock.runFor(10_000);
  const dialog = page.getByRole('alertdialog', { name: 'Your session is about to end' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(warningText);
  return dialog;
}

async function isSignedIn(page: Page): Promise<boolean> {
  const status = await page.request.get(`${serverUrl()}/api/User/GetIsUserLoggedIn`);
  const body = (await status.json()) as { isUserActive: boolean };
  return body.isUserActive;
}

test.describe('session expiry', () => {
  test.describe.configure({ timeout: 60000 });

  test('the warning is an accessible dialog, and Continue keeps the session', async ({ page }) => {
    const dialog = await signInAndWaitForWarning(page);
    await expect(dialog.getByRole('button', { name: 'Continue' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toBeHidden();
    // The focus goes back where it was (the screen's heading, after signing in), not to the page.
    await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeFocused();
    // Past the old end of the session: still signed in, because it was extended.
    idleFor(LEFT_AT_WARNING_SECONDS + 10);
    expect(await isSignedIn(page)).toBe(true);
    await page.reload();
    await expect(page.getByTestId('account-email')).toHaveText(demo.pat);
  });

  test('declining signs out with the inactivity message', async ({ page }) => {
    const dialog = await signInAndWaitForWarning(page);
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    const notice = page.getByRole('alertdialog', { name: 'Signed out' });
    await expect(notice).toContainText('Your session has ended because of inactivity.');
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/SUN\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'because of inactivity' })).toBeVisible();
    expect(await isSignedIn(page)).toBe(false);
  });

  test('with no answer before the session ends, the user is signed out with the inactivity message', async ({ page }) => {
    await signInAndWaitForWarning(page);
    // The session's last seconds pass, on the server and in the page's countdown.
    idleFor(LEFT_AT_WARNING_SECONDS);
    await page.clock.runFor(LEFT_AT_WARNING_SECONDS * 1000);
    const notice = page.getByRole('alertdialog', { name: 'Signed out' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Your session has ended because of inactivity.');
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/SUN\/login$/);
    await page.goto(`${serverUrl()}/SUN/invoices`);
    await expect(page).toHaveURL(/\/SUN\/login/);
  });
});
