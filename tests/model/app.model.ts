import { quietAppMachine } from '@machines/app/app.fixtures';
import { selectAppSignedIn } from '@machines/app/app.selectors';
import { expect } from 'vitest';
import { defineModel, type Event, type ModelSpec } from './harness';

/** What the root's quiet children recorded: the guards' re-checks among them. */
export const { machine, record: appRecord } = quietAppMachine();

const events: Event<typeof machine>[] = [
  { type: 'app.signedIn', billingGroup: null },
  { type: 'app.signedOut' },
  { type: 'app.addressChanged', code: 'DLT' },
  { type: 'app.addressChanged', code: null },
  { type: 'app.clientChosen', code: 'DLT', billingGroup: '52' },
  { type: 'app.resumed', storedLanguage: 'es-ES' },
  { type: 'app.resumed', storedLanguage: null },
];

/** Only a signed-in user reaches the switch page; a signed-in user's address follows the session's client (the guards). */
const signedInOnly = new Set(['app.clientChosen']);
const visitorsOnly = new Set(['app.addressChanged']);

const spec: ModelSpec<typeof machine> = {
  machine,
  input: { storedLanguage: null },
  events: (snapshot) =>
    events.filter((event) => (snapshot.matches('signedIn') ? !visitorsOnly.has(event.type) : !signedInOnly.has(event.type))),
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value }),
  assertSnapshot: (snapshot) => {
    expect(selectAppSignedIn(snapshot)).toBe(snapshot.matches('signedIn'));
    expect(snapshot.context.storedLanguage).toBeNull();
  },
};

/** The app's root: what happens between the app-wide machines. */
export const appModel = defineModel({
  name: 'app',
  title: 'App (root)',
  machine,
  variants: [{ name: 'a page opened', spec }],
  reset: () => {
    appRecord.guardChecks = 0;
  },
  describeEvent: (event) => {
    switch (event.type) {
      case 'app.signedIn':
        return 'Someone signs in';
      case 'app.signedOut':
        return 'The user signs out';
      case 'app.addressChanged':
        return event.code === null ? 'Opens a page without a client code' : `Opens a page under the client code ${event.code}`;
      case 'app.clientChosen':
        return `Switches to the client ${event.code}${event.billingGroup === null ? '' : ` ${event.billingGroup}`}`;
      case 'app.resumed':
        return event.storedLanguage === null
          ? 'The browser takes over a page the server rendered'
          : `The browser takes over a page the server rendered, with ${event.storedLanguage} chosen on this device`;
      default:
        return event.type;
    }
  },
});
