/**
 * The token of a reset link, kept in this tab's session storage from the moment the link is opened
 * until it is spent, so it leaves the address bar (and the history) at once. The token travels in
 * the link's fragment (`#token=…`), which browsers never send to a server. Only the keeping is
 * here: it runs in the route's guard, which the first page loads; reading and forgetting load
 * with the page.
 */
import { sessionItem } from '@/lib/storage';

/** Where the token waits in session storage. */
export const RESET_TOKEN_KEY = 'resetPasswordToken';

/** Keeps the token of a link's fragment (`token=…`); true when the fragment carried one. */
export function keepResetToken(hash: string): boolean {
  const token = /^#?token=([\w-]{43})$/.exec(hash)?.[1];
  if (token !== undefined) sessionItem.set(RESET_TOKEN_KEY, token);
  return token !== undefined;
}
