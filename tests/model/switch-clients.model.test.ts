import { oneClient, twoClients } from '@machines/switch-clients/switch-clients.fixtures';
import { switchClientsMachine } from '@machines/switch-clients/switch-clients.machine';
import {
  selectChosenClient,
  selectFailure,
  selectHasOtherClients,
  selectIsBusy,
  selectSwitchClientsStatus,
} from '@machines/switch-clients/switch-clients.selectors';
import type { ClientChoice, SwitchClientResponse, UserClient } from '@machines/switch-clients/switch-clients.types';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { Coverage, generateModelPaths, runModelPath, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});

// Where the app was asked to land during one path (reset before each).
const landings: ClientChoice[] = [];

// The production machine; its actors never settle, so the model's events drive every outcome.
const machine = switchClientsMachine.provide({
  actors: {
    loadClients: fromPromise(() => never<UserClient[]>()),
    switchClient: fromPromise<SwitchClientResponse, ClientChoice>(() => never()),
  },
  actions: { landOnClient: (_, client) => landings.push(client) },
});

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];

function assertSnapshot(snapshot: Snapshot): void {
  const status = selectSwitchClientsStatus(snapshot);
  expect(snapshot.matches(status)).toBe(true);
  expect(selectIsBusy(snapshot)).toBe(['loading', 'switching', 'switched'].includes(status));
  expect(selectFailure(snapshot) !== null).toBe(status === 'loadFailed' || (status === 'choosing' && snapshot.context.failure !== null));
  if (status === 'loadFailed') expect(snapshot.context.clients).toEqual([]);
  // Only another of the user's own clients is ever switched to.
  if (status === 'switching' || status === 'switched') {
    const chosen = selectChosenClient(snapshot);
    expect(chosen).not.toBeNull();
    expect(chosen?.isCurrent).toBe(false);
    expect(selectFailure(snapshot)).toBeNull();
  }
  // The app lands on the new client once, when the server has moved the session, and only then.
  expect(landings).toEqual(status === 'switched' ? [{ code: 'DLT', billingGroup: '52' }] : []);
  if (status === 'choosing' && snapshot.context.clients.length === 1) expect(selectHasOtherClients(snapshot)).toBe(false);
}

const spec: Spec = {
  machine,
  events: [
    { type: 'xstate.done.actor.loadClients', output: twoClients },
    { type: 'xstate.done.actor.loadClients', output: oneClient },
    { type: 'xstate.error.actor.loadClients', error: { code: 'network' } },
    { type: 'switchClients.retry' },
    { type: 'switchClients.choose', code: 'DLT', billingGroup: '52' },
    // Not switchable: the current client, and clients where the user has no account.
    { type: 'switchClients.choose', code: 'SUN', billingGroup: null },
    { type: 'switchClients.choose', code: 'DLT', billingGroup: '48' },
    { type: 'switchClients.choose', code: 'NPP', billingGroup: null },
    { type: 'xstate.done.actor.switchClient', output: { clientCode: 'DLT', billingGroup: '52' } },
    ...(['refused', 'notSignedIn', 'network', 'serverError'] as const).map(
      (code) => ({ type: 'xstate.error.actor.switchClient', error: { code } }) as const,
    ),
  ],
  assertSnapshot,
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, clients: snapshot.context.clients.length, failure: snapshot.context.failure }),
};

const coverage = new Coverage(machine);
const paths = generateModelPaths(spec);

describe('switch clients machine model paths', () => {
  beforeEach(() => {
    landings.length = 0;
  });

  it('never offers to switch to the current client, nor to one the user has no account at', () => {
    const choices = paths.flatMap((path) => path.steps.map((step) => step.event)).filter((event) => event.type === 'switchClients.choose');
    expect(choices.length).toBeGreaterThan(0);
    for (const event of choices) expect(event).toMatchObject({ code: 'DLT', billingGroup: '52' });
  });

  for (const path of paths) {
    it(path.name, () => {
      runModelPath(spec, path, coverage);
    });
  }

  afterAll(() => {
    const { missedStates, missedTransitions } = coverage.report('switch clients');
    expect(missedStates).toEqual([]);
    expect(missedTransitions).toEqual([]);
  });
});
