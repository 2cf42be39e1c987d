import type { Page } from '@playwright/test';
import { chooseLanguage, demo, demoGuest, expect, expectAccessible, signIn, signInAsGuest, test } from './fixtures';

// Neither test pays, so they share the demo people with other specs. Spanish is tried as the demo
// guest, whose language is never saved on a user: pat.doe signing in in Spanish would keep it.

function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

/** The demo guest, in Spanish, on the first step of an online payment. */
async function openPaymentAsSpanishGuest(page: Page): Promise<void> {
  await page.goto(`/${demoGuest.clientCode}`);
  await chooseLanguage(page, 'es-ES');
  await page.getByRole('link', { name: 'Pagar como invitado' }).first().click();
  await signInAsGuest(page, demoGuest.accountNumber, demoGuest.invoiceNumber);
  await expect(heading(page, 'Sus facturas')).toBeVisible();
  await page.getByRole('link', { name: 'Pagar ahora' }).click();
  await expect(heading(page, 'Pago en línea')).toBeVisible();
}

function invoiceCard(page: Page, invoiceNumber: string) {
  return page.locator('.invoice-choice').filter({ hasText: invoiceNumber });
}

test('in Spanish, an amount is read with the comma as the decimal mark: "0.001" and "1.234" are refused with a reason, "12,50" goes on', async ({
  page,
}) => {
  const invoice = demoGuest.invoiceNumber;
  await openPaymentAsSpanishGuest(page);

  const card = invoiceCard(page, invoice);
  await card.getByRole('radio', { name: 'Otro importe' }).check();
  const amount = card.getByLabel(`Importe a pagar de la factura ${invoice}`);
  const goOn = page.getByRole('button', { name: 'Continuar', exact: true });

  // Once read as a dollar: a group mark after a first group of 0 is not an amount.
  await amount.fill('0.001');
  await goOn.click();
  await expect(card.getByText('Escriba un importe como 25,00.')).toBeVisible();
  // The summary says the amount is not written as one, not that it cannot be paid.
  await expect(page.getByRole('alert')).toHaveText(
    'Faltan importes o alguno no está escrito como un importe. Revise las facturas marcadas abajo.',
  );
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveValue('0.001');
  await expect(heading(page, 'Pago en línea')).toBeVisible();
  await expect(page).toHaveURL(/\/SUN\/payment\/online$/);

  // A dot alone could be a thousands mark or, to an English reader, a decimal one: never guessed.
  await amount.fill('1.234');
  await goOn.click();
  await expect(
    card.getByText('El importe 1.234 puede leerse de dos maneras. Escríbalo sin separadores de miles, por ejemplo 1234,50.'),
  ).toBeVisible();
  await expect(amount).toHaveValue('1.234');
  await expect(page).toHaveURL(/\/SUN\/payment\/online$/);
  await expectAccessible(page);

  await amount.fill('12,50');
  await expect(amount).not.toHaveAttribute('aria-invalid');
  await goOn.click();
  await expect(heading(page, 'Revise su pago')).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: invoice })).toContainText('12,50');
});

test('in Spanish, "5.50" and "$2.00" as written in the US are read with the dot as the decimal mark, while "1.234" stays ambiguous', async ({
  page,
}) => {
  const invoice = demoGuest.invoiceNumber;
  await openPaymentAsSpanishGuest(page);

  const card = invoiceCard(page, invoice);
  await card.getByRole('radio', { name: 'Otro importe' }).check();
  const amount = card.getByLabel(`Importe a pagar de la factura ${invoice}`);
  const goOn = page.getByRole('button', { name: 'Continuar', exact: true });
  const reviewRow = page.getByRole('table').getByRole('row').filter({ hasText: invoice });
  await amount.fill('$2.00');
  await expect(amount).not.toHaveAttribute('aria-invalid');
  await goOn.click();
  await expect(heading(page, 'Revise su pago')).toBeVisible();
  await expect(reviewRow).toContainText('2,00');
  await page.getByRole('button', { name: 'Cambiar los importes' }).click();
  await expect(heading(page, 'Pago en línea')).toBeVisible();

  await amount.fill('1.234');
  await goOn.click();
  await expect(page.getByRole('alert')).toHaveText(
    'Faltan importes o alguno no está escrito como un importe. Revise las facturas marcadas abajo.',
  );
  await expect(card.getByText(/^El importe 1\.234 puede leerse de dos maneras/)).toBeVisible();
  await amount.fill('5.50');
  await expect(amount).not.toHaveAttribute('aria-invalid');
  await goOn.click();
  await expect(heading(page, 'Revise su pago')).toBeVisible();
  await expect(reviewRow).toContainText('5,50');
  // The lab's own words are English on a Spanish page, and say so.
  await expect(reviewRow.locator('td[data-label="Descripción"]')).toHaveAttribute('lang', 'en');
});

test('in English, "1,234" is refused as ambiguous while "1,234.00" is read as one thousand two hundred thirty-four dollars', async ({
  page,
}) => {
  const invoice = 'SUN-100031';
  await page.goto('/SUN/login');
  await signIn(page, demo.pat, demo.password);
  await expect(heading(page, 'Your invoices')).toBeVisible();
  await page.getByRole('link', { name: 'Pay now' }).click();
  await expect(heading(page, 'Online payment')).toBeVisible();

  const card = invoiceCard(page, invoice);
  await card.getByRole('radio', { name: 'Another amount' }).check();
  const amount = card.getByLabel(`Amount to pay on invoice ${invoice}`);
  const goOn = page.getByRole('button', { name: 'Continue', exact: true });
  const ambiguous = card.getByText('The amount 1,234 could be read in two ways. Write it without thousands separators, like 1234.50.');

  await amount.fill('1,234');
  await goOn.click();
  await expect(ambiguous).toBeVisible();
  await expect(amount).toHaveValue('1,234');
  await expect(page).toHaveURL(/\/SUN\/payment\/online$/);

  // With a decimal mark the comma can only group thousands: it is read, and then it is above the balance.
  await amount.fill('1,234.00');
  await expect(card.getByText('The amount cannot be more than the balance of $48.50.')).toBeVisible();
  await expect(ambiguous).toHaveCount(0);
  await expect(amount).toHaveValue('1,234.00');
});
