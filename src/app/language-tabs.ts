/**
 * A language chosen in one of the portal's tabs is this device's choice: the other open tabs
 * follow it (the browser tells them of the change to local storage), even one still waiting for
 * its first screen.
 */
import type { LanguageEvent } from '@machines/language/language.types';
import { isLanguage } from '@contracts/session';
import { storageKeys } from '@/lib/storage';

/** The part of a window this module listens to: its storage events. */
export interface StorageEvents {
  addEventListener(type: 'storage', listener: (event: Pick<StorageEvent, 'key' | 'newValue'>) => void): void;
  removeEventListener(type: 'storage', listener: (event: Pick<StorageEvent, 'key' | 'newValue'>) => void): void;
}

/** Tells the language machine of a language chosen in another tab. Returns a function that stops listening. */
export function followLanguageAcrossTabs({ sendBack }: { sendBack: (event: LanguageEvent) => void }, events: StorageEvents = window): () => void {
  const listener = ({ key, newValue }: Pick<StorageEvent, 'key' | 'newValue'>) => {
    if (key === storageKeys.language && isLanguage(newValue)) sendBack({ type: 'language.change', language: newValue });
  };
  events.addEventListener('storage', listener);
  return () => events.removeEventListener('storage', listener);
}
