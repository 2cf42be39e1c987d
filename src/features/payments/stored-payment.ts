/**
 * The wizard's progress in session storage ("the online payment grid information"): read back
 * only when it has the expected shape, so a stale or tampered value starts the wizard afresh.
 */
import type { AmountChoice, ParsedAmount, StoredPayment } from '@machines/payment/payment.types';
import * as v from 'valibot';
import { receiptSchema } from '@contracts/payments';
import { sessionItem, storageKeys } from '@/lib/storage';

const field = v.pipe(v.string(), v.maxLength(254));

const storedPaymentSchema = v.object({
  accountNumber: v.string(),
  confirmed: v.boolean(),
  billing: v.object({
    payerName: field,
    addressLine1: field,
    addressLine2: field,
    city: field,
    region: field,
    postalCode: field,
    country: field,
    email: field,
  }),
  receipt: v.nullable(receiptSchema),
  // Progress kept by an older portal has none: not remembered.
  rememberAddress: v.optional(v.boolean(), false),
});

// One object with both keys optional rather than a union: valibot's union would join the vendor
// chunk the landing page loads.
const amountChoiceSchema = v.object({
  mode: v.picklist(['full', 'part']),
  text: v.optional(v.pipe(v.string(), v.maxLength(32))),
  amount: v.optional(v.object({ cents: v.optional(v.number()), problem: v.optional(v.picklist(['invalid', 'ambiguous'])) })),
});

/**
 * The reading of the typed text as it was kept. Progress kept by an older portal has none: it
 * counts as not an amount (the payer sees why and retypes) rather than trusting a reading that
 * was not strict.
 */
function readAmount(amount: v.InferOutput<typeof amountChoiceSchema>['amount']): ParsedAmount {
  if (amount?.cents !== undefined) return { cents: amount.cents };
  return { problem: amount?.problem ?? 'invalid' };
}

/** The choices by invoice number, or null when any of them is not a choice. */
function readChoices(value: unknown): Record<string, AmountChoice> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const choices: Record<string, AmountChoice> = {};
  for (const [invoiceNumber, raw] of Object.entries(value)) {
    const parsed = v.safeParse(amountChoiceSchema, raw);
    if (!parsed.success) return null;
    const { mode, text = '', amount } = parsed.output;
    choices[invoiceNumber] = mode === 'full' ? { mode } : { mode, text, amount: readAmount(amount) };
  }
  return choices;
}

/** Reads stored progress from its JSON text; null when it is not ours. */
export function parseStoredPayment(raw: string): StoredPayment | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = v.safeParse(storedPaymentSchema, json);
  const choices = readChoices(typeof json === 'object' && json !== null && 'choices' in json ? json.choices : null);
  return parsed.success && choices ? { ...parsed.output, choices } : null;
}

/** The stored progress, or null when there is none or it is not ours. */
export function readStoredPayment(): StoredPayment | null {
  const raw = sessionItem.get(storageKeys.paymentGrid);
  return raw ? parseStoredPayment(raw) : null;
}

/** Keeps the progress for a reload or a new sign-in in this tab; null forgets it. */
export function writeStoredPayment(progress: StoredPayment | null): void {
  if (progress) sessionItem.set(storageKeys.paymentGrid, JSON.stringify(progress));
  else sessionItem.remove(storageKeys.paymentGrid);
}
