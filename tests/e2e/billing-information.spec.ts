import type { Page } from '@playwright/test';
import { fixtureAccounts } from './fixture-data';
import { appHasTakenOver, chooseLanguage, demo, demoGuest, expect, expectAccessible, signIn, signInAsGuest, test } from './fixtures';

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
    city: 'City',
    region: 'State or province',
    postalCode: 'ZIP or postal code',
    country: 'Country',
    canada: 'Canada',
    unitedStates: 'United States',
    remember: 'Remember this address for next time',
    sameAsAccount: 'Same as my account',
    receipt: 'Payment receipt',
    anotherPayment: 'Make another payment',
  },
  'es-ES': {
    invoices: 'Sus facturas',
    billing: 'Datos de facturación',
    continue: 'Continuar',
    toCard: 'Continuar a los datos de la tarjeta',
    payerName: 'Nombre del pagador',
    address: 'Dirección',
    required: 'Este campo es obligatorio.',
    city: 'Ciudad',
    region: 'Estado o provincia',
    postalCode: 'Código postal',
    country: 'País',
    canada: 'Canadá',
    unitedStates: 'Estados Unidos',
    remember: 'Recordar esta dirección para la próxima vez',
    sameAsAccount: 'Igual que en mi cuenta',
    receipt: 'Justificante de pago',
    anotherPayment: 'Hacer otro pago',
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

const rememberers = { 'en-US': fixtureAccounts.rememberAddressEn, 'es-ES': fixtureAccounts.rememberAddressEs } as const;

/** The address the server keeps for the signed-in payer (the page's own session). */
async function savedAddress(page: Page): Promise<unknown> {
  const response = await page.request.get('/api/OnlinePayment/GetSavedBillingAddress');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { address: unknown }).address;
}

async function payWithTestCard(page: Page, language: Language): Promise<void> {
  const fields = page.frameLocator('iframe.card-fields');
  await fields.getByLabel(/Card number|Número de tarjeta/).fill('4242 4242 4242 4242');
  await fields.getByLabel(/Expiry|Vencimiento/).fill('12/34');
  await fields.getByLabel(/CVC/).fill('123');
  await page.getByRole('button', { name: /^(Pay|Pagar) / }).click();
  await expect(heading(page, words[language].receipt)).toBeVisible();
}

for (const language of ['en-US', 'es-ES'] as const) {
  const w = words[language];

  test(`in ${language}, the country is chosen from a list in the reader's language, and an address remembered with consent is offered next time until unticked`, async ({ page }) => {
    test.slow();
    const account = rememberers[language];
    const [first, second, third] = account.invoices.map((invoice) => invoice.invoiceNumber) as [string, string, string];
    await page.goto('/SUN/login');
    if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
    await signIn(page, account.userEmail, demo.password);
    await expect(heading(page, w.invoices)).toBeVisible();
    // This payment pays one invoice, so that the next one has some left.
    await page.goto('/SUN/payment/online');
    await appHasTakenOver(page);
    for (const invoiceNumber of [first, second]) await page.locator('.invoice-choice').filter({ hasText: invoiceNumber }).getByRole('checkbox').uncheck();
    await page.getByRole('button', { name: w.continue, exact: true }).click();
    await page.getByRole('button', { name: w.continue, exact: true }).click();
    await expect(heading(page, w.billing)).toBeVisible();
    const country = page.getByLabel(w.country, { exact: true });
    const remember = page.getByRole('checkbox', { name: w.remember });
    // A list, in this language, starting on the United States; remembering is off until ticked.
    await expect(country).toHaveValue('US');
    await expect(country.locator('option:checked')).toHaveText(w.unitedStates);
    await expect(remember).not.toBeChecked();
    await country.selectOption({ label: w.canada });
    await page.getByLabel(w.address, { exact: true }).fill('77 Maple Avenue');
    await page.getByLabel(w.city, { exact: true }).fill('Toronto');
    await page.getByLabel(w.region, { exact: true }).fill('ON');
    await page.getByLabel(w.postalCode, { exact: true }).fill('M5V 2T6');
    await remember.check();
    await expectAccessible(page);
    await page.getByRole('button', { name: w.toCard }).click();
    await payWithTestCard(page, language);
    const kept = { addressLine1: '77 Maple Avenue', addressLine2: '', city: 'Toronto', region: 'ON', postalCode: 'M5V 2T6', country: 'CA' };
    expect(await savedAddress(page)).toEqual(kept);

    // The next payment offers it, ticked; "same as my account" brings it back after a change.
    await page.getByRole('button', { name: w.anotherPayment }).click();
    // The account as it is now (asked again, never the one the page was rendered with): the paid invoice is gone.
    await expect(page.locator('.invoice-choice').filter({ hasText: first })).toBeVisible();
    await expect(page.locator('.invoice-choice').filter({ hasText: third })).toHaveCount(0);
    await page.getByRole('button', { name: w.continue, exact: true }).click();
    await page.getByRole('button', { name: w.continue, exact: true }).click();
    await expect(heading(page, w.billing)).toBeVisible();
    await expect(page.getByLabel(w.address, { exact: true })).toHaveValue('77 Maple Avenue');
    await expect(country).toHaveValue('CA');
    await expect(remember).toBeChecked();
    await page.getByLabel(w.city, { exact: true }).fill('Ottawa');
    await page.getByRole('button', { name: w.sameAsAccount }).click();
    await expect(page.getByLabel(w.city, { exact: true })).toHaveValue('Toronto');

    // Unticked, it is forgotten at once; what is on the page stays.
    await remember.uncheck();
    await expect.poll(() => savedAddress(page)).toBeNull();
    await expect(page.getByLabel(w.address, { exact: true })).toHaveValue('77 Maple Avenue');
  });
}

test('a guest is never offered to have the address remembered', async ({ page }) => {
  await page.goto(`/${demoGuest.clientCode}/guestLogin`);
  await signInAsGuest(page, demoGuest.accountNumber, demoGuest.invoiceNumber);
  await expect(heading(page, 'Your invoices')).toBeVisible();
  await page.goto('/SUN/payment/online/information');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(heading(page, 'Billing information')).toBeVisible();
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('US');
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  expect(await savedAddress(page)).toBeNull();
});
