import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { outline, readTaggedPdf } from '../../server/test/pdf-structure';
import { readPdf } from '../../server/test/pdf-text';
import { fixtureAccounts } from './fixture-data';
import { chooseLanguage, demo, expect, expectAccessible, expectCardAt320, signIn, tabTo, test } from './fixtures';

// The dates on the screen are in the reader's time zone: the fixture's refunds were made at
// 10:00 and 9:00, and the void at 12:30, in Chicago.
test.use({ timezoneId: 'America/Chicago' });

/** The texts the tests read, in each language. */
const words = {
  'en-US': {
    signIn: 'Sign in',
    invoices: 'Your invoices',
    documents: 'Documents',
    showMenu: 'Show menu',
    downloadStatement: 'Download statement (PDF)',
    refunded: ['Refunded $10.00 on February 12, 2026 at 10:00 AM', 'Refunded $5.00 on March 2, 2026 at 9:00 AM', 'You paid $5.00 after refunds'],
    voided: ['Cancelled on February 20, 2026 at 12:30 PM — your card was not charged'],
    statementRefunded: 'Feb 12, 2026 Refunded -$10.00 Mar 2, 2026 Refunded -$5.00 You paid after refunds $5.00',
    statementVoided: 'Feb 20, 2026 Cancelled Your card was not charged -$12.00',
    statementCells: ['TD: Refunded', 'TD: -$10.00', 'TD: You paid after refunds', 'TD: Cancelled', 'TD: Your card was not charged'],
  },
  'es-ES': {
    signIn: 'Iniciar sesión',
    invoices: 'Sus facturas',
    documents: 'Documentos',
    showMenu: 'Mostrar menú',
    downloadStatement: 'Descargar extracto (PDF)',
    refunded: ['Reembolsado 10,00 US$ el 12 de febrero de 2026 a las 10:00', 'Reembolsado 5,00 US$ el 2 de marzo de 2026 a las 9:00', 'Ha pagado 5,00 US$ tras los reembolsos'],
    voided: ['Anulado el 20 de febrero de 2026 a las 12:30 — no se le ha cobrado en su tarjeta'],
    statementRefunded: '12 feb 2026 Reembolsado -10,00 US$ 2 mar 2026 Reembolsado -5,00 US$ Pagado tras los reembolsos 5,00 US$',
    statementVoided: '20 feb 2026 Anulado No se le ha cobrado en su tarjeta -12,00 US$',
    statementCells: ['TD: Reembolsado', 'TD: -10,00 US$', 'TD: Pagado tras los reembolsos', 'TD: Anulado', 'TD: No se le ha cobrado en su tarjeta'],
  },
} as const;

type Language = keyof typeof words;

/** Signs the account's user in, in the language chosen on the sign-in page, then opens the documents from the menu (shown first on a narrow screen). */
async function openDocuments(page: Page, language: Language, email: string, { narrow = false } = {}): Promise<void> {
  await page.goto('/SUN/login');
  if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
  await expect(page.getByRole('heading', { level: 1, name: words[language].signIn })).toBeVisible();
  await signIn(page, email, demo.password);
  await expect(page.getByRole('heading', { level: 1, name: words[language].invoices })).toBeVisible();
  if (narrow) await page.getByRole('button', { name: words[language].showMenu }).click();
  await page.getByRole('link', { name: words[language].documents, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: words[language].documents })).toBeVisible();
}

/** The downloaded statement: its text (spaces collapsed) and what a screen reader gets of its structure. */
async function statementOf(download: Download): Promise<{ text: string; structure: string[] }> {
  const bytes = new Uint8Array(await readFile(await download.path()));
  const text = (await readPdf(bytes)).text.replace(/\s+/g, ' ');
  const structure = (await readTaggedPdf(bytes)).pages.flatMap((page) => outline(page)).map((line) => line.trim());
  return { text, structure };
}

for (const language of ['en-US', 'es-ES'] as const) {
  const w = words[language];
  const account = language === 'en-US' ? fixtureAccounts.refundedEn : fixtureAccounts.refundedEs;
  const [refunded, voided] = account.payments;
  if (!refunded || !voided) throw new Error('The fixture account has no refunded and voided payments');

  test(`under each past payment the history says what was refunded or cancelled, and what was kept; the statement too (${language})`, async ({ page }) => {
    await openDocuments(page, language, account.userEmail);
    // Each payment's money back is the row right under it, across the columns.
    for (const [payment, lines] of [
      [refunded, w.refunded],
      [voided, w.voided],
    ] as const) {
      const under = page.locator(`tr[data-payment="${payment.confirmationNumber}"] + tr`);
      await expect(under).toHaveAttribute('data-money-back', payment.confirmationNumber);
      await expect(under.getByRole('listitem')).toHaveText([...lines]);
    }
    await expect(page.locator('tr[data-money-back]')).toHaveCount(2);
    await expectAccessible(page);

    const started = page.waitForEvent('download');
    await page.getByRole('link', { name: w.downloadStatement }).click();
    const statement = await statementOf(await started);
    expect(statement.text).toContain(refunded.confirmationNumber);
    expect(statement.text).toContain(w.statementRefunded);
    expect(statement.text).toContain(w.statementVoided);
    // In the statement's table: cells of their own, under its column headings.
    for (const cell of w.statementCells) expect(statement.structure).toContain(cell);
  });

  test(`at 320 px the refunds are the foot of their payment's card, and the keyboard downloads the statement (${language})`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await openDocuments(page, language, account.userEmail, { narrow: true });
    const row = page.locator(`tr[data-payment="${refunded.confirmationNumber}"]`);
    const foot = page.locator(`tr[data-money-back="${refunded.confirmationNumber}"]`);
    await foot.scrollIntoViewIfNeeded();
    await expectCardAt320(page, row);
    const [card, under] = [await row.boundingBox(), await foot.boundingBox()];
    // Right under its payment, as wide as its card, each line whole within the screen.
    expect(Math.round(under?.y ?? 0)).toBe(Math.round((card?.y ?? 0) + (card?.height ?? 0)));
    expect(under?.width).toBe(card?.width);
    for (const item of await foot.getByRole('listitem').all()) {
      const box = await item.boundingBox();
      expect((box?.x ?? -1) + (box?.width ?? Infinity)).toBeLessThanOrEqual(320);
    }
    await expect(foot.getByRole('listitem')).toHaveText([...w.refunded]);
    await expectAccessible(page);

    const link = page.getByRole('link', { name: w.downloadStatement });
    await tabTo(page, link);
    const started = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await statementOf(await started)).text).toContain(w.statementRefunded);
  });
}
