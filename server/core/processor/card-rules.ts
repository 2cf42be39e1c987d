/**
 * The sandbox processor's card checks: Luhn, brand from the number's prefix, expiry, CVC length,
 * and the outcome the sandbox test numbers ask for. Pure functions; the card-fields page's script
 * repeats the field checks for quick feedback (with the same Luhn check, card-fields/luhn.js), and
 * the server checks again.
 */
import type { CardBrand } from '@contracts/processor';
import { passesLuhn } from './card-fields/luhn.js';

export { passesLuhn };

export type SandboxOutcome = 'approve' | 'decline' | 'insufficientFunds';

/** The sandbox's test numbers (README, "Try it as a patient"); any other valid number is approved. */
export const SANDBOX_OUTCOMES: ReadonlyMap<string, SandboxOutcome> = new Map([
  ['4000000000000002', 'decline'],
  ['4000000000009995', 'insufficientFunds'],
]);

/** The digits of a number as typed with spaces or dashes, or null when it is not 12 to 19 digits. */
export function cardDigits(number: string): string | null {
  const digits = number.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/** The brand the number's prefix names. */
export function cardBrandOf(digits: string): CardBrand {
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (four === 6011 || two === 65) return 'discover';
  return 'unknown';
}

/** A card expiring this month is still good; one more than 20 years ahead is a typing mistake. */
export function expiryIsCurrent(month: number, year: number, now: Date): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return false;
  const expiry = year * 12 + (month - 1);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return expiry >= current && expiry <= current + 20 * 12;
}

/** Three digits, four for American Express. */
export function cvcFits(cvc: string, brand: CardBrand): boolean {
  return brand === 'amex' ? /^\d{4}$/.test(cvc) : /^\d{3}$/.test(cvc);
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardField = 'number' | 'expiry' | 'cvc';

export type CardCheck =
  | { valid: true; brand: CardBrand; last4: string; outcome: SandboxOutcome }
  | { valid: false; invalidFields: CardField[] };

/** Checks a card as the sandbox processor does; what it keeps of a valid one is brand and last four. */
export function checkCard(card: CardInput, now: Date): CardCheck {
  const digits = cardDigits(card.number);
  const numberValid = digits !== null && passesLuhn(digits);
  const brand = digits === null ? 'unknown' : cardBrandOf(digits);
  const invalidFields: CardField[] = [];
  if (!numberValid) invalidFields.push('number');
  if (!expiryIsCurrent(card.expMonth, card.expYear, now)) invalidFields.push('expiry');
  if (!cvcFits(card.cvc, brand)) invalidFields.push('cvc');
  if (!numberValid || invalidFields.length > 0) return { valid: false, invalidFields };
  return { valid: true, brand, last4: digits.slice(-4), outcome: SANDBOX_OUTCOMES.get(digits) ?? 'approve' };
}
