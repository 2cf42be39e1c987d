/**
 * The building blocks of the server's PDFs (the receipt, the account statement, the public
 * documents): tagged PDFs (PDF/UA-1) made with pdfkit on A4 pages. Everything a reader hears is in
 * the structure tree, in reading order (headings, lists, tables, paragraphs); rules and the column
 * headings repeated on later pages are artifacts. Text is in embedded Noto Sans; a character it
 * lacks, such as a name in another script, takes a fallback face, and where none has it the
 * writer says so (`text` answers false) rather than showing a wrong one. Text is only ever drawn
 * as text: nothing given to the writer is read as markup.
 */
import PDFDocument from 'pdfkit';
import type { Language } from '@contracts/session';
import { fallbackFaces, textFaces, type Face } from './pdf-fonts';

export const PAGE_WIDTH = 595.28; // A4
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 50;
export const INK = '#1f2429';
export const MUTED = '#4c545c';
/** How much further right a table's detail row starts its text. */
const DETAIL_INDENT = 12;
/** Shown where no font has a character (the replacement character, or nothing if no font has that either). */
const REPLACEMENT = '\uFFFD';
/** pdfkit's types lag the library: 0.20 takes 'PDF/UA', which writes the PDF/UA-1 identification. */
const PDF_UA = 'PDF/UA' as string as PDFKit.Mixins.PDFSubsets;

export type StructureElement = PDFKit.PDFStructureElement;
/** The structure types the documents use. */
export type StructureType = 'H1' | 'H2' | 'H3' | 'P' | 'L' | 'LI' | 'Lbl' | 'LBody' | 'Table' | 'TR' | 'TH' | 'TD';

/** A piece of text in one registered font. */
interface Run {
  text: string;
  font: string;
}

/** Text as it will be drawn: its runs, and whether every character could be shown. */
interface Shown {
  runs: Run[];
  complete: boolean;
}

/** How one piece of text is drawn. */
export interface TextOptions {
  bold?: boolean;
  size?: number;
  color?: string;
  /** Shortened with an ellipsis to this width. */
  width?: number;
}

/** A column of a table: its heading, where it starts and how wide it is. */
export interface Column {
  heading: string;
  x: number;
  width: number;
  /** Right-aligned, ending at x + width (amounts). */
  right?: boolean;
  /** Wraps onto more lines rather than being shortened (what was paid for is never cut short). */
  wraps?: boolean;
}

/** A row of a details list: a label and its value. */
export interface Detail {
  label: string;
  value: string;
  bold?: boolean;
}

/** What the document says about itself: its title (shown in the reader's title bar) and language. */
export interface PdfInfo {
  title: string;
  language: Language;
  author?: string;
  subject?: string;
  /** When it was made; now when absent. */
  date?: Date;
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

/** Intl's narrow and thin spaces become plain ones, which every font has; a line break or tab in given text is a space too. */
const plain = (text: string) => text.replace(/[\u2007\u2009\u202f\r\n\t]/g, ' ');

const codePoint = (character: string) => character.codePointAt(0) ?? 0;

/**
 * Writes a tagged PDF top down: `y` is the baseline of the next text, from the bottom of the
 * page; the caller lowers it and starts new pages. Every drawing happens inside `block` (content
 * of a structure element) or `artifact`.
 */
export class PdfWriter {
  /** The baseline of the next text. */
  y = PAGE_HEIGHT - MARGIN;
  /** The root of the structure tree, a Document element: the parent of the top-level blocks. */
  readonly root: StructureElement;

  private constructor(
    private readonly pdf: PDFKit.PDFDocument,
    private readonly main: { regular: Face; bold: Face },
    /** The fallback faces registered for this document, by registered name, in the order characters try them. */
    private readonly fallbacks: [string, Face][],
  ) {
    this.root = pdf.struct('Document');
    pdf.addStructure(this.root);
  }

