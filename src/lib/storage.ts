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

/** Cookies that carry this device's choices to the server, so the first screen it renders follows them. */
export const preferenceCookies = {
  language: 'pbp_language',
  cookieConsent: 'pbp_cookie_notice',
} as const;

/** Keeps a choice for a year in a cookie of this site (the server reads it; scripts may change it). */
export function setPreferenceCookie(name: string, value: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  safely(() => {
    document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  }, undefined);
}
