import {
  selectIsBillingUser,
  selectIsPasswordExpired,
  selectIsResolving,
  selectIsSignedIn,
  selectIsSigningOut,
  selectSessionClientCode,
  type SessionSnapshot,
} from '@machines/session/session.selectors';
import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { Machines } from '@/lib/machines';
import { underClient } from '@/lib/client-path';
import { toInternalPath } from '@/lib/safe-redirect';

/** How long a guard waits for the session check before giving up with an error screen. */
const sessionCheckTimeoutMs = 60000;

interface GuardArgs {
  context: Machines;
  location: { pathname: string; searchStr?: string; hash?: string };
  params: { client?: string };
}

/**
 * Once signed in, the session's client is the truth: a page asked for under another client (or
 * none) is the same page under the session's, so the look, the menu and the payments all follow
 * the client whose data they show.
 */
function keepSessionClient(snapshot: SessionSnapshot, { location, params }: Omit<GuardArgs, 'context'>): void {
  const sessionClient = selectSessionClientCode(snapshot);
  if (sessionClient === null || params.client?.toUpperCase() === sessionClient.toUpperCase()) return;
  // The fragment comes along: an emailed link's token travels there. The page says where it came from.
  const search = location.searchStr ?? '';
  const from = params.client ? `${search ? '&' : '?'}from=${params.client}` : '';
  throw redirect({ href: `${underClient(location.pathname, sessionClient)}${search}${from}${location.hash ? `#${location.hash}` : ''}`, replace: true });
}

/**
 * A user whose password expired changes it before anything else: every other page leads to
 * update password, under the session's client.
 */
function keepToPasswordChange(snapshot: SessionSnapshot, { location }: Omit<GuardArgs, 'context'>): void {
  if (!selectIsPasswordExpired(snapshot) || /\/password\/?$/.test(location.pathname)) return;
  throw redirect({ to: '/{-$client}/password', params: { client: selectSessionClientCode(snapshot) ?? undefined }, replace: true });
}

/** What every page asks of a settled session: its client, and a password that has not expired. */
function keepSessionRules(snapshot: SessionSnapshot, args: Omit<GuardArgs, 'context'>): void {
  keepSessionClient(snapshot, args);
  keepToPasswordChange(snapshot, args);
}

/** Every page: under the session's client, once the session is known (never waits for it). */
export function followSessionClient({ context, ...args }: GuardArgs): void {
  const snapshot = context.session.getSnapshot();
  if (!selectIsResolving(snapshot)) keepSessionRules(snapshot, args);
}

/**
 * Waits until the session knows who is signed in, then returns its snapshot. A sign-out under way
 * is waited for too: the page it leaves is the sign-out's to move (home, or the server's address),
 * and a guard sending the page to sign in meanwhile would be overtaken a moment later.
 */
export function settledSession(context: Machines) {
  return waitFor(context.session, (snapshot) => !selectIsResolving(snapshot) && !selectIsSigningOut(snapshot), { timeout: sessionCheckTimeoutMs });
}

function toLogin({ location, params }: GuardArgs) {
  // Only the path is remembered: never a query string that could carry personal data.
  return redirect({
    to: '/{-$client}/login',
    params: { client: params.client },
    search: { redirect: location.pathname },
  });
}

/**
 * Guard of the routes for a signed-in user or guest (invoices and payments): anyone else goes
 * to /login, keeping the client prefix and remembering the page asked for.
 */
export async function requireUserOrGuest(args: GuardArgs): Promise<void> {
  const snapshot = await settledSession(args.context);
  if (!selectIsSignedIn(snapshot)) throw toLogin(args);
  keepSessionRules(snapshot, args);
}

/** Guard of the routes for a signed-in ClientBillingUser only (member, password, email, …). */
export async function requireBillingUser(args: GuardArgs): Promise<void> {
  const snapshot = await settledSession(args.context);
  if (!selectIsBillingUser(snapshot)) throw toLogin(args);
  keepSessionRules(snapshot, args);
}

/** The search of the sign-in pages: the page to return to, if it is an internal path. */
export interface SignInSearch {
  redirect?: string | undefined;
}

/**
 * Validates the sign-in pages' search. The key is always set: TanStack Router lays the result
 * over the raw search, so an unsafe value left out would come back from the URL.
 */
export function validateSignInSearch(search: Record<string, unknown>): SignInSearch {
  return { redirect: toInternalPath(search.redirect) ?? undefined };
}

interface SignInGuardArgs {
  context: Machines;
  params: { client?: string };
  search: SignInSearch;
}

async function leaveWhenSignedIn({ context, params, search }: SignInGuardArgs, guestsStay: boolean): Promise<void> {
  const snapshot = await settledSession(context);
  if (!selectIsSignedIn(snapshot)) return;
  if (guestsStay && !selectIsBillingUser(snapshot)) return;
  if (search.redirect) throw redirect({ href: search.redirect, replace: true });
  // The search comes along: it may say which client's address the sign-in began at.
  throw redirect({ to: '/{-$client}/invoices', params: { client: params.client }, search: true, replace: true });
}

/**
 * Guard of the login page: a signed-in billing user goes where they were going, or to the
 * invoices. A guest stays: pages for billing users send guests here to sign in as one, and
 * sending them back would loop between the two pages.
 */
export function leaveLoginWhenSignedIn(args: SignInGuardArgs): Promise<void> {
  return leaveWhenSignedIn(args, true);
}

/** Guard of the guest sign-in page: anyone signed in goes where they were going, or to the invoices. */
export function leaveGuestLoginWhenSignedIn(args: SignInGuardArgs): Promise<void> {
  return leaveWhenSignedIn(args, false);
}
