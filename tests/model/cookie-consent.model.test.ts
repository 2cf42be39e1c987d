import { cookieConsentMachine } from '@machines/cookie-consent/cookie-consent.machine';
import { selectShowsCookieNotice } from '@machines/cookie-consent/cookie-consent.selectors';
import { afterAll, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { Coverage, generateModelPaths, runModelPath, type ModelSpec } from './harness';

const stored: string[] = [];
const machine = cookieConsentMachine.provide({
  actors: { readConsent: fromPromise(() => new Promise<boolean>(() => {})) },
  actions: { storeConsent: () => void stored.push('true') },
});

const spec: ModelSpec<typeof machine> = {
  machine,
  events: [
    { type: 'xstate.done.actor.readConsent', output: true },
    { type: 'xstate.done.actor.readConsent', output: false },
    { type: 'xstate.error.actor.readConsent', error: new Error('storage disabled') },
    { type: 'consent.accept' },
  ],
  assertSnapshot: (snapshot) => {
    expect(selectShowsCookieNotice(snapshot)).toBe(snapshot.matches('shown'));
  },
};

const coverage = new Coverage(machine);
const paths = generateModelPaths(spec);

describe('cookie consent machine model paths', () => {
  for (const path of paths) {
    it(path.name, () => {
      runModelPath(spec, path, coverage);
    });
  }

  it('stores the acceptance when the visitor accepts', () => {
    const acceptPath = paths.find((path) => path.steps.at(-1)?.event.type === 'consent.accept');
    expect(acceptPath).toBeDefined();
    const before = stored.length;
    if (acceptPath) runModelPath(spec, acceptPath, coverage);
    expect(stored.length).toBe(before + 1);
  });

  afterAll(() => {
    const { missedStates, missedTransitions } = coverage.report('cookie consent');
    expect(missedStates).toEqual([]);
    expect(missedTransitions).toEqual([]);
  });
});
