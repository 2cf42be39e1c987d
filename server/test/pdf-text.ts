/**
 * For tests: reads back what a PDF made by `PdfWriter` shows, to check it says what it should.
 * Standard-font text is WinAnsi bytes; an embedded font's glyph ids are read back through its
 * ToUnicode map. Each text object (BT ... ET) is one line of the answer.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';

/** A PDF's pages, and the text each shows, one line per text object. */
export async function readPdf(bytes: Uint8Array): Promise<{ pages: string[]; text: string }> {
  const pdf = await PDFDocument.load(bytes);
  const decode = (stream: unknown) => (stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') : '');
  const pages: string[] = [];
  for (const page of pdf.getPages()) {
    const decoders = new Map<string, (hex: string) => string>();
    const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    for (const [name, reference] of fonts?.entries() ?? []) {
      const toUnicode = decode(pdf.context.lookup(reference, PDFDict).lookup(PDFName.of('ToUnicode')));
      const glyphs = new Map<string, string>();
      for (const [, glyph = '', unicode = ''] of toUnicode.matchAll(/<([0-9a-f]{4})> <([0-9a-f]+)>/gi)) {
        glyphs.set(glyph.toLowerCase(), String.fromCharCode(...(unicode.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16))));
      }
      decoders.set(
        name.asString(),
        toUnicode === ''
          ? (hex) => Buffer.from(hex, 'hex').toString('latin1')
          : (hex) => (hex.toLowerCase().match(/.{4}/g) ?? []).map((glyph) => glyphs.get(glyph) ?? '\uFFFD').join(''),
      );
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((each) => pdf.context.lookup(each)) : [contents];
    const shown: string[] = [];
    let font = '';
    let current = '';
    for (const content of streams.map(decode)) {
      for (const [, selected, hex, textObject] of content.matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj|(?<=^|\s)(BT|ET)(?=\s|$)/g)) {
        if (selected !== undefined) font = selected;
        else if (hex !== undefined) current += decoders.get(font)?.(hex) ?? '';
        else if (textObject === 'ET') shown.push(current);
        else current = '';
      }
    }
    pages.push(shown.join('\n'));
  }
  return { pages, text: pages.join('\n') };
}
