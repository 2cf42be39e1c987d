import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { outline, readTaggedPdf } from '../../server/test/pdf-structure';
import { readPdf } from '../../server/test/pdf-text';
import { fixtureAccounts } from './fixture-data';
import { chooseLanguage, demo, demoDisabledUser, expect, expectAccessible, signIn, signInAsGuest, test } from './fixtures';

type Language = 'en-US' | 'es-ES';

/** The texts the tests read, in each language. */
const words = {
  'en-US': {
    title: 'Documents',
    invoices: 'Your invoices',
    policies: 'Policies and notices',
    assistancePolicy: 'Download the financial assistance policy (PDF)',
    assistancePolicyFile: 'financial-assistance-policy-SUN.pdf',
    assistancePolicyTitle: 'Financial assistance policy',
    rightsNotice: 'Download the notice of your billing rights (PDF)',
    signInPrompt: 'Sign in to download the statement of your account and the receipts of your payments.',
    yourStatement: 'Your statement',
    downloadStatement: 'Download statement (PDF)',
    statementTitle: 'Account statement',
    history: 'Payment history',
    receipt: (confirmationNumber: string) => `Download receipt ${confirmationNumber} (PDF)`,
    receiptTitle: 'Payment receipt',
    openInvoices: 'Open invoices',
    recentPayments: 'Recent payments',
    statementColumns: ['Invoice', 'Date', 'Description', 'Amount', 'Balance', 'Date', 'Confirmation number', 'Card', 'Amount paid'],
    receiptColumns: ['Invoice', 'Description', 'Amount paid', 'Balance after'],
    visaEnding: 'Visa ending in 4242',
    paid: '$50.00',
    noPayments: 'No payments yet.',
    loadFailed: 'We could not load your documents. Please check your connection and try again.',
    tryAgain: 'Try again',
  },
  'es-ES': {
    title: 'Documentos',
    invoices: 'Sus facturas',
    policies: 'Políticas y avisos',
    assistancePolicy: 'Descargar la política de ayuda financiera (PDF)',
    assistancePolicyFile: 'politica-de-ayuda-financiera-SUN.pdf',
    assistancePolicyTitle: 'Política de ayuda financiera',
    rightsNotice: 'Descargar el aviso de sus derechos de facturación (PDF)',
    signInPrompt: 'Inicie sesión para descargar el extracto de su cuenta y los justificantes de sus pagos.',
    yourStatement: 'Su extracto',
    downloadStatement: 'Descargar extracto (PDF)',
    statementTitle: 'Extracto de cuenta',
    history: 'Historial de pagos',
    receipt: (confirmationNumber: string) => `Descargar justificante ${confirmationNumber} (PDF)`,
    receiptTitle: 'Justificante de pago',
    openInvoices: 'Facturas pendientes',
    recentPayments: 'Pagos recientes',
    statementColumns: ['Factura', 'Fecha', 'Descripción', 'Importe', 'Saldo', 'Fecha', 'Número de confirmación', 'Tarjeta', 'Importe pagado'],
    receiptColumns: ['Factura', 'Descripción', 'Importe pagado', 'Saldo restante'],
    visaEnding: 'Visa terminada en 4242',
    paid: '50,00',
    noPayments: 'Todavía no hay pagos.',
    loadFailed: 'No hemos podido cargar sus documentos. Compruebe su conexión e inténtelo de nuevo.',
    tryAgain: 'Intentar de nuevo',
  },
} as const;

/** A fixture account's past payment, which these tests download the receipt of. */
function pastPayment(account: { payments: { confirmationNumber: string }[] }): { confirmationNumber: string } {
  const payment = account.payments.at(0);
  if (!payment) throw new Error('The fixture account has no past payment');
  return payment;
}

function heading(page: Page, name: string, level = 1) {
  return page.getByRole('heading', { level, name, exact: true });
}

/** Opens a page in the language (chosen in the header, as a visitor does), and waits for its h1. */
async function openIn(page: Page, path: string, language: Language, title: string = words[language].title): Promise<void> {
  await page.goto(path);
  if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
  await expect(heading(page, title)).toBeVisible();
}

/** Clicks a download link and answers the file's name, what the PDF shows, and its bytes. */
async function download(page: Page, link: Locator): Promise<{ fileName: string; text: string; bytes: Uint8Array }> {
  const started = page.waitForEvent('download');
  await link.click();
  const file = await started;
  const bytes = await readFile(await file.path());
  // A PDF, not an error page saved under a .pdf name.
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { fileName: file.suggestedFilename(), text: (await readPdf(new Uint8Array(bytes))).text.replace(/\s+/g, ' '), bytes: new Uint8Array(bytes) };
}

