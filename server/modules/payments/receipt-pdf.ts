/**
 * The receipt as a PDF, made on the server with pdf-lib through `PdfWriter`: a payer's name in any
 * script prints, and where no font has a character the PDF says so next to it rather than showing
 * a wrong one. Labels in the asked language; money and dates through Intl, dates in UTC.
 */
import { PDFDocument } from 'pdf-lib';
import type { Language } from '@contracts/session';
import type { Receipt } from '@contracts/payments';
import { MARGIN, MUTED, PAGE_WIDTH, PdfWriter, wrap } from './pdf-writer';
import { receiptFormat } from './receipt-labels';

/** The file name offered for a receipt's PDF. */
export function receiptFileName(confirmationNumber: string): string {
  return `receipt-${confirmationNumber}.pdf`;
}

/** Renders the receipt; `clientName` heads it. */
export async function renderReceiptPdf({
  receipt,
  clientName,
  language,
}: {
  receipt: Receipt;
  clientName: string;
  language: Language;
}): Promise<Uint8Array<ArrayBuffer>> {
  const { t, cents, date } = receiptFormat(language);

  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t.title} ${receipt.confirmationNumber}`);
  pdf.setSubject(receipt.confirmationNumber);
  pdf.setLanguage(language);
  pdf.setCreationDate(new Date(receipt.paidAt));
  pdf.setModificationDate(new Date(receipt.paidAt));
  const given = [clientName, receipt.accountNumber, receipt.holderName, receipt.payerName, receipt.email].concat(
    receipt.lines.flatMap((line) => [line.invoiceNumber, line.description]),
  );
  const writer = await PdfWriter.create(pdf, given);
  const { regular, bold } = writer;

  writer.text(clientName, MARGIN, { font: bold, size: 16, width: PAGE_WIDTH - 2 * MARGIN });
  writer.y -= 24;
  writer.text(t.title, MARGIN, { size: 13, color: MUTED });
  writer.y -= 30;

  const details: [string, string][] = [
    [t.confirmationNumber, receipt.confirmationNumber],
    [t.date, `${date.format(new Date(receipt.paidAt))} UTC`],
    [t.account, receipt.accountNumber],
    [t.accountHolder, receipt.holderName],
    [t.paidBy, receipt.payerName],
    [t.email, receipt.email],
    [t.card, `${t.brands[receipt.cardBrand]} ${t.endingIn} ${receipt.cardLast4}`],
  ];
  const valueWidth = PAGE_WIDTH - 2 * MARGIN - 160;
  for (const [label, value] of details) {
    writer.text(label, MARGIN, { font: bold, width: 150 });
    const complete = writer.text(value, MARGIN + 160, { width: valueWidth });
    writer.y -= 16;
    if (!complete) {
      // In words beside the name, so that nobody takes the replacement marks for what was typed.
      for (const line of wrap(t.notShown, valueWidth, writer.measure(regular, 9))) {
        writer.text(line, MARGIN + 160, { size: 9, color: MUTED });
        writer.y -= 12;
      }
      writer.y -= 3;
    }
  }
  writer.y -= 14;

  const columns = {
    invoice: MARGIN,
    description: MARGIN + 85,
    amountRight: PAGE_WIDTH - MARGIN - 100,
    balanceRight: PAGE_WIDTH - MARGIN,
  };
  const descriptionWidth = columns.amountRight - 85 - columns.description;
  const header = () => {
    writer.text(t.invoice, columns.invoice, { font: bold, width: 80 });
    writer.text(t.description, columns.description, { font: bold, width: descriptionWidth });
    writer.rightAligned(t.amount, columns.amountRight, bold);
    writer.rightAligned(t.balanceAfter, columns.balanceRight, bold);
    writer.y -= 6;
    writer.rule(writer.y);
    writer.y -= 14;
  };
  header();
  for (const line of receipt.lines) {
    // What was paid for is never cut short: a long description wraps onto more lines.
    const descriptionLines = wrap(line.description, descriptionWidth, writer.measure(regular, 10));
    if (writer.y - 14 * descriptionLines.length < MARGIN) {
      writer.newPage();
      header();
    }
    writer.text(line.invoiceNumber, columns.invoice, { width: 80 });
    writer.rightAligned(cents(line.amountCents), columns.amountRight);
    writer.rightAligned(cents(line.balanceAfterCents), columns.balanceRight);
    for (const [index, part] of descriptionLines.entries()) {
      if (index > 0) writer.y -= 13;
      writer.text(part, columns.description, { width: descriptionWidth });
    }
    writer.y -= 17;
  }
  if (writer.y - 30 < MARGIN) writer.newPage();
  writer.rule(writer.y + 8);
  writer.y -= 6;
  writer.text(t.total, columns.description, { font: bold, size: 11 });
  writer.rightAligned(cents(receipt.totalCents), columns.amountRight, bold, 11);

  // Copied into a plain ArrayBuffer, which is what a response body takes.
  return new Uint8Array(await pdf.save());
}
