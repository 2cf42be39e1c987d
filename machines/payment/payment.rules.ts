/**
 * The payment wizard's rules, shared by the machine's guards and the views' selectors: which
 * invoices are open, whether an amount can be paid, whether the billing draft is complete, and
 * which step the payer may be on. Pure functions over the types in payment.types.ts.
 */
import type { AccountInformation, OpenInvoice } from '@contracts/accounts';
import { billingFields, type AmountChoice, type AmountErrorCode, type BillingDraft, type BillingErrorCode, type BillingField, type PaymentStep } from './payment.types';

/** The invoices that can still be paid (a balance above zero), in the account's order. */
export function openInvoices(account: AccountInformation | null): OpenInvoice[] {
  return account ? account.invoices.filter((invoice) => invoice.balanceCents > 0) : [];
}

/** Why this choice cannot be paid on this invoice, or null when it can. */
export function amountError(choice: AmountChoice, invoice: OpenInvoice): AmountErrorCode | null {
  if (choice.mode === 'full') return null;
  if (choice.text.trim() === '') return 'required';
  const { amount } = choice;
  if ('problem' in amount) return amount.problem === 'ambiguous' ? 'ambiguous' : 'notANumber';
  if (!Number.isInteger(amount.cents)) return 'notANumber';
  if (amount.cents <= 0) return 'notPositive';
  if (amount.cents > invoice.balanceCents) return 'aboveBalance';
  return null;
}

/** What this choice pays on this invoice in cents (the balance when in full), or null when it cannot be paid. */
export function amountToPay(choice: AmountChoice, invoice: OpenInvoice): number | null {
  if (amountError(choice, invoice) !== null) return null;
  if (choice.mode === 'full') return invoice.balanceCents;
  return 'cents' in choice.amount ? choice.amount.cents : null;
}

/** The lines of a payment: one per chosen open invoice whose amount can be paid, in the account's order. */
export function paymentLines(
  choices: Record<string, AmountChoice>,
  account: AccountInformation | null,
): { invoiceNumber: string; amountCents: number }[] {
  return openInvoices(account).flatMap((invoice) => {
    const choice = choices[invoice.invoiceNumber];
    const amountCents = choice ? amountToPay(choice, invoice) : null;
    return amountCents === null ? [] : [{ invoiceNumber: invoice.invoiceNumber, amountCents }];
  });
}

/** The amounts can be paid: at least one open invoice is chosen, and every chosen amount is payable. */
export function areAmountsValid(choices: Record<string, AmountChoice>, account: AccountInformation | null): boolean {
  const invoices = openInvoices(account);
  const chosen = invoices.filter((invoice) => choices[invoice.invoiceNumber] !== undefined);
  return (
    chosen.length > 0 &&
    Object.keys(choices).length === chosen.length &&
    chosen.every((invoice) => {
      const choice = choices[invoice.invoiceNumber];
      return choice !== undefined && amountError(choice, invoice) === null;
    })
  );
}

/**
 * The billing fields' limits, as the server's `billingInformationSchema` checks them (trimmed
 * text; addressLine2 is the only optional field).
 */
export const billingFieldRules: Record<BillingField, { required: boolean; maxLength: number }> = {
  payerName: { required: true, maxLength: 120 },
  addressLine1: { required: true, maxLength: 120 },
  addressLine2: { required: false, maxLength: 120 },
  city: { required: true, maxLength: 80 },
  region: { required: true, maxLength: 80 },
  postalCode: { required: true, maxLength: 16 },
  country: { required: true, maxLength: 56 },
  email: { required: true, maxLength: 254 },
};

/** The same pattern as the server's email check (valibot's `email()`), so both agree. */
const emailPattern = /^[\w+-]+(?:\.[\w+-]+)*@[\da-z]+(?:[.-][\da-z]+)*\.[a-z]{2,}$/iu;

/** Whether this text looks like an email address the server accepts. */
export function isPlausibleEmail(value: string): boolean {
  return emailPattern.test(value.trim());
}

/** Why this billing field cannot be sent, or null when it can. */
export function billingFieldError(field: BillingField, value: string): BillingErrorCode | null {
  const rule = billingFieldRules[field];
  const trimmed = value.trim();
  if (trimmed === '') return rule.required ? 'required' : null;
  if (field === 'email' && !isPlausibleEmail(trimmed)) return 'invalidEmail';
  if (trimmed.length > rule.maxLength) return 'tooLong';
  return null;
}

/** Every field of the draft that cannot be sent, with the reason. */
export function billingErrors(billing: BillingDraft): Partial<Record<BillingField, BillingErrorCode>> {
  const errors: Partial<Record<BillingField, BillingErrorCode>> = {};
  for (const field of billingFields) {
    const error = billingFieldError(field, billing[field]);
    if (error !== null) errors[field] = error;
  }
  return errors;
}

/** The billing draft can be sent as it is. */
export function isBillingValid(billing: BillingDraft): boolean {
  return Object.keys(billingErrors(billing)).length === 0;
}

/** The draft as the server receives it: every field trimmed. */
export function trimBilling(billing: BillingDraft): BillingDraft {
  const trimmed = { ...billing };
  for (const field of billingFields) trimmed[field] = billing[field].trim();
  return trimmed;
}

/** The wizard's steps before the receipt: the pages the payer moves through. */
export type WizardStep = Exclude<PaymentStep, 'receipt'>;
export const wizardSteps: readonly WizardStep[] = ['amounts', 'confirmation', 'information', 'card'];

/** What decides which steps are complete. */
export interface WizardProgress {
  account: AccountInformation | null;
  choices: Record<string, AmountChoice>;
  confirmed: boolean;
  billing: BillingDraft;
}

/** The payer has finished this step (the card step is only finished by paying). */
export function isStepComplete(progress: WizardProgress, step: WizardStep): boolean {
  switch (step) {
    case 'amounts':
      return areAmountsValid(progress.choices, progress.account);
    case 'confirmation':
      return progress.confirmed && areAmountsValid(progress.choices, progress.account);
    case 'information':
      return isBillingValid(progress.billing);
    case 'card':
      return false;
  }
}

/** The first step the payer has not finished. */
export function firstIncompleteStep(progress: WizardProgress): WizardStep {
  return wizardSteps.find((step) => !isStepComplete(progress, step)) ?? 'card';
}

/**
 * Where the wizard opens when a step is asked for: that step if every earlier step is complete,
 * otherwise the first incomplete one (the receipt is not a wizard step).
 */
export function resumeStep(progress: WizardProgress, requested: PaymentStep): WizardStep {
  const index = wizardSteps.indexOf(requested as WizardStep);
  if (index < 0) return firstIncompleteStep(progress);
  const earlier = wizardSteps.slice(0, index);
  return earlier.every((step) => isStepComplete(progress, step)) ? wizardSteps[index] ?? 'amounts' : firstIncompleteStep(progress);
}