/**
 * What a screen reader gets from a downloaded PDF: it must be tagged (PDF/UA-1) in the language,
 * with its title shown and every font embedded; answers its structure tree as indented lines.
 */
async function taggedOutline(bytes: Uint8Array, language: Language): Promise<string[]> {
  const pdf = await readTaggedPdf(bytes);
  expect(pdf.pdfUaPart).toBe('1');
  expect(pdf.marked).toBe(true);
  expect(pdf.language).toBe(language);
  expect(pdf.displayDocTitle).toBe(true);
  for (const font of pdf.fonts) expect(font.file, `${font.name} is embedded`).toBeDefined();
  return pdf.pages.flatMap((each) => outline(each));
}

/** Signs in the language's documents fixture user, then opens the documents from the menu; answers the account and its past payment. */
async function signInAndOpenDocuments(page: Page, language: Language) {
  const account = language === 'en-US' ? fixtureAccounts.documentsEn : fixtureAccounts.documentsEs;
  await openIn(page, '/SUN/login', language, language === 'en-US' ? 'Sign in' : 'Iniciar sesión');
  await signIn(page, account.userEmail, demo.password);
  await expect(heading(page, words[language].invoices)).toBeVisible();
  await page.getByRole('link', { name: words[language].title, exact: true }).click();
  return { account, payment: pastPayment(account) };
}

