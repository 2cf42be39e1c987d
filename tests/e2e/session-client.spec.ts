import { demo, demoGuest, expect, signIn, signInAsGuest, test } from './fixtures';

/** Signed in, the session's client is the truth: another client's URL shows the same page under the session's. */
test.describe("the signed-in session's client", () => {
  test("a user under SUN who opens another client's pages stays under SUN, with SUN's look", async ({ page }) => {
    await page.goto('/SUN/login');
    await signIn(page, demo.pat, demo.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();

    for (const [asked, shown] of [
      ['/HBR/invoices', '/SUN/invoices'],
      ['/NPP/payment/online', '/SUN/payment/online'],
      ['/invoices', '/SUN/invoices'],
      ['/hbr/about', '/SUN/about'],
    ] as const) {
      await page.goto(asked);
      await expect(page).toHaveURL(new RegExp(`${shown}$`));
      await expect(page.getByRole('img', { name: 'Sunrise Laboratories' })).toBeVisible();
      await expect(page.getByRole('img', { name: /Harbor/ })).toHaveCount(0);
    }
    // Harbor's external card page is not offered to a SUN payer: the menu's payment link stays in the app.
    await page.goto('/HBR/invoices');
    await expect(page).toHaveURL(/\/SUN\/invoices$/);
    await expect(page.getByRole('link', { name: 'Online payment' })).toHaveAttribute('href', '/SUN/payment/online');
  });

  test("a guest under SUN who opens another client's invoices stays under SUN", async ({ page }) => {
    await page.goto(`/${demoGuest.clientCode}/guestLogin`);
    await signInAsGuest(page, demoGuest.accountNumber, demoGuest.invoiceNumber);
    await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();
    await page.goto('/NPP/invoices');
    await expect(page).toHaveURL(/\/SUN\/invoices$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Sunrise Laboratories' })).toBeVisible();
  });
});
