import { demo, demoGuest, expect, signIn, signInAsGuest, test } from './fixtures';

/** Signed in, the session's client is the truth: another client's URL shows the same page under the session's. */
test.describe("the signed-in session's client", () => {
  test("a user under SUN who opens another client's pages stays under SUN, with SUN's look", async ({ page }) => {
    await page.goto('/SUN/login');
    await signIn(page, demo.pat, demo.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();

    for (const [asked, shown] of [
      ['/HBR/invoices', '/SUN/invoices?from=HBR'],
      ['/NPP/payment/online', '/SUN/payment/online?from=NPP'],
      ['/invoices', '/SUN/invoices'],
      ['/hbr/about', '/SUN/about?from=hbr'],
    ] as const) {
      await page.goto(asked);
      await expect(page).toHaveURL(new RegExp(`${shown.replace('?', '\\?')}$`));
      // A page moved from another client's address says so; a bare address is no other client's.
      await expect(page.getByTestId('client-moved')).toHaveCount(shown.includes('?from=') ? 1 : 0);
      await expect(page.getByRole('img', { name: 'Sunrise Laboratories' })).toBeVisible();
      await expect(page.getByRole('img', { name: /Harbor/ })).toHaveCount(0);
    }
    // Harbor's external card page is not offered to a SUN payer: the menu's payment link stays in the app.
    await page.goto('/HBR/invoices');
    await expect(page).toHaveURL(/\/SUN\/invoices\?from=HBR$/);
    await expect(page.getByRole('link', { name: 'Online payment' })).toHaveAttribute('href', '/SUN/payment/online');
  });

  for (const served of ['server-rendered', 'as the plain SPA'] as const) {
    test(`an emailed link opened under another client keeps its token on the way to the session's client (${served})`, async ({ page }) => {
      await page.goto('/SUN/login');
      await signIn(page, demo.pat, demo.password);
      await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();
      if (served === 'as the plain SPA') {
        // As the development server (or any host of the plain SPA) serves it: the browser's own
        // guard moves the page, where the portal's server would have answered with a redirect.
        await page.route('**/HBR/confirmation/update', async (route) => {
          await route.fulfill({ response: await route.fetch({ url: new URL('/index.html', route.request().url()).href }) });
        });
      }
      // An email change link of Harbor's (its token unknown here), moved under SUN: the token must
      // come along, and be tried.
      const tried = page.waitForRequest((request) => request.url().endsWith('/api/User/ConfirmEmailChange'));
      await page.goto(`/HBR/confirmation/update#token=${'x'.repeat(43)}`);
      await tried;
      await expect(page).toHaveURL(/\/SUN\/confirmation\/update(\?from=HBR)?$/);
      await expect(page.getByText(/This link cannot change your email address/)).toBeVisible();
    });
  }

  test("a guest under SUN who opens another client's invoices stays under SUN", async ({ page }) => {
    await page.goto(`/${demoGuest.clientCode}/guestLogin`);
    await signInAsGuest(page, demoGuest.accountNumber, demoGuest.invoiceNumber);
    await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();
    await page.goto('/NPP/invoices');
    await expect(page).toHaveURL(/\/SUN\/invoices\?from=NPP$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Sunrise Laboratories' })).toBeVisible();
  });
});
