import type { Language } from '@contracts/session';
import { setupI18n, type Messages } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogUrl, createLanguageLoader, fetchCatalog } from './i18n';

interface Pending {
  language: Language;
  arrive: () => void;
  fail: () => void;
}

const catalogs: Record<Language, Messages> = {
  'en-US': { greeting: 'Hello' },
  'es-ES': { greeting: 'Hola' },
};

/** A loader whose catalogs arrive only when the test says so. */
function arrange() {
  const i18n = setupI18n();
  const pending: Pending[] = [];
  const fetches: Language[] = [];
  const activated: Language[] = [];
  const loader = createLanguageLoader({
    i18n,
    fetchCatalog: (language) => {
      fetches.push(language);
      return new Promise<Messages>((resolve, reject) => {
        pending.push({
          language,
          arrive: () => resolve(catalogs[language]),
          fail: () => reject(new Error(`${language} unavailable`)),
        });
      });
    },
    activated: (language) => activated.push(language),
  });
  /** Settles the oldest request for the language still waiting. */
  const take = (language: Language): Pending => {
    const index = pending.findIndex((request) => request.language === language);
    const [request] = pending.splice(index, 1);
    if (index < 0 || !request) throw new Error(`no ${language} catalog was asked for`);
    return request;
  };
  // Through a variable, so the message extractor does not take this test's message for the product's.
  const messageId = 'greeting';
  const shown = (): string => i18n._(messageId);
  return { i18n, loader, fetches, activated, take, shown };
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
    await expect(failing).rejects.toThrow('es-ES unavailable');
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

  it('fails on an error answer or a body without messages, so the language is not applied', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('Not Found', { status: 404 })));
    await expect(fetchCatalog('es-ES')).rejects.toThrow(/404/);
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ greeting: ['Hola'] })));
    await expect(fetchCatalog('es-ES')).rejects.toThrow(/no messages/);
  });
});
