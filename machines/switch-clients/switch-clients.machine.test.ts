import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { twoClients } from './switch-clients.fixtures';
import { switchClientsMachine, toSwitchClientsFailure } from './switch-clients.machine';
import { selectChosenClient, selectFailure, selectSwitchClientsStatus } from './switch-clients.selectors';
import type { ClientChoice, SwitchClientResponse, UserClient } from './switch-clients.types';

/** A switch page over pat.doe's clients, whose server answers a switch with `answer`. */
function arrange(answer: (choice: ClientChoice) => Promise<SwitchClientResponse>, clients: UserClient[] = twoClients) {
  const switchCalls = vi.fn(answer);
  const landed = vi.fn<(client: ClientChoice) => void>();
  const actor = createActor(
    switchClientsMachine.provide({
      actors: {
        loadClients: fromPromise(() => Promise.resolve(clients)),
        switchClient: fromPromise<SwitchClientResponse, ClientChoice>(({ input }) => switchCalls(input)),
      },
      actions: { landOnClient: (_, client) => landed(client) },
    }),
  ).start();
  return { actor, switchCalls, landed };
}

const choosing = (actor: ReturnType<typeof arrange>['actor']) => waitFor(actor, (snapshot) => snapshot.matches('choosing'));

describe('switching clients', () => {
  it("moves to the chosen client, then lands on the client the server names", async () => {
    const { actor, switchCalls, landed } = arrange(() => Promise.resolve({ clientCode: 'DLT', billingGroup: '52' }));
    await choosing(actor);
    actor.send({ type: 'switchClients.choose', code: 'dlt', billingGroup: '52' });
    expect(selectSwitchClientsStatus(actor.getSnapshot())).toBe('switching');
    expect(selectChosenClient(actor.getSnapshot())?.name).toBe('Delta Diagnostics');
    await waitFor(actor, (snapshot) => snapshot.matches('switched'));
    expect(switchCalls).toHaveBeenCalledExactlyOnceWith({ code: 'dlt', billingGroup: '52' });
    expect(landed).toHaveBeenCalledExactlyOnceWith({ code: 'DLT', billingGroup: '52' });
  });

  it('sends one switch however often the user presses while it is on its way', async () => {
    let finish = (): void => undefined;
    const { actor, switchCalls } = arrange(
      () =>
        new Promise((resolve) => {
          finish = () => resolve({ clientCode: 'DLT', billingGroup: '52' });
        }),
    );
    await choosing(actor);
    actor.send({ type: 'switchClients.choose', code: 'DLT', billingGroup: '52' });
    actor.send({ type: 'switchClients.choose', code: 'DLT', billingGroup: '52' });
    finish();
    await waitFor(actor, (snapshot) => snapshot.matches('switched'));
    expect(switchCalls).toHaveBeenCalledOnce();
  });

  it('keeps the list and says why when the server refuses, and never lands', async () => {
    const { actor, landed } = arrange(() => Promise.reject(Object.assign(new Error('refused'), { code: 'refused' })));
    await choosing(actor);
    actor.send({ type: 'switchClients.choose', code: 'DLT', billingGroup: '52' });
    const snapshot = await waitFor(actor, (s) => s.matches('choosing') && s.context.failure !== null);
    expect(selectFailure(snapshot)).toBe('refused');
    expect(snapshot.context.clients).toEqual(twoClients);
    expect(landed).not.toHaveBeenCalled();
  });
});

describe('failure codes', () => {
  it('keep the known ones and count anything else as a server error', () => {
    expect(toSwitchClientsFailure({ code: 'network' })).toBe('network');
    expect(toSwitchClientsFailure({ code: 'notSignedIn' })).toBe('notSignedIn');
    expect(toSwitchClientsFailure({ code: 'refused' })).toBe('refused');
    expect(toSwitchClientsFailure({ code: 'forbidden' })).toBe('serverError');
    expect(toSwitchClientsFailure(new Error('boom'))).toBe('serverError');
  });
});
