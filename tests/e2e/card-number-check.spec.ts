import type { Page } from '@playwright/test';
import { demo, expect, signIn, test } from './fixtures';

/** Signs pat in and walks the wizard to the card step, leaving the invoices as chosen. */
async function openCardStep(page: Page): Promise<void> {
  await page.goto('/SUN/login');
  await signIn(page, demo.pat, demo.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();
  await page.goto('/SUN/payment/online');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('Address', { exact: true }).fill('12 Harbour Road');
  await page.getByLabel('City', { exact: true }).fill('Springfield');
  await page.getByLabel('State or province', { exact: true }).fill('IL');
  await page.getByLabel('ZIP or postal code', { exact: true }).fill('62704');
  await page.getByLabel('Email for the receipt', { exact: true }).fill('payer@example.com');
  await page.getByRole('button', { name: 'Continue to card details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Card payment' })).toBeVisible();
}

test('a card number one digit off is caught in the card frame by the Luhn check the processor uses, and nothing is sent', async ({ page }) => {
  const tokenRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/processor/tokens') tokenRequests.push(request.url());
  });
  await openCardStep(page);
  const fields = page.frameLocator('iframe.card-fields');
  const number = fields.getByLabel('Card number');
  // Sixteen digits, the right length: only the Luhn check tells it from 4242 4242 4242 4242.
  await number.fill('4242 4242 4242 4241');
  await fields.getByLabel(/Expiry/).fill('12/34');
  await fields.getByLabel(/CVC/).fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();

  await expect(number).toBeFocused();
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(fields.getByText('Enter a valid card number.')).toBeVisible();
  await expect(fields.getByLabel(/Expiry/)).toHaveAttribute('aria-invalid', 'false');
  await expect(fields.getByLabel(/CVC/)).toHaveAttribute('aria-invalid', 'false');
  expect(tokenRequests).toEqual([]);

  // Corrected, the number loses its message at once.
  await number.fill('4242 4242 4242 4242');
  await expect(number).toHaveAttribute('aria-invalid', 'false');
  await expect(fields.getByText('Enter a valid card number.')).toBeHidden();
});
