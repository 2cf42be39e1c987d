import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { readPdf } from '../../server/test/pdf-text';
import { fixtureAccounts } from './fixture-data';
import { chooseLanguage, demo, expect, expectAccessible, expectCardAt320, signIn, tabTo, test } from './fixtures';

/** The texts the tests read, in each language. */
const words = {
  'en-US': {
    signIn: 'Sign in',
    invoices: 'Your invoices',
    paidInvoices: 'Paid invoices',
    paidOn: 'Paid on',
    paidDate: 'February 6, 2026',
    amount: '$39.00',
    receipt: (confirmationNumber: string) => `Download receipt ${confirmationNumber} (PDF)`,
    receiptTitle: 'Payment receipt',
    documents: 'Documents',
    invoicesPaid: 'Invoices paid',
    lines: (full: string, part: string) => [`${full}: $39.00`, `${part}: $50.00`],
  },
  'es-ES': {
    signIn: 'Iniciar sesión',
    invoices: 'Sus facturas',
    paidInvoices: 'Facturas pagadas',
    paidOn: 'Pagada el',
    paidDate: '6 de febrero de 2026',
    amount: '39,00',
    receipt: (confirmationNumber: string) => `Descargar justificante ${confirmationNumber} (PDF)`,
    receiptTitle: 'Justificante de pago',
    documents: 'Documentos',
    invoicesPaid: 'Facturas pagadas',
    lines: (full: string, part: string) => [`${full}: 39,00 US$`, `${part}: 50,00 US$`],
  },
} as const;

type Language = keyof typeof words;

/** Signs the account's user in, in the language chosen on the sign-in page, and waits for the invoices. */
async function signInTo(page: Page, language: Language, email: string): Promise<void> {
  await page.goto('/SUN/login');
  if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
  await expect(page.getByRole('heading', { level: 1, name: words[language].signIn })).toBeVisible();
  await signIn(page, email, demo.password);
  await expect(page.getByRole('heading', { level: 1, name: words[language].invoices })).toBeVisible();
}

for (const language of ['en-US', 'es-ES'] as const) {
  const w = words[language];
  const account = language === 'en-US' ? fixtureAccounts.paidHistoryEn : fixtureAccounts.paidHistoryEs;
  const payment = account.payments.at(0);
  const [paidInFull, paidInPart] = payment?.lines ?? [];
  if (!payment || !paidInFull || !paidInPart) throw new Error('The fixture account has no payment of two invoices');

  test(`the paid invoices are listed apart from the open ones, each with its payment date and receipt, by keyboard (${language})`, async ({ page }) => {
    await signInTo(page, language, account.userEmail);
    const section = page.getByRole('region', { name: w.paidInvoices });
    await expect(page.getByRole('heading', { level: 2, name: w.paidInvoices })).toBeVisible();
    const row = page.locator(`tr[data-paid-invoice="${paidInFull.invoiceNumber}"]`);
    await expect(row).toContainText('Thyroid stimulating hormone (TSH)');
    await expect(row).toContainText(w.amount);
    await expect(row.getByRole('cell').nth(3)).toContainText(w.paidDate);
    // Paid in full, it is no longer among the open invoices; the one paid in part still is.
    await expect(page.locator(`tr[data-invoice="${paidInFull.invoiceNumber}"]`)).toHaveCount(0);
    await expect(page.locator(`tr[data-invoice="${paidInPart.invoiceNumber}"]`)).toBeVisible();
    await expect(section.getByRole('columnheader', { name: w.paidOn })).toBeAttached();
    await expectAccessible(page);

    // The keyboard reaches the receipt, and Enter downloads it.
    const link = row.getByRole('link', { name: w.receipt(payment.confirmationNumber) });
    await tabTo(page, link);
    const started = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const file = await started;
    expect(file.suggestedFilename()).toBe(`receipt-${payment.confirmationNumber}.pdf`);
    const text = (await readPdf(new Uint8Array(await readFile(await file.path())))).text.replace(/\s+/g, ' ');
    expect(text).toContain(w.receiptTitle);
    expect(text).toContain(paidInFull.invoiceNumber);
  });

  test(`the payment history says which invoices each payment paid, and how much of each (${language})`, async ({ page }) => {
    await signInTo(page, language, account.userEmail);
    await page.getByRole('link', { name: w.documents, exact: true }).click();
    const row = page.locator(`tr[data-payment="${payment.confirmationNumber}"]`);
    const paid = row.getByRole('cell').filter({ has: page.getByRole('list') });
    await expect(paid.getByRole('listitem')).toHaveText([...w.lines(paidInFull.invoiceNumber, paidInPart.invoiceNumber)]);
    await expect(page.getByRole('columnheader', { name: w.invoicesPaid })).toBeAttached();
    await expectAccessible(page);
  });

  test(`at 320 px the paid invoices read as cards, each value with its label (${language})`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await signInTo(page, language, account.userEmail);
    const row = page.locator(`tr[data-paid-invoice="${paidInFull.invoiceNumber}"]`);
    await row.scrollIntoViewIfNeeded();
    await expect(row).toBeVisible();
    await expectCardAt320(page, row);
    await expect(row.locator(`td[data-label="${w.paidOn}"]`)).toContainText(w.paidDate);
    await expectAccessible(page);
  });
}
