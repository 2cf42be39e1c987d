import { and, assign, fromCallback, fromPromise, setup, type EventObject, type NonReducibleUnknown } from 'xstate';
import { defaultLanguage, type Language, type LanguageContext, type LanguageEvent, type LanguageTag } from './language.types';

/**
 * The portal's language: en-US by default, es-ES the alternative. The stored language is applied
 * on load; for a signed-in user the server's language is read, and a change is posted back.
 */
/**
 * A choice made while the server is asked (the user's language read or saved) waits for the
 * answer and then wins: one call to the server at a time, so the last choice is the one it keeps.
 */
const waitingChoice = {
  description: 'The visitor chooses a language while the server answers: it is remembered, and applied once the server has answered.',
  actions: [
    { type: 'recordChoice', params: ({ event }: { event: { language: Language } }) => ({ language: event.language }) },
    { type: 'rememberLanguage', params: ({ event }: { event: { language: Language } }) => ({ language: event.language }) },
  ],
  meta: { requirements: ['LANG-3', 'LANG-6'] },
} as const;

export const languageMachine = setup({
  types: {
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
    tags: {} as LanguageTag,
    input: {} as { stored: Language | null },
  },
  actors: {
    /** Loads the language's catalog and makes it the active one (and remembers it locally). */
    applyLanguage: fromPromise<undefined, Language>(() => Promise.reject(new Error('applyLanguage not provided'))),
    fetchUserLanguage: fromPromise<Language>(() => Promise.reject(new Error('fetchUserLanguage not provided'))),
    saveUserLanguage: fromPromise<unknown, Language>(() => Promise.reject(new Error('saveUserLanguage not provided'))),
    /** Hears of a language chosen in the browser's other tabs (this device's choice), as `language.change`. */
    followOtherTabs: fromCallback<EventObject, NonReducibleUnknown, LanguageEvent>(() => () => {}),
  },
  actions: {
    /** Keeps the visitor's own choice on this device (local storage). */
    rememberLanguage: (_, _params: { language: Language }) => {},
    /** The requested language is loaded and spoken now; its catalog stays loaded. */
    speakRequested: assign(({ context }) => ({
      language: context.requested,
      loaded: [...new Set([...context.loaded, context.requested])],
    })),
    /** The visitor's own choice becomes the language to apply. */
    recordChoice: assign((_, params: { language: Language }) => ({ requested: params.language, isChosenHere: true })),
    /** The language to apply next (not the visitor's own choice: English to fall back to, or the user's from the server). */
    request: assign((_, { language }: { language: Language }) => ({ requested: language })),
    /** A language that could not be loaded is no longer asked for: the one in place stays. */
    keepSpoken: assign(({ context }) => ({ requested: context.language })),
    /** Whether a user is signed in: their choice is then kept on the server. */
    noteSignedIn: assign((_, { signedIn }: { signedIn: boolean }) => ({ isUserSignedIn: signedIn })),
  },
  guards: {
    isUserSignedIn: ({ context }) => context.isUserSignedIn,
    isChosenHere: ({ context }) => context.isChosenHere,
    isSameLanguage: ({ context }, language: Language) => context.language === language,
    isRequested: ({ context }, language: Language) => context.requested === language,
    isNothingLoaded: ({ context }) => context.loaded.length === 0,
    /** The visitor chose a language while the server was being asked, other than the one in place. */
    isChoiceWaiting: ({ context }) => context.isChosenHere && context.requested !== context.language,
  },
}).createMachine({
  id: 'language',
  description: "The portal's language: English by default, Spanish on request; a signed-in user's choice is kept on the server.",
  context: ({ input }) => ({
    language: defaultLanguage,
    requested: input.stored ?? defaultLanguage,
    isUserSignedIn: false,
    isChosenHere: input.stored !== null,
    loaded: [],
  }),
  invoke: { id: 'followOtherTabs', src: 'followOtherTabs' },
  initial: 'starting',
  states: {
    starting: {
      description: 'Applies the language chosen on this device (or English) before the first screen shows.',
      meta: { requirements: ['LANG-1', 'LANG-2'] },
      tags: ['switching'],
      invoke: {
        id: 'applyStoredLanguage',
        src: 'applyLanguage',
        input: ({ context }) => context.requested,
        onDone: [
          {
            description: "Signed in meanwhile, with a language chosen on this device: it becomes the user's on the server.",
            guard: and(['isUserSignedIn', 'isChosenHere']),
            target: 'savingUserLanguage',
            actions: 'speakRequested',
            meta: { requirements: ['LANG-2', 'LANG-3'] },
          },
          {
            description: "Signed in meanwhile, nothing chosen here: the user's language from the server applies.",
            guard: 'isUserSignedIn',
            target: 'fetchingUserLanguage',
            actions: 'speakRequested',
            meta: { requirements: ['LANG-2', 'LANG-3'] },
          },
          {
            description: 'Nobody signed in meanwhile: the first language is in place.',
            target: 'ready',
            actions: 'speakRequested',
            meta: { requirements: ['LANG-2'] },
          },
        ],
        onError: {
          description: 'The first language could not be loaded: English is loaded instead.',
          target: 'switching',
          actions: { type: 'request', params: { language: defaultLanguage } },
          meta: { requirements: ['LANG-5'] },
        },
      },
    },
    ready: {
      description: 'The language is in place; the visitor may choose the other one in the header.',
      meta: { requirements: ['LANG-1'] },
      on: {
        'language.change': [
          {
            description: 'The language already in place: nothing to do.',
            guard: { type: 'isSameLanguage', params: ({ event }) => event.language },
            meta: { requirements: ['LANG-1'] },
          },
          {
            description: 'Another language: it is remembered on this device and loaded.',
            target: 'switching',
            actions: [
              { type: 'recordChoice', params: ({ event }) => ({ language: event.language }) },
              { type: 'rememberLanguage', params: ({ event }) => ({ language: event.language }) },
            ],
            meta: { requirements: ['LANG-1', 'LANG-2'] },
          },
        ],
        'language.userSignedIn': [
          {
            description: "A language chosen on this device wins, and becomes the user's on the server.",
            guard: 'isChosenHere',
            target: 'savingUserLanguage',
            actions: { type: 'noteSignedIn', params: { signedIn: true } },
            meta: { requirements: ['LANG-3'] },
          },
          {
            description: "Nothing chosen here: the user's language from the server applies.",
            target: 'fetchingUserLanguage',
            actions: { type: 'noteSignedIn', params: { signedIn: true } },
            meta: { requirements: ['LANG-3'] },
          },
        ],
      },
    },
    switching: {
      description: 'Loads and applies the chosen language.',
      meta: { requirements: ['LANG-1', 'LANG-2'] },
      tags: ['switching'],
      on: {
        'language.change': [
          {
            description: 'The language being loaded already: nothing more to do.',
            guard: { type: 'isRequested', params: ({ event }) => event.language },
            meta: { requirements: ['LANG-6'] },
          },
          {
            description: 'Another choice before this one is applied: the latest choice wins.',
            target: 'switching',
            reenter: true,
            actions: [
              { type: 'recordChoice', params: ({ event }) => ({ language: event.language }) },
              { type: 'rememberLanguage', params: ({ event }) => ({ language: event.language }) },
            ],
            meta: { requirements: ['LANG-6'] },
          },
        ],
      },
      invoke: {
        id: 'applyLanguage',
        src: 'applyLanguage',
        input: ({ context }) => context.requested,
        onDone: [
          {
            description: 'A signed-in user: the choice is saved on the server (UpdateTranslationLanguage).',
            guard: and(['isUserSignedIn', 'isChosenHere']),
            target: 'savingUserLanguage',
            actions: 'speakRequested',
            meta: { requirements: ['LANG-3'] },
          },
          {
            description: "Signed in while falling back to English, nothing chosen here: the user's language from the server applies.",
            guard: 'isUserSignedIn',
            target: 'fetchingUserLanguage',
            actions: 'speakRequested',
            meta: { requirements: ['LANG-3', 'LANG-5'] },
          },
          {
            description: 'Nobody is signed in: the language is in place.',
            target: 'ready',
            actions: 'speakRequested',
            meta: { requirements: ['LANG-1'] },
          },
        ],
        onError: [
          {
            description: 'English could not be loaded either, and no language is in place: the portal cannot show its text.',
            guard: 'isNothingLoaded',
            target: 'unavailable',
            meta: { requirements: ['LANG-5'] },
          },
          {
            target: 'ready',
            description: 'The language could not be loaded: the current one stays.',
            actions: 'keepSpoken',
            meta: { requirements: ['LANG-5'] },
          },
        ],
      },
    },
    unavailable: {
      description: 'No language could be loaded: the portal says so in both languages and offers to try again.',
      meta: { requirements: ['LANG-5'] },
      tags: ['unavailable'],
      on: {
        'language.retry': {
          description: 'The visitor tries again: the requested language is loaded once more.',
          target: 'switching',
          meta: { requirements: ['LANG-5'] },
        },
      },
    },
    fetchingUserLanguage: {
      description: "Reads the signed-in user's language from the server (GetTranslationLanguage).",
      meta: { requirements: ['LANG-3'] },
      on: { 'language.change': waitingChoice },
      invoke: {
        id: 'fetchUserLanguage',
        src: 'fetchUserLanguage',
        onDone: [
          {
            description: "The visitor chose a language meanwhile: their choice wins over the server's, and is saved.",
            guard: 'isChosenHere',
            target: 'switching',
            meta: { requirements: ['LANG-3', 'LANG-6'] },
          },
          {
            description: "The user's language is the one in place already.",
            guard: { type: 'isSameLanguage', params: ({ event }) => event.output },
            target: 'ready',
            meta: { requirements: ['LANG-3'] },
          },
          {
            description: "The user's language differs: it is applied.",
            target: 'applyingUserLanguage',
            actions: { type: 'request', params: ({ event }) => ({ language: event.output }) },
            meta: { requirements: ['LANG-3'] },
          },
        ],
        onError: [
          {
            description: "The user's language could not be read, and the visitor chose one meanwhile: it is applied and saved.",
            guard: 'isChosenHere',
            target: 'switching',
            meta: { requirements: ['LANG-5', 'LANG-6'] },
          },
          {
            description: "The user's language could not be read: the current one stays.",
            target: 'ready',
            meta: { requirements: ['LANG-5'] },
          },
        ],
      },
    },
    applyingUserLanguage: {
      description: "Applies the user's language from the server (not saved back).",
      meta: { requirements: ['LANG-3'] },
      tags: ['switching'],
      on: {
        'language.change': {
          description: "The visitor's own choice wins over the server's, and is saved back.",
          target: 'switching',
          actions: [
            { type: 'recordChoice', params: ({ event }) => ({ language: event.language }) },
            { type: 'rememberLanguage', params: ({ event }) => ({ language: event.language }) },
          ],
          meta: { requirements: ['LANG-3', 'LANG-6'] },
        },
      },
      invoke: {
        id: 'applyUserLanguage',
        src: 'applyLanguage',
        input: ({ context }) => context.requested,
        onDone: {
          description: "The user's language is in place.",
          target: 'ready',
          actions: 'speakRequested',
          meta: { requirements: ['LANG-3'] },
        },
        onError: {
          description: "The user's language could not be loaded: the current one stays.",
          target: 'ready',
          actions: 'keepSpoken',
          meta: { requirements: ['LANG-5'] },
        },
      },
    },
    savingUserLanguage: {
      description: "Saves the language chosen on this device as the signed-in user's (UpdateTranslationLanguage).",
      meta: { requirements: ['LANG-3'] },
      on: { 'language.change': waitingChoice },
      invoke: {
        id: 'saveUserLanguage',
        src: 'saveUserLanguage',
        input: ({ context }) => context.language,
        onDone: [
          {
            description: 'Saved, and the visitor chose another language meanwhile: it is applied (and saved in turn).',
            guard: 'isChoiceWaiting',
            target: 'switching',
            meta: { requirements: ['LANG-3', 'LANG-6'] },
          },
          { description: 'Saved: the next sign-in, on any device, speaks it.', target: 'ready', meta: { requirements: ['LANG-3'] } },
        ],
        onError: [
          {
            description: 'Not saved, and the visitor chose another language meanwhile: it is applied (and saved).',
            guard: 'isChoiceWaiting',
            target: 'switching',
            meta: { requirements: ['LANG-3', 'LANG-6'] },
          },
          {
            target: 'ready',
            description: 'Not saved on the server: the choice still holds in this browser.',
            meta: { requirements: ['LANG-3'] },
          },
        ],
      },
    },
  },
  on: {
    'language.userSignedOut': {
      description: 'Signed out: later choices stay on this device only.',
      actions: { type: 'noteSignedIn', params: { signedIn: false } },
      meta: { requirements: ['LANG-3'] },
    },
    'language.userSignedIn': {
      description: 'Signed in while a language is being applied or read: noted, and acted on when that ends (never lost).',
      actions: { type: 'noteSignedIn', params: { signedIn: true } },
      meta: { requirements: ['LANG-3'] },
    },
  },
});

export type LanguageMachine = typeof languageMachine;
