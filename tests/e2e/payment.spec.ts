import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { fixtureAccounts } from './fixture-data';
import { appHasTakenOver, chooseLanguage, demo, demoDisabledUser, demoGuest, expect, expectAccessible, signIn, signInAsGuest, test } from './fixtures';

type Language = 'en-US' | 'es-ES';

/** The texts the journey reads, in each language. */
const words = {
  'en-US': {
    invoices: 'Your invoices',
    payNow: 'Pay now',
    amounts: 'Online payment',
    review: 'Review your payment',
    billing: 'Billing information',
    card: 'Card payment',
    receipt: 'Payment receipt',
    continue: 'Continue',
    toCard: 'Continue to card details',
    anotherAmount: 'Another amount',
    back: 'Back',
    declined: /Your card was declined/,
    visaEnding: /Visa ending in 4242/,
    downloadPdf: 'Download PDF',
  },
  'es-ES': {
    invoices: 'Sus facturas',
    payNow: 'Pagar ahora',
    amounts: 'Pago en línea',
    review: 'Revise su pago',
    billing: 'Datos de facturación',
    card: 'Pago con tarjeta',
    receipt: 'Justificante de pago',
    continue: 'Continuar',
    toCard: 'Continuar a los datos de la tarjeta',
    anotherAmount: 'Otro importe',
    back: 'Atrás',
    declined: /Su tarjeta ha sido rechazada/,
    visaEnding: /Visa terminada en 4242/,
    downloadPdf: 'Descargar PDF',
  },
} as const;

function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

/** Signs a fixture user in under SUN in the given language, and waits for the invoices. */
async function signInUser(page: Page, email: string, language: Language = 'en-US'): Promise<void> {
  await page.goto('/SUN/login');
  if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
  await signIn(page, email, demo.password);
  await expect(heading(page, words[language].invoices)).toBeVisible();
}

/** The processor's card fields, inside their frame. */
function cardFields(page: Page) {
  return page.frameLocator('iframe.card-fields');
}

async function fillCard(page: Page, number: string): Promise<void> {
  const fields = cardFields(page);
  await fields.getByLabel(/Card number|Número de tarjeta/).fill(number);
  await fields.getByLabel(/Expiry|Vencimiento/).fill('12/34');
  await fields.getByLabel(/CVC/).fill('123');
}

/**
 * What a script of the portal's page can read of the card frame's document: null or 'blocked'
 * when the frame is the processor's, on an origin of its own; its HTML when it shares the portal's.
 */
async function cardFrameAsThePortalSeesIt(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    try {
      const frame = document.querySelector('iframe');
      return frame?.contentDocument?.body.innerHTML ?? null;
    } catch {
      return 'blocked';
    }
  });
}

/** The card number typed in the frame stays in the frame: the portal's page can neither read it nor reach its window's document. */
async function expectCardFrameSealed(page: Page): Promise<void> {
  await expect(cardFields(page).getByLabel('Card number')).not.toHaveValue('');
  expect([null, 'blocked']).toContain(await cardFrameAsThePortalSeesIt(page));
  const reachable = await page.evaluate(() => {
    try {
      return window.frames[0]?.document.body.innerHTML ?? null;
    } catch {
      return 'blocked';
    }
  });
  expect(reachable).toBe('blocked');
  // The frame is the processor's page on another origin, never the portal's own.
  const frameOrigin = new URL((await page.locator('iframe.card-fields').getAttribute('src')) ?? '', page.url()).origin;
  expect(frameOrigin).not.toBe(new URL(page.url()).origin);
}

/** The amount field of one invoice, once "another amount" is chosen. */
function amountField(page: Page, invoiceNumber: string) {
  return page.getByLabel(new RegExp(`(Amount to pay on invoice|Importe a pagar de la factura) ${invoiceNumber}$`));
}

function invoiceCard(page: Page, invoiceNumber: string) {
  return page.locator('.invoice-choice').filter({ hasText: invoiceNumber });
}

async function fillBilling(page: Page): Promise<void> {
  await page.getByLabel(/^(Address|Dirección)$/).fill('12 Harbour Road');
  await page.getByLabel(/^(City|Ciudad)$/).fill('Springfield');
  await page.getByLabel(/^(State or province|Estado o provincia)$/).fill('IL');
  await page.getByLabel(/^(ZIP or postal code|Código postal)$/).fill('62704');
  await page.getByLabel(/^(Country|País)$/).selectOption('US');
  await page.getByLabel(/^(Email for the receipt|Correo electrónico para el justificante)$/).fill('payer@example.com');
}

