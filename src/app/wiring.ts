import { selectKnowsUserSignedIn } from '@machines/language/language.selectors';
import { selectIsSignedIn } from '@machines/session/session.selectors';
import type { Machines } from '@/lib/machines';
import type { AppRouter } from './router';

/**
 * Connects the machines to each other and to the router: a change of who is signed in re-runs
 * the route guards and tells the language machine.
 */
export function connectMachines(machines: Machines, router: AppRouter): void {
  let wasSignedIn = selectIsSignedIn(machines.session.getSnapshot());
  machines.session.subscribe((snapshot) => {
    const signedIn = selectIsSignedIn(snapshot);
    if (signedIn === wasSignedIn) return;
    wasSignedIn = signedIn;
    machines.language.send({ type: signedIn ? 'language.userSignedIn' : 'language.userSignedOut' });
    void router.invalidate();
  });
  // A language machine resumed from the server's first screen has already read the user's language.
  if (wasSignedIn && !selectKnowsUserSignedIn(machines.language.getSnapshot())) machines.language.send({ type: 'language.userSignedIn' });
}
