import type { ActorSystem, AnyActorRef } from 'xstate';
import { appSystemIds } from './app.types';

// Vite's builds and Vitest give `import.meta.env`; the chart and plan scripts run in Node without it.
const production: boolean = (import.meta.env as ImportMetaEnv | undefined)?.PROD ?? false;

/**
 * The target of a `sendTo` to one of the app's machines, found by its system id (the app starts a
 * screen's machine in its own system). A machine running alone (its own tests, its chart) has no
 * app in its system and tells itself, which ignores what it does not handle. Inside the app, an id
 * no actor has would drop the message unheard: outside production that throws instead.
 */
export const appActor =
  (systemId: (typeof appSystemIds)[keyof typeof appSystemIds]) =>
  ({ system, self }: { system: ActorSystem<{ actors: Record<string, AnyActorRef> }>; self: AnyActorRef }): AnyActorRef => {
    const target = system.get(systemId);
    if (target !== undefined) return target;
    if (production || system.get(appSystemIds.app) === undefined) return self;
    throw new Error(`The app's system has no actor "${systemId}": the message to it would be lost.`);
  };
