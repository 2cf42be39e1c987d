import { useEffect, useState } from 'react';
import type { AnyActorRef } from 'xstate';

/**
 * An actor made once for the screen and started once. It is never stopped on leaving: its call
 * (a single-use link spent, a registration sent) must happen exactly once and finish, also when
 * React runs effects twice; the machines have no timers to leave behind.
 */
export function useScreenActor<T extends AnyActorRef>(create: () => T): T {
  const [actor] = useState(create);
  useEffect(() => {
    actor.start();
  }, [actor]);
  return actor;
}
