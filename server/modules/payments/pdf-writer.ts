/**
 * The building blocks of the server's PDFs (the receipt, the account statement, the public
 * documents), made with pdf-lib on A4 pages. Text is in Helvetica (WinAnsi: enough for English
 * and Spanish) when it fits that encoding; anything else, such as a name in another script, is in
 * embedded subsets of the fallback faces, and where none has a character the writer says so
 * (`text` answers false) rather than showing a wrong one.
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
import { fallbackFaces, type FallbackFace } from './receipt-fonts';

export const PAGE_WIDTH = 595.28; // A4
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 50;
export const INK = rgb(0.12, 0.14, 0.16);
export const MUTED = rgb(0.3, 0.33, 0.36);
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

/** How one piece of text is drawn. */
export interface TextOptions {
  font?: PDFFont;
  size?: number;
  color?: Color;
  /** Shortened with an ellipsis to this width. */
  width?: number;
}

/** Breaks text into lines no wider than `width`; a word wider than that is cut by `shortenToWidth` later. */
export function wrap(text: string, width: number, measure: (text: string) => number): string[] {
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

/** Intl's narrow and thin spaces become plain ones, which every font has. */
const plain = (text: string) => text.replace(/[\u2007\u2009\u202f]/g, ' ');

/**
 * Writes a PDF top down: `y` is the baseline of the next text, from the bottom of the page; the
 * caller lowers it and starts new pages.
 */
export class PdfWriter {
  /** The baseline of the next text. */
  y = PAGE_HEIGHT - MARGIN;
  private page: PDFPage;
  private readonly fontKeys = new Map<PDFFont, PDFName>();

  private constructor(
    private readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly isWinAnsi: (text: string) => boolean,
    private readonly faceOf: (codePoint: number) => FallbackFace | undefined,
    private readonly embedded: Map<FallbackFace, PDFFont>,
    private readonly replacementFace: FallbackFace | undefined,
  ) {
    this.page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  }

  /**
   * Starts writing `pdf` on its first page. `given` is all the text from outside (names,
   * descriptions) that it will show: the writer's own words are WinAnsi, so the fallback faces
   * are read and embedded only when some given text needs them, and only those that some of its
   * characters take.
   */
  static async create(pdf: PDFDocument, given: string[]): Promise<PdfWriter> {
    const regular = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    const winAnsi = new Set(regular.getCharacterSet());
    const isWinAnsi = (text: string) => Array.from(text).every((character) => winAnsi.has(character.codePointAt(0) ?? 0));

    const texts = given.map(plain);
    const faces = texts.every(isWinAnsi) ? [] : await fallbackFaces();
    const faceOf = (codePoint: number) => faces.find((face) => face.covers(codePoint));
    const replacementFace = faceOf(REPLACEMENT.codePointAt(0) ?? 0);
    const needed = new Set<FallbackFace>();
    for (const text of texts.filter((each) => !isWinAnsi(each))) {
      for (const character of text) {
        const face = faceOf(character.codePointAt(0) ?? 0) ?? replacementFace;
        if (face) needed.add(face);
      }
    }
    if (needed.size > 0) pdf.registerFontkit(fontkit);
    const embedded = new Map<FallbackFace, PDFFont>();
    for (const face of needed) embedded.set(face, await pdf.embedFont(face.bytes, { subset: true }));
    return new PdfWriter(pdf, regular, bold, isWinAnsi, faceOf, embedded, replacementFace);
  }

  /** Continues on a new page, at its top. */
  newPage(): void {
    this.page = this.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN;
    this.fontKeys.clear();
  }

  /** Draws text at x, shortened to `width` when given; false when some character could not be shown. */
  text(value: string, x: number, options: TextOptions = {}): boolean {
    const size = options.size ?? 10;
    const shown = this.shape(value, options.font ?? this.regular);
    this.draw(options.width === undefined ? shown.runs : shortenToWidth(shown.runs, size, options.width), x, size, options.color ?? INK);
    return shown.complete;
  }

  /** Draws text that ends at `right`. */
  rightAligned(value: string, right: number, font: PDFFont = this.regular, size = 10): void {
    const { runs } = this.shape(value, font);
    this.draw(runs, right - widthOf(runs, size), size, INK);
  }

  /** How wide text is in this font and size, for `wrap`. */
  measure(font: PDFFont, size: number): (value: string) => number {
    return (value) => widthOf(this.shape(value, font).runs, size);
  }

  /** Starts a new page unless `height` more points fit above the bottom margin. */
  ensureRoom(height: number): void {
    if (this.y - height < MARGIN) this.newPage();
  }

  /**
   * Text wrapped to `width` from x, line after line onto new pages as needed; `y` ends below the
   * last line. False when some character could not be shown.
   */
  paragraph(value: string, x: number, width: number, options: { font?: PDFFont; size?: number; color?: Color; lineHeight?: number } = {}): boolean {
    const font = options.font ?? this.regular;
    const size = options.size ?? 10;
    let complete = true;
    for (const line of wrap(value, width, this.measure(font, size))) {
      this.ensureRoom(0);
      complete = this.text(line, x, { font, size, width, ...(options.color ? { color: options.color } : {}) }) && complete;
      this.y -= options.lineHeight ?? size * 1.4;
    }
    return complete;
  }

  /** A thin line across the page between the margins, at height `y`. */
  rule(y: number): void {
    this.page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE_WIDTH - MARGIN, y }, thickness: 0.75, color: MUTED });
  }

  /** Text in `font` when WinAnsi has it all, otherwise each character in the first fallback face that has it. */
  private shape(value: string, font: PDFFont): Shown {
    const text = plain(value);
    if (this.isWinAnsi(text)) return { runs: [{ text, font }], complete: true };
    let complete = true;
    const characters = Array.from(text).flatMap((character): Run[] => {
      const face = this.faceOf(character.codePointAt(0) ?? 0);
      const shownIn = face && this.embedded.get(face);
      if (shownIn) return [{ text: character, font: shownIn }];
      complete = false;
      const replacement = this.replacementFace && this.embedded.get(this.replacementFace);
      return replacement ? [{ text: REPLACEMENT, font: replacement }] : [];
    });
    return { runs: toRuns(characters), complete };
  }

  /** Draws runs as one text object, so that a reader copies them as one text. */
  private draw(runs: Run[], x: number, size: number, color: Color): void {
    const operators = [pushGraphicsState(), beginText(), setFillingColor(color), setTextMatrix(1, 0, 0, 1, x, this.y)];
    for (const run of runs) {
      let key = this.fontKeys.get(run.font);
      if (!key) {
        key = this.page.node.newFontDictionary(run.font.name, run.font.ref);
        this.fontKeys.set(run.font, key);
      }
      operators.push(setFontAndSize(key, size), showText(run.font.encodeText(run.text)));
    }
    this.page.pushOperators(...operators, endText(), popGraphicsState());
  }
}
