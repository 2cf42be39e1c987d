/**
 * Starts every app-wide machine with its implementations: one factory per machine
 * (`implementations/<machine>.implementations.ts`) owns its effects, and starting is always
 * `createActor(machine.provide(createXImplementations(deps)))`.
 */
import { clientMachine } from '@machines/client/client.machine';
import { cookieConsentMachine } from '@machines/cookie-consent/cookie-consent.machine';
import { languageMachine } from '@machines/language/language.machine';
import { loadingMachine } from '@machines/loading/loading.machine';
import { sessionMachine } from '@machines/session/session.machine';
import { createAppActor as createActor } from '@/lib/create-app-actor';
import { observeCalls } from '@/lib/api/http';
import { storedLanguage } from '@/lib/i18n';
import type { Machines } from '@/lib/machines';
import { localItem, sessionItem } from '@/lib/storage';
import { createClientImplementations } from './implementations/client.implementations';
import { createCookieConsentImplementations } from './implementations/cookie-consent.implementations';
import { createLanguageImplementations } from './implementations/language.implementations';
import { createLoadingImplementations } from './implementations/loading.implementations';
import { createSessionImplementations } from './implementations/session.implementations';
import type { AppNavigation } from './navigation';

/** Starts every machine of the app with its real effects. */
export function startMachines(navigation: AppNavigation): Machines {
  // The loading machine counts every call, so it listens before any other machine calls out.
  const loading = createActor(loadingMachine.provide(createLoadingImplementations({ navigation }))).start();
  observeCalls({
    started: () => loading.send({ type: 'loading.start' }),
    finished: () => loading.send({ type: 'loading.end' }),
  });
  const client = createActor(
    clientMachine.provide(createClientImplementations({ storage: localItem, body: document.body })),
  ).start();
  const session = createActor(
    sessionMachine.provide(
      createSessionImplementations({
        storage: sessionItem,
        navigation,
        hasClient: () => client.getSnapshot().context.client !== null,
        reportError: (message, error) => console.error(message, error),
      }),
    ),
  ).start();
  const cookieConsent = createActor(cookieConsentMachine.provide(createCookieConsentImplementations({ storage: localItem }))).start();
  const language = createActor(
    languageMachine.provide(createLanguageImplementations()),
    { input: { stored: storedLanguage() } },
  ).start();
  return { loading, session, client, cookieConsent, language };
}
