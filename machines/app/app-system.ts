import type { ActorSystem, AnyActorRef } from 'xstate';
import { appSystemIds } from './app.types';

/**
 * The target of a `sendTo` to one of the app's machines, found by its system id (the app starts a
 * screen's machine in its own system). A machine running alone (its own tests, its chart) has no
 * such actor and tells itself, which ignores what it does not handle.
 */
export const appActor =
  (systemId: (typeof appSystemIds)[keyof typeof appSystemIds]) =>
  ({ system, self }: { system: ActorSystem<{ actors: Record<string, AnyActorRef> }>; self: AnyActorRef }): AnyActorRef =>
    system.get(systemId) ?? self;
