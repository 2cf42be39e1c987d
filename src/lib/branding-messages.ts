/**
 * The messages of a client's branding refusals, in the reader's language, for the console's
 * Branding screen: the colours' contrast (the same rule, contracts/branding.ts, in its live
 * preview and in the server's refusal) and an uploaded logo's problems.
 */
import { useLingui } from '@lingui/react/macro';
import type { ContrastPair, ContrastProblem } from '@contracts/branding';

/** A logo upload's refusal codes (contracts/errors.ts). */
export type LogoRefusalCode = 'logoNotAnImage' | 'logoTooLarge' | 'logoTooManyPixels';

/** The message of a refused logo, at the upload field. */
export function useLogoRefusalMessage(): (code: LogoRefusalCode) => string {
  const { t } = useLingui();
  return (code) => {
    switch (code) {
      case 'logoNotAnImage':
        return t`This file is not a PNG or SVG image. Choose a logo saved as PNG or SVG.`;
      case 'logoTooLarge':
        return t`This file is larger than 1 MB. Choose a smaller logo.`;
      case 'logoTooManyPixels':
        return t`This image is more than 2000 pixels wide or high. Choose a smaller logo.`;
    }
  };
}

/** The message of a colour that is not one, at its field. */
export function useColourFieldMessage(): () => string {
  const { t } = useLingui();
  return () => t`Enter a colour as # and six hexadecimal digits, like #1f4e79.`;
}

/** Where a pair of colours meets on the patients' pages, as the office knows them. */
function usePairName(): (pair: ContrastPair) => string {
  const { t } = useLingui();
  return ({ foreground, background }) => {
    switch (`${foreground}/${background}`) {
      case 'brandContrast/brand':
        return t`Button text on the brand colour`;
      case 'brandContrast/brandStrong':
        return t`Button text on the strong colour (a button under the pointer)`;
      case 'text/brandTint':
        return t`Page text on the tint (notices and table headings)`;
      case 'brandStrong/surface':
        return t`Links and headings on white`;
      case 'brandStrong/page':
        return t`Links and headings on the page background`;
      case 'brandStrong/brandTint':
        return t`Links on the tint`;
      case 'brand/surface':
        return t`Borders and the header stripe on white`;
      case 'brand/page':
        return t`Borders on the page background`;
      default:
        return t`The loading spinner on the tint`;
    }
  };
}

/** The message above the colours when some pairs are too close to tell apart (contrastTooLow). */
export function useContrastRefusalMessage(): () => string {
  const { t } = useLingui();
  return () => t`Some of these colours are too close to each other for everyone to see them. Change the pairs listed, then save.`;
}

/** The message of each pair below WCAG AA contrast: where it is, its ratio and the least it needs. */
export function useContrastProblemMessage(): (problem: ContrastProblem) => string {
  const { t, i18n } = useLingui();
  const pairName = usePairName();
  return (problem) => {
    const ratio = i18n.number(problem.ratio, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const minimum = i18n.number(problem.minimum, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const pair = pairName(problem);
    return t`${pair}: ${ratio}:1, at least ${minimum}:1 is needed.`;
  };
}

/** The message at a colour of a pair too close: the pairs it is in, and what to do. */
export function useTooCloseMessage(): (problems: ContrastProblem[], colour: string) => string {
  const { t } = useLingui();
  const pairName = usePairName();
  return (problems, colour) => {
    const pairs = problems
      .filter((problem) => problem.foreground === colour || problem.background === colour)
      .map(pairName)
      .join('; ');
    return t`Too little contrast for: ${pairs}. Choose a darker or lighter colour.`;
  };
}