  /**
   * Starts a PDF on its first page. `given` is all the text from outside (names, descriptions)
   * that it will show: the writer's own words are in Noto Sans, so the fallback faces are read
   * and registered only when some given text needs them, and only those that some of its
   * characters take.
   */
  static async create(info: PdfInfo, given: string[]): Promise<PdfWriter> {
    const main = await textFaces();
    const coveredByMain = (character: string) => main.regular.covers(codePoint(character)) && main.bold.covers(codePoint(character));
    const missing = given.flatMap((text) => Array.from(plain(text)).filter((character) => !coveredByMain(character)));
    const faces = missing.length === 0 ? [] : await fallbackFaces();
    const needed = new Set<Face>();
    for (const character of missing.concat(REPLACEMENT)) {
      const face = faces.find((each) => each.covers(codePoint(character)));
      if (face) needed.add(face);
    }

    const pdf = new PDFDocument({
      size: [PAGE_WIDTH, PAGE_HEIGHT],
      margin: 0,
      pdfVersion: '1.7',
      tagged: true,
      subset: PDF_UA,
      lang: info.language,
      displayTitle: true,
      // No default font: pdfkit's is a standard font, which would not be embedded.
      font: '',
      info: {
        Title: info.title,
        ...(info.author === undefined ? {} : { Author: info.author }),
        ...(info.subject === undefined ? {} : { Subject: info.subject }),
        CreationDate: info.date ?? new Date(),
        ModDate: info.date ?? new Date(),
      },
    });
    pdf.registerFont('regular', main.regular.font);
    pdf.registerFont('bold', main.bold.font);
    const fallbacks = faces.filter((face) => needed.has(face)).map((face, index): [string, Face] => [`fallback-${String(index)}`, face]);
    for (const [name, face] of fallbacks) pdf.registerFont(name, face.font);
    return new PdfWriter(pdf, main, fallbacks);
  }

  /** Adds a structure element to `parent` whose children `fill` adds; it is ended when `fill` returns. */
  group(type: StructureType, parent: StructureElement, fill: (element: StructureElement) => void, options: PDFKit.Mixins.StructureElementOptions = {}): void {
    const element = this.pdf.struct(type, options);
    parent.add(element);
    fill(element);
    element.end();
  }

  /** Adds a structure element to `parent` whose content is what `draw` puts on the page (on more pages if it starts new ones). */
  block<T>(type: StructureType, parent: StructureElement, draw: () => T, options: PDFKit.Mixins.StructureElementOptions = {}): T {
    const element = this.pdf.struct(type, options);
    parent.add(element);
    const result = this.mark(element, type, draw);
    element.end();
    return result;
  }

  /** Adds what `draw` puts on the page to `element`'s content. */
  private mark<T>(element: StructureElement, type: StructureType, draw: () => T): T {
    const content = this.pdf.markStructureContent(type);
    const result = draw();
    this.pdf.endMarkedContent();
    element.add(content);
    return result;
  }

  /** The client's name and, as the document's heading, its title. */
  masthead(clientName: string, title: string): void {
    this.block('P', this.root, () => this.text(clientName, MARGIN, { bold: true, size: 16, width: PAGE_WIDTH - 2 * MARGIN }));
    this.y -= 24;
    this.block('H1', this.root, () => this.text(title, MARGIN, { size: 13, color: MUTED }));
    this.y -= 30;
  }

  /**
   * Labels and their values, one per line, as a list (each label a Lbl, each value an LBody).
   * Beside a value of which some character cannot be shown, `notShown` says so in words, so that
   * nobody takes the replacement marks for what is on file.
   */
  details(items: Detail[], notShown: string): void {
    const valueX = MARGIN + 160;
    const valueWidth = PAGE_WIDTH - 2 * MARGIN - 160;
    this.group('L', this.root, (list) => {
      for (const { label, value, bold } of items) {
        this.group('LI', list, (item) => {
          this.block('Lbl', item, () => this.text(label, MARGIN, { bold: true, width: 150 }));
          this.group('LBody', item, (body) => {
            const complete = this.mark(body, 'LBody', () => this.text(value, valueX, { width: valueWidth, bold }));
            this.y -= 16;
            if (!complete) {
              this.block('P', body, () => this.paragraph(notShown, valueX, valueWidth, { size: 9, color: MUTED, lineHeight: 12 }));
              this.y -= 3;
            }
          });
        });
      }
    });
  }

