import { languageMachine } from '@machines/language/language.machine';
import { selectIsLanguageUnavailable, selectIsStarting, selectLanguage } from '@machines/language/language.selectors';
import type { Language } from '@machines/language/language.types';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, errorCode, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});
const machine = languageMachine.provide({
  actors: {
    applyLanguage: fromPromise<undefined, Language>(() => never()),
    fetchUserLanguage: fromPromise(() => never<Language>()),
    saveUserLanguage: fromPromise<unknown, Language>(() => never()),
  },
});

/** The language chosen on this device on an earlier visit, in the first start. */
export const stored: Language = 'es-ES';
const events = [
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
    { type: 'language.retry' },
] as const;
const applyFailures: ReadonlySet<string> = new Set([
  'xstate.error.actor.applyStoredLanguage',
  'xstate.error.actor.applyLanguage',
  'xstate.error.actor.applyUserLanguage',
]);

const spec: ModelSpec<typeof machine> = {
  machine,
  input: { stored },
  // A catalog the page has loaded stays loaded: applying it again cannot fail.
  events: (snapshot) =>
    events.filter((event) => !applyFailures.has(event.type) || !snapshot.context.loaded.includes(snapshot.context.requested)),
  assertSnapshot: (snapshot) => {
    expect(selectIsStarting(snapshot)).toBe(snapshot.matches('starting'));
    expect(['en-US', 'es-ES']).toContain(selectLanguage(snapshot));
    // Only a page with no catalog at all is unavailable; any loaded language keeps it readable.
    if (selectIsLanguageUnavailable(snapshot)) expect(snapshot.context.loaded).toEqual([]);
    if (snapshot.matches('ready')) expect(snapshot.context.loaded.length).toBeGreaterThan(0);
    // The device's own choice is posted to the server; without one, the server's is read.
    if (snapshot.matches('savingUserLanguage')) expect(snapshot.context.isChosenHere).toBe(true);
    // At rest, no choice is left waiting: the language asked for last is the one spoken (or could not load and was let go).
    if (snapshot.matches('ready')) expect(snapshot.context.requested).toBe(snapshot.context.language);
  },
};

const languageNames: Record<Language, string> = { 'en-US': 'English (en-US)', 'es-ES': 'Spanish (es-ES)' };

/** The portal's language. Two starts: a language chosen on this device earlier, and none. */
export const languageModel = defineModel({
  name: 'language',
  title: 'Language',
  machine,
  variants: [
    { name: 'es-ES chosen on this device before', spec },
    { name: 'nothing chosen on this device', spec: { ...spec, input: { stored: null } } },
  ],
  describeEvent: (event) => {
    switch (event.type) {
      case 'xstate.done.actor.applyStoredLanguage':
        return 'The first language is applied';
      case 'xstate.error.actor.applyStoredLanguage':
        return `The first language cannot be loaded (${errorCode(event.error)})`;
      case 'language.change':
        return `Chooses ${languageNames[event.language]}`;
      case 'xstate.done.actor.applyLanguage':
        return 'The chosen language is applied';
      case 'xstate.error.actor.applyLanguage':
        return `The chosen language cannot be loaded (${errorCode(event.error)})`;
      case 'language.userSignedIn':
        return 'Someone signs in';
      case 'language.userSignedOut':
        return 'The user signs out';
      case 'xstate.done.actor.fetchUserLanguage':
        return `The server says the user's language is ${languageNames[event.output as Language]}`;
      case 'xstate.error.actor.fetchUserLanguage':
        return `Reading the user's language fails (${errorCode(event.error)})`;
      case 'xstate.done.actor.applyUserLanguage':
        return "The user's language is applied";
      case 'xstate.error.actor.applyUserLanguage':
        return `The user's language cannot be loaded (${errorCode(event.error)})`;
      case 'xstate.done.actor.saveUserLanguage':
        return 'The server saves the language';
      case 'xstate.error.actor.saveUserLanguage':
        return `Saving the language fails (${errorCode(event.error)})`;
      case 'language.retry':
        return 'Tries loading the portal again';
      default:
        return event.type;
    }
  },
});
