/** The app's root with quiet effects, for tests: each child answers as the test says, or never. */
import { clientMachine } from '@machines/client/client.machine';
import type { Client, ClientLookup } from '@machines/client/client.types';
import { cookieConsentMachine } from '@machines/cookie-consent/cookie-consent.machine';
import { languageMachine } from '@machines/language/language.machine';
import type { SessionCheckResult } from '@machines/session/session.types';
import type { AuthenticationMessage, Language, LogoutResponse } from '@contracts/session';
import { createActor, fromCallback, fromPromise, type ActorRefFrom, type NonReducibleUnknown } from 'xstate';
import { appMachine, sessionChild } from './app.machine';
import type { SessionEvent, TabsEvent } from '@machines/session/session.types';

const never = <T>() => new Promise<T>(() => {});

export interface QuietAppOptions {
  /** The session checks' answers in turn (the last one repeats); never answers by default. */
  checks?: (() => Promise<SessionCheckResult>)[];
  /** The signed-in answer of a sign-in (billing user or guest). */
  signIn?: SessionCheckResult;
  /** The client found for a lookup (the lookup's billing group kept); never by default. */
  client?: Client;
  /** The session's listener of the other tabs; quiet by default. */
  tabs?: ReturnType<typeof fromCallback<TabsEvent, NonReducibleUnknown, SessionEvent>>;
  storedLanguage?: Language | null;
}

/** What a quiet app recorded: the client lookups, the guards' re-checks, the session checks. */
export interface QuietAppRecord {
  lookups: ClientLookup[];
  guardChecks: number;
  sessionChecks: number;
}

/** The root over quiet effects, with what it records. */
export function quietAppMachine(options: QuietAppOptions = {}): { machine: typeof appMachine; record: QuietAppRecord } {
  const record: QuietAppRecord = { lookups: [], guardChecks: 0, sessionChecks: 0 };
  const { checks = [], signIn, client } = options;
  const machine = appMachine.provide({
    actors: {
      session: sessionChild.provide({
        actors: {
          checkSession: fromPromise(() => {
            const answer = checks[Math.min(record.sessionChecks++, checks.length - 1)];
            return answer ? answer() : never<SessionCheckResult>();
          }),
          logIn: fromPromise(() => (signIn ? Promise.resolve(signIn) : never<SessionCheckResult>())),
          logInGuest: fromPromise(() => (signIn ? Promise.resolve(signIn) : never<SessionCheckResult>())),
          checkExpiry: fromPromise(() => never<AuthenticationMessage>()),
          logOut: fromPromise(() => Promise.resolve<LogoutResponse>({ url: '' })),
          ...(options.tabs ? { shareWithOtherTabs: options.tabs } : {}),
        },
        actions: { navigateAfterLogout: () => {}, reportStartupFailure: () => {} },
      }),
      client: clientMachine.provide({
        actors: {
          lookUpClient: fromPromise(({ input }: { input: ClientLookup }) => {
            record.lookups.push(input);
            return client ? Promise.resolve({ ...client, billingGroup: input.billingGroup }) : never<Client>();
          }),
          fetchClientUrl: fromPromise(() => never<string>()),
          fetchClientLinks: fromPromise(() => never<string>()),
        },
        actions: { applyTheme: () => {}, storeClientLinks: () => {} },
      }),
      language: languageMachine.provide({
        actors: {
          applyLanguage: fromPromise<undefined, Language>(() => Promise.resolve(undefined)),
          fetchUserLanguage: fromPromise(() => Promise.resolve<Language>('en-US')),
          saveUserLanguage: fromPromise<unknown, Language>(() => Promise.resolve(null)),
        },
        actions: { rememberLanguage: () => {} },
      }),
      cookieConsent: cookieConsentMachine.provide({ actors: { readConsent: fromPromise(() => Promise.resolve(true)) }, actions: { storeConsent: () => {} } }),
    },
    actions: {
      recheckGuards: () => {
        record.guardChecks += 1;
      },
    },
  });
  return { machine, record };
}

/** Starts the root over quiet effects; returns it with what it recorded. */
export function startQuietApp(options: QuietAppOptions = {}): { app: ActorRefFrom<typeof appMachine>; machine: typeof appMachine; record: QuietAppRecord } {
  const { machine, record } = quietAppMachine(options);
  const app = createActor(machine, { systemId: 'app', input: { storedLanguage: options.storedLanguage ?? null } }).start();
  return { app, machine, record };
}
