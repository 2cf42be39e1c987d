import { appHasTakenOver, demo, expect, signIn, test } from './fixtures';

test('signed out in another tab: the page says so (not inactivity), offers sign-in, and returns to where the payer was', async ({ page, context }) => {
  test.slow();
  // The pages' clock is Playwright's: the session's polls (every 10 s) run when the test says.
  await page.clock.install();
  await page.goto('/SUN/login');
  await signIn(page, demo.pat, demo.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();
  await page.goto('/SUN/payment/other');
  await expect(page.getByRole('heading', { level: 1, name: 'Other payment methods' })).toBeVisible();
  await appHasTakenOver(page);
  // Let the first poll learn when the session would end by itself.
  const polled = page.waitForResponse((response) => response.url().includes('/api/user/GetShouldDisplayAuthenticationMessage'));
  await page.clock.runFor(10_000);
  await polled;

  const other = await context.newPage();
  await other.goto('/SUN/invoices');
  const signedOut = other.waitForResponse((response) => response.url().endsWith('/api/user/Logout') && response.ok());
  await other.getByRole('button', { name: 'Sign out' }).click();
  await signedOut;

  // The next poll finds the session ended long before its time.
  await page.clock.runFor(10_000);
  await expect(page.getByText('You were signed out, perhaps in another tab or window. Sign in again to go on where you were.')).toBeVisible();
  await expect(page.getByText(/because of inactivity/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/SUN\/login\?redirect=%2FSUN%2Fpayment%2Fother$/);
  await signIn(page, demo.pat, demo.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Other payment methods' })).toBeVisible();
});
