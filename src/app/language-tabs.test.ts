/** Two tabs of one browser: a language chosen in one is chosen in the other. */
import { languageMachine } from '@machines/language/language.machine';
import type { Language } from '@contracts/session';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { followLanguageAcrossTabs, type StorageEvents } from './language-tabs';

type Listener = Parameters<StorageEvents['addEventListener']>[1];

function storageEvents() {
  const listeners = new Set<Listener>();
  const events: StorageEvents = {
    addEventListener: (_, listener) => listeners.add(listener),
    removeEventListener: (_, listener) => listeners.delete(listener),
  };
  const change = (key: string | null, newValue: string | null) => listeners.forEach((listener) => listener({ key, newValue }));
  return { events, change, listeners };
}

function languageTab(remembered: Language[]) {
  return createActor(
    languageMachine.provide({
      actors: { applyLanguage: fromPromise<undefined, Language>(() => Promise.resolve(undefined)) },
      actions: { rememberLanguage: (_, { language }) => remembered.push(language) },
    }),
    { input: { stored: null } },
  ).start();
}

describe('followLanguageAcrossTabs', () => {
  it('applies the language another tab stored as this device’s choice', async () => {
    const remembered: Language[] = [];
    const tab = languageTab(remembered);
    await waitFor(tab, (snapshot) => snapshot.matches('ready'));
    const { events, change } = storageEvents();
    followLanguageAcrossTabs(tab, events);
    change('language', 'es-ES');
    const snapshot = await waitFor(tab, (next) => next.matches('ready') && next.context.language === 'es-ES');
    expect(snapshot.context.isChosenHere).toBe(true);
    expect(remembered).toEqual(['es-ES']);
  });

  it('ignores other storage keys and values that are no language, and stops when asked', async () => {
    const tab = languageTab([]);
    await waitFor(tab, (snapshot) => snapshot.matches('ready'));
    const { events, change, listeners } = storageEvents();
    const stop = followLanguageAcrossTabs(tab, events);
    change('cookieNoticeAccepted', 'es-ES');
    change('language', 'fr-FR');
    change('language', null);
    expect(tab.getSnapshot().matches('ready')).toBe(true);
    expect(tab.getSnapshot().context.language).toBe('en-US');
    stop();
    expect(listeners.size).toBe(0);
  });
});
