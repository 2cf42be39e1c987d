/**
 * The receipt as a PDF, made on the server with pdf-lib. Text in Helvetica (WinAnsi: enough for
 * English and Spanish) when it fits that encoding; anything else, such as a payer's name in
 * another script, in embedded subsets of the fallback faces, and where none has a character the
 * PDF says so next to it rather than showing a wrong one. Labels in the asked language; money and
 * dates through Intl, dates in UTC.
 */
import fontkit from '@foliojs-fork/fontkit';
import {
  PDFDocument,
  StandardFonts,
  beginText,
  endText,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  type Color,
  type PDFFont,
  type PDFName,
  type PDFPage,
} from 'pdf-lib';
import type { Language } from '@contracts/session';
import type { Receipt } from '@contracts/payments';
import { fallbackFaces, type FallbackFace } from './receipt-fonts';
import { receiptFormat } from './receipt-labels';

const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
const INK = rgb(0.12, 0.14, 0.16);
const MUTED = rgb(0.3, 0.33, 0.36);
/** Shown where no font has a character (the replacement character, or nothing if no font has that either). */
const REPLACEMENT = '\uFFFD';

/** A piece of text in one font. */
interface Run {
  text: string;
  font: PDFFont;
}

/** Text as it will be drawn: its runs, and whether every character could be shown. */
interface Shown {
  runs: Run[];
  complete: boolean;
}

/** Breaks text into lines no wider than `width`; a word wider than that is cut by `shortenToWidth` later. */
function wrap(text: string, width: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (current !== '' && measure(candidate) > width) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current !== '' || lines.length === 0) lines.push(current);
  return lines;
}

const widthOf = (runs: Run[], size: number) => runs.reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);

/** Joins characters into runs, one per change of font. */
function toRuns(characters: Run[]): Run[] {
  const runs: Run[] = [];
  for (const character of characters) {
    const last = runs.at(-1);
    if (last?.font === character.font) last.text += character.text;
    else runs.push({ ...character });
  }
  return runs;
}

/** Shortens runs to fit `width`, with an ellipsis. */
function shortenToWidth(runs: Run[], size: number, width: number): Run[] {
  if (widthOf(runs, size) <= width) return runs;
  const characters = runs.flatMap((run) => Array.from(run.text, (text) => ({ text, font: run.font })));
  const withEllipsis = () => {
    const kept = toRuns(characters);
    const last = kept.at(-1);
    if (last) last.text = `${last.text.trimEnd()}...`;
    return kept;
  };
  while (characters.length > 1 && widthOf(withEllipsis(), size) > width) characters.pop();
  return withEllipsis();
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
  const winAnsi = new Set(regular.getCharacterSet());
  /** Intl's narrow and thin spaces become plain ones, which every font has. */
  const plain = (text: string) => text.replace(/[\u2007\u2009\u202f]/g, ' ');
  const isWinAnsi = (text: string) => Array.from(text).every((character) => winAnsi.has(character.codePointAt(0) ?? 0));

  // The receipt's own words are WinAnsi; only what it was given may need more, and the fallback
  // faces are read and embedded only then, and only those that some character takes.
  const given = [clientName, receipt.accountNumber, receipt.holderName, receipt.payerName, receipt.email]
    .concat(receipt.lines.flatMap((line) => [line.invoiceNumber, line.description]))
    .map(plain);
  const faces = given.every(isWinAnsi) ? [] : await fallbackFaces();
  const faceOf = (codePoint: number) => faces.find((face) => face.covers(codePoint));
  const replacementFace = faceOf(REPLACEMENT.codePointAt(0) ?? 0);
  const needed = new Set<FallbackFace>();
  for (const text of given.filter((each) => !isWinAnsi(each))) {
    for (const character of text) {
      const face = faceOf(character.codePointAt(0) ?? 0) ?? replacementFace;
      if (face) needed.add(face);
    }
  }
  if (needed.size > 0) pdf.registerFontkit(fontkit);
  const embedded = new Map<FallbackFace, PDFFont>();
  for (const face of needed) embedded.set(face, await pdf.embedFont(face.bytes, { subset: true }));

  /** Text in `font` when WinAnsi has it all, otherwise each character in the first fallback face that has it. */
  const shape = (value: string, font: PDFFont): Shown => {
    const text = plain(value);
    if (isWinAnsi(text)) return { runs: [{ text, font }], complete: true };
    let complete = true;
    const characters = Array.from(text).flatMap((character): Run[] => {
      const face = faceOf(character.codePointAt(0) ?? 0);
      const shownIn = face && embedded.get(face);
      if (shownIn) return [{ text: character, font: shownIn }];
      complete = false;
      const replacement = replacementFace && embedded.get(replacementFace);
      return replacement ? [{ text: REPLACEMENT, font: replacement }] : [];
    });
    return { runs: toRuns(characters), complete };
  };

  let page: PDFPage = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN;
  const fontKeys = new Map<PDFFont, PDFName>();
  const newPage = () => {
    page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    y = PAGE_HEIGHT - MARGIN;
    fontKeys.clear();
  };
  /** Draws runs as one text object, so that a reader copies them as one text. */
  const draw = (runs: Run[], x: number, size: number, color: Color) => {
    const operators = [pushGraphicsState(), beginText(), setFillingColor(color), setTextMatrix(1, 0, 0, 1, x, y)];
    for (const run of runs) {
      let key = fontKeys.get(run.font);
      if (!key) {
        key = page.node.newFontDictionary(run.font.name, run.font.ref);
        fontKeys.set(run.font, key);
      }
      operators.push(setFontAndSize(key, size), showText(run.font.encodeText(run.text)));
    }
    page.pushOperators(...operators, endText(), popGraphicsState());
  };
  /** Draws text at x, shortened to `width` when given; false when some character could not be shown. */
  const text = (value: string, x: number, options: { font?: PDFFont; size?: number; color?: Color; width?: number } = {}) => {
    const size = options.size ?? 10;
    const shown = shape(value, options.font ?? regular);
    draw(options.width === undefined ? shown.runs : shortenToWidth(shown.runs, size, options.width), x, size, options.color ?? INK);
    return shown.complete;
  };
  const rightAligned = (value: string, right: number, font: PDFFont = regular, size = 10) => {
    const { runs } = shape(value, font);
    draw(runs, right - widthOf(runs, size), size, INK);
  };
  const measure = (font: PDFFont, size: number) => (value: string) => widthOf(shape(value, font).runs, size);

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
  const valueWidth = PAGE_WIDTH - 2 * MARGIN - 160;
  for (const [label, value] of details) {
    text(label, MARGIN, { font: bold, width: 150 });
    const complete = text(value, MARGIN + 160, { width: valueWidth });
    y -= 16;
    if (!complete) {
      // In words beside the name, so that nobody takes the replacement marks for what was typed.
      for (const line of wrap(t.notShown, valueWidth, measure(regular, 9))) {
        text(line, MARGIN + 160, { size: 9, color: MUTED });
        y -= 12;
      }
      y -= 3;
    }
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
    const descriptionLines = wrap(line.description, descriptionWidth, measure(regular, 10));
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
