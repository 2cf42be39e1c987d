/**
 * For tests: reads back what a PDF shows, through PDF.js (the reader of Firefox): each page's text
 * as lines, top down, a line being the text on one baseline (columns apart by a space), to check
 * it says what it should.
 */
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';

/** Opens a PDF with PDF.js; the bytes are copied, since PDF.js takes the buffer it is given. */
export function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  return getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 }).promise;
}

/** Text items as the words they show, spaced where the page leaves a gap between them or a line ends. */
export function joinItems(items: TextItem[]): string {
  let text = '';
  let end: number | undefined;
  let baseline: number | undefined;
  for (const item of items) {
    const [x = 0, y = 0] = item.transform.slice(4) as number[];
    const apart = end !== undefined && (x - end > 1 || Math.abs(y - (baseline ?? y)) > 1);
    text += (apart && !/\s$/.test(text) && !/^\s/.test(item.str) ? ' ' : '') + item.str;
    end = x + item.width;
    baseline = y;
  }
  return text.replace(/\s+/g, ' ').trim();
}

/** A PDF's pages, and the text each shows, one line per baseline. */
export async function readPdf(bytes: Uint8Array): Promise<{ pages: string[]; text: string }> {
  const pdf = await openPdf(bytes);
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const { items } = await (await pdf.getPage(number)).getTextContent();
      const lines: TextItem[][] = [];
      let baseline: number | undefined;
      for (const item of items) {
        if (!('str' in item) || item.str === '') continue;
        const y = (item.transform as number[])[5] ?? 0;
        if (baseline === undefined || Math.abs(y - baseline) > 1) lines.push([]);
        lines.at(-1)?.push(item);
        baseline = y;
      }
      pages.push(lines.map(joinItems).join('\n'));
    }
    return { pages, text: pages.join('\n') };
  } finally {
    await pdf.destroy();
  }
}
