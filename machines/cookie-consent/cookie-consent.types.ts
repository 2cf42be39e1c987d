export type CookieConsentEvent = { type: 'consent.accept' };

export type CookieConsentTag = 'noticeShown';

/** What is stored once the visitor accepts (local storage). */
export const acceptedValue = 'true';
