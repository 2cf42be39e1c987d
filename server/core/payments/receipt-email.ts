/** The receipt as a plain-text email, in the payer's language. */
import type { Language } from '@contracts/session';
import type { Receipt } from '@contracts/payments';
import { receiptFormat } from './receipt-labels';

/**
 * The end of an account number, never more than half of it: enough for the payer to recognise
 * the account. An email lists invoice numbers, and with the whole account number beside them it
 * would carry both halves of a guest sign-in to anyone who reads it.
 */
export function accountNumberTail(accountNumber: string): string {
  const shown = Math.min(4, Math.floor(accountNumber.length / 2));
  return shown === 0 ? '' : accountNumber.slice(-shown);
}

/** Subject and body of the email that carries a receipt. */
export function receiptEmail(receipt: Receipt, clientName: string, language: Language): { subject: string; body: string } {
  const { t, cents, date } = receiptFormat(language);
  const card = `${t.brands[receipt.cardBrand]} ${t.endingIn} ${receipt.cardLast4}`;
  const lines = receipt.lines.map(
    (line) =>
      `${line.invoiceNumber}  ${line.description}\n  ${t.amount}: ${cents(line.amountCents)} · ${t.balanceAfter}: ${cents(line.balanceAfterCents)}`,
  );
  const body = [
    `${clientName}: ${t.title}`,
    '',
    `${t.confirmationNumber}: ${receipt.confirmationNumber}`,
    `${t.date}: ${date.format(new Date(receipt.paidAt))} UTC`,
    `${t.account}: ${t.endingIn} ${accountNumberTail(receipt.accountNumber)} (${receipt.holderName})`,
    `${t.paidBy}: ${receipt.payerName}, ${card}`,
    '',
    ...lines,
    '',
    `${t.total}: ${cents(receipt.totalCents)}`,
  ].join('\n');
  return { subject: `${clientName}: ${t.title} ${receipt.confirmationNumber}`, body };
}
