/** The receipt's words in each language, and its money and date formats: for the PDF and the email. */
import type { Language } from '@contracts/session';
import type { CardBrand } from '@contracts/processor';

export interface ReceiptLabels {
  title: string;
  confirmationNumber: string;
  date: string;
  account: string;
  accountHolder: string;
  paidBy: string;
  email: string;
  invoice: string;
  description: string;
  amount: string;
  balanceAfter: string;
  total: string;
  card: string;
  endingIn: string;
  /** Beside a name of which the PDF's fonts cannot show every character. */
  notShown: string;
  brands: Record<CardBrand, string>;
}

const labels: Record<Language, ReceiptLabels> = {
  'en-US': {
    title: 'Payment receipt',
    confirmationNumber: 'Confirmation number',
    date: 'Date',
    account: 'Account',
    accountHolder: 'Account holder',
    paidBy: 'Paid by',
    email: 'Email',
    invoice: 'Invoice',
    description: 'Description',
    amount: 'Amount paid',
    balanceAfter: 'Balance after',
    total: 'Total paid',
    card: 'Card',
    endingIn: 'ending in',
    notShown: 'Some characters of this name cannot be shown in this PDF; the receipt page and the receipt email show it in full.',
    brands: { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', unknown: 'Card' },
  },
  'es-ES': {
    title: 'Justificante de pago',
    confirmationNumber: 'Número de confirmación',
    date: 'Fecha',
    account: 'Cuenta',
    accountHolder: 'Titular de la cuenta',
    paidBy: 'Pagado por',
    email: 'Correo electrónico',
    invoice: 'Factura',
    description: 'Descripción',
    amount: 'Importe pagado',
    balanceAfter: 'Saldo restante',
    total: 'Total pagado',
    card: 'Tarjeta',
    endingIn: 'terminada en',
    notShown: 'Algunos caracteres de este nombre no se pueden mostrar en este PDF; la página y el correo del justificante lo muestran completo.',
    brands: { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', unknown: 'Tarjeta' },
  },
};

/** The labels, and money and date formatters (dates in UTC), of a receipt in this language. */
export function receiptFormat(language: Language) {
  const money = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' });
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  return { t: labels[language], cents: (value: number) => money.format(value / 100), date };
}
