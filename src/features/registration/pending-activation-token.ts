/** The activation link's token as its page reads and forgets it (kept by `activation-token.ts`). */
import { sessionItem } from '@/lib/storage';
import { ACTIVATION_TOKEN_KEY } from './activation-token';

const tokenPattern = /^[\w-]{43}$/;

/** The token kept for the activation page, or null. */
export function readActivationToken(): string | null {
  const token = sessionItem.get(ACTIVATION_TOKEN_KEY);
  return token !== null && tokenPattern.test(token) ? token : null;
}

/** Forgets the token: it was spent, or it cannot activate anything. */
export function forgetActivationToken(): void {
  sessionItem.remove(ACTIVATION_TOKEN_KEY);
}
