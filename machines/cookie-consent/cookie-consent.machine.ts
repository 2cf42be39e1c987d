import { fromPromise, setup } from 'xstate';
import type { CookieConsentEvent, CookieConsentTag } from './cookie-consent.types';

/** The cookie notice: shown until the visitor accepts, then hidden and remembered. */
export const cookieConsentMachine = setup({
  types: {
    events: {} as CookieConsentEvent,
    tags: {} as CookieConsentTag,
  },
  actors: {
    /** Reads the stored flag: true when it holds the text 'true'. */
    readConsent: fromPromise<boolean>(() => Promise.reject(new Error('readConsent not provided'))),
  },
  actions: {
    storeConsent: () => {},
  },
  guards: {
    isAccepted: (_, accepted: boolean) => accepted,
  },
}).createMachine({
  id: 'cookieConsent',
  initial: 'unknown',
  states: {
    unknown: {
      description: 'Reading the stored answer from local storage.',
      invoke: {
        id: 'readConsent',
        src: 'readConsent',
        onDone: [
          { guard: { type: 'isAccepted', params: ({ event }) => event.output }, target: 'accepted' },
          { target: 'shown' },
        ],
        onError: { target: 'shown', description: 'Storage could not be read: ask again.' },
      },
    },
    shown: {
      description: 'The cookie notice is shown.',
      tags: ['noticeShown'],
      on: {
        'consent.accept': { target: 'accepted', actions: 'storeConsent' },
      },
    },
    accepted: {
      description: "Accepted: the notice is hidden, and local storage holds the text 'true'.",
    },
  },
});

export type CookieConsentMachine = typeof cookieConsentMachine;
