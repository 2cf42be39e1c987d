/**
 * A client's branding: the four colours of its theme (the stylesheet's custom properties) and its
 * logo. The contrast rule lives here so the server refuses, and the console's live preview warns
 * about, exactly the same colours.
 */
import * as v from 'valibot';

/** The theme's colours, by the custom property each one sets (`brandStrong` is `--brand-strong`). */
export const colourNames = ['brand', 'brandStrong', 'brandContrast', 'brandTint'] as const;
export type ColourName = (typeof colourNames)[number];
export type BrandColours = Record<ColourName, string>;

/** A colour as stored and served: `#rrggbb`, lower case. */
const hexColour = /^#[0-9a-f]{6}$/;

/** One colour as typed: `#rrggbb` in either case, spaces around it ignored; anything else is a field error. */
export const colourSchema = v.pipe(v.string('invalid'), v.trim(), v.toLowerCase(), v.regex(hexColour, 'invalid'));

/** PUT the theme's colours. */
export const brandColoursSchema = v.object({
  brand: colourSchema,
  brandStrong: colourSchema,
  brandContrast: colourSchema,
  brandTint: colourSchema,
});

/**
 * The five palettes the stylesheet held before themes moved into the database, by theme name: the
 * migration gave each client the one its theme named, and a new client gets `default` (also the
 * stylesheet's own look where no client is chosen).
 */
export const namedPalettes = {
  default: { brand: '#1f4e79', brandStrong: '#163a5a', brandContrast: '#ffffff', brandTint: '#e8f0f8' },
  sunrise: { brand: '#9a3412', brandStrong: '#7c2d12', brandContrast: '#ffffff', brandTint: '#fff3e8' },
  delta: { brand: '#065f46', brandStrong: '#064e3b', brandContrast: '#ffffff', brandTint: '#e8f7f1' },
  northpoint: { brand: '#3730a3', brandStrong: '#312e81', brandContrast: '#ffffff', brandTint: '#eef0fd' },
  harbor: { brand: '#075985', brandStrong: '#0c4a6e', brandContrast: '#ffffff', brandTint: '#e8f4fb' },
} as const satisfies Record<string, BrandColours>;

/** The named palette of a theme name; the default one for any other name. */
export function paletteOf(theme: string): BrandColours {
  return Object.hasOwn(namedPalettes, theme) ? namedPalettes[theme as keyof typeof namedPalettes] : namedPalettes.default;
}

/** The stylesheet's colours that are not the client's (its `:root`): text, cards and the page behind them. */
export const fixedColours = { text: '#1b1f24', surface: '#ffffff', page: '#f5f6f8' } as const;
type FixedColourName = keyof typeof fixedColours;

/**
 * Where the stylesheet puts one colour on another, and the contrast WCAG 2 AA asks of it: 4.5:1
 * where it is text, 3:1 where it only draws a shape (a border, the header's stripe, the spinner).
 */
export interface ContrastPair {
  foreground: ColourName | FixedColourName;
  background: ColourName | FixedColourName;
  use: 'text' | 'nonText';
}

export const contrastPairs: readonly ContrastPair[] = [
  // Buttons and the wizard's current step, and a button under the pointer.
  { foreground: 'brandContrast', background: 'brand', use: 'text' },
  { foreground: 'brandContrast', background: 'brandStrong', use: 'text' },
  // Notices, table heads and the menu's current page.
  { foreground: 'text', background: 'brandTint', use: 'text' },
  // Links and headings, on cards, on the page and on the tint.
  { foreground: 'brandStrong', background: 'surface', use: 'text' },
  { foreground: 'brandStrong', background: 'page', use: 'text' },
  { foreground: 'brandStrong', background: 'brandTint', use: 'text' },
  // Borders and the header's stripe, on cards and on the page; the spinner's arc on its tint track.
  { foreground: 'brand', background: 'surface', use: 'nonText' },
  { foreground: 'brand', background: 'page', use: 'nonText' },
  { foreground: 'brand', background: 'brandTint', use: 'nonText' },
];

/** The least contrast each use needs (WCAG 2.2 AA, 1.4.3 and 1.4.11). */
export const minimumContrast = { text: 4.5, nonText: 3 } as const;

/** A pair below its minimum, with its ratio rounded down to two decimals (4.499 reads 4.49, never 4.50). */
export interface ContrastProblem extends ContrastPair {
  ratio: number;
  minimum: number;
}

function relativeLuminance(colour: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(colour.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The WCAG 2 contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** Every pair of these colours below WCAG AA, each with its ratio; empty when the theme may be saved. */
export function contrastProblems(colours: BrandColours): ContrastProblem[] {
  const colourOf = (name: ColourName | FixedColourName) => (name in fixedColours ? fixedColours[name as FixedColourName] : colours[name as ColourName]);
  return contrastPairs.flatMap((pair) => {
    const ratio = contrastRatio(colourOf(pair.foreground), colourOf(pair.background));
    const minimum = minimumContrast[pair.use];
    return ratio >= minimum ? [] : [{ ...pair, ratio: Math.floor(ratio * 100) / 100, minimum }];
  });
}

/** The custom properties of a theme, in the order the stylesheet declares them. */
const customProperties: Record<ColourName, string> = {
  brand: '--brand',
  brandStrong: '--brand-strong',
  brandContrast: '--brand-contrast',
  brandTint: '--brand-tint',
};

/**
 * A client's theme as a stylesheet: its custom properties on `:root`, which the stylesheet's own
 * default (on `:where(:root)`, no specificity) gives way to. Only checked `#rrggbb` colours reach
 * it, so it cannot carry anything else.
 */
export function themeCss(colours: BrandColours): string {
  const declarations = colourNames.map((name) => {
    const colour = colours[name];
    if (!hexColour.test(colour)) throw new Error(`Not a #rrggbb colour: ${JSON.stringify(colour)}`);
    return `${customProperties[name]}:${colour}`;
  });
  return `:root{${declarations.join(';')}}`;
}

/** What the console shows of a client's branding. */
export const brandingSchema = v.object({
  theme: v.string(),
  colours: brandColoursSchema,
  /** Where the patients' pages load the logo from (a stored logo's address carries its version); null: no logo. */
  logoUrl: v.nullable(v.string()),
  /** The stored logo, when the office uploaded one (a logo of the portal's own files has none). */
  logo: v.nullable(
    v.object({
      contentType: v.string(),
      width: v.number(),
      height: v.number(),
      bytes: v.number(),
      /** What was uploaded: a PNG, or an SVG drawn into a PNG. */
      uploadedAs: v.picklist(['image/png', 'image/svg+xml']),
      uploadedAt: v.string(),
    }),
  ),
});
export type Branding = v.InferOutput<typeof brandingSchema>;

/** The logo types an office may upload. */
export const logoUploadTypes = ['image/png', 'image/svg+xml'] as const;
export type LogoUploadType = (typeof logoUploadTypes)[number];

/** A logo upload's limits: its size, and its width and height in pixels (an SVG's as it declares them). */
export const logoLimits = { maxBytes: 1024 * 1024, maxPixels: 2000, storedHeight: 96 } as const;

