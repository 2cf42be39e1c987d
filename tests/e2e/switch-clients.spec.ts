import type { Page } from '@playwright/test';
import { fixtureAccounts } from './fixture-data';
import { chooseLanguage, demo, expect, expectAccessible, signIn, test } from './fixtures';

type Language = 'en-US' | 'es-ES';

const words = {
  'en-US': {
    title: 'Switch provider',
    invoices: 'Your invoices',
    current: 'Current provider',
    switchTo: (name: string) => `Switch to ${name}`,
    onlinePayment: 'Online payment',
    nothingElse: 'All your accounts are with this provider, so there is no other to switch to.',
  },
  'es-ES': {
    title: 'Cambiar de proveedor',
    invoices: 'Sus facturas',
    current: 'Proveedor actual',
    switchTo: (name: string) => `Cambiar a ${name}`,
    onlinePayment: 'Pago en línea',
    nothingElse: 'Todas sus cuentas son con este proveedor, así que no hay otro al que cambiar.',
  },
} as const;

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
/** The card of one client on the switch page. */
const choice = (page: Page, code: string) => page.locator(`li.client-choice[data-client="${code}"]`);
/** The header's logo: its alt text is the client's name. */
const headerLogo = (page: Page, name: string) => page.locator('.site-header').getByRole('img', { name });

async function signInUnderSun(page: Page, email: string, language: Language): Promise<void> {
  await page.goto('/SUN/login');
  if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
  await signIn(page, email, demo.password);
  await expect(heading(page, words[language].invoices)).toBeVisible();
}

