/** The email change link's token as the confirmation page reads and forgets it (kept by `email-token.ts`). */
import { sessionItem } from '@/lib/storage';
import { EMAIL_TOKEN_KEY } from './email-token';

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** The token kept for the confirmation page, or null. */
export function readEmailToken(): string | null {
  const token = sessionItem.get(EMAIL_TOKEN_KEY);
  return token !== null && tokenPattern.test(token) ? token : null;
}

/** Forgets the token: it was spent, or it does not work. */
export function forgetEmailToken(): void {
  sessionItem.remove(EMAIL_TOKEN_KEY);
}
