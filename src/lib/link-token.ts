/**
 * The token of an emailed link whose page is open to anyone (activating an account, removing
 * someone's access). It travels in the link's fragment (`#token=…`), which browsers never send to a
 * server; links mailed before the activation token moved there carry it in the query (`?token=…`).
 * The page takes it out of the address as it opens, so neither the history nor a screenshot keeps
 * it, and this tab's session storage keeps it until it is spent, so a reload still finds it. No
 * guard has to keep it across a sign-in, so all of this loads with the page, not with the first
 * screen.
 */
import { sessionItem } from './storage';

const tokenPattern = /^[\w-]{43}$/;

/** Where the address and its history are (the browser's own; tests give their own). */
export interface AddressBar {
  location: Pick<Location, 'hash' | 'search' | 'pathname'>;
  history: Pick<History, 'replaceState' | 'state'>;
}

/**
 * Takes the token the address carries into session storage under `key` and out of the address;
 * returns the token kept, or null. A token cut short (a mail program broke the line) replaces any
 * kept before it with none, so the page says the link is incomplete.
 */
export function takeLinkToken(key: string, { location, history }: AddressBar = window): string | null {
  const carried = new URLSearchParams(location.hash.replace(/^#/, '')).get('token') ?? new URLSearchParams(location.search).get('token');
  if (carried !== null) {
    if (tokenPattern.test(carried)) sessionItem.set(key, carried);
    else sessionItem.remove(key);
    // The router's own state for this entry stays; only the token goes.
    history.replaceState(history.state, '', location.pathname);
  }
  const kept = sessionItem.get(key);
  return kept !== null && tokenPattern.test(kept) ? kept : null;
}

/** Forgets the token kept under `key`: it was spent, or it does not work. */
export function forgetLinkToken(key: string): void {
  sessionItem.remove(key);
}
