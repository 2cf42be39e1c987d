/** The reset link's token as its page reads and forgets it (kept by `reset-token.ts`). */
import { sessionItem } from '@/lib/storage';
import { RESET_TOKEN_KEY } from './reset-token';

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** The token kept for the reset page, or null. */
export function readResetToken(): string | null {
  const token = sessionItem.get(RESET_TOKEN_KEY);
  return token !== null && tokenPattern.test(token) ? token : null;
}

/** Forgets the token: it was spent, or it does not work. */
export function forgetResetToken(): void {
  sessionItem.remove(RESET_TOKEN_KEY);
}
