/** Two tabs of one browser: a language chosen in one is chosen in the other . */
import type { LanguageEvent } from '@machines/language/language.types';
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

describe('followLanguageAcrossTabs', () => {
  it('tells the language machine of the language another tab stored as this device’s choice', () => {
    const heard: LanguageEvent[] = [];
    const { events, change } = storageEvents();
    followLanguageAcrossTabs({ sendBack: (event) => void heard.push(event) }, events);
    change('language', 'es-ES');
    expect(heard).toEqual([{ type: 'language.change', language: 'es-ES' }]);
  });

  it('ignores other storage keys and values that are no language, and stops when asked', () => {
    const heard: LanguageEvent[] = [];
    const { events, change, listeners } = storageEvents();
    const stop = followLanguageAcrossTabs({ sendBack: (event) => void heard.push(event) }, events);
    change('cookieNoticeAccepted', 'es-ES');
    change('language', 'fr-FR');
    change('language', null);
    expect(heard).toEqual([]);
    stop();
    expect(listeners.size).toBe(0);
  });
});
