import type { Locator, Page } from '@playwright/test';
import { fixtureAccounts } from './fixture-data';
import { demo, expect, test } from './fixtures';

/**
 * The whole payment journey with the keyboard alone: Tab, typing, Space and Enter, never a click.
 * After every key the focus is on something (never on the page itself), and after every step it is
 * on the new step's heading, so a keyboard or screen-reader user always knows where they are.
 */

/** Fails when the focus has fallen to the page. */
async function expectFocusOnSomething(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body)).toBe(true);
}

/** Presses Tab until `target` has the focus (inside a frame too), checking the focus at every press. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < 80; presses++) {
    if (await target.evaluate((element) => element === element.ownerDocument.activeElement)) return;
    await page.keyboard.press('Tab');
    await expectFocusOnSomething(page);
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

function heading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

/** Moves to a field with Tab and types into it, as a person would. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test('a billing user pays with the keyboard alone, and the focus is never lost to the page', async ({ page }) => {
  test.slow();
  const account = fixtureAccounts.keyboard;
  await page.goto('/SUN/login');
  await expect(heading(page, 'Sign in')).toBeVisible();

  await typeInto(page, page.getByLabel('Email', { exact: true }), account.userEmail);
  await typeInto(page, page.getByLabel('Password', { exact: true }), demo.password);
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Your invoices')).toBeFocused();

  await tabTo(page, page.getByRole('link', { name: 'Pay now' }));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Online payment')).toBeFocused();
  // Every invoice in full, as offered.
  await tabTo(page, page.getByRole('button', { name: 'Continue', exact: true }));
  await page.keyboard.press('Enter');

  await expect(heading(page, 'Review your payment')).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Continue', exact: true }));
  await page.keyboard.press('Enter');

  await expect(heading(page, 'Billing information')).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Same as my account' }));
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Name of the payer')).toHaveValue(account.holderName);
  await expect(page.getByLabel('Email for the receipt')).toHaveValue(account.userEmail);
  await typeInto(page, page.getByLabel('Address', { exact: true }), '12 Harbour Road');
  await typeInto(page, page.getByLabel('City'), 'Springfield');
  await typeInto(page, page.getByLabel('State or province'), 'IL');
  await typeInto(page, page.getByLabel('ZIP or postal code'), '62704');
  // The country is chosen from the list, by typing its name on it.
  const country = page.getByLabel('Country');
  await typeInto(page, country, 'Canada');
  await expect(country).toHaveValue('CA');
  await tabTo(page, page.getByRole('button', { name: 'Continue to card details' }));
  await page.keyboard.press('Enter');

  await expect(heading(page, 'Card payment')).toBeFocused();
  const card = page.frameLocator('iframe.card-fields');
  await expect(card.getByLabel('Card number')).toBeVisible();
  await typeInto(page, card.getByLabel('Card number'), '4242424242424242');
  await typeInto(page, card.getByLabel(/Expiry/), '12/34');
  await typeInto(page, card.getByLabel('CVC'), '123');
  const pay = page.getByRole('button', { name: /^Pay / });
  await tabTo(page, pay);
  await page.keyboard.press('Enter');

  await expect(heading(page, 'Payment receipt')).toBeFocused();
  await expect(page.getByText(/Visa ending in 4242/)).toBeVisible();
  // Onwards from the receipt, still by keyboard: the next Tab stays in the page.
  await page.keyboard.press('Tab');
  await expectFocusOnSomething(page);
});
