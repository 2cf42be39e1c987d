import type { Locator, Page } from '@playwright/test';
import { appHasTakenOver, chooseLanguage, demo, expect, expectAccessible, expectCardAt320, signIn, tabTo, test } from './fixtures';

/** The texts the tests read, in each language. */
const words = {
  'en-US': {
    signIn: 'Sign in',
    invoices: 'Your invoices',
    payNow: 'Pay now',
    onlinePayment: 'Online payment',
    whatFor: 'What this bill is for (invoice SUN-100035)',
    linesOf: 'Services on invoice SUN-100035, for Pat Doe',
    leftToPay: 'Left to pay',
    chargedHeading: 'Charged',
    lines: [
      ['Comprehensive metabolic panel (80053)', 'Jan 30, 2026', '1', '$210.00', '$85.00', '$15.25', '$50.00', '$59.75', 'Blue Cross Blue Shield of Illinois', 'Paid'],
      ['Venipuncture (blood draw) (36415)', 'Jan 30, 2026', '1', '$18.00', '$0.00', '$1.00', '$0.00', '$17.00', 'Blue Cross Blue Shield of Illinois', 'Paid'],
    ],
    disputeTitle: 'You may have the right to dispute this bill',
    disputeFacts: 'The charges on this bill ($1,190.00) are $590.00 more than the good-faith estimate you were given ($600.00).',
    disputeOpen: 'You may dispute the bill with the provider within 120 days of the bill date (Jan 19, 2026), that is until May 19, 2026.',
    disputeEnded: 'You could dispute the bill with the provider within 120 days of the bill date (Jan 19, 2026); that period ended on May 19, 2026.',
    rightsLink: 'Read the notice of your billing rights (PDF)',
  },
  'es-ES': {
    signIn: 'Iniciar sesión',
    invoices: 'Sus facturas',
    payNow: 'Pagar ahora',
    onlinePayment: 'Pago en línea',
    whatFor: 'Qué incluye esta factura (factura SUN-100035)',
    linesOf: 'Servicios de la factura SUN-100035, para Pat Doe',
    leftToPay: 'Pendiente de pago',
    chargedHeading: 'Cargo',
    lines: [
      ['Comprehensive metabolic panel (80053)', '30 ene 2026', '1', '210,00 US$', '85,00 US$', '15,25 US$', '50,00 US$', '59,75 US$', 'Blue Cross Blue Shield of Illinois', 'Paid'],
      ['Venipuncture (blood draw) (36415)', '30 ene 2026', '1', '18,00 US$', '0,00 US$', '1,00 US$', '0,00 US$', '17,00 US$', 'Blue Cross Blue Shield of Illinois', 'Paid'],
    ],
    disputeTitle: 'Puede tener derecho a impugnar esta factura',
    disputeFacts: 'Los cargos de esta factura (1190,00 US$) superan en 590,00 US$ la estimación de buena fe que se le dio (600,00 US$).',
    disputeOpen: 'Puede impugnar la factura ante el proveedor en los 120 días siguientes a la fecha de la factura (19 ene 2026), es decir, hasta el 19 may 2026.',
    disputeEnded: 'Podía impugnar la factura ante el proveedor en los 120 días siguientes a la fecha de la factura (19 ene 2026); ese plazo terminó el 19 may 2026.',
    rightsLink: 'Lea el aviso sobre sus derechos de facturación (PDF)',
  },
} as const;

type Language = keyof typeof words;

/** Signs a demo user in at the client, in the language chosen on the sign-in page, and waits for the invoices. */
async function signInTo(page: Page, language: Language, clientCode: string, email: string): Promise<void> {
  await page.goto(`/${clientCode}/login`);
  if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
  await expect(page.getByRole('heading', { level: 1, name: words[language].signIn })).toBeVisible();
  await signIn(page, email, demo.password);
  await expect(page.getByRole('heading', { level: 1, name: words[language].invoices })).toBeVisible();
}

/** Opens the disclosure of what SUN-100035 is for inside `scope` with the keyboard alone, and answers its table. */
async function openByKeyboard(page: Page, scope: Locator, language: Language): Promise<Locator> {
  const disclosure = scope.locator('details[data-explains="SUN-100035"]');
  const table = disclosure.getByRole('table', { name: words[language].linesOf });
  await expect(table).toBeHidden();
  await tabTo(page, disclosure.locator('summary'));
  await expect(disclosure.locator('summary')).toHaveAccessibleName(words[language].whatFor);
  await page.keyboard.press('Enter');
  await expect(table).toBeVisible();
  return table;
}

