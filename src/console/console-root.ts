/**
 * The console's root actor (machines/console/console.machine.ts) with its effects: in the browser
 * one for the tab, started when the console's code loads (as the patients' root is by
 * `startMachines`); on the server one per page rendered, stopped once the page's data is loaded.
 */
import { consoleMachine } from '@machines/console/console.machine';
import { selectIsSettled, selectStaffSessionActor } from '@machines/console/console.selectors';
import type { StaffSession } from '@machines/console/console.types';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { waitFor, type ActorRefFrom } from 'xstate';
import { createAppNavigation } from '@/lib/navigation';
import type { AnyRouter } from '@tanstack/react-router';
import { createAppActor } from '@/lib/create-app-actor';
import { focusHeadingWhenShown } from '@/lib/focus-heading';
import type { SignedInStaff } from '@machines/console/console.types';
import { onStaffSessionEnded } from './office-api';
import { createConsoleImplementations } from './office.implementations';

export type ConsoleRoot = ActorRefFrom<typeof consoleMachine>;

/**
 * Where the root's effects navigate: the app's one router, attached once a console page is on
 * show (the console's code loads after the router exists). A page rendered on the server goes nowhere.
 */
const navigation = createAppNavigation(import.meta.env.SSR ? { assign: () => undefined, pathname: '/' } : window.location);

/** The console's first screen under the address's lab: `/{client}/office/`. */
const consoleHome = () => navigation.currentPath().replace(/\/office(\/.*)?$/, '/office/');

function startConsoleRoot(): ConsoleRoot {
  return createAppActor(
    consoleMachine.provide(
      createConsoleImplementations({
        // Signed in or out, the page becomes another screen at the same address: the focus goes to
        // its heading, as after a navigation, rather than to the page's body.
        recheckGuards: () => {
          const main = document.getElementById('main-content');
          if (main) focusHeadingWhenShown(main);
          navigation.recheckGuards();
        },
        showConsole: () => navigation.goTo(consoleHome()),
        // A full load: nothing of the last person's screen survives for the next one.
        openConsoleAfresh: () => navigation.leaveTo(consoleHome()),
      }),
    ),
  ).start();
}

/** The browser's root, started when the console's code loads (none on server): it hears of every console call refused because the session ended. */
const browserRoot: ConsoleRoot | null = import.meta.env.SSR ? null : startConsoleRoot();
if (browserRoot) onStaffSessionEnded(() => browserRoot.send({ type: 'console.refused' }));

/**
 * Runs `load` with the console's root once it knows where the session stands: the browser's, or on
 * the server a root of the page being rendered. The first page starts it; a root that could not
 * learn the session is asked again (the page's Try again).
 */
export async function withSettledConsole<T>(load: (root: ConsoleRoot) => Promise<T>, signal: AbortSignal): Promise<T> {
  const root = browserRoot ?? startConsoleRoot();
  try {
    if (root.getSnapshot().matches('unavailable')) root.send({ type: 'console.retry' });
    root.send({ type: 'console.start' });
    await waitFor(root, selectIsSettled, { signal });
    return await load(root);
  } finally {
    if (root !== browserRoot) root.stop();
  }
}

/** A page the server rendered: the browser's root starts from the session it was rendered with (once only). */
export function resumeConsole(session: StaffSession): void {
  browserRoot?.send({ type: 'console.resumed', session });
}

/** Lets the root's navigation reach the app's router (the console's pages attach it). */
export function useConsoleRouter(current: AnyRouter): void {
  useEffect(() => navigation.attach(current), [current]);
}

const noChanges = () => () => undefined;
const subscribe = (listener: () => void) => {
  const subscription = browserRoot?.subscribe(listener);
  return () => subscription?.unsubscribe();
};
const staffSessionActor = () => (browserRoot ? selectStaffSessionActor(browserRoot.getSnapshot()) : undefined);

/** The signed-in staff member's session (the root's child) in the browser; none on the server, nor while hydrating. */
export function useStaffSessionActor() {
  return useSyncExternalStore(browserRoot ? subscribe : noChanges, staffSessionActor, () => undefined);
}

/** What the console's frame and sign-in screens tell the root, by name. */
export function useConsoleEvents() {
  return useMemo(
    () => ({
      signedIn: (session: SignedInStaff) => browserRoot?.send({ type: 'console.signedIn', session }),
      enrolmentOwed: (email: string) => browserRoot?.send({ type: 'console.enrolmentOwed', email }),
      enrolled: () => browserRoot?.send({ type: 'console.enrolled' }),
      signOut: () => browserRoot?.send({ type: 'console.signOut' }),
    }),
    [],
  );
}
