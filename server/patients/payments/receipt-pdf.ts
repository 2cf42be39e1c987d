/**
 * The receipt as a tagged PDF, made on the server through `PdfWriter`: a payer's name in any
 * script prints, and where no font has a character the PDF says so next to it rather than showing
 * a wrong one. Labels in the asked language; money and dates through Intl, dates in UTC.
 */
import type { Language } from '@contracts/session';
import type { Receipt } from '@contracts/payments';
import { MARGIN, PAGE_WIDTH, PdfWriter } from '../../core/pdf/pdf-writer';
import { receiptFormat } from '../../core/payments/receipt-labels';

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

  const given = [clientName, receipt.accountNumber, receipt.holderName, receipt.payerName, receipt.email].concat(
    receipt.lines.flatMap((line) => [line.invoiceNumber, line.description]),
  );
  const paidAt = new Date(receipt.paidAt);
  const writer = await PdfWriter.create({ title: `${t.title} ${receipt.confirmationNumber}`, subject: receipt.confirmationNumber, language, date: paidAt }, given);

  writer.masthead(clientName, t.title);
  writer.details(
    [
      { label: t.confirmationNumber, value: receipt.confirmationNumber },
      { label: t.date, value: `${date.format(paidAt)} UTC` },
      { label: t.account, value: receipt.accountNumber },
      { label: t.accountHolder, value: receipt.holderName },
      { label: t.paidBy, value: receipt.payerName },
      { label: t.email, value: receipt.email },
      { label: t.card, value: `${t.brands[receipt.cardBrand]} ${t.endingIn} ${receipt.cardLast4}` },
    ],
    t.notShown,
  );
  writer.y -= 14;

  const amountRight = PAGE_WIDTH - MARGIN - 100;
  const description = { heading: t.description, x: MARGIN + 85, width: amountRight - 85 - (MARGIN + 85), wraps: true };
  writer.table(
    writer.root,
    [
      { heading: t.invoice, x: MARGIN, width: 80 },
      description,
      { heading: t.amount, x: amountRight - 80, width: 80, right: true },
      { heading: t.balanceAfter, x: PAGE_WIDTH - MARGIN - 80, width: 80, right: true },
    ],
    receipt.lines.map((line) => [line.invoiceNumber, line.description, cents(line.amountCents), cents(line.balanceAfterCents)]),
  );
  if (writer.y - 30 < MARGIN) writer.newPage();
  writer.rule(writer.y + 8);
  writer.y -= 6;
  writer.block('P', writer.root, () => {
    writer.text(`${t.total} `, description.x, { bold: true, size: 11 });
    writer.rightAligned(cents(receipt.totalCents), amountRight, { bold: true, size: 11 });
  });
  return writer.finish();
}
