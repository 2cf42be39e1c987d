/**
 * An uploaded logo made safe to serve: its real type read from its bytes (never from its name or
 * declared type), a PNG decoded in full, an SVG drawn into pixels, and what is kept re-encoded as
 * a fresh PNG no taller than twice the 48 pixels the header shows. Drawing an SVG leaves nothing
 * of its markup (a script, an `onload`, an external reference, a foreignObject): the output is
 * pixels. librsvg, which draws it, never fetches a URL and has no base file to read beside it.
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { logoLimits, logoUploadTypes, type LogoUploadType } from '@contracts/branding';

/** The widest logo kept (the header's logo is at most about 400 CSS pixels wide, at 2x). */
const storedMaxWidth = 800;

/** What is stored and served of an accepted logo. */
export interface LogoImage {
  contentType: 'image/png';
  bytes: Buffer;
  width: number;
  height: number;
  /** SHA-256 of `bytes`, base64url. */
  digest: string;
  uploadedAs: LogoUploadType;
}

export type LogoRefusal = 'logoNotAnImage' | 'logoTooLarge' | 'logoTooManyPixels';

export type LogoOutcome = { kind: 'accepted'; logo: LogoImage } | { kind: 'refused'; code: LogoRefusal };

/** sharp's name of each upload type's format. */
const sharpFormat: Record<LogoUploadType, string> = { 'image/png': 'png', 'image/svg+xml': 'svg' };

/** The declared type without its parameters (`image/svg+xml; charset=utf-8`), if it is one we take. */
function uploadType(declaredType: string): LogoUploadType | null {
  const bare = declaredType.split(';')[0]?.trim().toLowerCase() ?? '';
  return logoUploadTypes.find((type) => type === bare) ?? null;
}

const refused = (code: LogoRefusal): LogoOutcome => ({ kind: 'refused', code });

/**
 * Markup that only a program runs: a script, an event handler (`onload=`), an HTML island. The
 * drawing would drop it, but an office that uploads it has picked the wrong file: it is refused.
 */
const activeSvgContent = /<script\b|<foreignObject\b|\son[a-z]+\s*=/i;

/**
 * Reads an uploaded logo: at most 1 MB, a PNG or SVG as declared (sniffed from its bytes), at
 * most 2000 pixels wide and high, decodable, an SVG without scripts or event handlers; kept as a
 * PNG at most 96 pixels high.
 */
export async function readLogo(bytes: Uint8Array, declaredType: string): Promise<LogoOutcome> {
  if (bytes.byteLength > logoLimits.maxBytes) return refused('logoTooLarge');
  const type = uploadType(declaredType);
  if (!type) return refused('logoNotAnImage');
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let metadata: Metadata;
  try {
    // sharp tells the format by the bytes' signature: an executable named logo.png is no PNG.
    metadata = await sharp(input).metadata();
  } catch {
    return refused('logoNotAnImage');
  }
  if (metadata.format !== sharpFormat[type]) return refused('logoNotAnImage');
  if (type === 'image/svg+xml' && activeSvgContent.test(input.toString('utf8'))) return refused('logoNotAnImage');
  const { width, height } = metadata;
  if (!width || !height) return refused('logoNotAnImage');
  if (width > logoLimits.maxPixels || height > logoLimits.maxPixels) return refused('logoTooManyPixels');

  const scale = Math.min(logoLimits.storedHeight / height, storedMaxWidth / width);
  const options: SharpOptions = {
    failOn: 'error',
    limitInputPixels: logoLimits.maxPixels * logoLimits.maxPixels,
    // An SVG is drawn at the size it is kept at (a small one sharp, not blown up from a few pixels).
    ...(type === 'image/svg+xml' ? { density: Math.min(Math.max(72 * scale, 1), 100000) } : {}),
  };
  try {
    const { data, info } = await sharp(input, options)
      .resize({ width: storedMaxWidth, height: logoLimits.storedHeight, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    return {
      kind: 'accepted',
      logo: {
        contentType: 'image/png',
        bytes: data,
        width: info.width,
        height: info.height,
        digest: createHash('sha256').update(data).digest('base64url'),
        uploadedAs: type,
      },
    };
  } catch {
    // A PNG whose signature is right but whose data is not (truncated, corrupt).
    return refused('logoNotAnImage');
  }
}
