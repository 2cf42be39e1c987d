import { and, assign, fromPromise, setup } from 'xstate';
import { defaultLanguage, type Language, type LanguageContext, type LanguageEvent, type LanguageTag } from './language.types';

/**
 * The portal's language: en-US by default, es-ES the alternative. The stored language is applied
 * on load; for a signed-in user the server's language is read, and a change is posted back.
 */
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
  },
  actions: {
    /** Keeps the visitor's own choice on this device (local storage). */
    rememberLanguage: (_, _params: { language: Language }) => {},
    /** The visitor's own choice becomes the language to apply. */
    recordChoice: assign((_, params: { language: Language }) => ({ requested: params.language, isChosenHere: true })),
  },
  guards: {
    isUserSignedIn: ({ context }) => context.isUserSignedIn,
    isChosenHere: ({ context }) => context.isChosenHere,
    isSameLanguage: ({ context }, language: Language) => context.language === language,
    isRequested: ({ context }, language: Language) => context.requested === language,
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({
    language: defaultLanguage,
    requested: input.stored ?? defaultLanguage,
    isUserSignedIn: false,
    isChosenHere: input.stored !== null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Applies the stored language (or en-US) before the first screen shows.',
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
            actions: assign({ language: ({ context }) => context.requested }),
          },
          {
            description: "Signed in meanwhile, nothing chosen here: the user's language from the server applies.",
            guard: 'isUserSignedIn',
            target: 'fetchingUserLanguage',
            actions: assign({ language: ({ context }) => context.requested }),
          },
          { target: 'ready', actions: assign({ language: ({ context }) => context.requested }) },
        ],
        onError: {
          description: 'The stored language could not be loaded: fall back to en-US.',
          target: 'switching',
          actions: assign({ requested: defaultLanguage }),
        },
      },
    },
    ready: {
      on: {
        'language.change': [
          {
            guard: { type: 'isSameLanguage', params: ({ event }) => event.language },
          },
          {
            target: 'switching',
            actions: [
              { type: 'recordChoice', params: ({ event }) => ({ language: event.language }) },
              { type: 'rememberLanguage', params: ({ event }) => ({ language: event.language }) },
            ],
          },
        ],
        'language.userSignedIn': [
          {
            description: "A language chosen on this device wins, and becomes the user's on the server.",
            guard: 'isChosenHere',
            target: 'savingUserLanguage',
            actions: assign({ isUserSignedIn: true }),
          },
          {
            description: "Nothing chosen here: the user's language from the server applies.",
            target: 'fetchingUserLanguage',
            actions: assign({ isUserSignedIn: true }),
          },
        ],
      },
    },
    switching: {
      description: 'Loads and applies the chosen language.',
      tags: ['switching'],
      on: {
        'language.change': [
          { guard: { type: 'isRequested', params: ({ event }) => event.language } },
          {
            description: 'Another choice before this one is applied: the latest choice wins.',
            target: 'switching',
            reenter: true,
            actions: [
              { type: 'recordChoice', params: ({ event }) => ({ language: event.language }) },
              { type: 'rememberLanguage', params: ({ event }) => ({ language: event.language }) },
            ],
          },
        ],
      },
      invoke: {
        id: 'applyLanguage',
        src: 'applyLanguage',
        input: ({ context }) => context.requested,
        onDone: [
          {
            description: 'A signed-in user: the choice is posted to the server (UpdateTranslationLanguage).',
            guard: and(['isUserSignedIn', 'isChosenHere']),
            target: 'savingUserLanguage',
            actions: assign({ language: ({ context }) => context.requested }),
          },
          {
            description: "Signed in while falling back to en-US, nothing chosen here: the user's language from the server applies.",
            guard: 'isUserSignedIn',
            target: 'fetchingUserLanguage',
            actions: assign({ language: ({ context }) => context.requested }),
          },
          { target: 'ready', actions: assign({ language: ({ context }) => context.requested }) },
        ],
        onError: { target: 'ready', description: 'The language could not be loaded: the current one stays.' },
      },
    },
    fetchingUserLanguage: {
      description: "Reads the signed-in user's language from the server (GetTranslationLanguage).",
      invoke: {
        id: 'fetchUserLanguage',
        src: 'fetchUserLanguage',
        onDone: [
          { guard: { type: 'isSameLanguage', params: ({ event }) => event.output }, target: 'ready' },
          { target: 'applyingUserLanguage', actions: assign({ requested: ({ event }) => event.output }) },
        ],
        onError: 'ready',
      },
    },
    applyingUserLanguage: {
      description: "Applies the user's language from the server (not posted back).",
      tags: ['switching'],
      on: {
        'language.change': {
          description: "The visitor's own choice wins over the server's, and is posted back.",
          target: 'switching',
          actions: [
              { type: 'recordChoice', params: ({ event }) => ({ language: event.language }) },
              { type: 'rememberLanguage', params: ({ event }) => ({ language: event.language }) },
            ],
        },
      },
      invoke: {
        id: 'applyUserLanguage',
        src: 'applyLanguage',
        input: ({ context }) => context.requested,
        onDone: { target: 'ready', actions: assign({ language: ({ context }) => context.requested }) },
        onError: 'ready',
      },
    },
    savingUserLanguage: {
      invoke: {
        id: 'saveUserLanguage',
        src: 'saveUserLanguage',
        input: ({ context }) => context.language,
        onDone: 'ready',
        onError: { target: 'ready', description: 'Not saved on the server: the choice still holds in this browser.' },
      },
    },
  },
  on: {
    'language.userSignedOut': { actions: assign({ isUserSignedIn: false }) },
    'language.userSignedIn': {
      description: 'Signed in while a language is being applied or read: noted, and acted on when that ends (never lost).',
      actions: assign({ isUserSignedIn: true }),
    },
  },
});

export type LanguageMachine = typeof languageMachine;
