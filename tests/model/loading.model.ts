import { loadingDelays, loadingMachine } from '@machines/loading/loading.machine';
import { selectShowsOverlay } from '@machines/loading/loading.selectors';
import { expect } from 'vitest';
import { defineModel, type ModelSpec } from './harness';

/** How many times the user was sent to the time-out screen. */
export const timeouts = { count: 0 };

const machine = loadingMachine.provide({
  actions: {
    navigateToTimeout: () => {
      timeouts.count++;
    },
  },
});

const spec: ModelSpec<typeof machine> = {
  machine,
  // Up to three calls at once shows every behaviour; bounding the count keeps the graph finite.
  events: (snapshot) =>
    snapshot.context.inFlight >= 3
      ? [{ type: 'loading.end' }, { type: 'xstate.after.loadingTimeout.loading.loading' }]
      : [{ type: 'loading.start' }, { type: 'loading.end' }, { type: 'xstate.after.loadingTimeout.loading.loading' }],
  delays: loadingDelays,
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, inFlight: Math.min(snapshot.context.inFlight, 3) }),
  assertSnapshot: (snapshot) => {
    expect(selectShowsOverlay(snapshot)).toBe(snapshot.matches('loading'));
    expect(snapshot.context.inFlight).toBeGreaterThanOrEqual(0);
    if (snapshot.matches('idle')) expect(snapshot.context.inFlight).toBe(0);
    if (snapshot.matches('loading')) expect(snapshot.context.inFlight).toBeGreaterThan(0);
  },
};

/** The loading overlay and its time-out. */
export const loadingModel = defineModel({
  name: 'loading',
  title: 'Loading',
  machine,
  variants: [{ name: 'a page opened', spec }],
  describeEvent: (event) => {
    switch (event.type) {
      case 'loading.start':
        return 'A call to the server starts';
      case 'loading.end':
        return 'A call to the server ends';
      case 'xstate.after.loadingTimeout.loading.loading':
        return 'The loading time-out passes';
      default:
        return event.type;
    }
  },
});
