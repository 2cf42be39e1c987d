import { demo, expect, signIn, test } from './fixtures';
import { ownServer } from './own-server';

/**
 * Its own server with a short session: 14 s of idle lifetime, warned when 12 s or less are
 * left. The SPA asks every 10 s, so the warning shows at the first check after signing in.
 */
const serverUrl = ownServer('expiry', { sessionIdleSeconds: 14, sessionWarningSeconds: 12 });

// The session here is short: the warning shows seconds only.
const warningText = /Your session ends in \d+ seconds?\. Do you wish to continue\?/;

async function signInAndWaitForWarning(page: import('@playwright/test').Page) {
  await page.goto(`${serverUrl()}/SUN/login`);
  await signIn(page, demo.pat, demo.password);
  await expect(page).toHaveURL(/\/SUN\/invoices$/);
  const dialog = page.getByRole('alertdialog', { name: 'Your session is about to end' });
  await expect(dialog).toBeVisible({ timeout: 15000 });
  await expect(dialog).toContainText(warningText);
  return dialog;
}

async function isSignedIn(page: import('@playwright/test').Page): Promise<boolean> {
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
    await expect.poll(() => isSignedIn(page), { timeout: 8000, intervals: [1000] }).toBe(true);
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
    const notice = page.getByRole('alertdialog', { name: 'Signed out' });
    await expect(notice).toBeVisible({ timeout: 15000 });
    await expect(notice).toContainText('Your session has ended because of inactivity.');
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/SUN\/login$/);
    await page.goto(`${serverUrl()}/SUN/invoices`);
    await expect(page).toHaveURL(/\/SUN\/login/);
  });
});
