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
  description: 'The cookie notice: shown until the visitor accepts it, then hidden and remembered on this device.',
  initial: 'unknown',
  states: {
    unknown: {
      description: 'Reads from local storage whether the visitor accepted the cookie notice before.',
      meta: { requirements: ['CNS-1', 'CNS-2'] },
      invoke: {
        id: 'readConsent',
        src: 'readConsent',
        onDone: [
          {
            description: 'Accepted on an earlier visit: the notice stays hidden.',
            guard: { type: 'isAccepted', params: ({ event }) => event.output },
            target: 'accepted',
            meta: { requirements: ['CNS-2'] },
          },
          { description: 'Never accepted here: the notice shows.', target: 'shown', meta: { requirements: ['CNS-1'] } },
        ],
        onError: { target: 'shown', description: 'Local storage could not be read: the notice shows again.', meta: { requirements: ['CNS-3'] } },
      },
    },
    shown: {
      description: 'The cookie notice is on the page until the visitor accepts it.',
      meta: { requirements: ['CNS-1'] },
      tags: ['noticeShown'],
      on: {
        'consent.accept': {
          description: 'The visitor accepts: the notice goes, and the acceptance is kept in local storage.',
          target: 'accepted',
          actions: 'storeConsent',
          meta: { requirements: ['CNS-2'] },
        },
      },
    },
    accepted: {
      description: "Accepted: the notice is hidden, and local storage holds the text 'true'.",
      meta: { requirements: ['CNS-2'] },
    },
  },
});

export type CookieConsentMachine = typeof cookieConsentMachine;
