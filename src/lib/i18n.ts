import { i18n, type I18n, type Messages } from '@lingui/core';
import { catalogFileName, type CatalogPart } from '@contracts/catalog-files';
import { isLanguage, type Language } from '@contracts/session';
import { localItem, preferenceCookies, setPreferenceCookie, storageKeys } from './storage';

export { i18n };


/** Where a language's compiled catalog is served (`/assets/locale/es-ES.json`, `/assets/locale/office-es-ES.json`). */
export function catalogUrl(language: Language, part: CatalogPart = 'patients'): string {
  return `${import.meta.env.BASE_URL}assets/locale/${catalogFileName(language, part)}`;
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
export async function fetchCatalog(language: Language, part: CatalogPart = 'patients'): Promise<Messages> {
  const url = catalogUrl(language, part);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The catalog ${url} answered ${String(response.status)}`);
  const body: unknown = await response.json();
  if (!isCatalog(body)) throw new Error(`The catalog ${url} has no messages`);
  return body.messages;
}

/** What a language loader works with: the i18n instance, the catalogs' source, and a hook for the page. */
export interface LanguageLoaderDeps {
  i18n: I18n;
  fetchCatalog: (language: Language, part: CatalogPart) => Promise<Messages>;
  /** Called once a language is active (the document is marked with it). */
  activated: (language: Language) => void;
}

/** Loads and activates languages for one i18n instance: each catalog fetched once, the latest request winning. */
export function createLanguageLoader({ i18n, fetchCatalog, activated }: LanguageLoaderDeps) {
  const loaded = new Map<`${CatalogPart} ${Language}`, Promise<void>>();
  /** The language last asked for, and its activation (settled once it is active, failed, or overtaken). */
  let requested: Language | null = null;
  let activation: Promise<void> = Promise.resolve();
  /**
   * The catalogs every language is activated with: the console's too once it has been opened, so a
   * language chosen in the console never shows its message ids.
   */
  const parts = new Set<CatalogPart>(['patients']);

  /** Fetches a catalog and merges its messages into the language's (`i18n.load` adds to those loaded already). */
  function load(language: Language, part: CatalogPart): Promise<void> {
    const key = `${part} ${language}` as const;
    let loading = loaded.get(key);
    if (!loading) {
      loading = fetchCatalog(language, part).then((messages) => i18n.load(language, messages));
      // A failed catalog may be fetched again later.
      loading.catch(() => loaded.delete(key));
      loaded.set(key, loading);
    }
    return loading;
  }

  /**
   * Loads and activates a language: never before its messages are there (a screen would show
   * message ids), and not at all when another language was asked for meanwhile.
   */
  function activateLanguage(language: Language): Promise<undefined> {
    requested = language;
    const activating = Promise.all([...parts].map((part) => load(language, part))).then(() => {
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

  /**
   * Loads the console's messages of the language its screens will speak (the one on its way, else
   * the active one), each language's once; rejects when they cannot be fetched, so the console
   * shows its error screen (with Try again) rather than message ids. From now on every language
   * activated brings the console's messages with it.
   */
  async function ensureOfficeMessages(): Promise<void> {
    parts.add('office');
    // A language on its way began without them: they are fetched alongside it, and once it is
    // active (or has failed) the language active has them.
    if (requested) load(requested, 'office').catch(() => undefined);
    await ensureScreenMessages();
    const active = i18n.locale;
    if (isLanguage(active)) await load(active, 'office');
  }

  return { activateLanguage, ensureScreenMessages, ensureOfficeMessages };
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

/**
 * Loads the billing office console's messages (its own catalog) before a console screen shows, and
 * with every language chosen from then on; rejects when they cannot be loaded. Awaited by the
 * console's route loader. The server's renderer has every message already: nothing to load there.
 */
export function ensureOfficeMessages(): Promise<void> {
  return import.meta.env.SSR ? Promise.resolve() : loader.ensureOfficeMessages();
}

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
