/**
 * The refund plan in the browser: the console's Payments screen as billing staff, the payments
 * found answered as the model's, each refund held and answered as the path says (made, more than
 * is left, a reason refused, the payment voided meanwhile, the network down).
 */
import type { ConsolePayment } from '@contracts/console-work';
import { shownProblems } from '@machines/form/form.rules';
import { refundingPayment, refundProblems, type paymentRefundMachine } from '@machines/console/payment-refund.machine';
import { refundFields, type RefundField, type RefundProblem, type RefundRejection } from '@machines/console/payment-refund.types';
import type { Locator, Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { formatMoney, parseMoney } from '@/lib/format';
import { expect } from '../fixtures';
import type { BrowserPaths, PathRun } from './browser-paths';
import { json, refusal, type Answer } from './call-gate';
import { consoleFailure, consoleFailureMessages, openConsoleScreen } from './console-page';
import { expectField, leaveField } from './password-forms';

type Snapshot = SnapshotFrom<typeof paymentRefundMachine>;

const payments = 'console/payments';
const refundCall = (confirmationNumber: string) => `${payments}/${confirmationNumber}/refunds`;
const snapshotOf = (run: PathRun) => run.after as Snapshot;
const money = (cents: number) => formatMoney(cents, 'en-US');
const refundForm = (page: Page) => page.getByRole('region', { name: /^Refund P-/ });
const question = (page: Page) => page.getByRole('alertdialog');
const field = (page: Page, name: RefundField) => refundForm(page).getByLabel(name === 'amount' ? 'Amount to refund' : 'Reason', { exact: true });
/**
 * Types into a field as the model's edit does, without moving the focus: filling one field would
 * blur the other, a leave the path does not hold (its own `form.leave` steps do that).
 */
async function typeWithoutLeaving(locator: Locator, value: string): Promise<void> {
  await locator.evaluate((element, text) => {
    const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, text);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

/** The payment whose form is open before the step. */
const openPayment = (run: PathRun) => (run.before as Snapshot).context.refunding ?? '';

function fieldMessage(name: RefundField, problem: RefundProblem, left: number): string {
  if (name === 'reason') {
    if (problem === 'tooLong') return 'Keep the reason to 500 characters.';
    if (problem === 'invalidCharacters') return 'The reason holds characters that cannot be used, such as control characters. Type it again.';
    return 'Say why: the office keeps the reason (the payer never sees it).';
  }
  const messages: Record<RefundProblem, string> = {
    required: 'Enter the amount to refund.',
    tooMuch: `At most ${money(left)} is left to refund on this payment.`,
    ambiguous: 'Write the amount with its cents, such as 12.50, so it cannot be misread.',
    invalid: 'Enter an amount, such as 12.50.',
    tooLong: 'Enter an amount, such as 12.50.',
    invalidCharacters: 'Enter an amount, such as 12.50.',
  };
  return messages[problem];
}

/** A failed refund as the page meets it: more than is left (422), another field refused (400 with the request's names), or as a console call fails. */
function refundFailure(error: unknown): Answer {
  const fields = (error as RefundRejection & { fields?: Partial<Record<RefundField, RefundProblem>> }).fields ?? {};
  if (fields.amount === 'tooMuch') return refusal(422, 'amountExceedsRefundable');
  if (fields.reason !== undefined) return json({ error: 'invalidRequest', fields: { reason: fields.reason } }, 400);
  return consoleFailure(error, { keyReused: 'idempotencyKeyReused' });
}

export const paymentRefundPaths: BrowserPaths = {
  machine: 'payment-refund',
  start: (run) =>
    openConsoleScreen(run, { screen: 'payments', role: 'billingStaff', load: { endpoint: payments, body: { payments: snapshotOf(run).context.payments, page: 1, more: false } }, heading: 'Payments' }),
  steps: {
    'refund.open': (run, event) => run.page.getByRole('button', { name: `Refund ${String(event.confirmationNumber)}`, exact: true }).click(),
    'refund.cancel': (run) => refundForm(run.page).getByRole('button', { name: 'Cancel' }).click(),
    'form.edit': (run, event) => typeWithoutLeaving(field(run.page, event.field as RefundField), String(event.value)),
    'form.leave': (run, event) => leaveField(run.page, field(run.page, event.field as RefundField)),
    // Nothing goes before the question is answered yes.
    'form.submit': (run) => refundForm(run.page).getByRole('button', { name: 'Refund to the card' }).click(),
    'refund.confirm': async (run) => {
      run.gate.hold(refundCall(openPayment(run)));
      await question(run.page).getByRole('button', { name: /^Yes, refund / }).click();
      if (run.after.matches('refunding')) await run.gate.arrived(refundCall(openPayment(run)));
    },
    'refund.back': (run) => question(run.page).getByRole('button', { name: 'No, go back' }).click(),
    'xstate.done.actor.refund': (run, event) => run.gate.answer(refundCall(openPayment(run)), json(event.output, 201)),
    'xstate.error.actor.refund': (run, event) => run.gate.answer(refundCall(openPayment(run)), refundFailure(event.error)),
  },
  screens: {
    // Each payment's row (what was refunded, Refund where something is left), the refund just made or the failure above.
    'paymentRefund.browsing': async (run) => {
      const { page } = run;
      const { context } = snapshotOf(run);
      await expect(refundForm(page)).toHaveCount(0);
      for (const payment of context.payments) await expectRow(page, payment);
      const notice = context.notice;
      const made = page.getByText(/^Refund R-.* made on /);
      if (notice === null) await expect(made).toHaveCount(0);
      else await expect(made).toHaveText(`Refund ${notice.refundNumber} of ${money(notice.amountCents)} made on ${notice.confirmationNumber}: the payer gets an email.`);
      const failure = context.failure;
      if (failure === null) await expect(page.getByRole('alert')).toHaveCount(0);
      else await expect(page.getByRole('alert')).toHaveText(failure === 'paymentVoided' ? 'This payment was voided: there is nothing left to refund.' : failure === 'keyReused' ? /may have gone through already/ : consoleFailureMessages[failure]);
    },
    // The form under the payment: what is left, the amount and the reason with their problems, the failure in it.
    'paymentRefund.editing': async (run) => {
      const { page } = run;
      const { context } = snapshotOf(run);
      const payment = refundingPayment(context);
      if (!payment) throw new Error('The model has no payment open');
      const form = refundForm(page);
      await expect(form.getByRole('heading', { level: 2 })).toHaveText(`Refund ${payment.confirmationNumber}`);
      await expect(form).toContainText(`${money(payment.refundableCents)} left to refund, to the card ending in ${payment.cardLast4}.`);
      const shown = shownProblems(context, refundFields, refundProblems(context.draft, payment.refundableCents, (text) => parseMoney(text, 'en-US')));
      for (const name of refundFields) {
        const problem = shown[name];
        await expectField(field(page, name), context.draft[name], problem ? fieldMessage(name, problem, payment.refundableCents) : null);
      }
      // After a refusal by the server, the focus is on the first field it refused.
      const firstRefused = refundFields.find((name) => context.serverProblems[name] !== undefined);
      if (firstRefused && context.refusals > (run.before as Snapshot).context.refusals) await expect(field(page, firstRefused)).toBeFocused();
      const failure = context.failure;
      if (failure === null) await expect(page.getByRole('alert')).toHaveCount(0);
      else await expect(form.getByRole('alert')).toHaveText(failure === 'paymentVoided' || failure === 'keyReused' ? consoleFailureMessages.serverError : consoleFailureMessages[failure]);
      await expect(form.getByRole('button', { name: 'Refund to the card' })).toBeVisible();
    },
    // The question: the amount as typed, read as money, and the card; the safe answer has the focus.
    'paymentRefund.confirming': async (run) => {
      const { page } = run;
      const { context } = snapshotOf(run);
      const payment = refundingPayment(context);
      if (!payment) throw new Error('The model has no payment open');
      const read = parseMoney(context.draft.amount, 'en-US');
      const sum = 'cents' in read ? money(read.cents) : context.draft.amount;
      await expect(question(page)).toContainText(`Refund ${sum} of ${payment.confirmationNumber} to the card ending in ${payment.cardLast4}? It cannot be undone.`);
      await expect(question(page).getByRole('button', { name: 'No, go back' })).toBeFocused();
      await expect(field(page, 'amount')).toHaveValue(context.draft.amount);
    },
    'paymentRefund.refunding': async ({ page }) => {
      await expect(refundForm(page).getByRole('button', { name: 'Refunding…' })).toBeVisible();
      await expect(refundForm(page).locator('form[aria-busy="true"]')).toBeVisible();
    },
  },
};

/** A payment's row: what was refunded (or Voided), and Refund while something is left. */
async function expectRow(page: Page, payment: ConsolePayment): Promise<void> {
  const row = page.getByTestId('payments').getByRole('row').filter({ hasText: payment.confirmationNumber });
  await expect(row).toContainText(payment.voided ? 'Voided' : payment.refundedCents === 0 ? '—' : money(payment.refundedCents));
  await expect(row.getByRole('button', { name: `Refund ${payment.confirmationNumber}`, exact: true })).toHaveCount(payment.refundableCents > 0 && !payment.voided ? 1 : 0);
}
