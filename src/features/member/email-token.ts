/**
 * The token of an email change link, kept in this tab's session storage from the moment the link
 * is opened until it is spent: the link's page asks to sign in first when nobody is, and the
 * sign-in page remembers only the path to come back to. The token travels in the link's fragment
 * (`#token=…`), which browsers never send to a server. Only the keeping is here: it runs in the
 * route's guard, which the first page loads; reading and forgetting load with the page.
 */
import { sessionItem } from '@/lib/storage';

/** Where the token waits in session storage. */
export const EMAIL_TOKEN_KEY = 'emailChangeToken';

/** Keeps the token of a link's fragment (`token=…`); true when the fragment carried one. */
export function keepEmailToken(hash: string): boolean {
  const token = /^#?token=([\w-]{43})$/.exec(hash)?.[1];
  if (token !== undefined) sessionItem.set(EMAIL_TOKEN_KEY, token);
  return token !== undefined;
}
