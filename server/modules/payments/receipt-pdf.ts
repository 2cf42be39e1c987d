/**
 * The receipt as a PDF, made on the server with pdf-lib's standard Helvetica (WinAnsi: enough for
 * English and Spanish). Labels in the asked language; money and dates through Intl, dates in UTC.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Language } from '@contracts/session';
import type { Receipt } from '@contracts/payments';
import { receiptFormat } from './receipt-labels';

const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
const INK = rgb(0.12, 0.14, 0.16);
const MUTED = rgb(0.3, 0.33, 0.36);

/** Breaks text into lines no wider than `width`; a word wider than that is cut by `shortenToWidth` later. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (current !== '' && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current !== '' || lines.length === 0) lines.push(current);
  return lines;
}

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
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const encodable = new Set(regular.getCharacterSet());

  /** What WinAnsi cannot show becomes '?'; Intl's narrow and thin spaces become plain ones. */
  const safe = (text: string) =>
    Array.from(text.replace(/[\u2007\u2009\u202f]/g, ' '), (character) =>
      encodable.has(character.codePointAt(0) ?? 0) ? character : '?',
    ).join('');
  /** Shortens text to fit `width`, with an ellipsis. */
  const shortenToWidth = (text: string, font: PDFFont, size: number, width: number) => {
    let shown = safe(text);
    if (font.widthOfTextAtSize(shown, size) <= width) return shown;
    while (shown.length > 1 && font.widthOfTextAtSize(`${shown}...`, size) > width) shown = shown.slice(0, -1);
    return `${shown.trimEnd()}...`;
  };

  let page: PDFPage = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN;
  const newPage = () => {
    page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    y = PAGE_HEIGHT - MARGIN;
  };
  const text = (value: string, x: number, options: { font?: PDFFont; size?: number; color?: typeof INK; width?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const shown = options.width === undefined ? safe(value) : shortenToWidth(value, font, size, options.width);
    page.drawText(shown, { x, y, font, size, color: options.color ?? INK });
  };
  const rightAligned = (value: string, right: number, font: PDFFont = regular, size = 10) => {
    const shown = safe(value);
    page.drawText(shown, { x: right - font.widthOfTextAtSize(shown, size), y, font, size, color: INK });
  };

  text(clientName, MARGIN, { font: bold, size: 16, width: PAGE_WIDTH - 2 * MARGIN });
  y -= 24;
  text(t.title, MARGIN, { size: 13, color: MUTED });
  y -= 30;

  const details: [string, string][] = [
    [t.confirmationNumber, receipt.confirmationNumber],
    [t.date, `${date.format(new Date(receipt.paidAt))} UTC`],
    [t.account, receipt.accountNumber],
    [t.accountHolder, receipt.holderName],
    [t.paidBy, receipt.payerName],
    [t.email, receipt.email],
    [t.card, `${t.brands[receipt.cardBrand]} ${t.endingIn} ${receipt.cardLast4}`],
  ];
  for (const [label, value] of details) {
    text(label, MARGIN, { font: bold, width: 150 });
    text(value, MARGIN + 160, { width: PAGE_WIDTH - 2 * MARGIN - 160 });
    y -= 16;
  }
  y -= 14;

  const columns = {
    invoice: MARGIN,
    description: MARGIN + 85,
    amountRight: PAGE_WIDTH - MARGIN - 100,
    balanceRight: PAGE_WIDTH - MARGIN,
  };
  const descriptionWidth = columns.amountRight - 85 - columns.description;
  const header = () => {
    text(t.invoice, columns.invoice, { font: bold, width: 80 });
    text(t.description, columns.description, { font: bold, width: descriptionWidth });
    rightAligned(t.amount, columns.amountRight, bold);
    rightAligned(t.balanceAfter, columns.balanceRight, bold);
    y -= 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE_WIDTH - MARGIN, y }, thickness: 0.75, color: MUTED });
    y -= 14;
  };
  header();
  for (const line of receipt.lines) {
    // What was paid for is never cut short: a long description wraps onto more lines.
    const descriptionLines = wrap(safe(line.description), regular, 10, descriptionWidth);
    if (y - 14 * descriptionLines.length < MARGIN) {
      newPage();
      header();
    }
    text(line.invoiceNumber, columns.invoice, { width: 80 });
    rightAligned(cents(line.amountCents), columns.amountRight);
    rightAligned(cents(line.balanceAfterCents), columns.balanceRight);
    for (const [index, part] of descriptionLines.entries()) {
      if (index > 0) y -= 13;
      text(part, columns.description, { width: descriptionWidth });
    }
    y -= 17;
  }
  if (y - 30 < MARGIN) newPage();
  page.drawLine({ start: { x: MARGIN, y: y + 8 }, end: { x: PAGE_WIDTH - MARGIN, y: y + 8 }, thickness: 0.75, color: MUTED });
  y -= 6;
  text(t.total, columns.description, { font: bold, size: 11 });
  rightAligned(cents(receipt.totalCents), columns.amountRight, bold, 11);

  // Copied into a plain ArrayBuffer, which is what a response body takes.
  return new Uint8Array(await pdf.save());
}
