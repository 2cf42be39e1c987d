import { assign, setup } from 'xstate';
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
  context: { inFlight: 0 },
  initial: 'idle',
  states: {
    idle: {
      description: 'No call is in flight: no overlay.',
      on: { 'loading.start': { target: 'loading', actions: 'countStart' } },
    },
    loading: {
      description: `At least one call is in flight: the overlay shows and the time-out (loadingTimeout, ${String(loadingDelays.loadingTimeout / 60000)} minutes) runs.`,
      tags: ['overlay'],
      after: {
        loadingTimeout: { target: 'timedOut', description: 'Loading took longer than the time-out.' },
      },
      on: {
        'loading.start': { actions: 'countStart' },
        'loading.end': [
          { description: 'The last call finished: the overlay hides and the timer is cleared.', guard: 'isLastCall', target: 'idle', actions: 'countEnd' },
          { actions: 'countEnd' },
        ],
      },
    },
    timedOut: {
      description: 'The user was sent to /error/timeout; the overlay is hidden while the late calls finish.',
      entry: 'navigateToTimeout',
      on: {
        'loading.start': { target: 'loading', actions: 'countStart', description: 'A new call shows the overlay again, with a new timer.' },
        'loading.end': [
          { guard: 'isLastCall', target: 'idle', actions: 'countEnd' },
          { actions: 'countEnd' },
        ],
      },
    },
  },
});

export type LoadingMachine = typeof loadingMachine;
