import type { Page } from '@playwright/test';
import { fixtureAccounts } from './fixture-data';
import { chooseLanguage, demo, expect, expectAccessible, signIn, test } from './fixtures';

type Language = 'en-US' | 'es-ES';

const words = {
  'en-US': {
    invoices: 'Your invoices',
    billing: 'Billing information',
    continue: 'Continue',
    toCard: 'Continue to card details',
    payerName: 'Name of the payer',
    address: 'Address',
    required: 'This field is required.',
  },
  'es-ES': {
    invoices: 'Sus facturas',
    billing: 'Datos de facturación',
    continue: 'Continuar',
    toCard: 'Continuar a los datos de la tarjeta',
    payerName: 'Nombre del pagador',
    address: 'Dirección',
    required: 'Este campo es obligatorio.',
  },
} as const;

function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

/** Signs a fixture user in under SUN in a language, and opens the billing information step. */
async function openBillingStep(page: Page, email: string, language: Language): Promise<void> {
  const w = words[language];
  await page.goto('/SUN/login');
  if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
  await signIn(page, email, demo.password);
  await expect(heading(page, w.invoices)).toBeVisible();
  await page.goto('/SUN/payment/online/information');
  // Every open invoice starts chosen in full: the first step still to do is the review.
  await page.getByRole('button', { name: w.continue, exact: true }).click();
  await expect(heading(page, w.billing)).toBeVisible();
}

const typers = { 'en-US': fixtureAccounts.billingTypingEn, 'es-ES': fixtureAccounts.billingTypingEs } as const;

for (const language of ['en-US', 'es-ES'] as const) {
  const w = words[language];

  test(`in ${language}, after a refused Continue the focus goes to the first field to fix, and typing there keeps it there`, async ({ page }) => {
    await openBillingStep(page, typers[language].userEmail, language);
    // The name starts as the account holder's: emptied, it is the first field to fix.
    const name = page.getByLabel(w.payerName, { exact: true });
    await name.fill('');
    await page.getByRole('button', { name: w.toCard }).click();
    await expect(name).toBeFocused();
    await expect(page.getByText(w.required).first()).toBeVisible();

    // Key by key, as a person types: the first key already makes the field valid.
    await page.keyboard.type('Pat Doe');
    await expect(name).toHaveValue('Pat Doe');
    await expect(name).toBeFocused();
    await expect(page.getByLabel(w.address, { exact: true })).toHaveValue('');
    // The other fields still say what is missing; only the next Continue moves the focus.
    await expect(page.getByText(w.required).first()).toBeVisible();
    await page.getByRole('button', { name: w.toCard }).click();
    await expect(page.getByLabel(w.address, { exact: true })).toBeFocused();
    await expectAccessible(page);
  });
}