/** The page shows one client's invoices in its look: URL, theme class, header logo, menu and account. */
async function expectUnder(
  page: Page,
  language: Language,
  client: { code: string; theme: string; name: string },
  accountNumber: string,
  search = '',
): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/${client.code}/invoices${search.replace('?', '\\?')}$`));
  await expect(heading(page, words[language].invoices)).toBeVisible();
  await expect(page.locator('body')).toHaveClass(new RegExp(`\\btheme-${client.theme}\\b`));
  const themes = (await page.locator('body').getAttribute('class'))?.split(/\s+/).filter((name) => name.startsWith('theme-'));
  expect(themes).toEqual([`theme-${client.theme}`]);
  await expect(headerLogo(page, client.name)).toBeVisible();
  await expect(page.getByTestId('account-number')).toHaveText(accountNumber);
  const menu = page.getByRole('navigation', { name: /Main menu|Menú principal/ });
  await expect(menu.getByRole('link', { name: words[language].onlinePayment })).toHaveAttribute('href', `/${client.code}/payment/online`);
}

const sun = { code: 'SUN', theme: 'sunrise', name: 'Sunrise Laboratories' } as const;
const delta = { code: 'DLT', theme: 'delta', name: 'Delta Diagnostics' } as const;

test.describe('switching clients', () => {
  test('pat.doe switches from SUN to DLT: theme, logo, menu and invoices change, a reload keeps DLT, and back', async ({ page }) => {
    const w = words['en-US'];
    await signInUnderSun(page, demo.pat, 'en-US');
    await expectUnder(page, 'en-US', sun, 'A-100200');

    // The menu's Account section leads there.
    await page.getByRole('link', { name: w.title }).click();
    await expect(page).toHaveURL(/\/SUN\/switch\/clients$/);
    await expect(heading(page, w.title)).toBeVisible();
    await expect(page.locator('li.client-choice')).toHaveCount(2);
    await expect(choice(page, 'SUN')).toHaveAttribute('aria-current', 'true');
    await expect(choice(page, 'SUN')).toContainText(w.current);
    await expect(choice(page, 'SUN').getByRole('button')).toHaveCount(0);
    await expect(choice(page, 'SUN').getByRole('heading', { name: 'Sunrise Laboratories' })).toBeVisible();
    await expect(choice(page, 'SUN').locator('img')).toHaveAttribute('src', '/logos/sun.svg');
    await expect(choice(page, 'DLT')).not.toHaveAttribute('aria-current', /.*/);
    await expect(choice(page, 'DLT').getByRole('heading', { name: 'Delta Diagnostics' })).toBeVisible();
    await expect(choice(page, 'DLT').locator('img')).toHaveAttribute('src', '/logos/delta.svg');
    await expect(choice(page, 'DLT')).toContainText('D-520100');
    await expectAccessible(page);

    await page.getByRole('button', { name: w.switchTo('Delta Diagnostics') }).click();
    await expectUnder(page, 'en-US', delta, 'D-520100');
    await expect(page.locator('tr[data-invoice="DLT-520031"]')).toBeVisible();
    await expect(page.locator('tr[data-invoice^="SUN-"]')).toHaveCount(0);
    await expect(headerLogo(page, 'Sunrise Laboratories')).toHaveCount(0);
    await expectAccessible(page);

    await test.step('a reload keeps DLT', async () => {
      await page.reload();
      await expectUnder(page, 'en-US', delta, 'D-520100');
    });

    await test.step("SUN's pages now open under DLT: the session's client is the truth, and the page says so", async () => {
      await page.goto('/SUN/invoices');
      await expectUnder(page, 'en-US', delta, 'D-520100', '?from=SUN');
      await expect(page.getByTestId('client-moved').getByRole('button', { name: w.switchTo('Sunrise Laboratories') })).toBeVisible();
    });

    await test.step('and back to SUN', async () => {
      await page.goto('/DLT/switch/clients');
      await expect(choice(page, 'DLT')).toHaveAttribute('aria-current', 'true');
      await expectAccessible(page);
      await page.getByRole('button', { name: w.switchTo('Sunrise Laboratories') }).click();
      await expectUnder(page, 'en-US', sun, 'A-100200');
      await page.reload();
      await expectUnder(page, 'en-US', sun, 'A-100200');
    });
  });

  test('in Spanish, a user switches from SUN to DLT and sees its invoices in its look', async ({ page }) => {
    const w = words['es-ES'];
    const user = fixtureAccounts.switcherEs;
    await signInUnderSun(page, user.userEmail, 'es-ES');
    await page.goto('/SUN/switch/clients');
    await expect(heading(page, w.title)).toBeVisible();
    await expect(choice(page, 'SUN')).toContainText(w.current);
    await expect(choice(page, 'DLT')).toContainText(user.alsoAt.accountNumber);
    await expectAccessible(page);

    await page.getByRole('button', { name: w.switchTo('Delta Diagnostics') }).click();
    await expectUnder(page, 'es-ES', delta, user.alsoAt.accountNumber);
    await expect(page.locator('tr[data-invoice="DLT-950131"]')).toBeVisible();
    await expectAccessible(page);
  });

  for (const language of ['en-US', 'es-ES'] as const) {
    test(`in ${language}, a user with one client sees it marked current and nothing to switch to`, async ({ page }) => {
      const w = words[language];
      await signInUnderSun(page, fixtureAccounts.oneClient.userEmail, language);
      await page.goto('/SUN/switch/clients');
      await expect(heading(page, w.title)).toBeVisible();
      await expect(page.locator('li.client-choice')).toHaveCount(1);
      await expect(choice(page, 'SUN')).toHaveAttribute('aria-current', 'true');
      await expect(choice(page, 'SUN')).toContainText(w.current);
      await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
      await expect(page.getByText(w.nothingElse)).toBeVisible();
      await expectAccessible(page);
    });
  }

  test('the page is for signed-in users: anyone else is sent to sign in', async ({ page }) => {
    await page.goto('/SUN/switch/clients');
    await expect(page).toHaveURL(/\/SUN\/login\?redirect=/);
    await expect(heading(page, 'Sign in')).toBeVisible();
  });
});

test.describe('a forged switch (API)', () => {
  /** Posts a switch with the browser's cookies and its anti-forgery token, as the page would. */
  async function postSwitch(page: Page, body: unknown) {
    const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    return page.request.post('/api/User/SwitchClient', { data: body, headers: { 'X-XSRF-TOKEN': xsrf } });
  }

  test("to a client where the user has no account is refused, and the session stays under its client", async ({ page }) => {
    await signInUnderSun(page, demo.pat, 'en-US');
    for (const body of [{ clientCode: 'NPP' }, { clientCode: 'HBR' }, { clientCode: 'DLT', billingGroup: '48' }]) {
      const response = await postSwitch(page, body);
      expect(response.status(), JSON.stringify(body)).toBe(403);
      expect(await response.json()).toEqual({ error: 'forbidden' });
    }
    expect((await postSwitch(page, { clientCode: 'QQQ' })).status()).toBe(404);
    expect((await postSwitch(page, { clientCode: 'S1' })).status()).toBe(400);
    const client = await page.request.get('/api/User/GetClientCode');
    expect(await client.json()).toEqual({ clientCode: 'SUN', billingGroup: null });
    await page.reload();
    await expectUnder(page, 'en-US', sun, 'A-100200');
  });

  test('without a session is refused', async ({ page }) => {
    await page.goto('/SUN');
    const response = await postSwitch(page, { clientCode: 'DLT', billingGroup: '52' });
    expect(response.status()).toBe(401);
  });
});
