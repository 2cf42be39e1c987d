import type { Page } from '@playwright/test';
import { chooseLanguage, demo, demoDisabledUser, expect, expectAccessible, signIn, test } from './fixtures';

function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

for (const language of ['en-US', 'es-ES'] as const) {
  test(`the Contact page gives the billing office's phone, hours and postal address (${language})`, async ({ page }) => {
    await page.goto('/SUN/contact');
    if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
    await expect(heading(page, language === 'en-US' ? 'Contact us' : 'Contáctenos')).toBeVisible();
    const phone = page.getByTestId('contact-phone');
    await expect(phone.getByRole('heading', { name: language === 'en-US' ? 'Call the billing office' : 'Llame a la oficina de facturación' })).toBeVisible();
    await expect(phone.getByRole('link', { name: '1-800-555-0142' })).toHaveAttribute('href', 'tel:18005550142');
    await expect(phone).toContainText(language === 'en-US' ? 'Open Monday to Friday' : 'Abierto de lunes a viernes');
    const address = page.getByTestId('contact-address');
    await expect(address.locator('address')).toHaveText(/Attn: Patient Billing\s*PO Box 4120\s*Springfield, IL 62704/);
    await expectAccessible(page);
  });
}

test('without a provider in the address, the Contact page still says where to find the details, with no error', async ({ page }) => {
  await page.goto('/contact');
  await expect(heading(page, 'Contact us')).toBeVisible();
  await expect(page.getByText('printed on your invoice')).toBeVisible();
  await expect(page.getByTestId('contact-phone')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a disabled account\'s "please contact us" leads to the phone and address', async ({ page }) => {
  await page.goto('/SUN/login');
  await signIn(page, demoDisabledUser, demo.password);
  await page.getByRole('link', { name: 'contact us', exact: true }).click();
  await expect(heading(page, 'Contact us')).toBeVisible();
  await expect(page.getByTestId('contact-phone').getByRole('link', { name: '1-800-555-0142' })).toBeVisible();
});
