import { selectKnowsUserSignedIn } from '@machines/language/language.selectors';
import { selectAccount, selectIsSignedIn, type SessionSnapshot } from '@machines/session/session.selectors';
import type { Machines } from '@/lib/machines';
import type { AppRouter } from './router';

/**
 * Connects the machines to each other and to the router: a change of who is signed in re-runs
 * the route guards and tells the language machine, and the session's billing group becomes the
 * client's.
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
  followSessionBillingGroup(machines);
}

/**
 * The billing group in use is the signed-in session's (the address carries only the client code):
 * when it changes, the client's entry is looked up again under it, unless the client already has it
 * (a switch of clients selects the client with its group itself). Signing out keeps the look.
 */
export function followSessionBillingGroup(machines: Pick<Machines, 'session' | 'client'>): void {
  let inUse = machines.client.getSnapshot().context.requested?.billingGroup ?? null;
  const follow = (snapshot: SessionSnapshot) => {
    if (!selectIsSignedIn(snapshot)) return;
    const billingGroup = selectAccount(snapshot)?.billingGroup ?? null;
    if (billingGroup === inUse) return;
    inUse = billingGroup;
    const { requested, client } = machines.client.getSnapshot().context;
    if (requested && (requested.billingGroup ?? null) === billingGroup) return;
    // The address named the code alone and its entry is the session's already (resumed from the server's page).
    if (client && client.code === requested?.code && client.billingGroup === billingGroup) return;
    machines.client.send({ type: 'client.setBillingGroup', billingGroup });
  };
  follow(machines.session.getSnapshot());
  machines.session.subscribe(follow);
}
