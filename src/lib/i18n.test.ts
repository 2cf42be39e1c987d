import type { Language } from '@contracts/session';
import { setupI18n, type Messages } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogPart } from '@contracts/catalog-files';
import { catalogUrl, createLanguageLoader, fetchCatalog } from './i18n';

interface Pending {
  language: Language;
  part: CatalogPart;
  arrive: () => void;
  fail: () => void;
}

const catalogs: Record<CatalogPart, Record<Language, Messages>> = {
  patients: { 'en-US': { greeting: 'Hello' }, 'es-ES': { greeting: 'Hola' } },
  office: { 'en-US': { payments: 'Payments today' }, 'es-ES': { payments: 'Pagos de hoy' } },
};

/** A loader whose catalogs arrive only when the test says so. */
function arrange() {
  const i18n = setupI18n();
  const pending: Pending[] = [];
  /** The catalogs asked for, by file name (`es-ES`, `office-es-ES`). */
  const fetches: string[] = [];
  const activated: Language[] = [];
  const loader = createLanguageLoader({
    i18n,
    fetchCatalog: (language, part) => {
      fetches.push(part === 'office' ? `office-${language}` : language);
      return new Promise<Messages>((resolve, reject) => {
        pending.push({
          language,
          part,
          // A copy: i18n.load merges a language's later catalogs into the first one it was given.
          arrive: () => resolve({ ...catalogs[part][language] }),
          fail: () => reject(new Error(`${part} ${language} unavailable`)),
        });
      });
    },
    activated: (language) => activated.push(language),
  });
  /** Settles the oldest request for the catalog still waiting. */
  const take = (language: Language, part: CatalogPart = 'patients'): Pending => {
    const index = pending.findIndex((request) => request.language === language && request.part === part);
    const [request] = pending.splice(index, 1);
    if (index < 0 || !request) throw new Error(`no ${part} ${language} catalog was asked for`);
    return request;
  };
  // Through variables, so the message extractor does not take this test's messages for the product's.
  const messageId = 'greeting';
  const officeMessageId = 'payments';
  const shown = (): string => i18n._(messageId);
  const shownInConsole = (): string => i18n._(officeMessageId);
  return { i18n, loader, fetches, activated, take, shown, shownInConsole };
}

