/**
 * The payment plan in the browser. A billing user of the path's own signs in and opens the wizard
 * with "Online payment" in the main menu; its account calls are held until the path says how the account loads (the real
 * server for the fixture's invoices, an answer of the test's own for a client that pays elsewhere
 * or balances changed meanwhile). The processor's card page is held until the path says it is
 * ready (or it fails), the card is typed in its frame, and the payment call is answered as the
 * path says: a receipt or a refusal of the test's own (so repeated runs find the same open
 * invoices), or the real server's refusal once the session cookie is gone. Steps opened by their
 * address use the step names of the wizard's progress, or the breadcrumb back to the amounts.
 */
import type { AccountInformation, OpenInvoice } from '@contracts/accounts';
import { start as modelStart } from '@machines/payment/payment.fixtures';
import type { PaymentMachine } from '@machines/payment/payment.machine';
import { selectInvoiceRows, selectNothingChosenError } from '@machines/payment/payment.selectors';
import type { Receipt } from '@contracts/payments';
import type { BillingField, PaymentContext, PaymentStart, PaymentStep } from '@machines/payment/payment.types';
import type { Locator, Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { demo, expect, chooseLanguage, signIn } from '../fixtures';
import { modelPathAccounts } from '../fixture-data';
import { ahead, NoWayInTheProduct, type BrowserPaths, type ModelEvent, type PathRun } from './browser-paths';
import { errorCodeOf, fromServer, json, refusal, type Answer } from './call-gate';

const endpoints = {
  account: 'OnlinePayment/GetAccountInformation',
  accepts: 'user/DoesClientAcceptPayments',
  links: 'ClientLinks/GetClientLinks',
  pay: 'OnlinePayment/MakePayment',
} as const;

/** The client's own card page, where a client that takes cards elsewhere sends the payer. */
const externalCardPage = 'https://payments.example.org/harbor';

/** The model's invoices are SUN-1000<nn>; the path's own are the same last two digits after its prefix. */
const invoiceOf = (run: PathRun, modelNumber: string) => `SUN-9906${twoDigits(run.number)}${modelNumber.slice(-2)}`;
const twoDigits = (number: number) => String(number).padStart(2, '0');

/** A text in either language (a path may choose Spanish on the card step): the whole text, exactly. */
const either = (english: string, spanish: string) => new RegExp(`^(${escape(english)}|${escape(spanish)})$`);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const heading = (page: Page, name: RegExp | string) =>
  page.getByRole('heading', { level: 1, name: typeof name === 'string' ? either(name, name) : name });

const words = {
  amounts: 'Online payment',
  review: 'Review your payment',
  billing: either('Billing information', 'Datos de facturación'),
  card: either('Card payment', 'Pago con tarjeta'),
  back: either('Back', 'Atrás'),
  toCard: either('Continue to card details', 'Continuar a los datos de la tarjeta'),
  receipt: 'Payment receipt',
} as const;

const billingLabels: Record<BillingField, RegExp> = {
  payerName: either('Name of the payer', 'Nombre del pagador'),
  addressLine1: either('Address', 'Dirección'),
  addressLine2: either('Address line 2 (optional)', 'Línea 2 de la dirección (opcional)'),
  city: either('City', 'Ciudad'),
  region: either('State or province', 'Estado o provincia'),
  postalCode: either('ZIP or postal code', 'Código postal'),
  country: either('Country', 'País'),
  email: either('Email for the receipt', 'Correo electrónico para el justificante'),
};

const payButton = (page: Page) => page.getByRole('button', { name: /^(Pay|Pagar) |^(Paying|Pagando)…$/ });
const cardFields = (page: Page) => page.frameLocator('iframe.card-fields');
const invoiceCard = (page: Page, invoiceNumber: string) => page.locator('.invoice-choice').filter({ hasText: invoiceNumber });
const onlinePaymentInMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Online payment' });
const stepLinks = (page: Page) => page.getByRole('navigation', { name: either('Payment steps', 'Pasos del pago') });

/**
 * The processor's card page, held (while the path says so) until the path says it is ready or
 * that it fails; a held page that is never answered is dropped with the test's page.
 */
class CardPage {
  private holding = false;
  private readonly held: Route[] = [];
  private readonly waiters: (() => void)[] = [];

  constructor(private readonly page: Page) {}

  async install(): Promise<void> {
    await this.page.route(
      (url) => url.pathname === '/processor/card-fields',
      async (route) => {
        if (!this.holding || route.request().resourceType() !== 'document') {
          await route.fallback();
          return;
        }
        this.held.push(route);
        for (const wake of this.waiters.splice(0)) wake();
      },
    );
  }

  /** From now on, card pages wait for the path. */
  hold(): void {
    this.holding = true;
  }

  /** Waits until the card step asks for a card page (it is then held). */
  async arrived(): Promise<void> {
    if (this.held.length === 0) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('The card step asked for no card page within 15 s')), 15000);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  private async next(): Promise<Route> {
    await this.arrived();
    const route = this.held.shift();
    if (!route) throw new Error('No card page is held');
    return route;
  }

  /** The processor serves its page, which says it is ready. */
  async serve(): Promise<void> {
    await (await this.next()).fallback();
  }

  /** The processor's page loads but cannot take cards: it says so to the portal (processor.error). */
  async fail(): Promise<void> {
    const route = await this.next();
    // The processor's page talks to the portal's origin (the page's), never to its own.
    const origin = new URL(this.page.url()).origin;
    await route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Card details</title><p>Card payments are unavailable.</p><script>parent.postMessage({ type: 'processor.error' }, ${JSON.stringify(origin)});</script>`,
    });
  }
}

/** The model's predicted context of the wizard. */
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PaymentContext;
/** The model's predicted snapshot, for the wizard's own selectors. */
const wizardOf = (snapshot: AnyMachineSnapshot) => snapshot as unknown as SnapshotFrom<PaymentMachine>;

const cardPages = new WeakMap<Page, CardPage>();

function cardPageOf(run: PathRun): CardPage {
  const known = cardPages.get(run.page);
  if (!known) throw new Error('The payment path did not start');
  return known;
}

/** The user whose account gives the path's first load: nothing due, or the model's invoices. */
function payerOf(run: PathRun) {
  const firstLoad = run.events.find((event) => event.type === 'xstate.done.actor.loadAccount');
  const start = firstLoad?.output as PaymentStart | undefined;
  const nothingDue = start !== undefined && start.account.invoices.every((invoice) => invoice.balanceCents === 0);
  return nothingDue ? modelPathAccounts.paymentPaidUp(run.number) : modelPathAccounts.paymentPayer(run.number);
}

/** The account as the server has it now (with the page's session). */
async function serverAccount(page: Page): Promise<AccountInformation> {
  const response = await page.request.get(`/api/${endpoints.account}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as AccountInformation;
}

/** How the account call is answered for the model's loaded account. */
async function accountAnswer(run: PathRun, start: PaymentStart): Promise<Answer> {
  const fixture = payerOf(run).invoices;
  const sameAsFixture = start.account.invoices.every((modelInvoice) => {
    const own = fixture.find((invoice) => invoice.invoiceNumber.endsWith(modelInvoice.invoiceNumber.slice(-2)));
    return own === undefined || own.balanceCents === modelInvoice.balanceCents;
  });
  if (sameAsFixture) return fromServer;
  // Balances changed since the amounts were chosen (paid elsewhere): the model's new balances on the path's invoices.
  const real = await serverAccount(run.page);
  const invoices: OpenInvoice[] = real.invoices
    .map((invoice) => {
      const model = start.account.invoices.find((each) => invoiceOf(run, each.invoiceNumber) === invoice.invoiceNumber);
      return model ? { ...invoice, balanceCents: model.balanceCents } : invoice;
    })
    // The server lists open invoices only.
    .filter((invoice) => invoice.balanceCents > 0);
  return json({ ...real, invoices, totalDueCents: invoices.reduce((sum, invoice) => sum + invoice.balanceCents, 0) });
}

/**
 * Where the path's client takes payment, as its loads say: the page and the wizard ask the
 * server the same questions, so the answers hold for the whole path (arranged once the invoices
 * page has shown, as the client's settings would be).
 */
async function arrangeClient(run: PathRun): Promise<void> {
  const starts = run.events.filter((event) => event.type === 'xstate.done.actor.loadAccount').map((event) => event.output as PaymentStart);
  if (starts.some((start) => !start.acceptsOnlinePayments)) {
    await run.page.route(`**/api/${endpoints.accepts}`, (route) => route.fulfill({ json: { acceptsPayments: false } }));
  }
  if (starts.some((start) => start.externalCardLink !== '')) {
    await run.page.route(`**/api/${endpoints.links}`, (route) => route.fulfill({ json: { externalCCLink: externalCardPage } }));
  }
}

/** A receipt of the test's own for everything the path chose (the server is left as it was). */
function receiptFor(run: PathRun, context: PaymentContext): Receipt {
  const payer = payerOf(run);
  const lines = Object.entries(context.choices).map(([modelNumber, choice]) => {
    const invoice = payer.invoices.find((each) => each.invoiceNumber === invoiceOf(run, modelNumber));
    const balance = invoice?.balanceCents ?? 0;
    const amount = choice.mode === 'full' ? balance : ('cents' in choice.amount ? choice.amount.cents : 0);
    return { invoiceNumber: invoiceOf(run, modelNumber), description: invoice?.description ?? '', amountCents: amount, balanceAfterCents: balance - amount };
  });
  return {
    confirmationNumber: `P-MODEL${twoDigits(run.number)}001`,
    paidAt: new Date().toISOString(),
    accountNumber: payer.accountNumber,
    holderName: payer.holderName,
    lines,
    totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
    cardBrand: 'visa',
    cardLast4: '4242',
    payerName: payer.holderName,
    email: payer.userEmail,
  };
}

const codeOf = (event: ModelEvent): string => errorCodeOf(event.error) ?? 'serverError';

/** The API's refusal of a payment for each of the wizard's failure codes. */
const paymentRefusals: Record<string, Answer> = {
  cardDeclined: refusal(402, 'cardDeclined'),
  insufficientFunds: refusal(402, 'insufficientFunds'),
  serverError: refusal(500, 'serverError'),
  rejected: refusal(403, 'forbidden'),
  balanceChanged: refusal(422, 'amountExceedsBalance'),
};

/** Types into a billing field, or chooses the country (by its ISO code) from the list. */
async function setBillingField(page: Page, field: BillingField, value: string): Promise<void> {
  const control = page.getByLabel(billingLabels[field]);
  if (field === 'country') await control.selectOption(value);
  else await control.fill(value);
}

const rememberAddress = (page: Page) => page.getByRole('checkbox', { name: either('Remember this address for next time', 'Recordar esta dirección para la próxima vez') });

async function fillBilling(page: Page): Promise<void> {
  const values: Partial<Record<BillingField, string>> = {
    addressLine1: '1 Main Street',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62701',
    country: 'US',
  };
  for (const [field, value] of Object.entries(values) as [BillingField, string][]) await setBillingField(page, field, value);
}

async function typeCard(page: Page, number: string): Promise<void> {
  const fields = cardFields(page);
  await fields.getByLabel(/Card number|Número de tarjeta/).fill(number);
  await fields.getByLabel(/Expiry|Vencimiento/).fill('12/34');
  await fields.getByLabel(/CVC/).fill('123');
}

/** Before the path: the wizard walked to its end with a receipt of the test's own, or to the card step; then a reload. */
async function walkForReload(run: PathRun, to: 'receipt' | 'card'): Promise<void> {
  const { page } = run;
  await onlinePaymentInMenu(page).click();
  await expect(heading(page, words.amounts)).toBeVisible();
  if (to === 'card') {
    // The model's stored progress: 50.00 on the first invoice only.
    await invoiceCard(page, invoiceOf(run, '42')).getByRole('checkbox').uncheck();
    await invoiceCard(page, invoiceOf(run, '41')).getByRole('radio', { name: 'Another amount' }).check();
    await page.getByLabel(`Amount to pay on invoice ${invoiceOf(run, '41')}`).fill('50.00');
  }
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(heading(page, words.review)).toBeVisible();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(heading(page, words.billing)).toBeVisible();
  await fillBilling(page);
  await page.getByRole('button', { name: words.toCard }).click();
  await expect(heading(page, words.card)).toBeVisible();
  if (to === 'receipt') {
    await typeCard(page, '4242 4242 4242 4242');
    run.gate.hold(endpoints.pay);
    await payButton(page).click();
    // Every open invoice in full, as the wizard starts.
    const choices = Object.fromEntries(
      (contextOf(run.before).account?.invoices ?? modelStart.account.invoices).filter((invoice) => invoice.balanceCents > 0).map((invoice) => [invoice.invoiceNumber, { mode: 'full' as const }]),
    );
    await run.gate.answer(endpoints.pay, json(receiptFor(run, { ...contextOf(run.before), choices })));
    await expect(heading(page, words.receipt)).toBeVisible();
  }
}

/** Whether the path opens a step by its address before the account has loaded (the breadcrumb is the way there). */
function opensStepWhileLoading(run: PathRun): boolean {
  let loaded = false;
  for (const event of run.events) {
    if (event.type === 'xstate.done.actor.loadAccount') loaded = true;
    if (event.type === 'payment.show' && !loaded) return true;
  }
  return false;
}

/** The person opens a step by its address: the wizard's step names, or the breadcrumb back to the amounts. */
async function openStep(run: PathRun, step: PaymentStep): Promise<void> {
  const { page } = run;
  const stepNames: Partial<Record<PaymentStep, RegExp>> = {
    amounts: either('Amounts', 'Importes'),
    confirmation: either('Review', 'Revisión'),
    information: either('Billing details', 'Datos de facturación'),
    card: either('Card', 'Tarjeta'),
  };
  const name = stepNames[step];
  if (run.before.matches('paying') && name) {
    await stepLinks(page).getByRole('link', { name }).click();
    return;
  }
  // Before the account loads, and on the receipt, the wizard shows no steps: the main menu's
  // "Online payment" opens the amounts (on the receipt, the wizard's address: it shows the receipt again).
  if (step === 'amounts' || (step === 'receipt' && run.before.matches('afterSubmitting'))) {
    // With the keyboard: while the account loads, the loading overlay covers the mouse's way.
    await onlinePaymentInMenu(page).press('Enter');
    return;
  }
  throw new NoWayInTheProduct(`opening the ${step} step from ${JSON.stringify(run.before.value)}`);
}

/** An invoice the amounts page does not list (paid, or closed meanwhile): a person finds nothing to choose. */
async function notOffered(run: PathRun, modelNumber: string): Promise<boolean> {
  const open = contextOf(run.before).account?.invoices.some((invoice) => invoice.invoiceNumber === modelNumber && invoice.balanceCents > 0);
  if (open) return false;
  await expect(invoiceCard(run.page, invoiceOf(run, modelNumber))).toHaveCount(0);
  await expect(run.page.getByRole('checkbox', { name: `Pay invoice ${invoiceOf(run, modelNumber)}` })).toHaveCount(0);
  return true;
}

export const paymentPaths: BrowserPaths = {
  machine: 'payment',
  start: async (run) => {
    const { page } = run;
    const cardPage = new CardPage(page);
    await cardPage.install();
    cardPages.set(page, cardPage);
    // A payment the path leaves in flight is never made: the fixture's invoices stay open for the next run.
    run.gate.answerAtStop(endpoints.pay, refusal(500, 'serverError'));
    await page.route('https://payments.example.org/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Harbor payments</title><h1>Harbor payments</h1>' }),
    );
    await page.goto('/SUN/login');
    await signIn(page, payerOf(run).userEmail, demo.password);
    await expect(heading(page, 'Your invoices')).toBeVisible();
    const variant = contextOf(run.before).requestedStep;
    if (variant === 'receipt' || variant === 'card') {
      // A reload of that step: the wizard walked to it before, its progress in session storage.
      await walkForReload(run, variant);
      cardPage.hold();
      run.gate.hold(endpoints.account, endpoints.pay);
      await page.reload();
      return;
    }
    cardPage.hold();
    run.gate.hold(endpoints.account, endpoints.pay);
    await arrangeClient(run);
    if (opensStepWhileLoading(run)) {
      // The wizard opened by the address of a later step (a bookmark), so that the amounts can be asked for while it loads.
      await page.goto('/SUN/payment/online/confirmation');
    } else {
      await onlinePaymentInMenu(page).click();
    }
  },
  steps: {
    'xstate.done.actor.loadAccount': async (run, event) => run.gate.answer(endpoints.account, await accountAnswer(run, event.output as PaymentStart)),
    'xstate.error.actor.loadAccount': (run, event) =>
      run.gate.answer(endpoints.account, refusal(codeOf(event) === 'serverError' ? 500 : 403, codeOf(event))),
    'payment.retry': async ({ page }) => {
      await page.getByRole('button', { name: 'Try again' }).click();
    },
    'payment.show': (run, event) => openStep(run, event.step as PaymentStep),
    'payment.selectInvoice': async (run, event) => {
      const modelNumber = event.invoiceNumber as string;
      if (await notOffered(run, modelNumber)) return;
      const checkbox = invoiceCard(run.page, invoiceOf(run, modelNumber)).getByRole('checkbox');
      if (event.selected === true) await checkbox.check();
      else await checkbox.uncheck();
    },
    'payment.payInFull': async (run, event) => {
      const modelNumber = event.invoiceNumber as string;
      if (await notOffered(run, modelNumber)) return;
      await invoiceCard(run.page, invoiceOf(run, modelNumber)).getByRole('radio', { name: /^The full balance/ }).check();
    },
    'payment.payPart': async (run, event) => {
      const modelNumber = event.invoiceNumber as string;
      if (await notOffered(run, modelNumber)) return;
      const number = invoiceOf(run, modelNumber);
      await invoiceCard(run.page, number).getByRole('radio', { name: 'Another amount' }).check();
      await run.page.getByLabel(`Amount to pay on invoice ${number}`).fill(event.text as string);
    },
    'payment.updateBilling': async ({ page }, event) => {
      await setBillingField(page, event.field as BillingField, event.value as string);
    },
    'payment.rememberAddress': async ({ page }, event) => {
      await rememberAddress(page).setChecked(event.remember as boolean);
    },
    'payment.useAccountDetails': async ({ page }) => {
      await page.getByRole('button', { name: 'Same as my account' }).click();
    },
    'payment.continue': async ({ page, before }) => {
      const name = before.matches({ paying: 'enteringBillingInformation' }) ? words.toCard : either('Continue', 'Continuar');
      await page.getByRole('button', { name }).click();
    },
    'payment.back': async ({ page, before }) => {
      const name = before.matches({ paying: 'confirming' }) ? either('Change the amounts', 'Cambiar los importes') : words.back;
      await page.getByRole('button', { name }).click();
    },
    'payment.cardFieldsReady': async (run) => {
      await cardPageOf(run).serve();
      await expect(cardFields(run.page).getByLabel(/Card number|Número de tarjeta/)).toBeVisible();
    },
    'payment.cardFailed': (run) => cardPageOf(run).fail(),
    // Another language loads the processor's page in that language.
    'payment.cardFieldsLoading': async (run) => {
      await chooseLanguage(run.page, 'es-ES');
      await cardPageOf(run).arrived();
    },
    'payment.pay': async (run) => {
      const { page } = run;
      const invalid = ahead(run)[0]?.type === 'payment.cardInvalid';
      await typeCard(page, invalid ? '1234 5678' : '4242 4242 4242 4242');
      // The busy moment is short when the processor's page refuses the fields at once: the page remembers it was shown.
      await page.evaluate(() => {
        const seen = window as unknown as { modelPathSawPaying?: boolean };
        seen.modelPathSawPaying = false;
        new MutationObserver(() => {
          if (document.querySelector('button[aria-busy="true"]')) seen.modelPathSawPaying = true;
        }).observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true });
      });
      await payButton(page).click();
    },
    'payment.cardTokenized': (run) => run.gate.arrived(endpoints.pay),
    'payment.cardInvalid': async ({ page }) => {
      await expect(cardFields(page).getByLabel(/Card number|Número de tarjeta/)).toHaveAttribute('aria-invalid', 'true');
    },
    'xstate.done.actor.submitPayment': (run) => run.gate.answer(endpoints.pay, json(receiptFor(run, contextOf(run.before)))),
    'xstate.error.actor.submitPayment': async (run, event) => {
      const code = codeOf(event);
      if (code === 'notSignedIn') {
        // The session ended on the server meanwhile (its cookie is gone): the payment is refused as not signed in.
        await run.context.clearCookies();
        await run.gate.answer(endpoints.pay, refusal(401, 'notSignedIn'));
        return;
      }
      const answer = paymentRefusals[code];
      if (!answer) throw new Error(`No refusal of a payment for ${code}`);
      await run.gate.answer(endpoints.pay, answer);
    },
    'payment.startOver': async ({ page }) => {
      await page.getByRole('button', { name: 'Make another payment' }).click();
    },
  },
  screens: {
    'payment.loadingAccount': async ({ page }) => {
      await expect(heading(page, words.amounts)).toBeVisible();
      await expect(page.getByRole('main').getByRole('status')).toHaveText(/^(Loading your invoices…|The balance of an invoice changed since you started, so nothing was charged\. Loading the new balances…)$/);
    },
    'payment.loadFailed': async ({ page }) => {
      await expect(page.getByRole('alert')).toHaveText('We could not load your invoices. Please check your connection and try again.');
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
    'payment.externalCardPage': async ({ page }) => {
      await expect(page).toHaveURL(externalCardPage);
      await expect(heading(page, 'Harbor payments')).toBeVisible();
    },
    'payment.noOnlinePayments': async ({ page }) => {
      await expect(page.getByText('Your provider does not take payments online. You can still pay by mail or by phone.')).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Other ways to pay' })).toBeVisible();
    },
    'payment.nothingDue': async ({ page }) => {
      await expect(page.getByText('You have nothing to pay right now. Thank you!')).toBeVisible();
    },
    'payment.paying.choosingAmounts': async (run) => {
      const { page, after } = run;
      await expect(heading(page, words.amounts)).toBeVisible();
      await expect(page).toHaveURL(/\/SUN\/payment\/online$/);
      const context = contextOf(after);
      for (const invoice of context.account?.invoices ?? []) {
        const card = invoiceCard(page, invoiceOf(run, invoice.invoiceNumber));
        if (invoice.balanceCents === 0) {
          await expect(card).toHaveCount(0);
          continue;
        }
        const choice = context.choices[invoice.invoiceNumber];
        await expect(card.getByRole('checkbox')).toBeChecked({ checked: choice !== undefined });
        if (choice?.mode === 'part') await expect(page.getByLabel(`Amount to pay on invoice ${invoiceOf(run, invoice.invoiceNumber)}`)).toHaveValue(choice.text);
        if (choice?.mode === 'full') await expect(card.getByRole('radio', { name: /^The full balance/ })).toBeChecked();
      }
      // The page names what to fix once the payer tried to go on with an amount it cannot pay (or none).
      const toFix = selectNothingChosenError(wizardOf(after)) || selectInvoiceRows(wizardOf(after)).some((row) => row.error !== null);
      const problem = page.getByRole('alert').filter({ hasText: /^(Some amounts (cannot be paid|are missing or not written as an amount)|Choose at least one invoice)/ });
      await expect(problem).toHaveCount(toFix ? 1 : 0);
      await expect(page.getByTestId('balance-change')).toHaveCount(context.balanceChange === null ? 0 : 1);
    },
    'payment.paying.confirming': async ({ page }) => {
      await expect(heading(page, words.review)).toBeVisible();
      await expect(page).toHaveURL(/\/SUN\/payment\/online\/confirmation$/);
    },
    'payment.paying.enteringBillingInformation': async ({ page, after }) => {
      await expect(heading(page, words.billing)).toBeVisible();
      await expect(page).toHaveURL(/\/SUN\/payment\/online\/information$/);
      for (const field of ['addressLine1', 'city', 'region', 'postalCode', 'country'] as const) {
        await expect(page.getByLabel(billingLabels[field])).toHaveValue(contextOf(after).billing[field]);
      }
      // A signed-in payer is asked, a guest never.
      if (contextOf(after).accountEmail === null) await expect(rememberAddress(page)).toHaveCount(0);
      else if (contextOf(after).rememberAddress) await expect(rememberAddress(page)).toBeChecked();
      else await expect(rememberAddress(page)).not.toBeChecked();
      const required = page.getByText(either('This field is required.', 'Este campo es obligatorio.'));
      if (contextOf(after).showBillingErrors) await expect(required.first()).toBeVisible();
      else await expect(required).toHaveCount(0);
    },
    'payment.paying.card': async ({ page }) => {
      await expect(heading(page, words.card)).toBeVisible();
      await expect(page).toHaveURL(/\/SUN\/payment\/online\/creditcard$/);
    },
    'payment.paying.card.loadingFields': async (run) => {
      // Pay waits for a card page still loading (a new frame, held until the path says it is ready);
      // after a refused card the frame that is already there says at once that it is ready.
      if (run.before.matches('submitting')) {
        await expect(cardFields(run.page).getByLabel(/Card number|Número de tarjeta/)).toBeVisible();
      } else {
        await cardPageOf(run).arrived();
        await expect(payButton(run.page)).toHaveAttribute('aria-disabled', 'true');
      }
      await expectCardProblem(run.page, contextOf(run.after));
    },
    'payment.paying.card.editing': async ({ page, after }) => {
      await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
      await expectCardProblem(page, contextOf(after));
    },
    'payment.paying.card.tokenizing': async ({ page }) => {
      await expect.poll(() => page.evaluate(() => (window as unknown as { modelPathSawPaying?: boolean }).modelPathSawPaying)).toBe(true);
    },
    'payment.submitting': async ({ page }) => {
      await expect(heading(page, words.card)).toBeVisible();
      await expect(payButton(page)).toHaveText(/^(Paying|Pagando)…$/);
      await expect(payButton(page)).toHaveAttribute('aria-busy', 'true');
    },
    'payment.sessionEnded': async ({ page }) => {
      await expect(page).toHaveURL(/\/SUN\/login\?redirect=%2FSUN%2Fpayment%2Fonline%2Fcreditcard$/);
      await expect(heading(page, 'Sign in')).toBeVisible();
    },
    'payment.afterSubmitting.submitFailed': async ({ page }) => {
      await expect(heading(page, words.card)).toBeVisible();
      await expect(page.getByRole('alert')).toContainText('We could not confirm your payment because of a problem on our side or with the connection.');
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
    'payment.afterSubmitting.receipt': async (run) => {
      const { page } = run;
      await expect(heading(page, words.receipt)).toBeVisible();
      await expect(page).toHaveURL(/\/SUN\/payment\/online\/receipt$/);
      await expect(page.getByTestId('confirmation-number')).toHaveText(`P-MODEL${twoDigits(run.number)}001`);
      await expect(page.getByText('Visa ending in 4242')).toBeVisible();
    },
  },
};

/** The card step's message about the card or the processor, when the model has one. */
async function expectCardProblem(page: Page, context: PaymentContext): Promise<void> {
  const messages = {
    cardDeclined: /^(Your card was declined\. Nothing was charged\.|Su tarjeta ha sido rechazada)/,
    insufficientFunds: /insufficient funds|fondos insuficientes/,
    processorUnavailable: /^(The card form could not be reached|No se ha podido acceder al formulario de la tarjeta)/,
  } as const;
  const alert: Locator = page.getByRole('alert');
  if (context.cardProblem) await expect(alert).toHaveText(messages[context.cardProblem]);
  else await expect(alert).toHaveCount(0);
}