/** The account summary as the server has it now (with the page's session). */
/** From the amounts step to a card ready to pay: $10 on `only`, the account's other invoices left out. */
async function readyToPayTenDollarsOn(page: Page, invoices: readonly { invoiceNumber: string }[], only: string): Promise<void> {
  for (const { invoiceNumber } of invoices) {
    if (invoiceNumber !== only) await invoiceCard(page, invoiceNumber).getByRole('checkbox').uncheck();
  }
  await invoiceCard(page, only).getByRole('radio', { name: 'Another amount' }).check();
  await amountField(page, only).fill('10');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await fillBilling(page);
  await page.getByRole('button', { name: 'Continue to card details' }).click();
  await fillCard(page, '4242424242424242');
}

async function balances(page: Page): Promise<Record<string, number>> {
  const response = await page.request.get('/api/OnlinePayment/GetAccountInformation');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { invoices: { invoiceNumber: string; balanceCents: number }[] };
  return Object.fromEntries(body.invoices.map((invoice) => [invoice.invoiceNumber, invoice.balanceCents]));
}

for (const language of ['en-US', 'es-ES'] as const) {
  const w = words[language];
  const payer = language === 'en-US' ? fixtureAccounts.payerEn : fixtureAccounts.payerEs;
  const [full, part, untouched] = payer.invoices.map((invoice) => invoice.invoiceNumber) as [string, string, string];

  test(`in ${language}, a billing user pays one invoice in full and another in part, gets the receipt and its PDF, and sees the new balances`, async ({ page }) => {
    test.slow();
    await signInUser(page, payer.userEmail, language);
    await expect(page.getByTestId('total-due')).toHaveText(language === 'en-US' ? '$188.45' : /188,45/);
    await expectAccessible(page);
    await page.getByRole('link', { name: w.payNow }).click();

    await test.step('amounts', async () => {
      await expect(heading(page, w.amounts)).toBeVisible();
      await expect(page).toHaveURL(/\/SUN\/payment\/online$/);
      await invoiceCard(page, untouched).getByRole('checkbox').uncheck();
      await invoiceCard(page, part).getByRole('radio', { name: w.anotherAmount }).check();
      await amountField(page, part).fill(language === 'en-US' ? '20.00' : '20,00');
      await expect(page.locator('.payment-total')).toContainText(language === 'en-US' ? '$68.50' : '68,50');
      await expectAccessible(page);
      await page.getByRole('button', { name: w.continue, exact: true }).click();
    });

    await test.step('review', async () => {
      await expect(heading(page, w.review)).toBeVisible();
      await expect(page).toHaveURL(/\/SUN\/payment\/online\/confirmation$/);
      const table = page.getByRole('table');
      await expect(table.getByRole('row')).toHaveCount(4);
      await expect(table).toContainText(full);
      await expect(table).toContainText(part);
      await expect(table).not.toContainText(untouched);
      await expectAccessible(page);
      await page.getByRole('button', { name: w.continue, exact: true }).click();
    });

    await test.step('billing information', async () => {
      await expect(heading(page, w.billing)).toBeVisible();
      await expect(page.getByLabel(/^(Name of the payer|Nombre del pagador)$/)).toHaveValue(payer.holderName);
      await fillBilling(page);
      await expectAccessible(page);
      await page.getByRole('button', { name: w.toCard }).click();
    });

    await test.step('card', async () => {
      await expect(heading(page, w.card)).toBeVisible();
      await expect(page).toHaveURL(/\/SUN\/payment\/online\/creditcard$/);
      await fillCard(page, '4242 4242 4242 4242');
      await expectAccessible(page);
      await page.getByRole('button', { name: new RegExp(`^(Pay|Pagar) `) }).click();
    });

    await test.step('receipt', async () => {
      await expect(heading(page, w.receipt)).toBeVisible();
      await expect(page).toHaveURL(/\/SUN\/payment\/online\/receipt$/);
      const confirmation = (await page.getByTestId('confirmation-number').textContent()) ?? '';
      expect(confirmation).toMatch(/^P-[A-Z0-9]{10}$/);
      await expect(page.getByText(w.visaEnding)).toBeVisible();
      await expect(page.getByRole('table')).toContainText(full);
      await expect(page.getByRole('table')).toContainText(part);
      await expectAccessible(page);

      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: w.downloadPdf }).click();
      const pdf = await download;
      expect(pdf.suggestedFilename()).toBe(`receipt-${confirmation}.pdf`);
      const path = await pdf.path();
      const { readFile } = await import('node:fs/promises');
      const bytes = await readFile(path);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // The receipt email waits in the outbox (no SMTP here).
      const outbox = await (await page.request.get('/dev/outbox')).text();
      expect(outbox).toContain(confirmation);
    });

    await test.step('the invoices show the new balances', async () => {
      await page.getByRole('link', { name: w.invoices }).first().click();
      await expect(heading(page, w.invoices)).toBeVisible();
      await expect(page.locator(`[data-invoice="${full}"]`)).toHaveCount(0);
      await expect(page.getByTestId(`balance-${part}`)).toHaveText(language === 'en-US' ? '$56.75' : /56,75/);
      await expect(page.getByTestId(`balance-${untouched}`)).toHaveText(language === 'en-US' ? '$63.20' : /63,20/);
      expect(await balances(page)).toEqual({ [part]: 5675, [untouched]: 6320 });
    });
  });
}

