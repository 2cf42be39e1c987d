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
  /** Under a payment: a refund of part or all of it, its void (with what the void means), and what the payer kept paid after refunds. */
  refunded: string;
  voided: string;
  cardNotCharged: string;
  keptAfterRefunds: string;
  brands: Record<CardBrand, string>;
  /** Beside a name of which the PDF's fonts cannot show every character. */
  notShown: string;
  /** The closing line, with the client's phone number. */
  questions: (phone: string) => string;
  /** The closing line when the client has no phone number. */
  questionsWithoutPhone: string;
  /** The file name's first word (ASCII). */
  fileWord: string;
  /** What each open invoice is for, line by line. */
  billsExplained: string;
  /** The heading of an invoice's lines: its number and date, and whom the services were for when given. */
  billOf: (invoiceNumber: string, date: string, patientName: string) => string;
  serviceDate: string;
  service: string;
  charged: string;
  insurancePaid: string;
  adjustments: string;
  youPaid: string;
  leftToPay: string;
  /** A line's service: its description and code, its units, and the payer and the claim's status when given. */
  serviceOf: (line: { description: string; procedureCode: string; units: number; payerName: string; claimStatus: string }) => string;
  /** The right to dispute a bill well above its good-faith estimate (see contracts/bill-dispute.ts); dates and money already formatted. */
  dispute: (facts: { charges: string; excess: string; estimate: string; billDate: string; deadline: string; passed: boolean }) => string;
}

/** The payer and the claim's status, as far as they are given: "Medica: Paid". */
const claimOf = (payerName: string, claimStatus: string) => [payerName, claimStatus].filter(Boolean).join(': ');

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
    refunded: 'Refunded',
    voided: 'Cancelled',
    cardNotCharged: 'Your card was not charged',
    keptAfterRefunds: 'You paid after refunds',
    brands: { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', unknown: 'Card' },
    notShown: 'Some characters of this name cannot be shown in this PDF; the invoices page shows it in full.',
    questions: (phone) => `Questions about this statement? Call us at ${phone}.`,
    questionsWithoutPhone: 'Questions about this statement? Contact us using the details on your bill.',
    fileWord: 'statement',
    billsExplained: 'What each bill is for',
    billOf: (invoiceNumber, date, patientName) => `Invoice ${invoiceNumber} of ${date}${patientName ? `, for ${patientName}` : ''}`,
    serviceDate: 'Date',
    service: 'Service',
    charged: 'Charged',
    insurancePaid: 'Insurance',
    adjustments: 'Adjusted',
    youPaid: 'You paid',
    leftToPay: 'Left to pay',
    serviceOf: ({ description, procedureCode, units, payerName, claimStatus }) =>
      [`${description} (${procedureCode}), ${String(units)} ${units === 1 ? 'unit' : 'units'}`, claimOf(payerName, claimStatus)].filter(Boolean).join('; '),
    dispute: ({ charges, excess, estimate, billDate, deadline, passed }) =>
      `You may have the right to dispute this bill: its charges (${charges}) are ${excess} more than the good-faith estimate you were given (${estimate}). ` +
      (passed
        ? `You could dispute it with the provider within 120 days of the bill date (${billDate}); that period ended on ${deadline}. `
        : `You may dispute it with the provider within 120 days of the bill date (${billDate}), that is until ${deadline}. `) +
      'The notice of your billing rights, under Documents in the patient portal, explains how.',
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
    refunded: 'Reembolsado',
    voided: 'Anulado',
    cardNotCharged: 'No se le ha cobrado en su tarjeta',
    keptAfterRefunds: 'Pagado tras los reembolsos',
    brands: { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', unknown: 'Tarjeta' },
    notShown: 'Algunos caracteres de este nombre no se pueden mostrar en este PDF; la página de facturas lo muestra completo.',
    questions: (phone) => `¿Tiene preguntas sobre este extracto? Llámenos al ${phone}.`,
    questionsWithoutPhone: '¿Tiene preguntas sobre este extracto? Contacte con nosotros con los datos de su factura.',
    fileWord: 'extracto',
    billsExplained: 'Qué incluye cada factura',
    billOf: (invoiceNumber, date, patientName) => `Factura ${invoiceNumber} del ${date}${patientName ? `, para ${patientName}` : ''}`,
    serviceDate: 'Fecha',
    service: 'Servicio',
    charged: 'Cargo',
    insurancePaid: 'Seguro',
    adjustments: 'Ajustes',
    youPaid: 'Pagado',
    leftToPay: 'Pendiente',
    serviceOf: ({ description, procedureCode, units, payerName, claimStatus }) =>
      [`${description} (${procedureCode}), ${String(units)} ${units === 1 ? 'unidad' : 'unidades'}`, claimOf(payerName, claimStatus)].filter(Boolean).join('; '),
    dispute: ({ charges, excess, estimate, billDate, deadline, passed }) =>
      `Puede tener derecho a impugnar esta factura: sus cargos (${charges}) superan en ${excess} la estimación de buena fe que se le dio (${estimate}). ` +
      (passed
        ? `Podía impugnarla ante el proveedor en los 120 días siguientes a la fecha de la factura (${billDate}); ese plazo terminó el ${deadline}. `
        : `Puede impugnarla ante el proveedor en los 120 días siguientes a la fecha de la factura (${billDate}), es decir, hasta el ${deadline}. `) +
      'El aviso sobre sus derechos de facturación, en Documentos del portal del paciente, explica cómo hacerlo.',
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
