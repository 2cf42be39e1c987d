import { oneClient, twoClients } from '@machines/switch-clients/switch-clients.fixtures';
import { switchClientsMachine, toSwitchClientsFailure } from '@machines/switch-clients/switch-clients.machine';
import {
  selectChosenClient,
  selectFailure,
  selectHasOtherClients,
  selectIsBusy,
  selectSwitchClientsStatus,
} from '@machines/switch-clients/switch-clients.selectors';
import type { ClientChoice, SwitchClientResponse, SwitchClientsFailure, UserClient } from '@machines/switch-clients/switch-clients.types';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, hasCode, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});

/** The one client that can be switched to: pat.doe's DLT 52. */
export const switchable: ClientChoice = { code: 'DLT', billingGroup: '52' };

/** Where the app was asked to land during one path (reset before each). */
export const landings: ClientChoice[] = [];

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
  expect(landings).toEqual(status === 'switched' ? [switchable] : []);
  if (status === 'choosing' && snapshot.context.clients.length === 1) expect(selectHasOtherClients(snapshot)).toBe(false);
}

const spec: Spec = {
  machine,
  events: [
    { type: 'xstate.done.actor.loadClients', output: twoClients },
    { type: 'xstate.done.actor.loadClients', output: oneClient },
    { type: 'xstate.error.actor.loadClients', error: { code: 'network' } },
    { type: 'switchClients.retry' },
    { type: 'switchClients.choose', ...switchable },
    { type: 'xstate.done.actor.switchClient', output: { clientCode: 'DLT', billingGroup: '52' } },
    ...(['refused', 'notSignedIn', 'network', 'serverError'] as const).map(
      (code) => ({ type: 'xstate.error.actor.switchClient', error: { code } }) as const,
    ),
  ],
  assertSnapshot,
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, clients: snapshot.context.clients.length, failure: snapshot.context.failure }),
};

/** A client choice in words. */
const clientName = ({ code, billingGroup }: ClientChoice) => (billingGroup === null ? code : `${code} ${billingGroup}`);

const failures: Record<SwitchClientsFailure, string> = {
  refused: 'the server refuses it',
  notSignedIn: 'the session has ended',
  network: 'the network is down',
  serverError: 'the server fails',
};

/** A failed call in words, with its code. */
function failed(call: string, error: unknown): string {
  const code = toSwitchClientsFailure(error);
  return `${call} fails: ${hasCode(error) ? failures[code] : 'an unexpected error, read as the server failing'} (${code})`;
}

/** Switching clients: pat.doe with SUN and DLT 52, or a user with one client. */
export const switchClientsModel = defineModel({
  name: 'switch-clients',
  title: 'Switch clients',
  machine,
  variants: [{ name: 'the page opened under SUN', spec }],
  reset: () => {
    landings.length = 0;
  },
  describeEvent: (event) => {
    switch (event.type) {
      case 'xstate.done.actor.loadClients': {
        const clients = event.output as UserClient[];
        return `The list loads: ${clients.map((client) => `${clientName(client)}${client.isCurrent ? ' (current)' : ''}`).join(', ')}`;
      }
      case 'xstate.error.actor.loadClients':
        return failed('Loading the list', event.error);
      case 'switchClients.retry':
        return 'Chooses Try again';
      case 'switchClients.choose':
        return `Chooses ${clientName(event)}`;
      case 'xstate.done.actor.switchClient': {
        const moved = event.output as SwitchClientResponse;
        return `The server moves the session to ${clientName({ code: moved.clientCode, billingGroup: moved.billingGroup })}`;
      }
      case 'xstate.error.actor.switchClient':
        return failed('Switching', event.error);
      default:
        return event.type;
    }
  },
});
