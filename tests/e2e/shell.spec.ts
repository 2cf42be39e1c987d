import type { Page } from '@playwright/test';
import { appHasTakenOver, chooseLanguage, demo, demoGuest, expect, expectAccessible, signIn, signInAsGuest, test } from './fixtures';
import { fixtureAccounts } from './fixture-data';

async function menuItems(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: /Main menu|Menú principal/ });
  return (await menu.locator('a, button').allInnerTexts()).map((text) => text.trim());
}

async function signInAs(page: Page, client: string, email: string): Promise<void> {
  await page.goto(`/${client}/login`);
  await signIn(page, email, demo.password);
  await expect(page).toHaveURL(new RegExp(`/${client}/invoices$`));
}

test.describe('sidebar', () => {
  test('a visitor who is not signed in sees Home, the patient app and roster login', async ({ page }) => {
    await page.goto('/SUN');
    await expect.poll(() => menuItems(page)).toEqual(['Home', 'Patient app', 'Roster login']);
    // The client's own app for patients, a setting of the client.
    await expect(page.getByRole('link', { name: 'Patient app' })).toHaveAttribute('href', 'https://app.sunriselabs.example/');
    await page.getByRole('link', { name: 'Roster login' }).click();
    await expect(page).toHaveURL(/\/SUN\/login$/);
  });

  test('a client without an app for patients has no patient app link, and neither has the portal without a client', async ({ page }) => {
    for (const address of ['/NPP', '/']) {
      await page.goto(address);
      await expect.poll(() => menuItems(page)).toEqual(['Home', 'Roster login']);
    }
  });

  test('a billing user sees every account and payment item', async ({ page }) => {
    await signInAs(page, 'SUN', demo.pat);
    await expect.poll(() => menuItems(page)).toEqual([
      'Home',
      'Sign out',
      'View invoices',
      'Member information',
      'Documents',
      'Update email',
      'Update password',
      'Switch provider',
      'Online payment',
      'Other payment methods',
      'Contact us',
    ]);
    await expect(page.getByRole('link', { name: 'Online payment' })).toHaveAttribute('href', '/SUN/payment/online');
  });

  test('a guest sees only invoices and payments', async ({ page }) => {
    await page.goto('/SUN/guestLogin');
    await signInAsGuest(page, demoGuest.accountNumber, demoGuest.invoiceNumber);
    await expect(page).toHaveURL(/\/SUN\/invoices$/);
    await expect
      .poll(() => menuItems(page))
      .toEqual(['Home', 'Sign out', 'View invoices', 'Online payment', 'Other payment methods', 'Contact us']);
  });

  test('a user whose account is disabled sees no invoice, email or payment items', async ({ page }) => {
    await signInAs(page, 'SUN', 'disabled.doe@example.com');
    await expect.poll(() => menuItems(page)).toEqual(['Home', 'Sign out', 'Member information', 'Update password', 'Switch provider', 'Contact us']);
  });

  test("a client that does not accept online payments has no online payment item", async ({ page }) => {
    await signInAs(page, 'NPP', 'north.doe@example.com');
    await expect.poll(() => menuItems(page)).toContain('Other payment methods');
    expect(await menuItems(page)).not.toContain('Online payment');
  });

  test("a client's external card link replaces the online payment page and leaves the app", async ({ page }) => {
    await signInAs(page, 'HBR', 'harbor.doe@example.com');
    await expect(page.getByRole('link', { name: 'Online payment' })).toHaveAttribute(
      'href',
      'https://payments.example.org/harbor',
    );
  });

  test('the menu is shown by default and the button hides and shows it', async ({ page }) => {
    await page.goto('/SUN/login');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const toggle = page.getByRole('button', { name: 'Hide menu' });
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Show menu' })).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('button', { name: 'Show menu' }).click();
    await expect(menu).toBeVisible();
  });

  test('the menu speaks Spanish too', async ({ page }) => {
    await page.goto('/SUN');
    await chooseLanguage(page, 'es-ES');
    await expect.poll(() => menuItems(page)).toEqual(['Inicio', 'Aplicación para pacientes', 'Acceso de titulares']);
  });
});