test('a declined card is reported on the card step, nothing is charged, everything entered is kept, and the portal page never reads the card typed', async ({ page }) => {
  test.slow();
  const account = fixtureAccounts.declined;
  const [first, second, third] = account.invoices.map((invoice) => invoice.invoiceNumber) as [string, string, string];
  await signInUser(page, account.userEmail);
  await page.getByRole('link', { name: 'Pay now' }).click();
  // Opening the wizard puts focus on its heading, not on the page.
  await expect(heading(page, 'Online payment')).toBeFocused();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await fillBilling(page);
  await page.getByRole('button', { name: 'Continue to card details' }).click();
  await fillCard(page, '4000 0000 0000 0002');
  await expectCardFrameSealed(page);
  await page.getByRole('button', { name: /^Pay / }).click();

  await expect(page.getByRole('alert')).toContainText('Your card was declined');
  // Pay was never disabled under the focus: it still has it after the decline.
  await expect(page.getByRole('button', { name: /^Pay / })).toBeFocused();
  await expect(page).toHaveURL(/\/SUN\/payment\/online\/creditcard$/);
  await expectAccessible(page);
  expect(await balances(page)).toEqual({ [first]: 4850, [second]: 7675, [third]: 6320 });

  // The browser's back button walks through the steps, each as it was entered.
  await page.goBack();
  await expect(heading(page, 'Billing information')).toBeVisible();
  await expect(page.getByLabel('City')).toHaveValue('Springfield');
  await expect(page.getByLabel('Email for the receipt')).toHaveValue('payer@example.com');
  await page.goBack();
  await expect(heading(page, 'Review your payment')).toBeVisible();
  await page.goBack();
  await expect(heading(page, 'Online payment')).toBeVisible();
  await expect(invoiceCard(page, first).getByRole('checkbox')).toBeChecked();

  // Forward again, and another card goes through.
  await page.goForward();
  await expect(heading(page, 'Review your payment')).toBeVisible();
  await page.goForward();
  await expect(heading(page, 'Billing information')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to card details' }).click();
  await fillCard(page, '4242424242424242');
  await expectCardFrameSealed(page);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(heading(page, 'Payment receipt')).toBeVisible();
  expect(await balances(page)).toEqual({});
});

/** The WCAG 1.4.12 text spacing, set on every element of the card page as a reader's style would. */
async function overrideTextSpacing(page: Page): Promise<void> {
  // Through the CSSOM: the processor's CSP refuses an injected style sheet.
  await cardFields(page).locator('body').evaluate((body) => {
    for (const element of [body, ...body.querySelectorAll('*')]) {
      if (!(element instanceof HTMLElement)) continue;
      element.style.setProperty('line-height', '1.5', 'important');
      element.style.setProperty('letter-spacing', '0.12em', 'important');
      element.style.setProperty('word-spacing', '0.16em', 'important');
      if (element.tagName === 'P') element.style.setProperty('margin-bottom', '2em', 'important');
    }
  });
}

/** Every shown error of the card page lies wholly inside the frame, and the frame has nothing to scroll. */
async function expectErrorsWhollyShown(page: Page): Promise<void> {
  const frame = page.locator('iframe.card-fields');
  const errors = cardFields(page).locator('.error:not([hidden])');
  await expect(errors).toHaveCount(3);
  // As a person reading the messages sees the frame: Chromium holds back the rendering (and so the
  // resize reports) of a frame of another origin while it is out of view.
  await frame.scrollIntoViewIfNeeded();
  await expect
    .poll(async () => {
      const box = await frame.boundingBox();
      const frameHeight = await frame.evaluate((element) => element.clientHeight);
      const pageHeights = await cardFields(page)
        .locator('body')
        .evaluate((body) => ({ scroll: document.documentElement.scrollHeight, body: body.getBoundingClientRect().height }));
      const cutOff: string[] = [];
      for (const error of await errors.all()) {
        const errorBox = await error.boundingBox();
        const inside =
          box !== null &&
          errorBox !== null &&
          errorBox.y >= box.y &&
          errorBox.y + errorBox.height <= box.y + box.height &&
          errorBox.x >= box.x &&
          errorBox.x + errorBox.width <= box.x + box.width;
        if (!inside) cutOff.push((await error.textContent()) ?? '');
      }
      return {
        cutOff,
        scrolls: pageHeights.scroll > frameHeight + 1,
        // The frame takes its page's height: not a fixed guess with room to spare.
        fitsContent: Math.abs(frameHeight - pageHeights.body) <= 2,
      };
    })
    .toEqual({ cutOff: [], scrolls: false, fitsContent: true });
}

test('with text spacing overridden, every error of a refused card shows in full in the card frame, at any width, and the frame is accessible', async ({ page }) => {
  test.slow();
  await signInUser(page, demo.pat);
  await page.goto('/SUN/payment/online');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await fillBilling(page);
  await page.getByRole('button', { name: 'Continue to card details' }).click();
  await expect(heading(page, 'Card payment')).toBeVisible();

  const fields = cardFields(page);
  // The frame's document has its own landmark and heading.
  await expect(fields.getByRole('main')).toHaveCount(1);
  await expect(fields.getByRole('heading', { level: 1, name: 'Card details' })).toHaveCount(1);
  await overrideTextSpacing(page);
  await fields.getByLabel('Card number').fill('1234 5678');
  await fields.getByLabel(/Expiry/).fill('13/99');
  await fields.getByLabel(/CVC/).fill('1');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(fields.getByLabel('Card number')).toBeFocused();
  await expectErrorsWhollyShown(page);

  // Reflow: at 320 CSS pixels the fields stack and the messages wrap; the frame follows.
  await page.setViewportSize({ width: 320, height: 640 });
  await expectErrorsWhollyShown(page);

  const results = await new AxeBuilder({ page })
    .include('iframe.card-fields')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  await expectAccessible(page);
});

test('a double click on Pay charges once', async ({ page }) => {
  const account = fixtureAccounts.doubleClick;
  const only = account.invoices[0]?.invoiceNumber ?? '';
  await signInUser(page, account.userEmail);
  await page.goto('/SUN/payment/online');
  await readyToPayTenDollarsOn(page, account.invoices, only);
  await page.getByRole('button', { name: /^Pay / }).dblclick();
  await expect(heading(page, 'Payment receipt')).toBeVisible();
  expect((await balances(page))[only]).toBe(4850 - 1000);
});

test('a balance paid in another tab meanwhile: Pay says what changed, nothing is charged, and the amounts come back with the choices kept', async ({ page }) => {
  test.slow();
  const account = fixtureAccounts.staleBalance;
  const [closing, lowered, skipped] = account.invoices.map((invoice) => invoice.invoiceNumber) as [string, string, string];
  await signInUser(page, account.userEmail);
  await page.getByRole('link', { name: 'Pay now' }).click();
  await expect(heading(page, 'Online payment')).toBeVisible();
  // This tab: the first invoice in full, 50.00 of the second (76.75 due), not the third.
  await invoiceCard(page, skipped).getByRole('checkbox').uncheck();
  await invoiceCard(page, lowered).getByRole('radio', { name: 'Another amount' }).check();
  await amountField(page, lowered).fill('50.00');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await fillBilling(page);
  await page.getByRole('button', { name: 'Continue to card details' }).click();
  await expect(heading(page, 'Card payment')).toBeVisible();
  await fillCard(page, '4242424242424242');

  await test.step('another tab of the same session pays the first invoice and 40.00 of the second', async () => {
    const other = await page.context().newPage();
    await other.goto('/SUN/payment/online');
    await expect(heading(other, 'Online payment')).toBeVisible();
    await invoiceCard(other, skipped).getByRole('checkbox').uncheck();
    await invoiceCard(other, lowered).getByRole('radio', { name: 'Another amount' }).check();
    await amountField(other, lowered).fill('40.00');
    await other.getByRole('button', { name: 'Continue', exact: true }).click();
    await other.getByRole('button', { name: 'Continue', exact: true }).click();
    await fillBilling(other);
    await other.getByRole('button', { name: 'Continue to card details' }).click();
    await fillCard(other, '4242424242424242');
    await other.getByRole('button', { name: /^Pay / }).click();
    await expect(heading(other, 'Payment receipt')).toBeVisible();
    await other.close();
    expect(await balances(page)).toEqual({ [lowered]: 3675, [skipped]: 6320 });
  });

  await test.step('Pay in the first tab ends on the amounts with a message', async () => {
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(heading(page, 'Online payment')).toBeVisible();
    await expect(page).toHaveURL(/\/SUN\/payment\/online$/);
    const notice = page.getByTestId('balance-change');
    await expect(notice).toHaveAttribute('role', 'alert');
    await expect(notice).toContainText(`The balance of invoice ${lowered} changed since you started`);
    await expect(notice).toContainText(`Invoice ${closing} has been paid since you started`);
    await expect(notice).toContainText('Nothing was charged.');
    await expect(notice).toBeFocused();
    // The paid invoice drops out; the typed amount stays as typed and is now above its balance;
    // the invoice left out is still left out.
    await expect(invoiceCard(page, closing)).toHaveCount(0);
    await expect(amountField(page, lowered)).toHaveValue('50.00');
    await expect(page.getByText('The amount cannot be more than the balance of $36.75.')).toBeVisible();
    await expect(invoiceCard(page, skipped).getByRole('checkbox')).not.toBeChecked();
    await expectAccessible(page);
    expect(await balances(page)).toEqual({ [lowered]: 3675, [skipped]: 6320 });
  });

  await test.step('the corrected payment goes through, with the billing kept and the card entered again', async () => {
    await amountField(page, lowered).fill('30.00');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(heading(page, 'Review your payment')).toBeVisible();
    await expect(page.getByRole('table')).toContainText('$30.00');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(heading(page, 'Billing information')).toBeVisible();
    await expect(page.getByLabel('City')).toHaveValue('Springfield');
    await expect(page.getByLabel('Email for the receipt')).toHaveValue('payer@example.com');
    await page.getByRole('button', { name: 'Continue to card details' }).click();
    await expect(heading(page, 'Card payment')).toBeVisible();
    await expect(cardFields(page).getByLabel(/Card number/)).toHaveValue('');
    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(heading(page, 'Payment receipt')).toBeVisible();
    expect(await balances(page)).toEqual({ [lowered]: 675, [skipped]: 6320 });
  });
});

test("the browser's Back after paying never starts a new payment: it shows the receipt again, then the invoices", async ({ page }) => {
  const account = fixtureAccounts.backAfterPaying;
  const only = account.invoices[0]?.invoiceNumber ?? '';
  await signInUser(page, account.userEmail);
  await page.getByRole('link', { name: 'Pay now' }).first().click();
  await expect(heading(page, 'Online payment')).toBeVisible();
  await readyToPayTenDollarsOn(page, account.invoices, only);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(heading(page, 'Payment receipt')).toBeVisible();
  const confirmation = await page.getByTestId('confirmation-number').textContent();

  // Back, and Back again: the steps of the payment just made are closed.
  for (let step = 0; step < 3; step += 1) {
    await page.goBack();
    await expect(heading(page, 'Payment receipt').or(heading(page, 'Your invoices'))).toBeVisible();
    await expect(heading(page, 'Online payment')).toHaveCount(0);
    await expect(heading(page, 'Review your payment')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    if (await heading(page, 'Payment receipt').isVisible()) await expect(page.getByTestId('confirmation-number')).toHaveText(confirmation ?? '');
  }
  // Paying again is an explicit choice, and starts from the new balances.
  await page.goto('/SUN/invoices');
  expect((await balances(page))[only]).toBe(4850 - 1000);
});

test('arrowing to "Another amount" keeps focus on the choice, and the current step stays visible in forced colours', async ({ page }) => {
  await signInUser(page, demo.pat);
  await page.goto('/SUN/payment/online');
  // The keys go to the page once the app has taken over the server's page.
  await appHasTakenOver(page);
  const card = invoiceCard(page, 'SUN-100031');
  const full = card.getByRole('radio', { name: /The full balance/ });
  await full.focus();
  await page.keyboard.press('ArrowDown');
  const another = card.getByRole('radio', { name: 'Another amount' });
  await expect(another).toBeChecked();
  await expect(another).toBeFocused();
  await expect(amountField(page, 'SUN-100031')).toBeVisible();

  await page.emulateMedia({ forcedColors: 'active' });
  const steps = page.getByRole('navigation', { name: 'Payment steps' }).getByRole('listitem');
  const width = (index: number) => steps.nth(index).evaluate((item) => getComputedStyle(item).borderTopWidth);
  expect(await width(0)).toBe('3px');
  expect(await width(1)).not.toBe('3px');
});

test('a reload on any step keeps what was entered, and a later step cannot be opened first', async ({ page }) => {
  test.slow();
  const account = fixtureAccounts.reload;
  const [first] = account.invoices.map((invoice) => invoice.invoiceNumber) as [string];
  await signInUser(page, account.userEmail);

  // Straight to the card step: the wizard sends the payer to the first step still to do. Every
  // open invoice starts chosen in full, so that is the review of those amounts.
  await page.goto('/SUN/payment/online/creditcard');
  await expect(heading(page, 'Review your payment')).toBeVisible();
  await expect(page).toHaveURL(/\/SUN\/payment\/online\/confirmation$/);
  await page.getByRole('button', { name: 'Change the amounts' }).click();
  await expect(heading(page, 'Online payment')).toBeVisible();
  await expect(page).toHaveURL(/\/SUN\/payment\/online$/);

  await invoiceCard(page, first).getByRole('radio', { name: 'Another amount' }).check();
  await amountField(page, first).fill('12.34');
  await page.reload();
  await expect(amountField(page, first)).toHaveValue('12.34');

  // A bad amount is refused with a message, and the typed text stays.
  await amountField(page, first).fill('12.345');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Enter an amount like 25.00.')).toBeVisible();
  await expect(amountField(page, first)).toHaveValue('12.345');
  await expect(page).toHaveURL(/\/SUN\/payment\/online$/);
  await amountField(page, first).fill('12.34');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(heading(page, 'Review your payment')).toBeVisible();
  await page.reload();
  await expect(heading(page, 'Review your payment')).toBeVisible();
  await expect(page.getByRole('table')).toContainText('$12.34');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(heading(page, 'Billing information')).toBeVisible();
  await page.getByLabel(/^Address$/).fill('12 Harbour Road');
  await page.getByLabel('City').fill('Springfield');
  await page.reload();
  await expect(page.getByLabel(/^Address$/)).toHaveValue('12 Harbour Road');
  await expect(page.getByLabel('City')).toHaveValue('Springfield');
  // Continuing with fields missing names them, and keeps what is there.
  await page.getByRole('button', { name: 'Continue to card details' }).click();
  await expect(page.getByLabel('State or province')).toBeFocused();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await fillBilling(page);
  await page.getByRole('button', { name: 'Continue to card details' }).click();

  await expect(heading(page, 'Card payment')).toBeVisible();
  await page.reload();
  await expect(heading(page, 'Card payment')).toBeVisible();
  // 12.34 on the first invoice, and the other two in full (76.75 and 63.20).
  await expect(page.locator('.payment-total')).toContainText('$152.29');
});

test('a session that ends mid-payment keeps the progress for after signing in again', async ({ page, context }) => {
  const account = fixtureAccounts.reload;
  await signInUser(page, account.userEmail);
  await page.goto('/SUN/payment/online');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('City').fill('Shelbyville');

  await context.clearCookies();
  await page.reload();
  await expect(page).toHaveURL(/\/SUN\/login\?redirect=%2FSUN%2Fpayment%2Fonline%2Finformation$/);
  await signIn(page, account.userEmail, demo.password);
  await expect(heading(page, 'Billing information')).toBeVisible();
  await expect(page.getByLabel('City')).toHaveValue('Shelbyville');
});

for (const language of ['en-US', 'es-ES'] as const) {
  test(`in ${language}, the guest of an account pays without an account, and is offered one afterwards`, async ({ page }) => {
    const w = words[language];
    const guest = language === 'en-US' ? fixtureAccounts.guestEn : fixtureAccounts.guestEs;
    const [invoice] = guest.invoices.map((each) => each.invoiceNumber) as [string];
    await page.goto('/SUN');
    if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
    await page.getByRole('link', { name: language === 'en-US' ? 'Pay as a guest' : 'Pagar como invitado' }).first().click();
    await signInAsGuest(page, guest.accountNumber, invoice);
    await expect(heading(page, w.invoices)).toBeVisible();
    await page.getByRole('link', { name: w.payNow }).click();
    await expect(heading(page, w.amounts)).toBeVisible();
    await page.getByRole('button', { name: w.continue, exact: true }).click();
    await page.getByRole('button', { name: w.continue, exact: true }).click();
    await expect(heading(page, w.billing)).toBeVisible();
    await page.getByLabel(/^(Name of the payer|Nombre del pagador)$/).fill('Jordan Guest');
    await fillBilling(page);
    await page.getByRole('button', { name: w.toCard }).click();
    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: /^(Pay|Pagar) / }).click();
    await expect(heading(page, w.receipt)).toBeVisible();
    await expect(page.getByRole('link', { name: language === 'en-US' ? 'Create an account' : 'Cree una cuenta' })).toBeVisible();
    // The offer is a region of the receipt, not a complementary landmark nested in main.
    await expect(page.locator('main aside')).toHaveCount(0);
    await expectAccessible(page);
    expect(await balances(page)).toEqual({});
  });
}

