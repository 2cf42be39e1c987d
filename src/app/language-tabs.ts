/**
 * A language chosen in one of the portal's tabs is this device's choice: the other open tabs
 * follow it (the browser tells them of the change to local storage), even one still waiting for
 * its first screen.
 */
import { isLanguage } from '@contracts/session';
import type { LanguageActor } from '@/lib/machines';
import { storageKeys } from '@/lib/storage';

/** The part of a window this module listens to: its storage events. */
export interface StorageEvents {
  addEventListener(type: 'storage', listener: (event: Pick<StorageEvent, 'key' | 'newValue'>) => void): void;
  removeEventListener(type: 'storage', listener: (event: Pick<StorageEvent, 'key' | 'newValue'>) => void): void;
}

/** Has the language machine follow a language chosen in another tab. Returns a function that stops listening. */
export function followLanguageAcrossTabs(language: LanguageActor, events: StorageEvents = window): () => void {
  const listener = ({ key, newValue }: Pick<StorageEvent, 'key' | 'newValue'>) => {
    if (key === storageKeys.language && isLanguage(newValue)) language.send({ type: 'language.change', language: newValue });
  };
  events.addEventListener('storage', listener);
  return () => events.removeEventListener('storage', listener);
}
