import { activationMachine, toActivationOutcome } from '@machines/registration/activation.machine';
import { selectActivationFailure, selectActivationStatus } from '@machines/registration/activation.selectors';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, hasCode, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});
const failure = (code: string) => Object.assign(new Error(code), { code });

/** How many times the success screen was asked for during one path (reset before each). */
export const successScreens = { count: 0 };

// The production machine; its actor never settles, so the model's events drive every outcome.
const machine = activationMachine.provide({
  actors: { activate: fromPromise(() => never<unknown>()) },
  actions: {
    showActivated: () => {
      successScreens.count++;
    },
  },
});

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];

function assertSnapshot(snapshot: Snapshot): void {
  const status = selectActivationStatus(snapshot);
  expect(snapshot.hasTag('busy')).toBe(status === 'activating');
  expect(selectActivationFailure(snapshot) !== null).toBe(status === 'failed');
  // The success screen shows exactly once, and only once the link activated the account.
  expect(successScreens.count).toBe(status === 'activated' ? 1 : 0);
  if (snapshot.context.token === null) expect(status).toBe('linkUnusable');
}

const events: Spec['events'] = [
  { type: 'xstate.done.actor.activate', output: { activated: true } },
  { type: 'xstate.error.actor.activate', error: failure('notFound') },
  { type: 'xstate.error.actor.activate', error: failure('network') },
  { type: 'xstate.error.actor.activate', error: new TypeError('boom') },
  { type: 'activation.retry' },
];

/** Why activating failed, in words with the code the machine reads. */
function activationFailure(error: unknown): string {
  const outcome = toActivationOutcome(error);
  if (outcome === 'linkUnusable') return 'The server refuses: link unknown, used or expired (notFound)';
  if (outcome === 'network') return 'Activating fails: the network is down (network)';
  return `Activating fails: ${hasCode(error) ? 'the server fails' : 'an unexpected error, read as the server failing'} (serverError)`;
}

/** The activation link's page. Two starts: a link with its token, and one without. */
export const activationModel = defineModel({
  name: 'activation',
  title: 'Activation',
  machine,
  variants: [
    { name: 'a link with a token', spec: { machine, input: { token: 'tok' }, events, assertSnapshot } },
    { name: 'a link without a token', spec: { machine, input: { token: null }, events, assertSnapshot } },
  ],
  reset: () => {
    successScreens.count = 0;
  },
  describeEvent: (event) => {
    switch (event.type) {
      case 'xstate.done.actor.activate':
        return 'The server activates the account';
      case 'xstate.error.actor.activate':
        return activationFailure(event.error);
      case 'activation.retry':
        return 'Chooses Try again';
      default:
        return event.type;
    }
  },
});