  /**
   * A table with a row of column headings, then a row per entry of `rows` (a text per column),
   * onto new pages as needed; each later page repeats the headings, as an artifact (a reader has
   * them from the table's first row). `size` is its text's (10 points unless given); its lines
   * are spaced in proportion. A row `isDetail` says is of the row above it (a refund under its
   * payment): its left-aligned cells after the first start a little further right.
   */
  table(
    parent: StructureElement,
    columns: Column[],
    rows: string[][],
    { size = 10, isDetail = () => false }: { size?: number; isDetail?: (row: number) => boolean } = {},
  ): void {
    const lineHeight = 1.3 * size;
    const headings = () => {
      for (const column of columns) this.cell(column, column.heading, true, size);
      this.y -= 6;
      this.line(this.y);
      this.y -= 14;
    };
    this.group('Table', parent, (table) => {
      this.group('TR', table, (row) => {
        for (const column of columns) this.block('TH', row, () => this.cell(column, column.heading, true, size), { scope: 'Column' });
      });
      this.y -= 6;
      this.rule(this.y);
      this.y -= 14;
      for (const [rowIndex, cells] of rows.entries()) {
        const indent = isDetail(rowIndex) ? DETAIL_INDENT : 0;
        const drawn = columns.map((column, index) => (indent > 0 && index > 0 && !column.right ? { ...column, x: column.x + indent, width: column.width - indent } : column));
        const lines = drawn.map((column, index) => {
          const text = cells[index] ?? '';
          return column.wraps ? wrap(text, column.width, this.measure(false, size)) : [text];
        });
        const height = Math.max(...lines.map((each) => each.length));
        if (this.y - (lineHeight + 1) * height < MARGIN) {
          this.newPage();
          this.artifact(headings, 'Pagination');
        }
        const top = this.y;
        this.group('TR', table, (row) => {
          for (const [index, column] of drawn.entries()) {
            this.block('TD', row, () => {
              const parts = lines[index] ?? [];
              for (const [line, part] of parts.entries()) {
                this.y = top - lineHeight * line;
                this.cell(column, line < parts.length - 1 ? `${part} ` : part, false, size);
              }
            });
          }
        });
        this.y = top - lineHeight * (height - 1) - (lineHeight + 4);
      }
    });
  }

  /** One cell's text (or a line of it) on the current baseline. */
  private cell(column: Column, text: string, bold: boolean, size: number): void {
    if (column.right) this.rightAligned(text, column.x + column.width, { bold, size });
    else this.text(text, column.x, { bold, width: column.width, size });
  }

  /** What `draw` puts on the page is no content: a reader skips it (a rule, a repeated heading). */
  artifact(draw: () => void, type: 'Layout' | 'Pagination' = 'Layout'): void {
    this.pdf.markContent('Artifact', { type });
    draw();
    this.pdf.endMarkedContent();
  }

