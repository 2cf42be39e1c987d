import { clientMachine } from '@machines/client/client.machine';
import { cookieConsentMachine } from '@machines/cookie-consent/cookie-consent.machine';
import { languageMachine } from '@machines/language/language.machine';
import { loadingMachine } from '@machines/loading/loading.machine';
import { sessionMachine } from '@machines/session/session.machine';
import { sendParent, sendTo, setup, type ActorRefFrom } from 'xstate';
import { appSystemIds, type AppContext, type AppEvent, type AppInput } from './app.types';

/**
 * The session as the root's child: it tells the root who signed in and out (its announcing
 * actions do nothing when the session runs alone, as in its own tests and chart).
 */
export const sessionChild = sessionMachine.provide({
  actions: {
    announceSignedIn: sendParent((_, params: { billingGroup: string | null }) => ({ type: 'app.signedIn', billingGroup: params.billingGroup })),
    announceSignedOut: sendParent({ type: 'app.signedOut' }),
  },
});

/**
 * The app's root: it starts the app-wide machines as its children (found by their `systemId`) and
 * holds, as named transitions, what happens between them: after a sign-in the language is read as
 * the user's, the route guards check the page again and the client follows the session's billing
 * group; the address and the switch page choose the client through it (its one writer); a page
 * the server rendered resumes through it. The host (browser or server) provides the children's
 * effects and the guards' re-check.
 */
export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
    // Each child's id names its machine (and is its system id).
    children: {} as { session: 'session'; client: 'client'; language: 'language'; loading: 'loading'; cookieConsent: 'cookieConsent' },
  },
  actors: {
    session: sessionChild,
    client: clientMachine,
    language: languageMachine,
    loading: loadingMachine,
    cookieConsent: cookieConsentMachine,
  },
  actions: {
    /** The route guards decide again whether the page may show (the router's `invalidate`). */
    recheckGuards: () => {},
    tellLanguageSignedIn: sendTo(appSystemIds.language, { type: 'language.userSignedIn' }),
    tellLanguageSignedOut: sendTo(appSystemIds.language, { type: 'language.userSignedOut' }),
    followBillingGroup: sendTo(appSystemIds.client, (_, params: { billingGroup: string | null }) => ({
      type: 'client.setBillingGroup',
      billingGroup: params.billingGroup,
    })),
    selectClient: sendTo(appSystemIds.client, (_, params: { code: string; billingGroup?: string | null }) => ({ type: 'client.select', ...params })),
    clearClient: sendTo(appSystemIds.client, { type: 'client.clear' }),
    recheckSession: sendTo(appSystemIds.session, { type: 'session.recheck' }),
    resumeSession: sendTo(appSystemIds.session, { type: 'session.resume' }),
    changeLanguage: sendTo(appSystemIds.language, (_, params: { language: AppContext['storedLanguage'] & string }) => ({
      type: 'language.change',
      language: params.language,
    })),
  },
  guards: {
    hasCode: (_, params: { code: string | null }) => params.code !== null,
    hasStoredLanguage: (_, params: { language: AppContext['storedLanguage'] }) => params.language !== null,
  },
}).createMachine({
  id: 'app',
  description:
    "The app's root: it runs the session, the client, the language, the loading overlay and the cookie notice as its children, and says what happens between them.",
  context: ({ input }) => ({ storedLanguage: input.storedLanguage }),
  // The loading overlay first: it counts every call, the session's first one included.
  invoke: [
    { id: appSystemIds.loading, systemId: appSystemIds.loading, src: 'loading' },
    { id: appSystemIds.client, systemId: appSystemIds.client, src: 'client' },
    { id: appSystemIds.language, systemId: appSystemIds.language, src: 'language', input: ({ context }) => ({ stored: context.storedLanguage }) },
    { id: appSystemIds.session, systemId: appSystemIds.session, src: 'session' },
    { id: appSystemIds.cookieConsent, systemId: appSystemIds.cookieConsent, src: 'cookieConsent' },
  ],
  initial: 'visiting',
  states: {
    visiting: {
      description: 'Nobody is signed in (or the session is still being checked): the open pages, in the language of this device.',
      meta: { requirements: ['APP-1'] },
      on: {
        'app.signedIn': {
          description:
            "Someone signed in (here, in another tab, or found at start-up): the language becomes the user's, the guards check the page again, and the client follows the session's billing group.",
          target: 'signedIn',
          actions: [
            'tellLanguageSignedIn',
            'recheckGuards',
            { type: 'followBillingGroup', params: ({ event }) => ({ billingGroup: event.billingGroup }) },
          ],
          meta: { requirements: ['APP-1', 'CLI-6', 'LANG-3'] },
        },
      },
    },
    signedIn: {
      description: 'A billing user or a guest is signed in: the guarded pages are open to them, under the session\'s client.',
      meta: { requirements: ['APP-1'] },
      on: {
        'app.signedOut': {
          description: 'The session ended (signed out, expired, or being checked again): later language choices stay on this device, and the guards check the page again.',
          target: 'visiting',
          actions: ['tellLanguageSignedOut', 'recheckGuards'],
          meta: { requirements: ['APP-2'] },
        },
      },
    },
  },
  on: {
    'app.addressChanged': [
      {
        description: "A page under a client code: that client is selected (the same one again changes nothing).",
        guard: { type: 'hasCode', params: ({ event }) => ({ code: event.code }) },
        actions: { type: 'selectClient', params: ({ event }) => ({ code: event.code ?? '' }) },
        meta: { requirements: ['APP-3', 'CLI-1'] },
      },
      {
        description: 'A page without a client code: back to the default look.',
        actions: 'clearClient',
        meta: { requirements: ['APP-3', 'CLI-2'] },
      },
    ],
    'app.clientChosen': {
      description: 'The user switched clients: that client, with its billing group, is selected, and the session is checked again under it.',
      actions: [{ type: 'selectClient', params: ({ event }) => ({ code: event.code, billingGroup: event.billingGroup }) }, 'recheckSession'],
      meta: { requirements: ['APP-3', 'ACC-9'] },
    },
    'app.resumed': [
      {
        description:
          'The browser took over the page the server rendered, where a language was chosen on this device: the session polls again (timers do not travel in a snapshot) and that language wins, as it always did.',
        guard: { type: 'hasStoredLanguage', params: ({ event }) => ({ language: event.storedLanguage }) },
        actions: ['resumeSession', { type: 'changeLanguage', params: ({ event }) => ({ language: event.storedLanguage ?? 'en-US' }) }],
        meta: { requirements: ['APP-4', 'LANG-2', 'SES-8'] },
      },
      {
        description: 'The browser took over the page the server rendered: the session polls again.',
        actions: 'resumeSession',
        meta: { requirements: ['APP-4', 'SES-8'] },
      },
    ],
  },
});

export type AppMachine = typeof appMachine;

/** The root's children, typed as the machines they run. */
export type AppChildren = Required<ReturnType<ActorRefFrom<AppMachine>['getSnapshot']>['children']>;

/** The running root's children (started with it, they live as long as it does). */
export function appChildren(app: ActorRefFrom<AppMachine>): AppChildren {
  return app.getSnapshot().children as AppChildren;
}
