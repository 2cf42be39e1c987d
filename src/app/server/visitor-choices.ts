/** What a page request's cookies say about this device's choices, for the server's first render. */
import { isLanguage, type Language } from '@contracts/session';
import { acceptedValue } from '@machines/cookie-consent/cookie-consent.types';
import { readCookie } from '@/lib/api/http';
import { preferenceCookies } from '@/lib/storage';

export interface VisitorChoices {
  /** The language chosen on this device, or null (the machines then decide: a user's own, or en-US). */
  language: Language | null;
  cookieNoticeAccepted: boolean;
}

/** Reads the device's choices from the page request's Cookie header. */
export function visitorChoices(cookieHeader: string): VisitorChoices {
  const language = readCookie(preferenceCookies.language, cookieHeader);
  return {
    language: isLanguage(language) ? language : null,
    cookieNoticeAccepted: readCookie(preferenceCookies.cookieConsent, cookieHeader) === acceptedValue,
  };
}
