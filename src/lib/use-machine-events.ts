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
  return useMemo(
    () => ({
      change: (chosen: Language) => language.send({ type: 'language.change', language: chosen }),
      retry: () => language.send({ type: 'language.retry' }),
    }),
    [language],
  );
}

/**
 * The session's events the first screen offers (the signed-out menu, a failed check's Try again);
 * the rest are in `useSessionEvents`, out of the first screen's JavaScript.
 */
export function useSessionStartEvents() {
  const { session } = useMachines();
  return useMemo(
    () => ({
      clearRole: () => session.send({ type: 'session.clearRole' }),
      chooseUserRole: () => session.send({ type: 'session.chooseRole', role: 'ClientBillingUser' }),
      recheck: () => session.send({ type: 'session.recheck' }),
    }),
    [session],
  );
}
