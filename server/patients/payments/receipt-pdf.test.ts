import { create, type Font } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { readTaggedPdf } from '../../test/pdf-structure';
import { readPdf } from '../../test/pdf-text';
import { sampleReceipt } from '../../test/sample-documents';
import { fallbackFaces, textFaces } from '../../core/pdf/pdf-fonts';
import { renderReceiptPdf } from './receipt-pdf';
const receipt = sampleReceipt;

describe('the receipt PDF', () => {
  it('embeds, for a name beyond Latin, only the glyphs it shows, each drawing the outline of the font it comes from', async () => {
    const bytes = await renderReceiptPdf({
      receipt: { ...receipt, payerName: 'José Müller 山田 <b>x</b> 김민준 Dvořák' },
      clientName: 'Sunrise Laboratories',
      language: 'en-US',
    });
    const { regular, bold } = await textFaces();
    const originals = new Map(
      [regular, bold, ...(await fallbackFaces())].map(({ font }) => [font.postscriptName, font]),
    );
    const { fonts } = await readTaggedPdf(bytes);
    // Latin in Noto Sans, the Chinese characters in Noto Sans SC, Hangul in Noto Sans KR.
    expect(fonts.map((font) => font.name).sort()).toEqual(['NotoSans-Bold', 'NotoSans-Regular', 'NotoSansKR-Regular', 'NotoSansSC-Regular']);
    for (const { name, file, glyphs } of fonts) {
      const original = originals.get(name);
      if (!original || !file) throw new Error(`No face named ${name}, or not embedded`);
      const subset = create(file) as Font;
      expect(subset.numGlyphs).toBeLessThan(original.numGlyphs / 10);
      // Glyph 0 is the font's .notdef, and a ligature's glyph (fi) shows two characters: only single characters have a glyph to compare with.
      for (const [id, text] of [...glyphs].filter(([glyph, each]) => glyph !== 0 && Array.from(each).length === 1)) {
        // A corrupt subset draws some glyphs blank or as another glyph's outline.
        expect(subset.getGlyph(id).path.toSVG(), `${name} ${text}`).toBe(original.glyphForCodePoint(text.codePointAt(0) ?? 0).path.toSVG());
      }
    }
    // What the payer typed is text, never markup.
    expect((await readPdf(bytes)).text).toContain('José Müller 山田 <b>x</b> 김민준 Dvořák');
  });

  it('embeds Noto Sans alone when it has every character', async () => {
    const { fonts } = await readTaggedPdf(await renderReceiptPdf({ receipt: { ...receipt, payerName: 'José Müller' }, clientName: 'Sunrise Laboratories', language: 'es-ES' }));
    expect(fonts.map((font) => font.name).sort()).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
    for (const font of fonts) expect(font.file, font.name).toBeDefined();
  });
});
