import type { Language } from '@contracts/session';

export type { Language };

/** The language the portal speaks before anyone chooses (the specification's default). */
export const defaultLanguage = 'en-US' satisfies Language;

export interface LanguageContext {
  /** The language the portal speaks now. */
  language: Language;
  /** The language being loaded. */
  requested: Language;
  isUserSignedIn: boolean;
  /** The visitor chose the language on this device (now or on an earlier visit). */
  isChosenHere: boolean;
  /** The languages whose catalogs this page has loaded: they stay, so applying one again cannot fail. */
  loaded: Language[];
}

export type LanguageEvent =
  | { type: 'language.change'; language: Language }
  | { type: 'language.userSignedIn' }
  | { type: 'language.userSignedOut' }
  | { type: 'language.retry' };

export type LanguageTag = 'switching' | 'unavailable';
