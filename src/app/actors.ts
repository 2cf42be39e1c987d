/**
 * Starts every app-wide machine with its implementations: one factory per machine
 * (`implementations/<machine>.implementations.ts`) owns its effects, and starting is always
 * `createActor(machine.provide(createXImplementations(deps)))`. The browser and the server
 * (rendering a first screen) start the same machines over different hosts.
 */
import { clientMachine } from '@machines/client/client.machine';
import { cookieConsentMachine } from '@machines/cookie-consent/cookie-consent.machine';
import { languageMachine } from '@machines/language/language.machine';
import { loadingMachine } from '@machines/loading/loading.machine';
import { sessionMachine } from '@machines/session/session.machine';
import type { Language } from '@contracts/session';
import type { MachineImplementationsFrom, Snapshot } from 'xstate';
import type { observeCalls } from '@/lib/api/http';
import { createAppActor as createActor } from '@/lib/create-app-actor';
import type { LanguageActor, Machines, SessionActor } from '@/lib/machines';
import type { localItem, sessionItem } from '@/lib/storage';
import type { ThemedElement } from '@/lib/theme';
import { createClientImplementations } from './implementations/client.implementations';
import { createLoadingImplementations } from './implementations/loading.implementations';
import { createSessionImplementations } from './implementations/session.implementations';
import type { AppNavigation } from './navigation';

/** Where the machines run: the page's body and storage, and the effects that differ between browser and server. */
export interface MachineHost {
  body: ThemedElement;
  local: Pick<typeof localItem, 'set'>;
  session: Pick<typeof sessionItem, 'set' | 'remove'>;
  /** The language chosen on this device, if any. */
  storedLanguage: Language | null;
  language: MachineImplementationsFrom<typeof languageMachine>;
  cookieConsent: MachineImplementationsFrom<typeof cookieConsentMachine>;
  reportError(message: string, error: unknown): void;
  /** Lets the loading machine count the calls in flight (the browser's overlay). */
  observeCalls?: typeof observeCalls;
  /** Lets the session and the language hear of what happens in the browser's other tabs. */
  shareAcrossTabs?(machines: { session: SessionActor; language: LanguageActor }): void;
}

/** The machines a server-rendered first screen was rendered with: the browser resumes them. */
export interface FirstScreenSnapshots {
  session: Snapshot<unknown>;
  client: Snapshot<unknown>;
  language: Snapshot<unknown>;
  cookieConsent: Snapshot<unknown>;
}

/** Starts every machine of the app with the host's effects, resuming from snapshots when given. */
export function startMachines(navigation: AppNavigation, host: MachineHost, snapshots?: FirstScreenSnapshots): Machines {
  // The loading machine counts every call, so it listens before any other machine calls out.
  const loading = createActor(loadingMachine.provide(createLoadingImplementations({ navigation }))).start();
  host.observeCalls?.({
    started: () => loading.send({ type: 'loading.start' }),
    finished: () => loading.send({ type: 'loading.end' }),
  });
  const client = createActor(clientMachine.provide(createClientImplementations({ storage: host.local, body: host.body })), {
    snapshot: snapshots?.client,
  }).start();
  const session = createActor(
    sessionMachine.provide(
      createSessionImplementations({
        storage: host.session,
        navigation,
        hasClient: () => client.getSnapshot().context.client !== null,
        reportError: (message, error) => host.reportError(message, error),
      }),
    ),
    { snapshot: snapshots?.session },
  ).start();
  const cookieConsent = createActor(cookieConsentMachine.provide(host.cookieConsent), { snapshot: snapshots?.cookieConsent }).start();
  const language = createActor(languageMachine.provide(host.language), {
    input: { stored: host.storedLanguage },
    snapshot: snapshots?.language,
  }).start();
  host.shareAcrossTabs?.({ session, language });
  return { loading, session, client, cookieConsent, language };
}

/** The machines' snapshots to resume from, as JSON can carry them. */
export function persistMachines(machines: Machines): FirstScreenSnapshots {
  return {
    session: machines.session.getPersistedSnapshot(),
    client: machines.client.getPersistedSnapshot(),
    language: machines.language.getPersistedSnapshot(),
    cookieConsent: machines.cookieConsent.getPersistedSnapshot(),
  };
}
