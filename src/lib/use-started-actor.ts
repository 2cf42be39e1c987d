import { useEffect, useState } from 'react';

/** A screen's own actor: made once with the screen (by `create`, with createAppActor) and started once it is on the page. */
export function useStartedActor<A extends { start: () => unknown }>(create: () => A): A {
  const [actor] = useState(create);
  useEffect(() => {
    actor.start();
  }, [actor]);
  return actor;
}
