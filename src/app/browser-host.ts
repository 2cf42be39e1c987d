/** The browser as the machines' host: the page body, local and session storage, the catalogs over HTTP. */
import { observeCalls } from '@/lib/api/http';
import { storedLanguage } from '@/lib/i18n';
import { localItem, sessionItem } from '@/lib/storage';
import type { MachineHost } from './actors';
import { createCookieConsentImplementations } from './implementations/cookie-consent.implementations';
import { createLanguageImplementations } from './implementations/language.implementations';

/** The host of the machines in the browser. */
export function browserHost(): MachineHost {
  return {
    body: document.body,
    local: localItem,
    session: sessionItem,
    storedLanguage: storedLanguage(),
    language: createLanguageImplementations(),
    cookieConsent: createCookieConsentImplementations({ storage: localItem }),
    reportError: (message, error) => console.error(message, error),
    observeCalls,
    // Other tabs matter only once someone acts here: kept out of the first screen's JavaScript.
    shareSession: (session) => {
      void import('./session-tabs').then(({ shareSessionAcrossTabs }) => shareSessionAcrossTabs(session));
    },
  };
}