  /** Continues on a new page, at its top; what is being marked goes on there. */
  newPage(): void {
    this.pdf.continueOnNewPage();
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /** Draws text at x, shortened to `width` when given; false when some character could not be shown. */
  text(value: string, x: number, options: TextOptions = {}): boolean {
    const size = options.size ?? 10;
    const shown = this.shape(value, options.bold);
    this.draw(options.width === undefined ? shown.runs : this.shortenToWidth(shown.runs, size, options.width), x, size, options.color ?? INK);
    return shown.complete;
  }

  /** Draws text that ends at `right`. */
  rightAligned(value: string, right: number, options: { bold?: boolean; size?: number } = {}): void {
    const size = options.size ?? 10;
    const { runs } = this.shape(value, options.bold);
    this.draw(runs, right - this.widthOf(runs, size), size, INK);
  }

  /** How wide text is in this style and size, for `wrap`. */
  measure(bold: boolean | undefined, size: number): (value: string) => number {
    return (value) => this.widthOf(this.shape(value, bold).runs, size);
  }

  /** Starts a new page unless `height` more points fit above the bottom margin. */
  ensureRoom(height: number): void {
    if (this.y - height < MARGIN) this.newPage();
  }

  /**
   * Text wrapped to `width` from x, line after line onto new pages as needed; `y` ends below the
   * last line. Each line but the last keeps the space after it, so that a reader hears words, not
   * two words run together. False when some character could not be shown.
   */
  paragraph(value: string, x: number, width: number, options: { bold?: boolean; size?: number; color?: string; lineHeight?: number } = {}): boolean {
    const size = options.size ?? 10;
    const lines = wrap(value, width, this.measure(options.bold, size));
    let complete = true;
    for (const [index, line] of lines.entries()) {
      this.ensureRoom(0);
      const spaced = index < lines.length - 1 ? `${line} ` : line;
      complete = this.text(spaced, x, { ...options, size, width }) && complete;
      this.y -= options.lineHeight ?? size * 1.4;
    }
    return complete;
  }

  /** A thin line across the page between the margins, at height `y`: an artifact. */
  rule(y: number): void {
    this.artifact(() => this.line(y));
  }

  /** The rule's line, unmarked: for inside an artifact (artifacts do not nest). */
  private line(y: number): void {
    this.pdf
      .moveTo(MARGIN, PAGE_HEIGHT - y)
      .lineTo(PAGE_WIDTH - MARGIN, PAGE_HEIGHT - y)
      .lineWidth(0.75)
      .strokeColor(MUTED)
      .stroke();
  }

  /** Ends the structure and the document, and answers its bytes. */
  finish(): Promise<Uint8Array<ArrayBuffer>> {
    const chunks: Buffer[] = [];
    this.pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
      // Copied into a plain ArrayBuffer, which is what a response body takes.
      this.pdf.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
      this.pdf.on('error', reject);
    });
    this.root.end();
    this.pdf.end();
    return ended;
  }

  /** Text in the style's face where it has each character, otherwise each character in the first fallback face that has it. */
  private shape(value: string, bold: boolean | undefined): Shown {
    const [name, face] = bold ? ['bold', this.main.bold] : ['regular', this.main.regular];
    const text = plain(value);
    const characters = Array.from(text);
    if (characters.every((character) => face.covers(codePoint(character)))) return { runs: [{ text, font: name }], complete: true };
    const fallbackFor = (character: string) => this.fallbacks.find(([, each]) => each.covers(codePoint(character)))?.[0];
    let complete = true;
    const shown = characters.flatMap((character): Run[] => {
      if (face.covers(codePoint(character))) return [{ text: character, font: name }];
      const fallback = fallbackFor(character);
      if (fallback) return [{ text: character, font: fallback }];
      complete = false;
      if (face.covers(codePoint(REPLACEMENT))) return [{ text: REPLACEMENT, font: name }];
      const replacement = fallbackFor(REPLACEMENT);
      return replacement ? [{ text: REPLACEMENT, font: replacement }] : [];
    });
    return { runs: toRuns(shown), complete };
  }

  private widthOf(runs: Run[], size: number): number {
    return runs.reduce((sum, run) => sum + this.pdf.font(run.font).fontSize(size).widthOfString(run.text), 0);
  }

  /** Shortens runs to fit `width`, with an ellipsis. */
  private shortenToWidth(runs: Run[], size: number, width: number): Run[] {
    // A space that ends a wrapped line (kept for readers) takes no room.
    const trimmed = runs.map((run, index) => (index === runs.length - 1 ? { ...run, text: run.text.trimEnd() } : run));
    if (this.widthOf(trimmed, size) <= width) return runs;
    const characters = runs.flatMap((run) => Array.from(run.text, (text) => ({ text, font: run.font })));
    const withEllipsis = () => {
      const kept = toRuns(characters);
      const last = kept.at(-1);
      if (last) last.text = `${last.text.trimEnd()}...`;
      return kept;
    };
    while (characters.length > 1 && this.widthOf(withEllipsis(), size) > width) characters.pop();
    return withEllipsis();
  }

  /** Draws runs one after another on the baseline `y`. */
  private draw(runs: Run[], x: number, size: number, color: string): void {
    let left = x;
    for (const run of runs) {
      this.pdf.font(run.font).fontSize(size).fillColor(color).text(run.text, left, PAGE_HEIGHT - this.y, { lineBreak: false, baseline: 'alphabetic' });
      left += this.pdf.widthOfString(run.text);
    }
  }
}