/** Each line of the table: its service, then every cell of its row, as the screen shows them. */
async function expectLines(table: Locator, language: Language): Promise<void> {
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  for (const [index, [service, ...cells]] of words[language].lines.entries()) {
    await expect(rows.nth(index).getByRole('rowheader')).toHaveText(service);
    await expect(rows.nth(index).getByRole('cell')).toHaveText(cells);
  }
}

for (const language of ['en-US', 'es-ES'] as const) {
  const w = words[language];

  test(`pat.doe sees what SUN-100035 is for, line by line with insurance and what is left, on the invoices screen and in the wizard (${language})`, async ({ page }) => {
    await signInTo(page, language, 'SUN', demo.pat);
    const openInvoices = page.locator('table.invoices-table').first();
    await expectLines(await openByKeyboard(page, openInvoices, language), language);
    // $228.00 of charges against an estimate of $150.00: less than $400 above it, so no dispute notice.
    await expect(page.locator('[data-dispute]')).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('link', { name: w.payNow }).click();
    await expect(page.getByRole('heading', { level: 1, name: w.onlinePayment })).toBeVisible();
    const card = page.locator('li.invoice-choice').filter({ has: page.locator('details[data-explains="SUN-100035"]') });
    await expectLines(await openByKeyboard(page, card, language), language);
    await expectAccessible(page);
  });

  test(`north.doe sees the right to dispute NPP-200018, well above its estimate, with the notice of billing rights, and no notice on NPP-200026 (${language})`, async ({ page }) => {
    // On 2026-03-01 the 120 days from the bill's 2026-01-19 are still running.
    await page.clock.setFixedTime(new Date('2026-03-01T12:00:00Z'));
    await signInTo(page, language, 'NPP', 'north.doe@example.com');
    const notice = page.locator('[data-dispute="NPP-200018"]');
    await expect(notice.getByRole('paragraph')).toHaveText([w.disputeTitle, `${w.disputeFacts} ${w.disputeOpen}`, w.rightsLink]);
    await expect(page.getByRole('group', { name: w.disputeTitle })).toHaveCount(1);
    await expect(page.locator('[data-dispute="NPP-200026"]')).toHaveCount(0);
    await expect(page.locator('tr[data-invoice="NPP-200026"]')).toBeVisible();

    const link = notice.getByRole('link', { name: w.rightsLink });
    const href = (await link.getAttribute('href')) ?? '';
    expect(new URL(href, page.url()).searchParams.get('kind')).toBe('billingRightsNotice');
    expect(new URL(href, page.url()).searchParams.get('clientCode')).toBe('NPP');
    const document = await page.request.get(href);
    expect(document.status()).toBe(200);
    expect(document.headers()['content-type']).toBe('application/pdf');
    // The keyboard reaches the link.
    await tabTo(page, link);
    await expectAccessible(page);
  });

  test(`once the 120 days are over, the invoices page the server renders says the period ended, and the app takes it over unchanged (${language})`, async ({ page }) => {
    // Today (the real clock, on the server and in the browser) is past 2026-05-19.
    await signInTo(page, language, 'NPP', 'north.doe@example.com');
    await page.reload();
    await appHasTakenOver(page);
    await expect(page.locator('[data-dispute="NPP-200018"]').getByRole('paragraph').nth(1)).toHaveText(`${w.disputeFacts} ${w.disputeEnded}`);
    await expect(page.locator('[data-dispute="NPP-200018"]').getByRole('link', { name: w.rightsLink })).toBeVisible();
  });

  test(`at 320 px the lines of a bill read as cards, each value with its label, on the invoices screen and in the wizard (${language})`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await signInTo(page, language, 'SUN', demo.pat);
    const expectCards = async (table: Locator) => {
      const row = table.locator('tbody tr').first();
      await row.scrollIntoViewIfNeeded();
      await expectCardAt320(page, row);
      await expect(row.locator(`td[data-label="${w.leftToPay}"]`)).toHaveText(w.lines[0][7]);
      await expect(row.locator(`td[data-label="${w.chargedHeading}"]`)).toHaveText(w.lines[0][3]);
      await expectAccessible(page);
    };
    await expectCards(await openByKeyboard(page, page.locator('table.invoices-table').first(), language));

    await page.getByRole('link', { name: w.payNow }).click();
    await expect(page.getByRole('heading', { level: 1, name: w.onlinePayment })).toBeVisible();
    await expectCards(await openByKeyboard(page, page.locator('li.invoice-choice').nth(1), language));
  });
}
