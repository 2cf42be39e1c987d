import { accessRemovalMachine, toAccessRemovalOutcome } from '@machines/registration/access-removal.machine';
import { selectAccessRemovalFailure, selectAccessRemovalStatus } from '@machines/registration/access-removal.selectors';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, hasCode, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});
const failure = (code: string) => Object.assign(new Error(code), { code });

/** How many times the page forgot the link's token during one path (reset before each). */
export const forgottenTokens = { count: 0 };

// The production machine; its actor never settles, so the model's events drive every outcome.
const machine = accessRemovalMachine.provide({
  actors: { removeAccess: fromPromise(() => never<unknown>()) },
  actions: {
    forgetToken: () => {
      forgottenTokens.count++;
    },
  },
});

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];

function assertSnapshot(snapshot: Snapshot): void {
  const status = selectAccessRemovalStatus(snapshot);
  expect(snapshot.hasTag('busy')).toBe(status === 'removing');
  expect(selectAccessRemovalFailure(snapshot) !== null).toBe(status === 'failed');
  // The token is forgotten exactly once, when the page is done with the link.
  expect(forgottenTokens.count).toBe(status === 'removed' || status === 'linkUnusable' ? 1 : 0);
  if (snapshot.context.token === null) expect(status).toBe('linkUnusable');
}

const events: Spec['events'] = [
  { type: 'accessRemoval.confirm' },
  { type: 'xstate.done.actor.removeAccess', output: { removed: true } },
  { type: 'xstate.error.actor.removeAccess', error: failure('linkInvalid') },
  { type: 'xstate.error.actor.removeAccess', error: failure('network') },
  { type: 'xstate.error.actor.removeAccess', error: new TypeError('boom') },
  { type: 'accessRemoval.retry' },
];

/** Why removing failed, in words with the code the machine reads. */
function removalFailure(error: unknown): string {
  const outcome = toAccessRemovalOutcome(error);
  if (outcome === 'linkUnusable') return 'The server refuses: link unknown, used or expired (linkInvalid)';
  if (outcome === 'network') return 'Removing fails: the network is down (network)';
  return `Removing fails: ${hasCode(error) ? 'the server fails' : 'an unexpected error, read as the server failing'} (serverError)`;
}

/** The access-removal link's page. Two starts: a link with its token, and one without. */
export const accessRemovalModel = defineModel({
  name: 'access-removal',
  title: 'Access removal',
  machine,
  variants: [
    { name: 'a link with a token', spec: { machine, input: { token: 'tok' }, events, assertSnapshot } },
    { name: 'a link without a token', spec: { machine, input: { token: null }, events, assertSnapshot } },
  ],
  reset: () => {
    forgottenTokens.count = 0;
  },
  describeEvent: (event) => {
    switch (event.type) {
      case 'accessRemoval.confirm':
        return 'Chooses Remove this access';
      case 'xstate.done.actor.removeAccess':
        return 'The server removes the access';
      case 'xstate.error.actor.removeAccess':
        return removalFailure(event.error);
      case 'accessRemoval.retry':
        return 'Chooses Try again';
      default:
        return event.type;
    }
  },
});
