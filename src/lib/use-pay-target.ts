import { isSamePayTarget, selectPayTarget, type PayTarget } from '@machines/payment/pay-target';
import { useMemo, useSyncExternalStore } from 'react';
import { useMachines, type Machines } from './machines';

/** A store over both machines that hands out the same target object until the target changes. */
function payTargetStore({ session, client }: Pick<Machines, 'session' | 'client'>) {
  let last: PayTarget | null = null;
  const subscribe = (onChange: () => void) => {
    const subscriptions = [session.subscribe(onChange), client.subscribe(onChange)];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  };
  const read = (): PayTarget => {
    const next = selectPayTarget(session.getSnapshot(), client.getSnapshot());
    if (last === null || !isSamePayTarget(last, next)) last = next;
    return last;
  };
  return { subscribe, read };
}

/** Where "Pay now" goes now, from the session and client machines. */
export function usePayTarget(): PayTarget {
  const { session, client } = useMachines();
  const store = useMemo(() => payTargetStore({ session, client }), [session, client]);
  // The server renders from the same machines, so its snapshot is read the same way.
  return useSyncExternalStore(store.subscribe, store.read, store.read);
}
