/**
 * For tests: reads back what a screen reader gets from a PDF the server made. The structure tree
 * and its text, the catalog's language, title and marking come through PDF.js; the fonts, the
 * table headings' scope and the PDF/UA identification, which PDF.js does not expose, are read
 * from the file's objects (pdfkit writes them plainly: one object per xref entry, dictionaries
 * uncompressed, streams with a direct /Length).
 */
import { inflateSync } from 'node:zlib';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { joinItems, openPdf } from './pdf-text';

/** An element of the structure tree: its type, the text of its own content, its child elements. */
export interface StructureNode {
  role: string;
  text: string;
  children: StructureNode[];
}

/** A font the PDF uses: its name and, when embedded, its font file and what each glyph id shows. */
export interface PdfFont {
  name: string;
  file: Buffer | undefined;
  glyphs: Map<number, string>;
}

/** What tagging gives a reader of the PDF. */
export interface TaggedPdf {
  title: string | undefined;
  language: string | undefined;
  displayDocTitle: boolean;
  marked: boolean;
  /** The PDF/UA part the metadata claims (1 for PDF/UA-1). */
  pdfUaPart: string | undefined;
  /** Each page's structure tree below its root: the Document element, with the elements that have content on that page. */
  pages: StructureNode[][];
  fonts: PdfFont[];
  /** The /Scope of every TH element, in file order. */
  headingScopes: string[];
}

interface PdfObject {
  dictionary: string;
  stream: Buffer | undefined;
}

/** The file's objects by number, through its cross-reference table. */
function readObjects(bytes: Uint8Array): Map<number, PdfObject> {
  const buffer = Buffer.from(bytes);
  const text = buffer.toString('latin1');
  const xref = Number(/startxref\s+(\d+)/.exec(text.slice(-64))?.[1]);
  const table = /xref\s+0 (\d+)\s+([\s\S]*?)trailer/.exec(text.slice(xref));
  const objects = new Map<number, PdfObject>();
  for (const [index, entry] of (table?.[2] ?? '').trim().split(/\s*\n\s*/).entries()) {
    const [offset, , kind] = entry.split(' ');
    if (kind !== 'n') continue;
    const start = Number(offset);
    const rest = text.slice(start);
    const streamAt = rest.indexOf('\nstream\n');
    const endAt = rest.indexOf('\nendobj');
    if (streamAt !== -1 && streamAt < endAt) {
      const dictionary = rest.slice(0, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
      const raw = buffer.subarray(start + streamAt + 8, start + streamAt + 8 + length);
      objects.set(index, { dictionary, stream: dictionary.includes('/FlateDecode') ? inflateSync(raw) : raw });
    } else {
      objects.set(index, { dictionary: rest.slice(0, endAt), stream: undefined });
    }
  }
  return objects;
}

const reference = (dictionary: string, key: string) => Number(new RegExp(`/${key} \\[?\\s*(\\d+) 0 R`).exec(dictionary)?.[1]);

/** Every font of the file, with its embedded file if any (through a Type0 font's descendant). */
function readFonts(objects: Map<number, PdfObject>): PdfFont[] {
  return [...objects.values()]
    .filter(({ dictionary }) => /\/Type \/Font\b/.test(dictionary) && !dictionary.includes('/Subtype /CIDFontType2'))
    .map(({ dictionary }) => {
      const name = (/\/BaseFont \/([^\s/]+)/.exec(dictionary)?.[1] ?? '').replace(/^[A-Z]{6}\+/, '');
      const descendant = dictionary.includes('/Subtype /Type0') ? objects.get(reference(dictionary, 'DescendantFonts'))?.dictionary : dictionary;
      const descriptor = objects.get(reference(descendant ?? '', 'FontDescriptor'))?.dictionary ?? '';
      const file = objects.get(reference(descriptor, 'FontFile2'))?.stream;
      const glyphs = new Map<number, string>();
      const toUnicode = objects.get(reference(dictionary, 'ToUnicode'))?.stream?.toString('latin1') ?? '';
      const decode = (hex: string) => String.fromCharCode(...(hex.replace(/\s/g, '').match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
      // pdfkit writes ranges of glyph ids, each with an array of texts: <first> <last> [<text> <text> ...].
      for (const [, first = '', texts = ''] of toUnicode.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/gi)) {
        for (const [offset, [, hex = '']] of [...texts.matchAll(/<([0-9a-f\s]+)>/gi)].entries()) glyphs.set(parseInt(first, 16) + offset, decode(hex));
      }
      return { name, file, glyphs };
    });
}

interface PdfJsStructNode {
  role: string;
  children?: (PdfJsStructNode | { type: string; id: string })[];
}

/** Reads what tagging gives a screen reader from a PDF's bytes. */
export async function readTaggedPdf(bytes: Uint8Array): Promise<TaggedPdf> {
  const objects = readObjects(bytes);
  const metadata = [...objects.values()].find(({ dictionary }) => dictionary.includes('/Type /Metadata'))?.stream?.toString('utf8') ?? '';
  const pdf = await openPdf(bytes);
  try {
    const { info } = (await pdf.getMetadata()) as { info: { Title?: string; Language?: string } };
    const preferences: { DisplayDocTitle?: boolean } | null = await pdf.getViewerPreferences();
    const pages: StructureNode[][] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const { items } = await page.getTextContent({ includeMarkedContent: true });
      const byContent = new Map<string, TextItem[]>();
      const open: (string | null)[] = [];
      for (const item of items) {
        if ('str' in item) {
          const id = open.at(-1);
          if (id) byContent.set(id, [...(byContent.get(id) ?? []), item]);
        } else if (item.type === 'endMarkedContent') open.pop();
        else open.push(item.id);
      }
      const toNode = (node: PdfJsStructNode): StructureNode => {
        const children = node.children ?? [];
        const own = children.flatMap((child) => ('role' in child ? [] : (byContent.get(child.id) ?? [])));
        return { role: node.role, text: joinItems(own), children: children.flatMap((child) => ('role' in child ? [toNode(child)] : [])) };
      };
      const tree = (await page.getStructTree()) as PdfJsStructNode | null;
      pages.push((tree?.children ?? []).flatMap((child) => ('role' in child ? [toNode(child)] : [])));
    }
    return {
      title: info.Title,
      language: info.Language,
      displayDocTitle: preferences?.DisplayDocTitle === true,
      marked: (await pdf.getMarkInfo())?.Marked === true,
      pdfUaPart: /<pdfuaid:part>(\d+)<\/pdfuaid:part>/.exec(metadata)?.[1],
      pages,
      fonts: readFonts(objects),
      headingScopes: [...objects.values()].filter(({ dictionary }) => dictionary.includes('/S /TH')).map(({ dictionary }) => /\/Scope \/(\w+)/.exec(dictionary)?.[1] ?? ''),
    };
  } finally {
    await pdf.destroy();
  }
}

/** A structure tree as indented lines, "Role: text" (or the role alone), for comparing with what a document should say. */
export function outline(nodes: StructureNode[], depth = 0): string[] {
  return nodes.flatMap((node) => [`${'  '.repeat(depth)}${node.role}${node.text ? `: ${node.text}` : ''}`, ...outline(node.children, depth + 1)]);
}
