import type { Browser, Page } from '@playwright/test';
import { fixtureAccounts } from './fixture-data';
import { layoutShift, recordLayoutShifts } from './layout-shifts';
import { appHasTakenOver, chooseLanguage, demo, expect, expectAccessible, signIn, test } from './fixtures';

/**
 * The payment wizard's first step is rendered on the server like every other page: its heading and
 * amounts are in the page before any script runs, and the tab's progress (session storage, which
 * the server never sees) is applied after the page has taken over without moving anything.
 */

function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

function invoiceCard(page: Page, invoiceNumber: string) {
  return page.locator('.invoice-choice').filter({ hasText: invoiceNumber });
}

const money = (cents: number, language: string) => new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(cents / 100);

/** Signs in under SUN in a language (on the sign-in page) and waits for the invoices. */
async function signInAs(page: Page, email: string, language: 'en-US' | 'es-ES'): Promise<void> {
  await page.goto('/SUN/login');
  if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
  await signIn(page, email, demo.password);
  await expect(heading(page, language === 'es-ES' ? 'Sus facturas' : 'Your invoices')).toBeVisible();
}

/** The same browser's cookies (the session) in a page that runs no script at all. */
async function pageWithoutScript(browser: Browser, signedIn: Page): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: new URL(signedIn.url()).origin });
  await context.addCookies(await signedIn.context().cookies());
  return context.newPage();
}

const languages = [
  {
    language: 'en-US',
    email: demo.pat,
    heading: 'Online payment',
    invoices: [
      { invoiceNumber: 'SUN-100031', balanceCents: 4850 },
      { invoiceNumber: 'SUN-100035', balanceCents: 7675 },
    ],
  },
  {
    language: 'es-ES',
    email: fixtureAccounts.wizardRenderedEs.userEmail,
    heading: 'Pago en línea',
    invoices: fixtureAccounts.wizardRenderedEs.invoices.slice(0, 2),
  },
] as const;

for (const each of languages) {
  test(`in ${each.language}, with JavaScript off, the wizard's first step shows its heading and the amounts to pay: the server rendered it`, async ({ page, browser }) => {
    await signInAs(page, each.email, each.language);
    const noScript = await pageWithoutScript(browser, page);
    const response = await noScript.goto('/SUN/payment/online');
    expect(response?.status()).toBe(200);
    await expect(heading(noScript, each.heading)).toBeVisible();
    for (const invoice of each.invoices) {
      const card = invoiceCard(noScript, invoice.invoiceNumber);
      await expect(card).toBeVisible();
      await expect(card).toContainText(money(invoice.balanceCents, each.language));
    }
    await noScript.context().close();
  });
}

test('on a phone, a reload of the first step resumes the progress kept in the tab without a layout shift or a second account call', async ({ page }) => {
  // Lighthouse's phone (a Moto G Power): where the issue was measured.
  await page.setViewportSize({ width: 412, height: 823 });
  const account = fixtureAccounts.wizardResume;
  const [first, second] = account.invoices.map((invoice) => invoice.invoiceNumber) as [string, string];
  await signInAs(page, account.userEmail, 'en-US');
  await page.goto('/SUN/payment/online');
  await appHasTakenOver(page);
  await invoiceCard(page, first).getByRole('checkbox').uncheck();
  await invoiceCard(page, second).getByRole('radio', { name: 'Another amount' }).check();
  await page.getByLabel(`Amount to pay on invoice ${second}`).fill('10.00');
  await expect(page.locator('.payment-total')).toContainText('$73.20');

  await recordLayoutShifts(page);
  const accountCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/OnlinePayment/GetAccountInformation')) accountCalls.push(request.url());
  });

  const response = await page.reload();
  // The server rendered the step (without the tab's progress, which it never sees)…
  expect(await response?.text()).toMatch(/<h1[^>]*>Online payment<\/h1>/);
  await appHasTakenOver(page);
  // …and the page goes on with it.
  await expect(invoiceCard(page, first).getByRole('checkbox')).not.toBeChecked();
  await expect(page.getByLabel(`Amount to pay on invoice ${second}`)).toHaveValue('10.00');
  await expect(page.locator('.payment-total')).toContainText('$73.20');
  // Wait for two frames after the last change, so any shift it caused is recorded.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shift = await layoutShift(page);
  expect(shift).toBeLessThanOrEqual(0.02);
  expect(accountCalls).toEqual([]);

  // What the page resumed is the wizard's, going on as before.
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(heading(page, 'Review your payment')).toBeVisible();
  await expect(page.getByRole('table')).toContainText('$10.00');
  await expectAccessible(page);
});
