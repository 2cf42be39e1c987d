import { i18n, type Messages } from '@lingui/core';
import { languages, type Language } from './api/contracts';

export { i18n };

/** The language the portal speaks before anyone chooses. */
export const defaultLanguage: Language = 'en-US';
const storageKey = 'language';

/** Each catalog is its own chunk, loaded only when that language is chosen. */
const catalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  'en-US': () => import('../../locales/en-US/messages.po'),
  'es-ES': () => import('../../locales/es-ES/messages.po'),
};

export function isLanguage(value: unknown): value is Language {
  return languages.some((language) => language === value);
}

/** The language stored from an earlier visit, or the default. */
export function storedLanguage(storage: Pick<Storage, 'getItem'> | undefined = typeof localStorage === 'undefined' ? undefined : localStorage): Language {
  try {
    const value = storage === undefined ? null : storage.getItem(storageKey);
    return isLanguage(value) ? value : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

/** Loads and activates a language, marks the document with it and remembers the choice. */
export async function activateLanguage(language: Language): Promise<void> {
  const { messages } = await catalogs[language]();
  i18n.loadAndActivate({ locale: language, messages });
  document.documentElement.lang = language;
  try {
    localStorage.setItem(storageKey, language);
  } catch {
    // Storage can be disabled (private mode); the choice then lasts for this page only.
  }
}
