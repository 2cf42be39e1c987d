/** The cookie notice's effects: reading and keeping the visitor's answer in local storage. */
import type { cookieConsentMachine } from '@machines/cookie-consent/cookie-consent.machine';
import { acceptedValue } from '@machines/cookie-consent/cookie-consent.types';
import { fromPromise, type MachineImplementationsFrom } from 'xstate';
import { preferenceCookies, setPreferenceCookie, storageKeys, type localItem } from '@/lib/storage';

/** Creates the cookie notice's implementations over local storage (and the preference cookie the server reads). */
export function createCookieConsentImplementations({
  storage,
  setCookie = setPreferenceCookie,
}: {
  storage: Pick<typeof localItem, 'read' | 'set'>;
  setCookie?: (name: string, value: string) => void;
}): MachineImplementationsFrom<typeof cookieConsentMachine> {
  return {
    actors: {
      // Storage that cannot be read rejects, so the notice shows again rather than reading as no answer.
      readConsent: fromPromise(() => new Promise<boolean>((resolve) => resolve(storage.read(storageKeys.cookieConsent) === acceptedValue))),
    },
    actions: {
      storeConsent: () => {
        storage.set(storageKeys.cookieConsent, acceptedValue);
        // The server renders the first screen without the notice from then on.
        setCookie(preferenceCookies.cookieConsent, acceptedValue);
      },
    },
  };
}