for (const language of ['en-US', 'es-ES'] as const) {
  test(`in ${language}, a client without online payments shows no online payment and lists the other ways to pay`, async ({ page }) => {
    await page.goto('/NPP/login');
    if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
    await signIn(page, 'north.doe@example.com', demo.password);
    await expect(page).toHaveURL(/\/NPP\/invoices$/);
    const menu = page.getByRole('navigation', { name: /Main menu|Menú principal/ });
    await expect(menu.getByRole('link', { name: /^(Online payment|Pago en línea)$/ })).toHaveCount(0);
    // The invoices offer the other ways instead of "Pay now", like the menu.
    await expect(page.getByRole('main').getByRole('link', { name: /^(How to pay|Cómo pagar)$/ })).toHaveAttribute('href', '/NPP/payment/other');
    await expect(page.getByRole('link', { name: /^(Pay now|Pagar ahora)$/ })).toHaveCount(0);

    await page.goto('/NPP/payment/online');
    await expect(page.getByText(/does not take payments online|no acepta pagos en línea/)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('main').getByRole('link', { name: /^(Other ways to pay|Otras formas de pago)$/ }).click();
    await expect(page).toHaveURL(/\/NPP\/payment\/other$/);
    await expect(page.getByRole('heading', { level: 2, name: /^(By mail|Por correo postal)$/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^(By phone|Por teléfono)$/ })).toBeVisible();
    await expectAccessible(page);
  });
}

test('a new language on the card step loads the card fields again, and Pay waits until they are ready', async ({ page }) => {
  // The demo guest: a declined card changes nothing, and a guest's language is not saved on a user.
  await page.goto('/SUN');
  await page.getByRole('link', { name: 'Pay as a guest' }).first().click();
  await signInAsGuest(page, demoGuest.accountNumber, demoGuest.invoiceNumber);
  await page.getByRole('link', { name: 'Pay now' }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel(/^Name of the payer$/).fill('Jordan Guest');
  await fillBilling(page);
  await page.getByRole('button', { name: 'Continue to card details' }).click();
  await expect(heading(page, 'Card payment')).toBeVisible();
  const pay = page.getByRole('button', { name: /^(Pay|Pagar) / });
  await expect(pay).toBeEnabled();

  // The Spanish card page is held back until the test lets it load.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/processor/card-fields' && url.searchParams.get('lang') === 'es-ES',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await chooseLanguage(page, 'es-ES');
  await expect(heading(page, 'Pago con tarjeta')).toBeVisible();
  await expect(page.locator('iframe.card-fields')).toHaveAttribute('src', /lang=es-ES/);
  await expect(pay).toBeDisabled();
  release();
  await expect(pay).toBeEnabled();

  await fillCard(page, '4000 0000 0000 0002');
  await pay.click();
  await expect(page.getByRole('alert')).toContainText('Su tarjeta ha sido rechazada');
  // The same fields stay on the page, ready for another card.
  await expect(pay).toBeEnabled();
  await expectAccessible(page);
});

test('a disabled account is told why it cannot pay here and whom to ask, with no Try again that leads nowhere', async ({ page }) => {
  await page.goto('/SUN/login');
  await signIn(page, demoDisabledUser, demo.password);
  await expect(page).toHaveURL(/\/SUN\/invoices$/);
  await page.goto('/SUN/payment/online');
  await expect(page.getByRole('alert')).toHaveText('This account is disabled, so it cannot be paid here. Please contact us about it.');
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Other ways to pay' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('main').getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/SUN\/contact$/);
});

test("a client with an external card page sends the payer there", async ({ page }) => {
  await page.route('https://payments.example.org/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Harbor payments</title><h1>Harbor payments</h1>' }),
  );
  await page.goto('/HBR/login');
  await signIn(page, 'harbor.doe@example.com', demo.password);
  await expect(page).toHaveURL(/\/HBR\/invoices$/);
  await expect(page.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', 'https://payments.example.org/harbor');
  await page.goto('/HBR/payment/online');
  await expect(page).toHaveURL('https://payments.example.org/harbor');
});

test('an account with nothing to pay says so on the invoices and on the payment page', async ({ page }) => {
  await signInUser(page, fixtureAccounts.nothingDue.userEmail);
  await expect(page.getByTestId('no-open-invoices')).toHaveText('You have no open invoices. There is nothing to pay.');
  await expect(page.getByRole('link', { name: 'Pay now' })).toHaveCount(0);
  await expectAccessible(page);
  await page.goto('/SUN/payment/online');
  await expect(page.getByText('You have nothing to pay right now. Thank you!')).toBeVisible();
  // The server's page shows the text before the app takes it over; the wizard waits (inert) until then.
  await appHasTakenOver(page);
  await expectAccessible(page);
});

test("the receipt shows the payer's name exactly as typed: accents, CJK and what looks like markup", async ({ page }) => {
  const typed = 'José Müller 山田 <b>x</b>';
  // An account of its own: other tests read pat.doe's balances.
  const account = fixtureAccounts.payerName;
  const [first, second, third] = account.invoices.map((invoice) => invoice.invoiceNumber) as [string, string, string];
  await signInUser(page, account.userEmail);
  await page.goto('/SUN/payment/online');
  // One dollar on one invoice, so that repeated runs against one database still find it open.
  await invoiceCard(page, second).getByRole('checkbox').uncheck();
  await invoiceCard(page, third).getByRole('checkbox').uncheck();
  await invoiceCard(page, first).getByRole('radio', { name: 'Another amount' }).check();
  await amountField(page, first).fill('1.00');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel(/^Name of the payer$/).fill(`  ${typed} `);
  await fillBilling(page);
  await page.getByRole('button', { name: 'Continue to card details' }).click();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(heading(page, 'Payment receipt')).toBeVisible();

  const paidBy = page.locator('.receipt-facts > div').filter({ has: page.getByText('Paid by', { exact: true }) }).locator('dd');
  await expect(paidBy).toHaveText(`${typed}, Visa ending in 4242`);
  await expect(paidBy.locator('b')).toHaveCount(0);
  // Read back from the tab's storage after a reload, it is still the same text.
  await page.reload();
  await expect(paidBy).toHaveText(`${typed}, Visa ending in 4242`);
});
