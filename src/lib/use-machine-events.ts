/** Named functions for the app-wide machines' events, so views never build event objects. */
import type { Language } from '@contracts/session';
import { useMemo } from 'react';
import { useMachines } from './machines';

/** The cookie notice's events. */
export function useCookieConsentEvents() {
  const { cookieConsent } = useMachines();
  return useMemo(() => ({ accept: () => cookieConsent.send({ type: 'consent.accept' }) }), [cookieConsent]);
}

/** The language's events. */
export function useLanguageEvents() {
  const { language } = useMachines();
  return useMemo(() => ({ change: (chosen: Language) => language.send({ type: 'language.change', language: chosen }) }), [language]);
}
