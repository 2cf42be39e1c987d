import { toInternalPath } from '@/lib/safe-redirect';

/** The messages the success screen can show: a key in the URL, never text from it. */
export const successMessageKeys = [
  'registered',
  'accountActivated',
  'passwordReset',
  'passwordUpdated',
  'emailUpdated',
  'emailConfirmed',
  'paymentReceived',
] as const;
export type SuccessMessageKey = (typeof successMessageKeys)[number];

/**
 * Seconds before the automatic redirect: the default, and the range a link may ask for. At least
 * 20 s, so there is time to read the page and to stop the redirect (WCAG 2.2.1).
 */
export const defaultRedirectDelay = 20;
export const minRedirectDelay = 20;
export const maxRedirectDelay = 30;

export interface SuccessSearch {
  message?: SuccessMessageKey;
  /** An internal path to go to after the delay. */
  redirect?: string;
  /** Seconds before the redirect. */
  delay?: number;
}

function isSuccessMessageKey(value: unknown): value is SuccessMessageKey {
  return successMessageKeys.some((key) => key === value);
}

function toDelay(value: unknown): number {
  const seconds = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(seconds)) return defaultRedirectDelay;
  return Math.min(maxRedirectDelay, Math.max(minRedirectDelay, Math.round(seconds)));
}

/**
 * Reads the success screen's search: an unknown message key is dropped (the screen then says
 * "Done."), a redirect must stay inside the app, and the delay is kept within 20 to 30 seconds.
 * Every key is set, if only to undefined: TanStack Router lays the validated search over the raw
 * one, so a key left out would keep its value from the URL.
 */
export function parseSuccessSearch(search: Record<string, unknown>): SuccessSearch {
  const redirect = toInternalPath(search.redirect) ?? undefined;
  return {
    message: isSuccessMessageKey(search.message) ? search.message : undefined,
    redirect,
    delay: redirect ? toDelay(search.delay) : undefined,
  };
}
