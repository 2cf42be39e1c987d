import type { BrandColours, ColourName, ContrastProblem } from '@contracts/branding';
import type { FormContext, FormEvent, FormRejection } from '../form/form.types';

/** The colours in their order on the page (contracts/branding.ts `colourNames`). */
export const colourFields = ['brand', 'brandStrong', 'brandContrast', 'brandTint'] as const satisfies readonly ColourName[];

/** Not `#rrggbb`; or, once every colour is one, in a pair too close to the other (contracts/branding.ts). */
export type ColourProblem = 'invalid' | 'tooClose';

/** Why the save failed as a whole: signed out meanwhile, the network, the server. */
export type BrandColoursFailure = 'expired' | 'network' | 'serverError';

export type BrandColoursRejection = FormRejection<ColourName, ColourProblem, BrandColoursFailure>;

export interface BrandColoursContext extends FormContext<ColourName, ColourProblem, BrandColoursFailure> {
  /** The colours the patients' pages wear now. */
  saved: BrandColours;
  /** The pairs the server refused at the last save (its rule is the same: seldom any). */
  serverContrast: ContrastProblem[];
  /** The save went through: said until the next change. */
  savedNotice: boolean;
}

export type BrandColoursEvent = FormEvent<ColourName> | { type: 'colours.reset' };
