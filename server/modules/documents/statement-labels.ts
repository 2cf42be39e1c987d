/** The account statement's words in each language, and its money and date formats. */
import type { Language } from '@contracts/session';
import type { CardBrand } from '@contracts/processor';

export interface StatementLabels {
  title: string;
  statementDate: string;
  account: string;
  accountHolder: string;
  totalDue: string;
  openInvoices: string;
  invoice: string;
  date: string;
  description: string;
  amount: string;
  balance: string;
  noOpenInvoices: string;
  recentPayments: string;
  confirmationNumber: string;
  card: string;
  amountPaid: string;
  noPayments: string;
  endingIn: string;
  brands: Record<CardBrand, string>;
  /** Beside a name of which the PDF's fonts cannot show every character. */
  notShown: string;
  /** The closing line, with the client's phone number. */
  questions: (phone: string) => string;
  /** The closing line when the client has no phone number. */
  questionsWithoutPhone: string;
  /** The file name's first word (ASCII). */
  fileWord: string;
}

const labels: Record<Language, StatementLabels> = {
  'en-US': {
    title: 'Account statement',
    statementDate: 'Statement date',
    account: 'Account',
    accountHolder: 'Account holder',
    totalDue: 'Total due',
    openInvoices: 'Open invoices',
    invoice: 'Invoice',
    date: 'Date',
    description: 'Description',
    amount: 'Amount',
    balance: 'Balance',
    noOpenInvoices: 'You have no open invoices. Nothing is due.',
    recentPayments: 'Recent payments',
    confirmationNumber: 'Confirmation number',
    card: 'Card',
    amountPaid: 'Amount paid',
    noPayments: 'No payments yet.',
    endingIn: 'ending in',
    brands: { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', unknown: 'Card' },
    notShown: 'Some characters of this name cannot be shown in this PDF; the invoices page shows it in full.',
    questions: (phone) => `Questions about this statement? Call us at ${phone}.`,
    questionsWithoutPhone: 'Questions about this statement? Contact us using the details on your bill.',
    fileWord: 'statement',
  },
  'es-ES': {
    title: 'Extracto de cuenta',
    statementDate: 'Fecha del extracto',
    account: 'Cuenta',
    accountHolder: 'Titular de la cuenta',
    totalDue: 'Total pendiente',
    openInvoices: 'Facturas pendientes',
    invoice: 'Factura',
    date: 'Fecha',
    description: 'Descripción',
    amount: 'Importe',
    balance: 'Saldo',
    noOpenInvoices: 'No tiene facturas pendientes. No hay nada que pagar.',
    recentPayments: 'Pagos recientes',
    confirmationNumber: 'Número de confirmación',
    card: 'Tarjeta',
    amountPaid: 'Importe pagado',
    noPayments: 'Todavía no hay pagos.',
    endingIn: 'terminada en',
    brands: { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', unknown: 'Tarjeta' },
    notShown: 'Algunos caracteres de este nombre no se pueden mostrar en este PDF; la página de facturas lo muestra completo.',
    questions: (phone) => `¿Tiene preguntas sobre este extracto? Llámenos al ${phone}.`,
    questionsWithoutPhone: '¿Tiene preguntas sobre este extracto? Contacte con nosotros con los datos de su factura.',
    fileWord: 'extracto',
  },
};

/** The labels, and money and date formatters (dates in UTC), of a statement in this language. */
export function statementFormat(language: Language) {
  const money = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' });
  const longDate = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
  const shortDate = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    t: labels[language],
    cents: (value: number) => money.format(value / 100),
    longDate: (instant: Date) => longDate.format(instant),
    /** A YYYY-MM-DD calendar date, or an ISO instant, as a medium date. */
    shortDate: (isoDate: string) => shortDate.format(new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate)),
  };
}
