import { languageMachine } from '@machines/language/language.machine';
import { selectIsStarting, selectLanguage } from '@machines/language/language.selectors';
import type { Language } from '@machines/language/language.types';
import { afterAll, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { Coverage, generateModelPaths, runModelPath, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});
const machine = languageMachine.provide({
  actors: {
    applyLanguage: fromPromise<undefined, Language>(() => never()),
    fetchUserLanguage: fromPromise(() => never<Language>()),
    saveUserLanguage: fromPromise<unknown, Language>(() => never()),
  },
});

const stored: Language = 'es-ES';
const spec: ModelSpec<typeof machine> = {
  machine,
  input: { stored },
  events: [
    { type: 'xstate.done.actor.applyStoredLanguage', output: undefined },
    { type: 'xstate.error.actor.applyStoredLanguage', error: new Error('chunk failed') },
    { type: 'language.change', language: 'en-US' },
    { type: 'language.change', language: 'es-ES' },
    { type: 'xstate.done.actor.applyLanguage', output: undefined },
    { type: 'xstate.error.actor.applyLanguage', error: new Error('chunk failed') },
    { type: 'language.userSignedIn' },
    { type: 'language.userSignedOut' },
    { type: 'xstate.done.actor.fetchUserLanguage', output: 'en-US' },
    { type: 'xstate.done.actor.fetchUserLanguage', output: 'es-ES' },
    { type: 'xstate.error.actor.fetchUserLanguage', error: new Error('offline') },
    { type: 'xstate.done.actor.applyUserLanguage', output: undefined },
    { type: 'xstate.error.actor.applyUserLanguage', error: new Error('chunk failed') },
    { type: 'xstate.done.actor.saveUserLanguage', output: undefined },
    { type: 'xstate.error.actor.saveUserLanguage', error: new Error('offline') },
  ],
  assertSnapshot: (snapshot) => {
    expect(selectIsStarting(snapshot)).toBe(snapshot.matches('starting'));
    expect(['en-US', 'es-ES']).toContain(selectLanguage(snapshot));
    // The device's own choice is posted to the server; without one, the server's is read.
    if (snapshot.matches('savingUserLanguage')) expect(snapshot.context.isChosenHere).toBe(true);
    if (snapshot.matches('fetchingUserLanguage')) expect(snapshot.context.isChosenHere).toBe(false);
  },
};

// Two starts: a language chosen on this device earlier, and none.
const specs = [spec, { ...spec, input: { stored: null } }];
const coverage = new Coverage(machine);
const paths = specs.flatMap((each, index) =>
  generateModelPaths(each).map((path) => ({ ...path, spec: each, name: `${index === 0 ? 'stored es-ES' : 'nothing stored'}: ${path.name}` })),
);

describe('language machine model paths', () => {
  it('first applies the stored language', () => {
    const first = paths.find(
      (path) => path.spec === spec && (path.steps[0]?.event.type as string | undefined) === 'xstate.done.actor.applyStoredLanguage',
    );
    expect(first?.steps[0]?.state.context).toMatchObject({ requested: stored, language: stored });
  });

  for (const path of paths) {
    it(path.name, () => {
      runModelPath(path.spec, path, coverage);
    });
  }

  afterAll(() => {
    const { missedStates, missedTransitions } = coverage.report('language');
    expect(missedStates).toEqual([]);
    expect(missedTransitions).toEqual([]);
  });
});