for (const language of ['en-US', 'es-ES'] as const) {
  const w = words[language];

  test(`an anonymous visitor downloads the provider's public documents and is offered a sign-in for the rest (${language})`, async ({ page }) => {
    await openIn(page, '/SUN/documents', language);
    await expect(heading(page, w.policies, 2)).toBeVisible();
    await expect(page.getByText(w.signInPrompt)).toBeVisible();
    await expect(page.getByRole('link', { name: w.downloadStatement })).toHaveCount(0);
    await expectAccessible(page);

    const policy = await download(page, page.getByRole('link', { name: w.assistancePolicy }));
    expect(policy.fileName).toBe(w.assistancePolicyFile);
    expect(policy.text).toContain(w.assistancePolicyTitle);
    expect(policy.text).toContain('Sunrise Laboratories');
    const notice = await download(page, page.getByRole('link', { name: w.rightsNotice }));
    expect(notice.text).toContain('Sunrise Laboratories');
  });

  test(`a user reaches the documents from the menu and downloads the statement and a past payment's receipt (${language})`, async ({ page }) => {
    const { account, payment } = await signInAndOpenDocuments(page, language);
    await expect(page).toHaveURL(/\/SUN\/documents$/);
    await expect(heading(page, w.title)).toBeVisible();

    await expect(heading(page, w.yourStatement, 2)).toBeVisible();
    await expect(page.getByText(account.accountNumber).first()).toBeVisible();
    const row = page.locator(`tr[data-payment="${payment.confirmationNumber}"]`);
    await expect(row).toContainText(w.visaEnding);
    await expect(row).toContainText(w.paid);
    await expectAccessible(page);

    const statement = await download(page, page.getByRole('link', { name: w.downloadStatement }));
    expect(statement.fileName).toMatch(new RegExp(`^(statement|extracto)-${account.accountNumber}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`));
    for (const shown of [w.statementTitle, account.accountNumber, account.holderName, ...account.invoices.map((invoice) => invoice.invoiceNumber), payment.confirmationNumber]) {
      expect(statement.text).toContain(shown);
    }
    const receipt = await download(page, page.getByRole('link', { name: w.receipt(payment.confirmationNumber) }));
    expect(receipt.fileName).toBe(`receipt-${payment.confirmationNumber}.pdf`);
    expect(receipt.text).toContain(w.receiptTitle);
    expect(receipt.text).toContain(payment.confirmationNumber);
  });

  test(`a screen reader gets the downloaded statement and receipt as headings, lists and tables, in the page's language (${language})`, async ({ page }) => {
    const { account, payment } = await signInAndOpenDocuments(page, language);
    await expect(heading(page, w.yourStatement, 2)).toBeVisible();

    const statement = await taggedOutline((await download(page, page.getByRole('link', { name: w.downloadStatement }))).bytes, language);
    expect(statement.filter((line) => /^ {2}H\d/.test(line))).toEqual([`  H1: ${w.statementTitle}`, `  H2: ${w.openInvoices}`, `  H2: ${w.recentPayments}`]);
    // The column headings once per table, however many pages it runs onto; then each row's cells.
    expect(statement.filter((line) => line.startsWith('      TH: ')).map((line) => line.slice(10))).toEqual(w.statementColumns);
    expect(statement).toContain(`      LBody: ${account.accountNumber}`);
    for (const invoice of account.invoices) expect(statement).toContain(`      TD: ${invoice.invoiceNumber}`);
    expect(statement).toContain(`      TD: ${payment.confirmationNumber}`);

    const receipt = await taggedOutline((await download(page, page.getByRole('link', { name: w.receipt(payment.confirmationNumber) }))).bytes, language);
    expect(receipt.slice(0, 4)).toEqual(['Document', '  P: Sunrise Laboratories', `  H1: ${w.receiptTitle}`, '  L']);
    expect(receipt).toContain(`      LBody: ${payment.confirmationNumber}`);
    expect(receipt.filter((line) => line.startsWith('      TH: ')).map((line) => line.slice(10))).toEqual(w.receiptColumns);
  });

  test.describe(() => {
    test.use({ expectedConsoleErrors: /^(ApiError: API call failed: serverError)/ });
    test(`a failed load says so and loads again on Try again (${language})`, async ({ page }) => {
      let failing = true;
      await page.route('**/api/Documents/GetDocuments**', (route) =>
        failing ? route.fulfill({ status: 500, json: { error: 'serverError' } }) : route.fallback(),
      );
      // The server renders a first screen with its documents; a load in the browser is a later
      // one, after a link is followed (here the signed-in menu's).
      await page.goto('/SUN/login');
      if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
      await signIn(page, demo.pat, demo.password);
      await expect(page).toHaveURL(/\/SUN\/invoices$/);
      await page.getByRole('navigation', { name: /Main menu|Menú principal/ }).getByRole('link', { name: w.title, exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText(w.loadFailed);
      await expectAccessible(page);
      failing = false;
      await page.getByRole('button', { name: w.tryAgain }).click();
      await expect(heading(page, w.policies, 2)).toBeVisible();
    });
  });
}

test("a guest signs in from the documents screen, comes back to it and downloads their own statement and receipt", async ({ page }) => {
  const account = fixtureAccounts.documentsGuest;
  const payment = pastPayment(account);
  await openIn(page, '/SUN/documents', 'en-US');
  await page.getByRole('link', { name: 'Sign in as a guest' }).click();
  await signInAsGuest(page, account.accountNumber, account.invoices[0]?.invoiceNumber ?? '');
  await expect(page).toHaveURL(/\/SUN\/documents$/);
  await expect(heading(page, 'Your statement', 2)).toBeVisible();
  await expect(page.locator('tr[data-payment]')).toHaveCount(1);
  await expect(page.locator(`tr[data-payment="${payment.confirmationNumber}"]`)).toContainText('$50.00');
  await expectAccessible(page);

  const statement = await download(page, page.getByRole('link', { name: 'Download statement (PDF)' }));
  expect(statement.text).toContain(account.accountNumber);
  expect(statement.text).toContain(account.holderName);
  expect(statement.text).not.toContain('A-940100');
  const receipt = await download(page, page.getByRole('link', { name: `Download receipt ${payment.confirmationNumber} (PDF)` }));
  expect(receipt.text).toContain(payment.confirmationNumber);
});

test('a user who never paid is told there are no payments yet, and still gets the statement', async ({ page }) => {
  await openIn(page, '/SUN/login', 'en-US', 'Sign in');
  await signIn(page, fixtureAccounts.nothingDue.userEmail, demo.password);
  await expect(heading(page, 'Your invoices')).toBeVisible();
  await page.goto('/SUN/documents');
  await expect(page.getByText('No payments yet.')).toBeVisible();
  await expect(page.locator('tr[data-payment]')).toHaveCount(0);
  await expectAccessible(page);
  const statement = await download(page, page.getByRole('link', { name: 'Download statement (PDF)' }));
  expect(statement.text).toContain('You have no open invoices. Nothing is due.');
});

test('a user whose account is disabled sees the public documents and a notice instead of the statement', async ({ page }) => {
  await openIn(page, '/SUN/login', 'en-US', 'Sign in');
  await signIn(page, demoDisabledUser, demo.password);
  await expect(heading(page, 'Your invoices')).toBeVisible();
  await page.goto('/SUN/documents');
  await expect(page.getByText('This account is disabled, so its statement and receipts cannot be shown. Please contact us.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the financial assistance policy (PDF)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download statement (PDF)' })).toHaveCount(0);
  await expectAccessible(page);
});

test('without a provider in the address, or with a code that names none, the screen says how to reach its policies', async ({ page }) => {
  for (const path of ['/documents', '/QQ/documents']) {
    await openIn(page, path, 'en-US');
    await expect(page.getByTestId('no-provider')).toBeVisible();
    await expect(page.getByRole('link', { name: /\(PDF\)$/ })).toHaveCount(0);
    await expectAccessible(page);
  }
});