/** Lets every settled promise run its callbacks. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('loading a language', () => {
  it('becomes active only once its catalog has arrived, never showing message ids before', async () => {
    const { i18n, loader, take, activated, shown } = arrange();
    const done = loader.activateLanguage('es-ES');
    await settle();
    expect(i18n.locale).not.toBe('es-ES');
    expect(activated).toEqual([]);

    take('es-ES').arrive();
    await done;
    expect(i18n.locale).toBe('es-ES');
    expect(shown()).toBe('Hola');
    expect(activated).toEqual(['es-ES']);
  });

  it('ends on the latest choice when an earlier catalog arrives later', async () => {
    const { i18n, loader, take, activated, shown } = arrange();
    const english = loader.activateLanguage('en-US');
    take('en-US').arrive();
    await english;
    const spanish = loader.activateLanguage('es-ES');
    const englishAgain = loader.activateLanguage('en-US');
    await englishAgain;
    take('es-ES').arrive();
    await spanish;
    expect(i18n.locale).toBe('en-US');
    expect(shown()).toBe('Hello');
    expect(activated).toEqual(['en-US', 'en-US']);
  });

  it('fetches each catalog once, however often the language is chosen', async () => {
    const { loader, take, fetches } = arrange();
    const english = loader.activateLanguage('en-US');
    take('en-US').arrive();
    await english;
    const spanish = loader.activateLanguage('es-ES');
    take('es-ES').arrive();
    await spanish;
    await loader.activateLanguage('en-US');
    await loader.activateLanguage('es-ES');
    expect(fetches).toEqual(['en-US', 'es-ES']);
  });

  it('fails when its catalog cannot be fetched, keeps the current language, and fetches it again when asked again', async () => {
    const { i18n, loader, take, fetches } = arrange();
    const english = loader.activateLanguage('en-US');
    take('en-US').arrive();
    await english;

    const failing = loader.activateLanguage('es-ES');
    take('es-ES').fail();
    await expect(failing).rejects.toThrow('patients es-ES unavailable');
    expect(i18n.locale).toBe('en-US');

    const retry = loader.activateLanguage('es-ES');
    take('es-ES').arrive();
    await retry;
    expect(i18n.locale).toBe('es-ES');
    expect(fetches).toEqual(['en-US', 'es-ES', 'es-ES']);
  });
});

describe('waiting before a screen shows', () => {
  it('waits for the language being applied, and for one chosen while waiting', async () => {
    const { i18n, loader, take } = arrange();
    void loader.activateLanguage('en-US').catch(() => undefined);
    let ready = false;
    void loader.ensureScreenMessages().then(() => {
      ready = true;
    });
    void loader.activateLanguage('es-ES');

    take('en-US').arrive();
    await settle();
    expect(ready).toBe(false);

    take('es-ES').arrive();
    await settle();
    expect(ready).toBe(true);
    expect(i18n.locale).toBe('es-ES');
  });

  it('lets the screen show in the current language when the chosen one fails', async () => {
    const { i18n, loader, take } = arrange();
    const english = loader.activateLanguage('en-US');
    take('en-US').arrive();
    await english;
    void loader.activateLanguage('es-ES').catch(() => undefined);
    const waiting = loader.ensureScreenMessages();
    take('es-ES').fail();
    await waiting;
    expect(i18n.locale).toBe('en-US');
  });

  it('does not wait when no language is on its way', async () => {
    const { loader, take } = arrange();
    const english = loader.activateLanguage('en-US');
    take('en-US').arrive();
    await english;
    await expect(loader.ensureScreenMessages()).resolves.toBeUndefined();
  });
});

describe("the console's messages", () => {
  /** A loader with English active. */
  async function inEnglish() {
    const arranged = arrange();
    const english = arranged.loader.activateLanguage('en-US');
    arranged.take('en-US').arrive();
    await english;
    return arranged;
  }

  it('are fetched only once the console opens, for the active language, and once per language', async () => {
    const { loader, take, fetches, shownInConsole } = await inEnglish();
    expect(fetches).toEqual(['en-US']);

    let ready = false;
    const opening = loader.ensureOfficeMessages().then(() => {
      ready = true;
    });
    await settle();
    expect(fetches).toEqual(['en-US', 'office-en-US']);
    expect(ready).toBe(false);
    take('en-US', 'office').arrive();
    await opening;
    expect(shownInConsole()).toBe('Payments today');

    await loader.ensureOfficeMessages();
    await loader.ensureOfficeMessages();
    expect(fetches).toEqual(['en-US', 'office-en-US']);
  });

  it('keep the patients\' messages of the language: both catalogs are merged', async () => {
    const { loader, take, shown, shownInConsole } = await inEnglish();
    const opening = loader.ensureOfficeMessages();
    take('en-US', 'office').arrive();
    await opening;
    expect(shown()).toBe('Hello');
    expect(shownInConsole()).toBe('Payments today');
  });

  it('come with a language chosen in the console: it becomes active only once both its catalogs are there', async () => {
    const { i18n, loader, take, fetches, activated, shown, shownInConsole } = await inEnglish();
    const opening = loader.ensureOfficeMessages();
    take('en-US', 'office').arrive();
    await opening;

    const spanish = loader.activateLanguage('es-ES');
    await settle();
    expect(fetches).toEqual(['en-US', 'office-en-US', 'es-ES', 'office-es-ES']);
    take('es-ES').arrive();
    await settle();
    // Half there: the console keeps speaking English rather than show message ids.
    expect(i18n.locale).toBe('en-US');
    expect(activated).toEqual(['en-US']);
    take('es-ES', 'office').arrive();
    await spanish;
    expect(i18n.locale).toBe('es-ES');
    expect(shown()).toBe('Hola');
    expect(shownInConsole()).toBe('Pagos de hoy');

    // Back to English: everything is there already.
    await loader.activateLanguage('en-US');
    expect(shownInConsole()).toBe('Payments today');
    expect(fetches).toEqual(['en-US', 'office-en-US', 'es-ES', 'office-es-ES']);
  });

  it('are those of a language on its way when the console opens, fetched alongside it', async () => {
    const { i18n, loader, take, fetches, shownInConsole } = await inEnglish();
    const spanish = loader.activateLanguage('es-ES');
    let ready = false;
    const opening = loader.ensureOfficeMessages().then(() => {
      ready = true;
    });
    await settle();
    expect(fetches).toEqual(['en-US', 'es-ES', 'office-es-ES']);
    take('es-ES', 'office').arrive();
    await settle();
    expect(ready).toBe(false);
    take('es-ES').arrive();
    await Promise.all([spanish, opening]);
    expect(i18n.locale).toBe('es-ES');
    expect(shownInConsole()).toBe('Pagos de hoy');
  });

  it('are those of the language kept when the one on its way fails', async () => {
    const { i18n, loader, take, fetches, shownInConsole } = await inEnglish();
    const spanish = loader.activateLanguage('es-ES');
    spanish.catch(() => undefined);
    const opening = loader.ensureOfficeMessages();
    take('es-ES').fail();
    await settle();
    expect(fetches).toEqual(['en-US', 'es-ES', 'office-es-ES', 'office-en-US']);
    take('en-US', 'office').arrive();
    await opening;
    expect(i18n.locale).toBe('en-US');
    expect(shownInConsole()).toBe('Payments today');
  });

  it('fail the console\'s opening when their catalog cannot be fetched, and are fetched again on the next try', async () => {
    const { loader, take, fetches, shownInConsole } = await inEnglish();
    const opening = loader.ensureOfficeMessages();
    take('en-US', 'office').fail();
    await expect(opening).rejects.toThrow('office en-US unavailable');

    const retry = loader.ensureOfficeMessages();
    take('en-US', 'office').arrive();
    await retry;
    expect(shownInConsole()).toBe('Payments today');
    expect(fetches).toEqual(['en-US', 'office-en-US', 'office-en-US']);
  });

  it('keep the console in its language when a language chosen there has no console catalog', async () => {
    const { i18n, loader, take, shownInConsole } = await inEnglish();
    const opening = loader.ensureOfficeMessages();
    take('en-US', 'office').arrive();
    await opening;

    const spanish = loader.activateLanguage('es-ES');
    take('es-ES').arrive();
    take('es-ES', 'office').fail();
    await expect(spanish).rejects.toThrow('office es-ES unavailable');
    expect(i18n.locale).toBe('en-US');
    expect(shownInConsole()).toBe('Payments today');
    await expect(loader.ensureScreenMessages()).resolves.toBeUndefined();
  });
});

