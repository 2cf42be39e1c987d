/**
 * The statement of an account as a PDF: who holds it, what is open (each invoice with its date,
 * description, amount and balance) and the total due, then the recent payments. Labels in the
 * asked language; money and dates through Intl, dates in UTC.
 */
import { PDFDocument } from 'pdf-lib';
import type { AccountInformation } from '@contracts/accounts';
import type { PastPayment } from '@contracts/documents';
import type { Language } from '@contracts/session';
import { MARGIN, MUTED, PAGE_WIDTH, PdfWriter, wrap } from '../payments/pdf-writer';
import { statementFormat } from './statement-labels';

const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

/** What a statement shows. */
export interface StatementDocument {
  /** The client's name, or its code when it has none. */
  clientName: string;
  clientPhone: string | null;
  account: AccountInformation;
  /** The most recent payments, newest first. */
  payments: PastPayment[];
  issuedAt: Date;
}

/** Renders the statement in the language. */
export async function renderStatementPdf({ statement, language }: { statement: StatementDocument; language: Language }): Promise<Uint8Array<ArrayBuffer>> {
  const { t, cents, longDate, shortDate } = statementFormat(language);
  const { account } = statement;

  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t.title} ${account.accountNumber}`);
  pdf.setAuthor(statement.clientName);
  pdf.setLanguage(language);
  pdf.setCreationDate(statement.issuedAt);
  pdf.setModificationDate(statement.issuedAt);
  const given = [statement.clientName, statement.clientPhone ?? '', account.accountNumber, account.holderName].concat(
    account.invoices.flatMap((invoice) => [invoice.invoiceNumber, invoice.description]),
  );
  const writer = await PdfWriter.create(pdf, given);
  const { regular, bold } = writer;

  writer.text(statement.clientName, MARGIN, { font: bold, size: 16, width: CONTENT_WIDTH });
  writer.y -= 24;
  writer.text(t.title, MARGIN, { size: 13, color: MUTED });
  writer.y -= 30;

  const valueX = MARGIN + 160;
  const valueWidth = CONTENT_WIDTH - 160;
  const details: [string, string][] = [
    [t.statementDate, longDate(statement.issuedAt)],
    [t.account, account.accountNumber],
    [t.accountHolder, account.holderName],
    [t.totalDue, cents(account.totalDueCents)],
  ];
  for (const [label, value] of details) {
    writer.text(label, MARGIN, { font: bold, width: 150 });
    const complete = writer.text(value, valueX, { width: valueWidth, ...(label === t.totalDue ? { font: bold } : {}) });
    writer.y -= 16;
    if (!complete) {
      // In words beside the name, so that nobody takes the replacement marks for what is on file.
      writer.paragraph(t.notShown, valueX, valueWidth, { size: 9, color: MUTED, lineHeight: 12 });
      writer.y -= 3;
    }
  }

  const sectionHeading = (value: string) => {
    writer.y -= 18;
    writer.ensureRoom(60);
    writer.text(value, MARGIN, { font: bold, size: 12 });
    writer.y -= 20;
  };

  sectionHeading(t.openInvoices);
  const invoiceColumns = { invoice: MARGIN, date: MARGIN + 80, description: MARGIN + 155, amountRight: PAGE_WIDTH - MARGIN - 80, balanceRight: PAGE_WIDTH - MARGIN };
  const descriptionWidth = invoiceColumns.amountRight - 75 - invoiceColumns.description;
  const invoiceHeader = () => {
    writer.text(t.invoice, invoiceColumns.invoice, { font: bold, width: 75 });
    writer.text(t.date, invoiceColumns.date, { font: bold, width: 70 });
    writer.text(t.description, invoiceColumns.description, { font: bold, width: descriptionWidth });
    writer.rightAligned(t.amount, invoiceColumns.amountRight, bold);
    writer.rightAligned(t.balance, invoiceColumns.balanceRight, bold);
    writer.y -= 6;
    writer.rule(writer.y);
    writer.y -= 14;
  };
  if (account.invoices.length === 0) {
    writer.paragraph(t.noOpenInvoices, MARGIN, CONTENT_WIDTH);
  } else {
    invoiceHeader();
    for (const invoice of account.invoices) {
      // What is owed is never cut short: a long description wraps onto more lines.
      const descriptionLines = wrap(invoice.description, descriptionWidth, writer.measure(regular, 10));
      if (writer.y - 14 * descriptionLines.length < MARGIN) {
        writer.newPage();
        invoiceHeader();
      }
      writer.text(invoice.invoiceNumber, invoiceColumns.invoice, { width: 75 });
      writer.text(shortDate(invoice.invoiceDate), invoiceColumns.date, { width: 70 });
      writer.rightAligned(cents(invoice.amountCents), invoiceColumns.amountRight);
      writer.rightAligned(cents(invoice.balanceCents), invoiceColumns.balanceRight);
      for (const [index, part] of descriptionLines.entries()) {
        if (index > 0) writer.y -= 13;
        writer.text(part, invoiceColumns.description, { width: descriptionWidth });
      }
      writer.y -= 17;
    }
    writer.ensureRoom(30);
    writer.rule(writer.y + 8);
    writer.y -= 6;
    writer.text(t.totalDue, invoiceColumns.description, { font: bold, size: 11 });
    writer.rightAligned(cents(account.totalDueCents), invoiceColumns.balanceRight, bold, 11);
    writer.y -= 4;
  }

  sectionHeading(t.recentPayments);
  const paymentColumns = { date: MARGIN, confirmation: MARGIN + 110, card: MARGIN + 260, amountRight: PAGE_WIDTH - MARGIN };
  const paymentHeader = () => {
    writer.text(t.date, paymentColumns.date, { font: bold, width: 105 });
    writer.text(t.confirmationNumber, paymentColumns.confirmation, { font: bold, width: 145 });
    writer.text(t.card, paymentColumns.card, { font: bold, width: 140 });
    writer.rightAligned(t.amountPaid, paymentColumns.amountRight, bold);
    writer.y -= 6;
    writer.rule(writer.y);
    writer.y -= 14;
  };
  if (statement.payments.length === 0) {
    writer.paragraph(t.noPayments, MARGIN, CONTENT_WIDTH);
  } else {
    paymentHeader();
    for (const payment of statement.payments) {
      if (writer.y - 14 < MARGIN) {
        writer.newPage();
        paymentHeader();
      }
      writer.text(shortDate(payment.paidAt), paymentColumns.date, { width: 105 });
      writer.text(payment.confirmationNumber, paymentColumns.confirmation, { width: 145 });
      writer.text(`${t.brands[payment.cardBrand]} ${t.endingIn} ${payment.cardLast4}`, paymentColumns.card, { width: 140 });
      writer.rightAligned(cents(payment.totalCents), paymentColumns.amountRight);
      writer.y -= 17;
    }
  }

  writer.y -= 20;
  writer.paragraph(statement.clientPhone ? t.questions(statement.clientPhone) : t.questionsWithoutPhone, MARGIN, CONTENT_WIDTH, { color: MUTED });
  return new Uint8Array(await pdf.save());
}
