/**
 * The token of an access-removal link. It travels in the link's fragment (`#token=…`), which
 * browsers never send to a server, and leaves the address bar as the page opens, so neither the
 * history nor a screenshot keeps it; this tab's session storage keeps it until it is spent, so a
 * reload still finds it. The page is open to anyone, so no guard has to keep it across a sign-in:
 * all of this loads with the page, not with the portal's first screen.
 */
import { sessionItem } from '@/lib/storage';

const KEY = 'accessRemovalToken';
const tokenPattern = /^[\w-]{43}$/;

/** Takes the token out of the page's address into session storage; then the one kept, or null. */
export function takeAccessRemovalToken(): string | null {
  const { hash, pathname, search } = window.location;
  const fromLink = /^#?token=([\w-]{43})$/.exec(hash)?.[1];
  if (fromLink !== undefined) {
    sessionItem.set(KEY, fromLink);
    // The router's own state for this entry stays; only the fragment goes.
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }
  const kept = sessionItem.get(KEY);
  return kept !== null && tokenPattern.test(kept) ? kept : null;
}

/** Forgets the token: it was spent, or it does not work. */
export function forgetAccessRemovalToken(): void {
  sessionItem.remove(KEY);
}
