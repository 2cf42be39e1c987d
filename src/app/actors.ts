import { clientMachine } from '@machines/client/client.machine';
import type { Client, ClientLookup, StoredClientLinks } from '@machines/client/client.types';
import { cookieConsentMachine } from '@machines/cookie-consent/cookie-consent.machine';
import { acceptedValue } from '@machines/cookie-consent/cookie-consent.types';
import { languageMachine } from '@machines/language/language.machine';
import { loadingMachine } from '@machines/loading/loading.machine';
import { sessionMachine } from '@machines/session/session.machine';
import type { LogoutDestination, SessionCheckResult } from '@machines/session/session.types';
import { createActor, fromPromise } from 'xstate';
import type { Language, LoggedInStatus } from '@contracts/session';
import * as api from '@/lib/api/endpoints';
import { observeCalls } from '@/lib/api/http';
import { activateLanguage, rememberLanguage, storedLanguage } from '@/lib/i18n';
import type { Machines } from '@/lib/machines';
import { localItem, sessionItem, storageKeys } from '@/lib/storage';
import { applyThemeClass } from '@/lib/theme';

/** What the machines need from the app that only exists once the router does. */
export interface AppEffects {
  /** After logout: the server's url (checked), the landing page, or /login. */
  navigateAfterLogout(url: string, destination: LogoutDestination): void;
  /** Loading took too long: the time-out screen. */
  navigateToTimeout(): void;
}

async function withAccount(status: LoggedInStatus): Promise<SessionCheckResult> {
  if (!status.isUserActive || status.userRole === null) return { status, account: null };
  const [email, accountNumber] = await Promise.all([api.getUserEmail(), api.getAccountNumber()]);
  return { status, account: { email, accountNumber } };
}

function startSession(effects: AppEffects) {
  const machine = sessionMachine.provide({
    actors: {
      checkSession: fromPromise(async () => withAccount(await api.getLoggedInStatus())),
      logIn: fromPromise(async ({ input }) => withAccount(await api.logIn(input))),
      logInGuest: fromPromise(async ({ input }) => withAccount(await api.logInGuest(input))),
      checkExpiry: fromPromise(() => api.getAuthenticationMessage()),
      extendAuthentication: fromPromise(() => api.extendAuthentication()),
      logOut: fromPromise(() => api.logOut()),
    },
    actions: {
      rememberAccountDisabled: (_, { disabled }) => {
        if (disabled) sessionItem.set(storageKeys.accountDisabled, 'true');
        else sessionItem.remove(storageKeys.accountDisabled);
      },
      navigateAfterLogout: (_, { url, destination }) => effects.navigateAfterLogout(url, destination),
      reportStartupFailure: (_, { error }) => console.error('Could not check the session at start-up', error),
    },
  });
  return createActor(machine).start();
}

function startClient() {
  const machine = clientMachine.provide({
    actors: {
      lookUpClient: fromPromise<Client, ClientLookup>(({ input }) => api.getClient(input.code, input.billingGroup)),
      fetchClientUrl: fromPromise<string, ClientLookup>(({ input }) => api.getClientUrl(input.code, input.billingGroup)),
      fetchClientLinks: fromPromise<string, ClientLookup>(({ input }) =>
        api.getExternalCardLink(input.code, input.billingGroup),
      ),
    },
    actions: {
      applyTheme: (_, { theme }) => applyThemeClass(document.body, theme),
      storeClientLinks: (_, links: StoredClientLinks) => localItem.set(storageKeys.clientLinks, JSON.stringify(links)),
    },
  });
  return createActor(machine).start();
}

function startLoading(effects: AppEffects) {
  const machine = loadingMachine.provide({
    actions: { navigateToTimeout: () => effects.navigateToTimeout() },
  });
  return createActor(machine).start();
}

function startCookieConsent() {
  const machine = cookieConsentMachine.provide({
    actors: {
      readConsent: fromPromise(() => Promise.resolve(localItem.get(storageKeys.cookieConsent) === acceptedValue)),
    },
    actions: { storeConsent: () => localItem.set(storageKeys.cookieConsent, acceptedValue) },
  });
  return createActor(machine).start();
}

function startLanguage() {
  const machine = languageMachine.provide({
    actors: {
      applyLanguage: fromPromise<undefined, Language>(({ input }) => activateLanguage(input)),
      fetchUserLanguage: fromPromise(() => api.getTranslationLanguage()),
      saveUserLanguage: fromPromise<unknown, Language>(({ input }) => api.updateTranslationLanguage(input)),
    },
    actions: { rememberLanguage: (_, { language }) => rememberLanguage(language) },
  });
  return createActor(machine, { input: { stored: storedLanguage() } }).start();
}

/** Starts every machine of the app with its real effects. */
export function startMachines(effects: AppEffects): Machines {
  // The loading machine counts every call, so it listens before any other machine calls out.
  const loading = startLoading(effects);
  observeCalls({
    started: () => loading.send({ type: 'loading.start' }),
    finished: () => loading.send({ type: 'loading.end' }),
  });
  return {
    loading,
    session: startSession(effects),
    client: startClient(),
    cookieConsent: startCookieConsent(),
    language: startLanguage(),
  };
}
