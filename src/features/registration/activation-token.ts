/**
 * The token of an activation link, kept in this tab's session storage from the moment the link is
 * opened until it is spent, so it leaves the address bar (and the history) at once. The token
 * travels in the link's fragment (`#token=…`), which browsers never send to a server. Links mailed
 * before it moved there carry it in the query (`?token=…`): their token is taken too and leaves the
 * address the same way (such links live 24 hours, so that branch can go a day after the change is
 * deployed). Only the keeping is here: it runs in the route's guard, which the first page loads;
 * reading and forgetting load with the page.
 */
import { sessionItem } from '@/lib/storage';

/** Where the token waits in session storage. */
export const ACTIVATION_TOKEN_KEY = 'activationToken';

const tokenPattern = /^[\w-]{43}$/;

/**
 * Keeps the token of a link's fragment (`#token=…`) or query (`?token=…`); true when the link
 * carried one, to be taken out of the address. A token cut short (a mail program broke the line)
 * replaces any kept before it with none, so the page says the link is incomplete.
 */
export function keepActivationToken(hash: string, searchStr: string): boolean {
  const carried = new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? new URLSearchParams(searchStr).get('token');
  if (carried === null) return false;
  if (tokenPattern.test(carried)) sessionItem.set(ACTIVATION_TOKEN_KEY, carried);
  else sessionItem.remove(ACTIVATION_TOKEN_KEY);
  return true;
}
