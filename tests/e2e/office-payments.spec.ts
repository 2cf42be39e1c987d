import { fixtureAccounts } from './fixture-data';
import { chooseLanguage, expect, expectAccessible, tabTo, test } from './fixtures';
import { signInStaff } from './office-staff';
import { payAsGuest } from './patient-api';

const account = fixtureAccounts.officeRefunds;
const invoice = account.invoices[1]?.invoiceNumber ?? '';

const words = {
  'en-US': { payments: 'Payments', account: 'Account', search: 'Search', amount: 'Amount to refund', reason: 'Reason', send: 'Refund to the card', left: '5.00', refunded: /Refund R-\S+ of \$2\.50 made on/, noReason: 'Say why: the office keeps the reason (the payer never sees it).', noAmount: 'Enter the amount to refund.', csv: 'Download as CSV', question: /Refund \$2\.50 of/, yes: /^Yes, refund \$2\.50$/, no: 'No, go back' },
  'es-ES': { payments: 'Pagos', account: 'Cuenta', search: 'Buscar', amount: 'Importe a reembolsar', reason: 'Motivo', send: 'Reembolsar a la tarjeta', left: '5,00', refunded: /Reembolso R-\S+ de 2,50\s?US\$ hecho sobre/, noReason: 'Indique el motivo: la oficina lo guarda (el pagador nunca lo ve).', noAmount: 'Escriba el importe a reembolsar.', csv: 'Descargar como CSV', question: /¿Reembolsar 2,50\sUS\$ de/, yes: /^Sí, reembolsar 2,50\sUS\$$/, no: 'No, volver' },
} as const;

for (const language of ['en-US', 'es-ES'] as const) {
  test(`in ${language}, a clerk refunds part of a payment with a reason and sees it, with the keyboard at 320 px`, async ({ page }) => {
    const say = words[language];
    const confirmation = await payAsGuest(account.accountNumber, invoice, 500);
    await page.setViewportSize({ width: 320, height: 800 });
    await signInStaff(page, 'billingStaff', { parallelIndex: test.info().parallelIndex });
    await page.goto('/SUN/office/payments');
    if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
    await expect(page.getByRole('heading', { level: 1, name: say.payments })).toBeVisible();

    // The search by account goes into the address, and so does the CSV's link.
    await page.getByLabel(say.account, { exact: true }).fill(account.accountNumber);
    await page.getByRole('button', { name: say.search }).click();
    await expect(page).toHaveURL(new RegExp(`account=${account.accountNumber}`));
    await expect(page.getByRole('link', { name: say.csv })).toHaveAttribute('href', new RegExp(`payments\\.csv\\?account=${account.accountNumber}`));
    const row = page.getByRole('row', { name: new RegExp(confirmation) });
    await expect(row).toBeVisible();

    // Refund, keyboard only: the amount starts empty (what is left is said, never typed for them);
    // each field missing is said at it, with the focus there.
    const refund = row.getByRole('button', { name: new RegExp(confirmation) });
    await tabTo(page, refund, 80);
    await page.keyboard.press('Enter');
    const amount = page.getByLabel(say.amount);
    await expect(amount).toHaveValue('');
    await expect(page.getByRole('region', { name: new RegExp(confirmation) })).toContainText(say.left);
    const send = page.getByRole('button', { name: say.send });
    await tabTo(page, send);
    await page.keyboard.press('Enter');
    await expect(page.getByText(say.noAmount)).toBeVisible();
    await expect(amount).toBeFocused();
    await page.keyboard.type(language === 'en-US' ? '2.50' : '2,50');
    await tabTo(page, send);
    await page.keyboard.press('Enter');
    await expect(page.getByText(say.noReason)).toBeVisible();
    await expect(page.getByLabel(say.reason)).toBeFocused();
    await page.keyboard.type('Charged twice for the same test');
    await tabTo(page, send);
    await page.keyboard.press('Enter');

    // The question says the amount and the card; its No has the focus, and Escape answers it.
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText(new RegExp(`${say.question.source} ${confirmation}`));
    await expect(question.getByRole('button', { name: say.no })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(question).toHaveCount(0);
    await expect(send).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(question.getByRole('button', { name: say.no })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(question.getByRole('button', { name: say.yes })).toBeFocused();
    await page.keyboard.press('Enter');

    // The refund made is said, and the focus is on it.
    await expect(page.getByRole('status').filter({ hasText: say.refunded })).toBeVisible();
    await expect(page.getByText(say.refunded)).toBeFocused();
    await expect(row).toContainText(language === 'en-US' ? '$2.50' : '2,50');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectAccessible(page);
  });
}

test('a read-only member finds the payments but sees no refund', async ({ page }) => {
  const confirmation = await payAsGuest(account.accountNumber, invoice, 100);
  await signInStaff(page, 'readOnly', { parallelIndex: test.info().parallelIndex });
  await page.goto(`/SUN/office/payments?account=${account.accountNumber}`);
  await expect(page.getByRole('row', { name: new RegExp(confirmation) })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Refund', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Refund/ })).toHaveCount(0);
  await expectAccessible(page);
});
