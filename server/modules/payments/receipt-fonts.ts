/**
 * Fonts for the text a receipt's standard fonts cannot show: the standard fonts encode WinAnsi only
 * (Western European letters), and a payer may type any name. Noto Sans covers Latin, Greek and
 * Cyrillic; Noto Sans SC Chinese characters and kana; Noto Sans KR Hangul. Each character takes the
 * first of them that has it. They are megabytes, so they are read once, when a receipt first needs
 * them, and a PDF embeds only the glyphs it uses.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@foliojs-fork/fontkit';

/** A font file, and whether it has a glyph for a code point. */
export interface FallbackFace {
  /** A Buffer, not a bare Uint8Array: the font engine reads it with Buffer's methods. */
  bytes: Buffer;
  covers: (codePoint: number) => boolean;
}

const files = [
  '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
];

const require = createRequire(import.meta.url);
let loading: Promise<FallbackFace[]> | undefined;

/** The fallback faces in the order characters try them; read from disk on the first call. */
export function fallbackFaces(): Promise<FallbackFace[]> {
  loading ??= Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(require.resolve(file));
      const font = fontkit.create(bytes);
      return { bytes, covers: (codePoint: number) => font.hasGlyphForCodePoint(codePoint) };
    }),
  ).catch((error: unknown) => {
    // A failed read is tried again on the next receipt rather than remembered.
    loading = undefined;
    throw error;
  });
  return loading;
}