describe('fetching a catalog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the compiled messages from /assets/locale/{lang}.json', async () => {
    const fetch = vi.fn(() => Promise.resolve(Response.json({ messages: { greeting: ['Hola'] } })));
    vi.stubGlobal('fetch', fetch);
    await expect(fetchCatalog('es-ES')).resolves.toEqual({ greeting: ['Hola'] });
    expect(fetch).toHaveBeenCalledWith('/assets/locale/es-ES.json');
    expect(catalogUrl('en-US')).toBe('/assets/locale/en-US.json');
  });

  it("reads the console's from /assets/locale/office-{lang}.json", async () => {
    const fetch = vi.fn(() => Promise.resolve(Response.json({ messages: { payments: ['Pagos de hoy'] } })));
    vi.stubGlobal('fetch', fetch);
    await expect(fetchCatalog('es-ES', 'office')).resolves.toEqual({ payments: ['Pagos de hoy'] });
    expect(fetch).toHaveBeenCalledWith('/assets/locale/office-es-ES.json');
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('Not Found', { status: 404 })));
    await expect(fetchCatalog('es-ES', 'office')).rejects.toThrow('The catalog /assets/locale/office-es-ES.json answered 404');
  });

  it('fails on an error answer or a body without messages, so the language is not applied', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('Not Found', { status: 404 })));
    await expect(fetchCatalog('es-ES')).rejects.toThrow(/404/);
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ greeting: ['Hola'] })));
    await expect(fetchCatalog('es-ES')).rejects.toThrow(/no messages/);
  });
});
