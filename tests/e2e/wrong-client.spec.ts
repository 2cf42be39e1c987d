import type { Page } from '@playwright/test';
import { chooseLanguage, demo, demoGuest, expect, expectAccessible, signIn, signInAsGuest, test } from './fixtures';

// A patient at another lab's address, or at a mistyped code: told so plainly, and the right
// password still signs them in, at their own lab. None of these tests pays or saves a language.

function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

const north = 'north.doe@example.com';

test("at another lab's address, the right password signs the patient in at their own lab, and the page says so", async ({ page }) => {
  await page.goto('/SUN/login');
  await expect(page.getByTestId('unknown-client')).toHaveCount(0);
  await signIn(page, north, demo.password);
  await expect(heading(page, 'Your invoices')).toBeVisible();
  await expect(page).toHaveURL(/\/NPP\/invoices\?from=SUN$/);
  await expect(page.getByTestId('client-moved')).toHaveText(
    'The address you opened is for another provider (SUN). You are signed in with Northpoint Pathology, where your account is, so the page opened here.',
  );
  // Northpoint's look: no online payment item.
  await expect(page.getByRole('link', { name: 'Pay online' })).toHaveCount(0);
  await expectAccessible(page);
});

test('a wrong password at another lab\'s address is "incorrect", as anywhere', async ({ page }) => {
  await page.goto('/SUN/login');
  await signIn(page, north, 'not the password at all');
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await expect(page).toHaveURL(/\/SUN\/login/);
});

for (const language of ['en-US', 'es-ES'] as const) {
  test(`a mistyped code says so on the sign-in page before anyone types, and the password still works (${language})`, async ({ page }) => {
    await page.goto('/XYZ/login');
    if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
    const notice = page.getByTestId('unknown-client');
    await expect(notice).toContainText(
      language === 'en-US'
        ? 'This address names a provider code we do not know: XYZ. Please check the address on your bill'
        : 'Esta dirección lleva un código de proveedor que no conocemos: XYZ. Compruebe la dirección en su factura',
    );
    await expect(notice).toContainText(
      language === 'en-US' ? 'you can still sign in here' : 'puede iniciar sesión aquí igualmente',
    );
    await expectAccessible(page);
    if (language === 'es-ES') return;
    await signIn(page, north, demo.password);
    await expect(heading(page, 'Your invoices')).toBeVisible();
    await expect(page).toHaveURL(/\/NPP\/invoices\?from=XYZ$/);
    await expect(page.getByTestId('client-moved')).toContainText('another provider (XYZ)');
  });

  test(`registering and paying as a guest at a mistyped code say so, and registration asks for the code (${language})`, async ({ page }) => {
    await page.goto('/XYZ/registration');
    if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
    const notice = page.getByTestId('unknown-client');
    await expect(notice).toContainText(language === 'en-US' ? 'provider code we do not know: XYZ' : 'código de proveedor que no conocemos: XYZ');
    await expect(notice).not.toContainText(language === 'en-US' ? 'you can still sign in here' : 'puede iniciar sesión aquí igualmente');
    await expect(page.getByLabel(language === 'en-US' ? 'Client code' : 'Código de cliente', { exact: true })).toHaveValue('XYZ');
    await expectAccessible(page);
    await page.goto('/XYZ/guestLogin');
    await expect(page.getByTestId('unknown-client')).toBeVisible();
  });
}

test('a user with an account at the other lab is told and offered the switch, which opens that lab', async ({ page }) => {
  await page.goto('/SUN/login');
  await signIn(page, demo.pat, demo.password);
  await expect(heading(page, 'Your invoices')).toBeVisible();
  await page.goto('/DLT/documents');
  await expect(heading(page, 'Documents')).toBeVisible();
  await expect(page).toHaveURL(/\/SUN\/documents\?from=DLT$/);
  const notice = page.getByTestId('client-moved');
  await expect(notice).toContainText(
    'The address you opened is for Delta Diagnostics, where you also have an account. You are signed in with Sunrise Laboratories, so the page opened here.',
  );
  await expectAccessible(page);
  await notice.getByRole('button', { name: 'Switch to Delta Diagnostics' }).click();
  await expect(heading(page, 'Your invoices')).toBeVisible();
  await expect(page).toHaveURL(/\/DLT\/invoices$/);
  await expect(page.locator('body')).toHaveClass(/theme-delta/);
  await expect(page.getByTestId('client-moved')).toHaveCount(0);
});

test('in Spanish, a guest opening another lab\'s address is told why the page is their own lab\'s', async ({ page }) => {
  await page.goto(`/${demoGuest.clientCode}/guestLogin`);
  await chooseLanguage(page, 'es-ES');
  await signInAsGuest(page, demoGuest.accountNumber, demoGuest.invoiceNumber);
  await expect(heading(page, 'Sus facturas')).toBeVisible();
  await page.goto('/DLT/invoices');
  await expect(page).toHaveURL(/\/SUN\/invoices\?from=DLT$/);
  const notice = page.getByTestId('client-moved');
  await expect(notice).toHaveText(
    'La dirección que abrió es de otro proveedor (DLT). Ha iniciado sesión en Sunrise Laboratories, donde está su cuenta, por eso la página se abrió aquí.',
  );
  await expect(notice.getByRole('button')).toHaveCount(0);
  // The invoices' descriptions are the lab's own English words, marked as such on a Spanish page.
  await expect(page.locator(`tr[data-invoice="${demoGuest.invoiceNumber}"] td[data-label="Descripción"]`)).toHaveAttribute('lang', 'en');
  await expectAccessible(page);
});
