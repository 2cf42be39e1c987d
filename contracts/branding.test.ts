import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { brandColoursSchema, contrastProblems, contrastRatio, fixedColours, namedPalettes, paletteOf, themeCss, type BrandColours } from './branding';

describe('the contrast rule of a theme', () => {
  it('measures WCAG 2 ratios: black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#767676', '#767676')).toBe(1);
    // #767676 is the lightest grey that passes 4.5:1 on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('passes every palette the stylesheet held, which the migration gave the clients', () => {
    for (const [name, palette] of Object.entries(namedPalettes)) expect([name, contrastProblems(palette)]).toEqual([name, []]);
  });

  it('names each failing pair with its ratio rounded down, and the minimum it needed', () => {
    // A light brand colour: under white button text, and as a border; its strong shade and tint are fine.
    const colours: BrandColours = { ...namedPalettes.sunrise, brand: '#f97316' };
    const problems = contrastProblems(colours);
    expect(problems).toEqual([
      { foreground: 'brandContrast', background: 'brand', use: 'text', ratio: 2.8, minimum: 4.5 },
      { foreground: 'brand', background: 'surface', use: 'nonText', ratio: 2.8, minimum: 3 },
      { foreground: 'brand', background: 'page', use: 'nonText', ratio: 2.59, minimum: 3 },
      { foreground: 'brand', background: 'brandTint', use: 'nonText', ratio: 2.56, minimum: 3 },
    ]);
    expect(contrastRatio('#ffffff', '#f97316')).toBeGreaterThan(2.8);
  });

  it('asks 4.5:1 of the page text on the tint, and 3:1 only where the colour draws a shape', () => {
    // A tint dark enough that body text on it falls short, though the brand colours pass.
    const darkTint = contrastProblems({ ...namedPalettes.default, brandTint: '#6b7280' });
    expect(darkTint.map((problem) => `${problem.foreground}/${problem.background}`)).toContain('text/brandTint');
    // A brand colour of about 3.5:1 on white passes as a border, fails under white text.
    const midBrand = contrastProblems({ ...namedPalettes.default, brand: '#3b82f6' });
    expect(midBrand.map((problem) => `${problem.foreground}/${problem.background}:${problem.use}`)).toEqual(['brandContrast/brand:text']);
  });

  it('keeps the stylesheet’s own colours and its default theme equal to what the rule checks against', () => {
    const css = readFileSync(new URL('../src/styles/app.css', import.meta.url), 'utf8');
    expect(css).toContain(`--text: ${fixedColours.text};`);
    expect(css).toContain(`--surface: ${fixedColours.surface};`);
    expect(css).toContain(`--page: ${fixedColours.page};`);
    const fallback = /:where\(:root\) \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(fallback).toContain(`--brand: ${namedPalettes.default.brand};`);
    expect(fallback).toContain(`--brand-strong: ${namedPalettes.default.brandStrong};`);
    expect(fallback).toContain(`--brand-contrast: ${namedPalettes.default.brandContrast};`);
    expect(fallback).toContain(`--brand-tint: ${namedPalettes.default.brandTint};`);
    // The palettes themselves live in the database now.
    expect(css).not.toMatch(/\.theme-[a-z]+ \{/);
  });
});

describe('a theme’s colours as typed', () => {
  it('accepts #rrggbb in either case and stores it in lower case', () => {
    const parsed = v.parse(brandColoursSchema, { brand: ' #1F4E79 ', brandStrong: '#163a5a', brandContrast: '#FFFFFF', brandTint: '#e8f0f8' });
    expect(parsed).toEqual(namedPalettes.default);
  });

  it('refuses a colour that is not a colour, at its field', () => {
    for (const notAColour of ['red', '#fff', '#12345g', 'url(x)', '#1f4e79;}body{x:y', '', 12]) {
      const result = v.safeParse(brandColoursSchema, { ...namedPalettes.default, brandTint: notAColour });
      expect(result.success, String(notAColour)).toBe(false);
      if (!result.success) expect(v.flatten(result.issues).nested).toEqual({ brandTint: ['invalid'] });
    }
  });
});

describe('a theme as a stylesheet', () => {
  it('is its four custom properties on :root', () => {
    expect(themeCss(namedPalettes.sunrise)).toBe(':root{--brand:#9a3412;--brand-strong:#7c2d12;--brand-contrast:#ffffff;--brand-tint:#fff3e8}');
  });

  it('never writes anything but a checked colour', () => {
    expect(() => themeCss({ ...namedPalettes.default, brand: 'red}body{display:none' })).toThrow(/Not a #rrggbb colour/);
  });

  it('falls back to the default palette for a theme name it does not know', () => {
    expect(paletteOf('delta')).toEqual(namedPalettes.delta);
    expect(paletteOf('toString')).toEqual(namedPalettes.default);
    expect(paletteOf('nosuch')).toEqual(namedPalettes.default);
  });
});
