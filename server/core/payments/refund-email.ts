/** The email that tells a payer money went back to their card, in the language they paid in. */
import type { CardBrand } from '@contracts/processor';
import type { Language } from '@contracts/session';
import { accountNumberTail } from './receipt-email';
import { receiptFormat } from './receipt-labels';

export interface MoneyBackEmail {
  kind: 'refund' | 'void';
  confirmationNumber: string;
  accountNumber: string;
  amountCents: number;
  cardBrand: CardBrand;
  cardLast4: string;
  at: Date;
}

const words: Record<Language, { refund: string; void: string; refundBody: string; voidBody: string; payment: string; amount: string; date: string; account: string; card: string; days: string }> = {
  'en-US': {
    refund: 'Refund of your payment',
    void: 'Your payment was cancelled',
    refundBody: 'We have refunded part or all of your payment to your card.',
    voidBody: 'Your payment was cancelled before it was settled: your card is not charged for it.',
    payment: 'Payment',
    amount: 'Amount returned',
    date: 'Date',
    account: 'Account',
    card: 'Card',
    days: 'Your bank may take 5 to 10 business days to show it.',
  },
  'es-ES': {
    refund: 'Reembolso de su pago',
    void: 'Su pago se ha anulado',
    refundBody: 'Le hemos reembolsado a su tarjeta una parte o la totalidad de su pago.',
    voidBody: 'Su pago se anuló antes de liquidarse: no se le cobrará en su tarjeta.',
    payment: 'Pago',
    amount: 'Importe devuelto',
    date: 'Fecha',
    account: 'Cuenta',
    card: 'Tarjeta',
    days: 'Su banco puede tardar de 5 a 10 días hábiles en mostrarlo.',
  },
};

/** Subject and plain-text body (the outbox writes the HTML part from it, escaped). */
export function moneyBackEmail(email: MoneyBackEmail, clientName: string, language: Language): { subject: string; body: string } {
  const w = words[language];
  const { t, cents, date } = receiptFormat(language);
  const brand = t.brands[email.cardBrand];
  const title = email.kind === 'refund' ? w.refund : w.void;
  const body = [
    `${clientName}: ${title}`,
    '',
    email.kind === 'refund' ? w.refundBody : w.voidBody,
    '',
    `${w.payment}: ${email.confirmationNumber}`,
    `${w.amount}: ${cents(email.amountCents)}`,
    `${w.date}: ${date.format(email.at)} UTC`,
    `${w.account}: ${t.endingIn} ${accountNumberTail(email.accountNumber)}`,
    `${w.card}: ${brand} ${t.endingIn} ${email.cardLast4}`,
    '',
    w.days,
  ].join('\n');
  return { subject: `${clientName}: ${title} ${email.confirmationNumber}`, body };
}
