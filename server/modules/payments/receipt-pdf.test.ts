import fontkit from '@foliojs-fork/fontkit';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Receipt } from '@contracts/payments';
import { fallbackFaces } from './receipt-fonts';
import { renderReceiptPdf } from './receipt-pdf';

const receipt: Receipt = {
  confirmationNumber: 'P-ABCDEFGHJK',
  paidAt: '2026-11-23T10:00:00.000Z',
  accountNumber: 'A-100200',
  holderName: 'Pat Doe',
  lines: [{ invoiceNumber: 'SUN-100031', description: 'Complete blood count (CBC) with differential', amountCents: 4850, balanceAfterCents: 0 }],
  totalCents: 4850,
  cardBrand: 'visa',
  cardLast4: '4242',
  payerName: 'Pat Doe',
  email: 'pat.doe@example.com',
};

const bytesOf = (stream: unknown) => {
  if (!(stream instanceof PDFRawStream)) throw new Error('Expected a stream');
  return Buffer.from(decodePDFRawStream(stream).decode());
};

/** Each embedded font of the PDF's first page: its name without the suffix pdf-lib adds, its font file, and its glyph ids with their text. */
async function embeddedFonts(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  const fonts = pdf.getPages()[0]?.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
  return (fonts?.entries() ?? []).flatMap(([, reference]) => {
    const font = pdf.context.lookup(reference, PDFDict);
    const descendants = font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray);
    if (!descendants) return [];
    const descriptor = descendants.lookup(0, PDFDict).lookup(PDFName.of('FontDescriptor'), PDFDict);
    const glyphs = new Map<number, string>();
    for (const [, id = '', unicode = ''] of bytesOf(font.lookup(PDFName.of('ToUnicode'))).toString('latin1').matchAll(/<([0-9a-f]{4})> <([0-9a-f]+)>/gi)) {
      glyphs.set(parseInt(id, 16), String.fromCharCode(...(unicode.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16))));
    }
    return [{ name: font.lookup(PDFName.of('BaseFont'), PDFName).decodeText().replace(/-\d+$/, ''), file: bytesOf(descriptor.lookup(PDFName.of('FontFile2'))), glyphs }];
  });
}

describe('the receipt PDF', () => {
  it('embeds, for a name beyond WinAnsi, only the glyphs it shows, each drawing the outline of the font it comes from', async () => {
    const bytes = await renderReceiptPdf({
      receipt: { ...receipt, payerName: 'José Müller 山田 <b>x</b> 김민준 Dvořák' },
      clientName: 'Sunrise Laboratories',
      language: 'en-US',
    });
    const originals = new Map((await fallbackFaces()).map((face) => {
      const font = fontkit.create(face.bytes);
      return [font.postscriptName, font];
    }));
    const fonts = await embeddedFonts(bytes);
    // Latin in Noto Sans, the Chinese characters in Noto Sans SC, Hangul in Noto Sans KR.
    expect(fonts.map((font) => font.name).sort()).toEqual(['NotoSans-Regular', 'NotoSansKR-Regular', 'NotoSansSC-Regular']);
    for (const { name, file, glyphs } of fonts) {
      const original = originals.get(name);
      if (!original) throw new Error(`No face named ${name}`);
      const subset = fontkit.create(file);
      expect(subset.numGlyphs).toBeLessThan(40);
      for (const [id, text] of glyphs) {
        // A corrupt subset draws some glyphs blank or as another glyph's outline.
        expect(subset.getGlyph(id).path.toSVG(), `${name} ${text}`).toBe(original.glyphForCodePoint(text.codePointAt(0) ?? 0).path.toSVG());
      }
    }
  });

  it('uses only the standard fonts when every character is WinAnsi', async () => {
    const fonts = await embeddedFonts(await renderReceiptPdf({ receipt: { ...receipt, payerName: 'José Müller' }, clientName: 'Sunrise Laboratories', language: 'es-ES' }));
    expect(fonts).toEqual([]);
  });
});
