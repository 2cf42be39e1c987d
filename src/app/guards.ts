import { selectIsResolving, selectIsSignedIn } from '@machines/session/session.selectors';
import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { Machines } from '@/lib/machines';

/** How long a guard waits for the session check before giving up with an error screen. */
const sessionCheckTimeoutMs = 60000;

interface GuardArgs {
  context: Machines;
  location: { pathname: string };
  params: { client?: string };
}

/** Waits until the session knows who is signed in, then returns its snapshot. */
export function settledSession(context: Machines) {
  return waitFor(context.session, (snapshot) => !selectIsResolving(snapshot), { timeout: sessionCheckTimeoutMs });
}

/**
 * Guard of the routes for a signed-in user or guest: anyone else goes to /login, keeping the
 * client prefix and remembering the page asked for (its path only).
 */
export async function requireUserOrGuest({ context, location, params }: GuardArgs): Promise<void> {
  const snapshot = await settledSession(context);
  if (!selectIsSignedIn(snapshot)) {
    throw redirect({
      to: '/{-$client}/login',
      params: { client: params.client },
      search: { redirect: location.pathname },
    });
  }
}
