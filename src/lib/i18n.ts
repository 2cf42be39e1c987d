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

/** The language last asked for, and its activation (settled once it is active, or overtaken). */
let requested: Language | null = null;
let activation: Promise<void> = Promise.resolve();

/**
 * Loads and activates a language and marks the document with it. The screens' messages come
 * first when a screen has asked for them, even if it asked while the shell's were loading; and
 * when another language is asked for meanwhile, the latest request wins.
 */
export function activateLanguage(language: Language): Promise<undefined> {
  requested = language;
  const activating = (async () => {
    await loadPart(language, 'shell');
    if (screensWanted) await loadPart(language, 'screens');
    if (requested !== language) return;
    i18n.activate(language);
    document.documentElement.lang = language;
  })();
  activation = activating.catch(() => undefined);
  return activating.then(() => undefined);
}

/** Remembers the visitor's own choice of language on this device. */
export function rememberLanguage(language: Language): void {
  localItem.set(storageKeys.language, language);
}

/**
 * Resolves once the screens' messages are loaded and their language is active: the language
 * being activated when there is one (a screen must never show before its messages are there).
 */
export async function ensureScreenMessages(): Promise<void> {
  screensWanted = true;
  for (;;) {
    const language = requested ?? (isLanguage(i18n.locale) ? i18n.locale : null);
    const pending = activation;
    if (language) await loadPart(language, 'screens');
    await pending;
    // Another language asked for while waiting: wait for that one instead.
    if (requested === language || requested === null) return;
  }
}
