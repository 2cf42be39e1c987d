import { cookieConsentMachine } from '@machines/cookie-consent/cookie-consent.machine';
import { selectShowsCookieNotice } from '@machines/cookie-consent/cookie-consent.selectors';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, errorCode, type ModelSpec } from './harness';

/** What the storage effect was asked to keep. */
export const stored: string[] = [];

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

/** The cookie notice. */
export const cookieConsentModel = defineModel({
  name: 'cookie-consent',
  title: 'Cookie consent',
  machine,
  variants: [{ name: 'a page opened', spec }],
  describeEvent: (event) => {
    switch (event.type) {
      case 'xstate.done.actor.readConsent':
        return event.output === true ? 'Local storage says the notice was accepted' : 'Local storage holds no acceptance';
      case 'xstate.error.actor.readConsent':
        return `Local storage cannot be read (${errorCode(event.error)})`;
      case 'consent.accept':
        return 'Accepts the cookie notice';
      default:
        return event.type;
    }
  },
});
