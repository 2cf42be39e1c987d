import { i18n, type Messages } from '@lingui/core';
import { isLanguage, type Language } from '@contracts/session';
import { localItem, storageKeys } from './storage';

export { i18n };


type CatalogPart = 'shell' | 'screens';
type CatalogLoader = () => Promise<{ messages: Messages }>;

/**
 * Each language's messages come in two chunks: the shell's (with the first page) and the other
 * screens' (before any of them shows), so the landing page does not pay for every screen's text.
 */
const catalogs: Record<Language, Record<CatalogPart, CatalogLoader>> = {
  'en-US': {
    shell: () => import('../../locales/en-US/shell.po'),
    screens: () => import('../../locales/en-US/screens.po'),
  },
  'es-ES': {
    shell: () => import('../../locales/es-ES/shell.po'),
    screens: () => import('../../locales/es-ES/screens.po'),
  },
};

const loaded = new Map<string, Promise<void>>();
let screensWanted = false;

function loadPart(language: Language, part: CatalogPart): Promise<void> {
  const key = `${language}:${part}`;
  let loading = loaded.get(key);
  if (!loading) {
    loading = catalogs[language][part]().then(({ messages }) => i18n.load(language, messages));
    // A failed chunk may be fetched again later.
    loading.catch(() => loaded.delete(key));
    loaded.set(key, loading);
  }
  return loading;
}

/** The language stored from an earlier visit, or null. */
export function storedLanguage(): Language | null {
  const value = localItem.get(storageKeys.language);
  return isLanguage(value) ? value : null;
}

/** Loads and activates a language and marks the document with it. */
export async function activateLanguage(language: Language): Promise<undefined> {
  await Promise.all([loadPart(language, 'shell'), screensWanted ? loadPart(language, 'screens') : undefined]);
  i18n.activate(language);
  document.documentElement.lang = language;
  return undefined;
}

/** Remembers the visitor's own choice of language on this device. */
export function rememberLanguage(language: Language): void {
  localItem.set(storageKeys.language, language);
}

/** Makes sure the screens' messages of the active language are there (and stay, on a change). */
export function ensureScreenMessages(): Promise<void> {
  screensWanted = true;
  return isLanguage(i18n.locale) ? loadPart(i18n.locale, 'screens') : Promise.resolve();
}
