/**
 * Starts the app's root machine (machines/app) with the effects of its host: one factory per child
 * machine (`implementations/<machine>.implementations.ts`) owns that child's effects, provided on
 * the child the root declares. The browser and the server (rendering a first screen) start the
 * same root over different hosts.
 */
import { appChildren, appMachine, sessionChild } from '@machines/app/app.machine';
import { appSystemIds } from '@machines/app/app.types';
import { clientMachine } from '@machines/client/client.machine';
import { cookieConsentMachine } from '@machines/cookie-consent/cookie-consent.machine';
import { languageMachine } from '@machines/language/language.machine';
import { loadingMachine } from '@machines/loading/loading.machine';
import type { Language } from '@contracts/session';
import type { LanguageEvent } from '@machines/language/language.types';
import type { LoadingEvent } from '@machines/loading/loading.types';
import type { SessionEvent, TabsEvent } from '@machines/session/session.types';
import { fromCallback, type EventObject, type MachineImplementationsFrom, type NonReducibleUnknown, type Snapshot } from 'xstate';
import type { observeCalls } from '@/lib/api/http';
import { createAppActor as createActor } from '@/lib/create-app-actor';
import type { AppActor, Machines } from '@/lib/machines';
import type { localItem, sessionItem } from '@/lib/storage';
import type { ThemeStylesheets, ThemedElement } from '@/lib/theme';
import { createClientImplementations } from './implementations/client.implementations';
import { createLoadingImplementations } from './implementations/loading.implementations';
import { createSessionImplementations } from './implementations/session.implementations';
import type { AppNavigation } from '@/lib/navigation';

/** Where the machines run: the page's body and storage, and the effects that differ between browser and server. */
export interface MachineHost {
  body: ThemedElement;
  /** The clients' theme stylesheets (the browser's; a server-rendered page has its client's inline). */
  themes?: ThemeStylesheets;
  local: Pick<typeof localItem, 'set'>;
  session: Pick<typeof sessionItem, 'set' | 'remove'>;
  /** The language chosen on this device, if any. */
  storedLanguage: Language | null;
  language: MachineImplementationsFrom<typeof languageMachine>;
  cookieConsent: MachineImplementationsFrom<typeof cookieConsentMachine>;
  reportError(message: string, error: unknown): void;
  /** Lets the loading machine count the calls in flight (the browser's overlay). */
  observeCalls?: typeof observeCalls;
  /** The listeners of the browser's other tabs: the session's (one server session) and the language's (this device's choice). */
  otherTabs?: {
    session: ReturnType<typeof fromCallback<TabsEvent, NonReducibleUnknown, SessionEvent>>;
    language: ReturnType<typeof fromCallback<EventObject, NonReducibleUnknown, LanguageEvent>>;
  };
}

/** The root machine a server-rendered first screen was rendered with: the browser resumes it, children and all. */
export interface FirstScreenSnapshots {
  app: Snapshot<unknown>;
}

/** Starts the app's root machine with the host's effects, resuming from a snapshot when given. */
export function startMachines(navigation: AppNavigation, host: MachineHost, snapshots?: FirstScreenSnapshots): Machines {
  const observe = host.observeCalls;
  let app: AppActor | null = null;
  const hasClient = () => (app ? appChildren(app).client.getSnapshot().context.client !== null : false);
  const sessionEffects = createSessionImplementations({
    storage: host.session,
    navigation,
    hasClient,
    reportError: (message, error) => host.reportError(message, error),
  });
  const provided = appMachine.provide({
    actors: {
      session: sessionChild.provide({
        ...sessionEffects,
        actors: { ...sessionEffects.actors, ...(host.otherTabs ? { shareWithOtherTabs: host.otherTabs.session } : {}) },
      }),
      client: clientMachine.provide(createClientImplementations({ storage: host.local, body: host.body, themes: host.themes })),
      language: languageMachine.provide({
        ...host.language,
        actors: { ...host.language.actors, ...(host.otherTabs ? { followOtherTabs: host.otherTabs.language } : {}) },
      }),
      loading: loadingMachine.provide({
        ...createLoadingImplementations({ navigation }),
        actors: {
          watchCalls: fromCallback<EventObject, NonReducibleUnknown, LoadingEvent>(({ sendBack }) =>
            observe?.({ started: () => sendBack({ type: 'loading.start' }), finished: () => sendBack({ type: 'loading.end' }) }),
          ),
        },
      }),
      cookieConsent: cookieConsentMachine.provide(host.cookieConsent),
    },
    actions: { recheckGuards: () => navigation.recheckGuards() },
  });
  app = createActor(provided, {
    systemId: appSystemIds.app,
    input: { storedLanguage: host.storedLanguage },
    ...(snapshots ? { snapshot: snapshots.app } : {}),
  }).start();
  return { app, ...appChildren(app) };
}

/** The root's snapshot to resume from, its children's included, as JSON can carry it. */
export function persistMachines(machines: Machines): FirstScreenSnapshots {
  return { app: machines.app.getPersistedSnapshot() };
}
