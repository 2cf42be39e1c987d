export type Language = 'en-US' | 'es-ES';

export const defaultLanguage: Language = 'en-US';

export interface LanguageContext {
  /** The language the portal speaks now. */
  language: Language;
  /** The language being loaded. */
  requested: Language;
  isUserSignedIn: boolean;
  /** The visitor chose the language on this device (now or on an earlier visit). */
  isChosenHere: boolean;
}

export type LanguageEvent =
  | { type: 'language.change'; language: Language }
  | { type: 'language.userSignedIn' }
  | { type: 'language.userSignedOut' };

export type LanguageTag = 'switching';
