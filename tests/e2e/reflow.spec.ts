import type { Locator, Page } from '@playwright/test';
import { chooseLanguage, demo, expect, expectAccessible, goInApp, signIn, test } from './fixtures';
import { openScreens, userOnlyScreens, userOrGuestScreens, type Screen } from './screens';

type Language = 'en-US' | 'es-ES';

/** WCAG 1.4.10: content reflows at 320 CSS pixels wide (1280 px at 400 % zoom). */
const narrowest = { width: 320, height: 640 };
/** A common phone. */
const phone = { width: 390, height: 844 };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function heading(page: Page, name: string) {
  return page.getByRole('heading', {
    level: 1,
    name: new RegExp(`^${escapeRegExp(name)}$`),
  });
}

function title(screen: Screen, language: Language): string {
  return language === 'es-ES' ? screen.es : screen.en;
}

/**
 * Fails when the page scrolls sideways. A table's own scroll area may scroll; the page may not.
 * The message names the elements that stick out, outside any scroll area of their own.
 */
async function expectNoPageScroll(page: Page): Promise<void> {
  const found = await page.evaluate(() => {
    const width = window.innerWidth;
    const sticking = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.closest('.table-scroll') === null || element.classList.contains('table-scroll'))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent.slice(0, 40)}`)
      .slice(0, 5);
    return {
      scrollWidth: document.documentElement.scrollWidth,
      width,
      sticking,
    };
  });
  expect.soft(found.scrollWidth, `the page scrolls sideways; sticking out: ${found.sticking.join(' | ')}`).toBeLessThanOrEqual(found.width);
}

/** The region's cells named `label` are on screen, and the region has nothing to scroll sideways. */
async function expectWithinWidth(region: Locator, label: string, width: number): Promise<void> {
  const cell = region.locator(`td[data-label="${label}"]`).first();
  await expect(cell).toBeVisible();
  const box = await cell.boundingBox();
  expect(box).not.toBeNull();
  if (box) expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
}

async function signInPat(page: Page, language: Language): Promise<void> {
  await page.goto('/SUN/login');
  if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
  await signIn(page, demo.pat, demo.password);
  await expect(page).toHaveURL(/\/SUN\/invoices$/);
}

const invoicesTitle = {
  path: 'invoices',
  en: 'Your invoices',
  es: 'Sus facturas',
};
const reviewTitle = {
  path: 'payment/online/confirmation',
  en: 'Review your payment',
  es: 'Revise su pago',
};

for (const language of ['en-US', 'es-ES'] as const) {
  test.describe(`at 320 px in ${language}`, () => {
    test.use({ viewport: narrowest });

    test('no open screen scrolls sideways', async ({ page }) => {
      await page.goto('/SUN');
      if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await test.step('landing', () => expectNoPageScroll(page));
      for (const screen of [...openScreens, { path: 'login', en: 'Sign in', es: 'Iniciar sesión' }]) {
        await test.step(screen.path, async () => {
          await goInApp(page, `/SUN/${screen.path}`);
          await expect(heading(page, title(screen, language))).toBeVisible();
          await expectNoPageScroll(page);
        });
      }
      await test.step('an unknown client code: the product title and a notice in the header', async () => {
        await page.goto('/QQQ/about');
        await expect(page.getByRole('status').filter({ hasText: 'QQQ' })).toBeVisible();
        await expectNoPageScroll(page);
      });
    });

    test('no screen of a signed-in billing user scrolls sideways, and the tables scroll in their own named areas', async ({ page }) => {
      test.slow();
      await signInPat(page, language);
      await test.step('invoices', async () => {
        await expect(heading(page, title(invoicesTitle, language))).toBeVisible();
        await expectNoPageScroll(page);
      });
      for (const screen of [...userOnlyScreens, ...userOrGuestScreens]) {
        await test.step(screen.path, async () => {
          await goInApp(page, `/SUN/${screen.path}`);
          await expect(heading(page, title(screen, language))).toBeVisible();
          await expectNoPageScroll(page);
        });
      }
      await test.step('review', async () => {
        await page
          .getByRole('button', {
            name: language === 'es-ES' ? 'Continuar' : 'Continue',
            exact: true,
          })
          .click();
        await expect(heading(page, title(reviewTitle, language))).toBeVisible();
        await expectNoPageScroll(page);
        const region = page.getByRole('region', {
          name: language === 'es-ES' ? 'Lo que va a pagar' : 'What you are paying',
        });
        await expect(region).toBeVisible();
        await expect(region).toHaveAttribute('tabindex', '0');
        await expectAccessible(page);
      });
    });
  });
}

test.describe('at 320 px', () => {
  test.use({ viewport: narrowest });

  test('the receipt does not scroll sideways, in English and in Spanish', async ({ page }) => {
    test.slow();
    await signInPat(page, 'en-US');
    await page.goto('/SUN/payment/online');
    // One dollar on one invoice no other test reads the balance of, so repeated runs still find it open.
    const invoiceCard = (invoice: string) => page.locator('.invoice-choice').filter({ hasText: invoice });
    await invoiceCard('SUN-100031').getByRole('checkbox').uncheck();
    await invoiceCard('SUN-100035').getByRole('checkbox').uncheck();
    await invoiceCard('SUN-100039').getByRole('radio', { name: 'Another amount' }).check();
    await invoiceCard('SUN-100039').getByLabel('Amount to pay on invoice SUN-100039').fill('1.00');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    // Long values that must wrap rather than widen the page.
    await page.getByLabel(/^Name of the payer$/).fill('Maximiliana Wolfeschlegelsteinhausenbergerdorff');
    await page.getByLabel(/^Address$/).fill('12 Harbour Road');
    await page.getByLabel(/^City$/).fill('Springfield');
    await page.getByLabel(/^State or province$/).fill('IL');
    await page.getByLabel(/^ZIP or postal code$/).fill('62704');
    await page.getByLabel(/^Country$/).selectOption('US');
    await page.getByLabel(/^Email for the receipt$/).fill('maximiliana.wolfeschlegelsteinhausenbergerdorff@example.com');
    // The country list's longest name does not widen the form.
    await expectNoPageScroll(page);
    await page.getByRole('button', { name: 'Continue to card details' }).click();
    await expectNoPageScroll(page);
    const fields = page.frameLocator('iframe.card-fields');
    await fields.getByLabel(/Card number/).fill('4242 4242 4242 4242');
    await fields.getByLabel(/Expiry/).fill('12/34');
    await fields.getByLabel(/CVC/).fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(heading(page, 'Payment receipt')).toBeVisible();
    await expectNoPageScroll(page);
    await expect(page.getByRole('region', { name: 'What was paid' })).toBeVisible();
    // The receipt reads as cards, as the invoices do: the balance left is on screen, with its name.
    await expectWithinWidth(page.getByRole('region', { name: 'What was paid' }), 'Balance left', narrowest.width);
    await expectAccessible(page);
    await chooseLanguage(page, 'es-ES');
    await expect(heading(page, 'Justificante de pago')).toBeVisible();
    await expectNoPageScroll(page);
    await expect(page.getByRole('region', { name: 'Lo que se ha pagado' })).toBeVisible();
    await expectWithinWidth(page.getByRole('region', { name: 'Lo que se ha pagado' }), 'Saldo pendiente', narrowest.width);
  });
});

for (const language of ['en-US', 'es-ES'] as const) {
  test.describe(`at 390 px in ${language}`, () => {
    test.use({ viewport: phone });

    test("the first invoice's amount and balance are on screen, and the menu is folded until its button opens it, and folds again once a page is chosen", async ({ page }) => {
      await signInPat(page, language);
      await expect(heading(page, title(invoicesTitle, language))).toBeVisible();
      const first = page.locator('tr[data-invoice]').first();
      for (const cell of [first.locator('td.numeric').first(), first.locator('td.numeric').last()]) {
        await expect(cell).toBeVisible();
        const box = await cell.boundingBox();
        expect(box).not.toBeNull();
        if (box) {
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
        }
      }
      // In cards each value says what it is.
      await expect(first.locator('td.numeric').first()).toHaveAttribute('data-label', language === 'es-ES' ? 'Importe' : 'Amount');
      await expect(first.locator('td.numeric').last()).toHaveAttribute('data-label', language === 'es-ES' ? 'Saldo' : 'Balance');
      await expectNoPageScroll(page);

      const toggle = page.getByRole('button', {
        name: language === 'es-ES' ? /menú/i : /menu/i,
      });
      const menu = page.locator('#sidebar');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeHidden();
      // The screen's heading is on the first screen, not pushed down by the menu.
      await expect(heading(page, title(invoicesTitle, language))).toBeInViewport();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(menu).toBeVisible();
      await expectNoPageScroll(page);
      await expectAccessible(page);
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeHidden();

      // A page chosen from the menu shows at once: the menu folds again behind its button.
      const memberInformation = language === 'es-ES' ? 'Información del titular' : 'Member information';
      await toggle.click();
      await menu.getByRole('link', { name: memberInformation }).click();
      await expect(heading(page, memberInformation)).toBeInViewport();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeHidden();
    });
  });
}

test('on a wide screen the menu is shown from the start, and stays when a page is chosen', async ({ page }) => {
  await page.goto('/SUN/about');
  await expect(page.getByRole('button', { name: 'Hide menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#sidebar')).toBeVisible();
  await page.locator('#sidebar').getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/SUN$/);
  await expect(page.getByRole('button', { name: 'Hide menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#sidebar')).toBeVisible();
});
