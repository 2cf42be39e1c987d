import { i18n, type I18n, type Messages } from '@lingui/core';
import { isLanguage, type Language } from '@contracts/session';
import { localItem, preferenceCookies, setPreferenceCookie, storageKeys } from './storage';

export { i18n };

/** Where a language's compiled catalog is served (one JSON file per language, all its messages). */
export function catalogUrl(language: Language): string {
  return `${import.meta.env.BASE_URL}assets/locale/${language}.json`;
}

function isCatalog(value: unknown): value is { messages: Messages } {
  if (typeof value !== 'object' || value === null || !('messages' in value)) return false;
  const { messages } = value;
  return typeof messages === 'object' && messages !== null && !Array.isArray(messages);
}

/**
 * Fetches a language's catalog. The server answers with a content-hash ETag and `no-cache`, so the
 * browser revalidates its copy (a 304 when unchanged) instead of trusting a stale one.
 */
export async function fetchCatalog(language: Language): Promise<Messages> {
  const response = await fetch(catalogUrl(language));
  if (!response.ok) throw new Error(`The ${language} catalog answered ${String(response.status)}`);
  const body: unknown = await response.json();
  if (!isCatalog(body)) throw new Error(`The ${language} catalog has no messages`);
  return body.messages;
}

/** What a language loader works with: the i18n instance, the catalogs' source, and a hook for the page. */
export interface LanguageLoaderDeps {
  i18n: I18n;
  fetchCatalog: (language: Language) => Promise<Messages>;
  /** Called once a language is active (the document is marked with it). */
  activated: (language: Language) => void;
}

/** Loads and activates languages for one i18n instance: each catalog fetched once, the latest request winning. */
export function createLanguageLoader({ i18n, fetchCatalog, activated }: LanguageLoaderDeps) {
  const loaded = new Map<Language, Promise<void>>();
  /** The language last asked for, and its activation (settled once it is active, failed, or overtaken). */
  let requested: Language | null = null;
  let activation: Promise<void> = Promise.resolve();

  function load(language: Language): Promise<void> {
    let loading = loaded.get(language);
    if (!loading) {
      loading = fetchCatalog(language).then((messages) => i18n.load(language, messages));
      // A failed catalog may be fetched again later.
      loading.catch(() => loaded.delete(language));
      loaded.set(language, loading);
    }
    return loading;
  }

  /**
   * Loads and activates a language: never before its messages are there (a screen would show
   * message ids), and not at all when another language was asked for meanwhile.
   */
  function activateLanguage(language: Language): Promise<undefined> {
    requested = language;
    const activating = load(language).then(() => {
      if (requested !== language) return;
      i18n.activate(language);
      activated(language);
    });
    activation = activating.catch(() => undefined);
    return activating.then(() => undefined);
  }

  /**
   * Resolves once the language being activated (if any) is active, or has failed: a screen shown
   * after it speaks the latest language asked for, and never shows message ids.
   */
  async function ensureScreenMessages(): Promise<void> {
    for (;;) {
      const language = requested;
      await activation;
      // Another language asked for while waiting: wait for that one instead.
      if (requested === language) return;
    }
  }

  return { activateLanguage, ensureScreenMessages };
}

const loader = createLanguageLoader({
  i18n,
  fetchCatalog,
  activated: (language) => {
    document.documentElement.lang = language;
  },
});

/** Loads and activates a language for the app; the latest request wins. */
export const activateLanguage = loader.activateLanguage;

/**
 * Resolves once the app's language being activated is active (or failed): awaited before a screen
 * shows, so it never shows message ids, nor the language the visitor just left.
 */
export const ensureScreenMessages = loader.ensureScreenMessages;

/** The language stored from an earlier visit, or null. */
export function storedLanguage(): Language | null {
  const value = localItem.get(storageKeys.language);
  return isLanguage(value) ? value : null;
}

/** Remembers the visitor's own choice of language on this device, and tells the server's first render. */
export function rememberLanguage(language: Language): void {
  localItem.set(storageKeys.language, language);
  setPreferenceCookie(preferenceCookies.language, language);
}