test.describe('language of a signed-in user', () => {
  // A user of its own: tests running beside it sign in with an English choice on their device,
  // which is saved to the server, and would overwrite this one.
  test('is kept on the server and applied at the next sign-in, on another device', async ({ page: first, browser, baseURL }) => {
    await first.goto('/HBR/login');
    await signIn(first, fixtureAccounts.language.userEmail, demo.password);
    await expect(first).toHaveURL(/\/HBR\/invoices$/);
    const saved = first.waitForResponse((r) => r.url().endsWith('/api/user/UpdateTranslationLanguage') && r.ok());
    await chooseLanguage(first, 'es-ES');
    await saved;

    // A fresh browser profile: nothing stored locally, so the language can only come from the server.
    const context = await browser.newContext({ baseURL });
    const second = await context.newPage();
    await second.goto('/HBR/login');
    await expect(second.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await signIn(second, fixtureAccounts.language.userEmail, demo.password);
    await expect(second.getByRole('heading', { level: 1, name: 'Sus facturas' })).toBeVisible();
    await expect(second.locator('html')).toHaveAttribute('lang', 'es-ES');
    await context.close();
  });
});

test.describe('language chosen before signing in', () => {
  test('the latest explicit choice wins over the one saved on the server, even when signing in while it is still being applied', async ({ browser, baseURL }) => {
    const account = fixtureAccounts.languageAtSignIn;
    // Fresh browser profiles: nothing stored locally, like a new device.
    const onDevice = async (work: (page: Page) => Promise<void>): Promise<void> => {
      const context = await browser.newContext({ baseURL });
      await work(await context.newPage());
      await context.close();
    };
    // The server has English for this user. On the login page the visitor chooses Español and signs
    // in at once, while the Spanish text is still on its way (held here until after the sign-in).
    await onDevice(async (page) => {
      await page.goto('/HBR/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      // Only the Spanish text is held: the app takes over first, with the English it loads for itself
      // (held too, on a slow machine, it never would).
      await appHasTakenOver(page);
      let releaseCatalogs = (): void => undefined;
      const catalogsHeld = new Promise<void>((resolve) => {
        releaseCatalogs = resolve;
      });
      await page.route('**/assets/locale/*.json', async (route) => {
        await catalogsHeld;
        await route.continue();
      });
      const spanishRequested = page.waitForRequest('**/assets/locale/es-ES.json');
      await chooseLanguage(page, 'es-ES');
      await spanishRequested;
      const signedIn = page.waitForResponse((r) => r.url().endsWith('/api/userlogin/Login') && r.ok());
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/UpdateTranslationLanguage') && r.ok());
      await signIn(page, account.userEmail, demo.password);
      await signedIn;
      releaseCatalogs();
      await expect(page.getByRole('heading', { level: 1, name: 'Sus facturas' })).toBeVisible();
      expect(await (await saved).json()).toMatchObject({ language: 'es-ES' });
      await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
    });
    // Another device with no choice of its own gets that latest choice from the server.
    await onDevice(async (page) => {
      await page.goto('/HBR/login');
      const read = page.waitForResponse((r) => r.url().endsWith('/api/user/GetTranslationLanguage') && r.ok());
      await signIn(page, account.userEmail, demo.password);
      expect(await (await read).json()).toMatchObject({ language: 'es-ES' });
      await expect(page.getByRole('heading', { level: 1, name: 'Sus facturas' })).toBeVisible();
    });
  });
});

test.describe('navigation', () => {
  test('moving to another screen puts focus on its heading and keeps the client prefix', async ({ page }) => {
    await page.goto('/SUN');
    // A move made by the app: before it has taken the server's page over, a link loads the next page.
    await appHasTakenOver(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/SUN\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(page).toHaveTitle(/Sunrise Laboratories/);
  });

  test('the breadcrumb leads home', async ({ page }) => {
    await page.goto('/SUN/privacy');
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/SUN');
    await expect(trail.locator('[aria-current="page"]')).toHaveText(/Privacy/);
  });

  test('the skip link moves to the main content', async ({ page }) => {
    await page.goto('/SUN/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The server's page is on the screen before the app has taken it over (its controls wait until then).
    await appHasTakenOver(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
  });

  test('the footer has About, Contact, Privacy and the copyright years', async ({ page }) => {
    await page.goto('/login');
    const footer = page.getByRole('contentinfo');
    for (const name of ['About', 'Contact', 'Privacy']) await expect(footer.getByRole('link', { name })).toBeVisible();
    await expect(footer).toContainText(`© 2004–${new Date().getFullYear()}`);
  });
});

test.describe('cookie notice', () => {
  test('stays accepted across reloads', async ({ page }) => {
    await page.goto('/SUN');
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Accept' }).click();
    await expect(notice).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookieNoticeAccepted'))).toBe('true');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookie notice' })).toHaveCount(0);
  });

  test('never covers the element that has focus', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 500 });
    await page.goto('/SUN/login');
    await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
    for (let step = 0; step < 20; step++) {
      await page.keyboard.press('Tab');
      const covered = await page.evaluate(() => {
        const focused = document.activeElement;
        if (!(focused instanceof HTMLElement) || focused === document.body) return false;
        const box = focused.getBoundingClientRect();
        const notice = document.querySelector('.cookie-notice');
        if (!notice || notice.contains(focused)) return false;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 5));
        return hit !== null && notice.contains(hit);
      });
      expect(covered).toBe(false);
    }
  });
});

test.describe('loading', () => {
  test('a call that never finishes ends on the time-out screen after 4 minutes', async ({ page }) => {
    await page.clock.install();
    // The network hangs: the sign-in never answers. (The server renders the first screen, so the
    // page makes no call of its own at start-up to hang.)
    await page.route('**/api/userlogin/Login', () => {});
    await page.goto('/SUN/login');
    await signIn(page, demo.pat, demo.password);
    await page.clock.runFor(1000);
    // (It fades in after a short pause by a CSS animation, which the fake clock does not run.)
    await expect(page.getByTestId('loading-overlay')).toBeAttached();
    await expect(page.getByTestId('loading-overlay')).toContainText('Loading…');
    await page.clock.runFor(240000);
    // Time flows normally again, for the navigation that follows.
    await page.clock.resume();
    await expect(page).toHaveURL(/\/SUN\/error\/timeout$/);
    await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('accessibility of the shell', () => {
  for (const language of ['en-US', 'es-ES'] as const) {
    test(`the signed-in shell in ${language} has no serious or critical axe findings`, async ({ page }) => {
      await page.goto('/SUN/login');
      if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
      await signIn(page, demo.pat, demo.password);
      await expect(page).toHaveURL(/\/SUN\/invoices$/);
      await expectAccessible(page);
    });
  }
});
