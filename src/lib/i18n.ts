import { i18n, type Messages } from '@lingui/core';
import { languages, type Language } from './api/contracts';
import { localItem, storageKeys } from './storage';

export { i18n };

/** The language the portal speaks before anyone chooses. */
export const defaultLanguage: Language = 'en-US';

/** Each catalog is its own chunk, loaded only when that language is chosen. */
const catalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  'en-US': () => import('../../locales/en-US/messages.po'),
  'es-ES': () => import('../../locales/es-ES/messages.po'),
};

export function isLanguage(value: unknown): value is Language {
  return languages.some((language) => language === value);
}

/** The language stored from an earlier visit, or null. */
export function storedLanguage(): Language | null {
  const value = localItem.get(storageKeys.language);
  return isLanguage(value) ? value : null;
}

/** Loads and activates a language, marks the document with it and remembers the choice. */
export async function activateLanguage(language: Language): Promise<undefined> {
  const { messages } = await catalogs[language]();
  i18n.loadAndActivate({ locale: language, messages });
  document.documentElement.lang = language;
  localItem.set(storageKeys.language, language);
  return undefined;
}
