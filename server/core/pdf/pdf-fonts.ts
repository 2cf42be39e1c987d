/**
 * The fonts of the server's PDFs, all embedded (PDF/UA allows no other): Noto Sans, regular and
 * bold, for everything, which covers Latin, Greek and Cyrillic; and for the characters of a name
 * it lacks, Noto Sans SC (Chinese characters and kana) and Noto Sans KR (Hangul). Each character
 * takes the first of them that has it. The fallbacks are megabytes, so they are read once, when a
 * PDF first needs them; a PDF embeds only the glyphs it uses.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

/** A font, read once and shared by every PDF (reading one is most of the cost of a PDF), and whether it has a glyph for a code point. */
export interface Face {
  font: Font;
  covers: (codePoint: number) => boolean;
}

const require = createRequire(import.meta.url);

/** Faces from font files of installed packages, read once and kept; a failed read is tried again on the next call. */
function loaded(files: string[]): () => Promise<Face[]> {
  let loading: Promise<Face[]> | undefined;
  return () => {
    loading ??= Promise.all(
      files.map(async (file) => {
        const font = create(await readFile(require.resolve(file)));
        if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection, not a font`);
        return { font, covers: (codePoint: number) => font.hasGlyphForCodePoint(codePoint) };
      }),
    ).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

const mainFaces = loaded(['@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf', '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf']);

/** Noto Sans regular and bold, the faces of every PDF's text. */
export async function textFaces(): Promise<{ regular: Face; bold: Face }> {
  const [regular, bold] = await mainFaces();
  if (!regular || !bold) throw new Error('Noto Sans is missing');
  return { regular, bold };
}

/** The fallback faces in the order characters try them; read from disk on the first call. */
export const fallbackFaces = loaded([
  '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
]);
