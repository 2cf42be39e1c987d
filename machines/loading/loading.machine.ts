import { assign, fromCallback, setup, type EventObject, type NonReducibleUnknown } from 'xstate';
import type { LoadingContext, LoadingEvent, LoadingTag } from './loading.types';

/** The loading time-out: named so the app's configuration and the tests can change it. */
export const loadingDelays = {
  /** Loading longer than this sends the user to /error/timeout (4 minutes). */
  loadingTimeout: 240000,
} as const;

/**
 * The loading overlay: shown while any call is in flight and it has not timed out. Showing it
 * starts the time-out; the count reaching zero hides it and clears the timer.
 */
export const loadingMachine = setup({
  types: {
    context: {} as LoadingContext,
    events: {} as LoadingEvent,
    tags: {} as LoadingTag,
  },
  actors: {
    /** Hears of every call to the server, as `loading.start` and `loading.end` (the app's HTTP client). */
    watchCalls: fromCallback<EventObject, NonReducibleUnknown, LoadingEvent>(() => () => {}),
  },
  actions: {
    countStart: assign({ inFlight: ({ context }) => context.inFlight + 1 }),
    countEnd: assign({ inFlight: ({ context }) => Math.max(0, context.inFlight - 1) }),
    navigateToTimeout: () => {},
  },
  guards: {
    isLastCall: ({ context }) => context.inFlight <= 1,
  },
  delays: loadingDelays,
}).createMachine({
  id: 'loading',
  description: 'The loading overlay: shown while any call to the server is in flight, with a time-out that sends the user to the time-out screen.',
  context: { inFlight: 0 },
  // Listens for the whole life of the overlay, from before any other machine calls out.
  invoke: { id: 'watchCalls', src: 'watchCalls' },
  initial: 'idle',
  states: {
    idle: {
      description: 'No call is in flight: no overlay.',
      meta: { requirements: ['LOAD-1'] },
      on: {
        'loading.start': {
          description: 'A first call starts: the overlay shows and the time-out starts.',
          target: 'loading',
          actions: 'countStart',
          meta: { requirements: ['LOAD-1', 'LOAD-2'] },
        },
      },
    },
    loading: {
      description: 'At least one call is in flight: the overlay shows, and the time-out (loadingTimeout) runs.',
      meta: { requirements: ['LOAD-1', 'LOAD-2'] },
      tags: ['overlay'],
      after: {
        loadingTimeout: { target: 'timedOut', description: 'Loading took longer than the time-out.', meta: { requirements: ['LOAD-3'] } },
      },
      on: {
        'loading.start': { description: 'Another call starts: it is counted.', actions: 'countStart', meta: { requirements: ['LOAD-1'] } },
        'loading.end': [
          {
            description: 'The last call finished: the overlay hides and the time-out is dropped.',
            guard: 'isLastCall',
            target: 'idle',
            actions: 'countEnd',
            meta: { requirements: ['LOAD-1', 'LOAD-2'] },
          },
          { description: 'Other calls are still in flight: the overlay stays.', actions: 'countEnd', meta: { requirements: ['LOAD-1'] } },
        ],
      },
    },
    timedOut: {
      description: 'The user was sent to the time-out screen (/error/timeout); the overlay stays hidden while the late calls finish.',
      meta: { requirements: ['LOAD-3'] },
      entry: 'navigateToTimeout',
      on: {
        'loading.start': {
          target: 'loading',
          actions: 'countStart',
          description: 'A new call shows the overlay again, with a new time-out.',
          meta: { requirements: ['LOAD-4'] },
        },
        'loading.end': [
          {
            description: 'The last late call finished.',
            guard: 'isLastCall',
            target: 'idle',
            actions: 'countEnd',
            meta: { requirements: ['LOAD-3'] },
          },
          { description: 'Late calls are still in flight.', actions: 'countEnd', meta: { requirements: ['LOAD-3'] } },
        ],
      },
    },
  },
});

export type LoadingMachine = typeof loadingMachine;
