import { describe, expect, it } from 'vitest';
import { runModelPath } from './harness';
import { loadingModel, timeouts } from './loading.model';
import { namedPaths } from './paths';

describe('loading machine', () => {
  it('sends the user to the time-out screen once when loading takes too long', () => {
    const timedOut = namedPaths(loadingModel).find((named) => named.path.steps.at(-1)?.state.matches('timedOut'));
    if (!timedOut) throw new Error('the model has no path to the time-out');
    const before = timeouts.count;
    runModelPath(timedOut.spec, timedOut.path);
    expect(timeouts.count).toBe(before + 1);
  });
});
