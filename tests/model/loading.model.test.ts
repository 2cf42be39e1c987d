import { loadingDelays, loadingMachine } from '@machines/loading/loading.machine';
import { selectShowsOverlay } from '@machines/loading/loading.selectors';
import { afterAll, describe, expect, it } from 'vitest';
import { Coverage, generateModelPaths, runModelPath, type ModelSpec } from './harness';

let timeouts = 0;
const machine = loadingMachine.provide({ actions: {
    navigateToTimeout: () => {
      timeouts++;
    },
  } });

const spec: ModelSpec<typeof machine> = {
  machine,
  events: [
    { type: 'loading.start' },
    { type: 'loading.end' },
    { type: 'xstate.after.loadingTimeout.loading.loading' },
  ],
  delays: loadingDelays,
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, inFlight: Math.min(snapshot.context.inFlight, 3) }),
  assertSnapshot: (snapshot) => {
    expect(selectShowsOverlay(snapshot)).toBe(snapshot.matches('loading'));
    expect(snapshot.context.inFlight).toBeGreaterThanOrEqual(0);
    if (snapshot.matches('idle')) expect(snapshot.context.inFlight).toBe(0);
    if (snapshot.matches('loading')) expect(snapshot.context.inFlight).toBeGreaterThan(0);
  },
};

const coverage = new Coverage(machine);
// Up to three calls at once shows every behaviour; bounding the count keeps the graph finite.
const paths = generateModelPaths({
  ...spec,
  events: (snapshot) =>
    snapshot.context.inFlight >= 3
      ? [{ type: 'loading.end' }, { type: 'xstate.after.loadingTimeout.loading.loading' }]
      : [{ type: 'loading.start' }, { type: 'loading.end' }, { type: 'xstate.after.loadingTimeout.loading.loading' }],
});

describe('loading machine model paths', () => {
  it('has paths to walk', () => {
    expect(paths.length).toBeGreaterThan(5);
  });

  for (const path of paths) {
    it(path.name, () => {
      runModelPath(spec, path, coverage);
    });
  }

  it('sends the user to the time-out screen once when loading takes too long', () => {
    const timedOutPaths = paths.filter((path) => path.steps.at(-1)?.state.matches('timedOut'));
    const [first] = timedOutPaths;
    if (!first) throw new Error('the model has no path to the time-out');
    const before = timeouts;
    runModelPath(spec, first, coverage);
    expect(timeouts).toBe(before + 1);
  });

  afterAll(() => {
    const { missedStates, missedTransitions } = coverage.report('loading');
    expect(missedStates).toEqual([]);
    expect(missedTransitions).toEqual([]);
  });
});
