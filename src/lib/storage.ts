/** Storage that may be unavailable (private mode, disabled cookies): failures are ignored. */

function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

export const localItem = {
  get: (key: string): string | null => safely(() => localStorage.getItem(key), null),
  /** Reads without hiding a failure: throws when local storage cannot be read (blocked by the browser's settings). */
  read: (key: string): string | null => localStorage.getItem(key),
  set: (key: string, value: string): void => safely(() => localStorage.setItem(key, value), undefined),
};

export const sessionItem = {
  get: (key: string): string | null => safely(() => sessionStorage.getItem(key), null),
  set: (key: string, value: string): void => safely(() => sessionStorage.setItem(key, value), undefined),
  remove: (key: string): void => safely(() => sessionStorage.removeItem(key), undefined),
};

/** The storage keys the spec names. */
export const storageKeys = {
  language: 'language',
  cookieConsent: 'cookieNoticeAccepted',
  clientLinks: 'clientLinks',
  accountDisabled: 'activeAccountDisabled',
  paymentGrid: 'onlinePaymentGrid',
  forgotPasswordEmail: 'forgotPasswordEmail',
} as const;
