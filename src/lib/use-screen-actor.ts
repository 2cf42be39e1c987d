import { useEffect, useState } from 'react';
import type { Actor, ActorOptions, AnyActorLogic, ConditionalRequired, IsNotNever, RequiredActorOptionsKeys } from 'xstate';
import { createAppActor } from './create-app-actor';

/** The options createActor takes for `TLogic`: required when its input is. */
type ScreenActorOptions<TLogic extends AnyActorLogic> = ConditionalRequired<
  [options?: ActorOptions<TLogic> & { [K in RequiredActorOptionsKeys<TLogic>]: unknown }],
  IsNotNever<RequiredActorOptionsKeys<TLogic>>
>;

/**
 * A screen's own actor: its logic (the screen's machine with the screen's implementations
 * provided, made by `logic`, which reaches the actor itself through `self`) made once with the
 * screen by createAppActor, and started once the screen is on the page.
 */
export function useScreenActor<TLogic extends AnyActorLogic>(logic: (self: () => Actor<TLogic>) => TLogic, ...options: ScreenActorOptions<TLogic>): Actor<TLogic> {
  const [actor] = useState(() => {
    const made: Actor<TLogic> = createAppActor(logic(() => made), ...options);
    return made;
  });
  useEffect(() => {
    actor.start();
  }, [actor]);
  return actor;
}
