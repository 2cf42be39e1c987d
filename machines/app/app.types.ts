import type { Language } from '@contracts/session';

/** What the root keeps: only what its children need from it at start. */
export interface AppContext {
  /** The language chosen on this device, if any: the language machine starts from it. */
  storedLanguage: Language | null;
}

export interface AppInput {
  storedLanguage: Language | null;
}

/**
 * What the root hears: the session's news (through the actions it provides it), the address, a
 * client chosen on the switch page, and the page's resumption.
 */
export type AppEvent =
  | { type: 'app.signedIn'; billingGroup: string | null }
  | { type: 'app.signedOut' }
  | { type: 'app.addressChanged'; code: string | null }
  | { type: 'app.clientChosen'; code: string; billingGroup: string | null }
  | { type: 'app.resumed'; storedLanguage: Language | null };

/** The root's system ids, which feature machines send to. */
export const appSystemIds = {
  app: 'app',
  session: 'session',
  client: 'client',
  language: 'language',
  loading: 'loading',
  cookieConsent: 'cookieConsent',
} as const;
