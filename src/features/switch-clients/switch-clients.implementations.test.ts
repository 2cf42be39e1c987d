/**
 * The switch clients machine's implementations with fake calls and actors: what failures mean to
 * the page, and what the app is told once the server has moved the session.
 */
import { startQuietApp } from '@machines/app/app.fixtures';
import type { Client } from '@machines/client/client.types';
import { twoClients } from '@machines/switch-clients/switch-clients.fixtures';
import { switchClientsMachine } from '@machines/switch-clients/switch-clients.machine';
import type { UserClient } from '@machines/switch-clients/switch-clients.types';
import { createActor, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { createSwitchClientsImplementations, toSwitchClientsError } from './switch-clients.implementations';

const delta: Client = { code: 'DLT', name: 'Delta Diagnostics', logoUrl: null, theme: 'delta', billingGroup: '52', acceptsOnlinePayments: true, patientAppUrl: null };

/** The page over `clients` (pat.doe's, SUN current, unless given) in a quiet app's system: its calls, and what the app and router were told. */
function arrange(switchAnswer: () => Promise<{ clientCode: string; billingGroup: string | null }>, clients: UserClient[] = twoClients) {
  const { app, record } = startQuietApp({ client: delta });
  const goToInvoices = vi.fn<(clientCode: string) => void>();
  const switchClient = vi.fn(switchAnswer);
  const implementations = createSwitchClientsImplementations({
    goToInvoices,
    api: { getUserClients: () => Promise.resolve(clients), switchClient },
  });
  const actor = createActor(switchClientsMachine.provide(implementations), { parent: app }).start();
  return { actor, record, switchClient, goToInvoices };
}

describe('once the server has moved the session', () => {
  it("has the app wear the new client's look and check the session again, and opens its invoices", async () => {
    const { actor, record, switchClient, goToInvoices } = arrange(() => Promise.resolve({ clientCode: 'DLT', billingGroup: '52' }));
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    actor.send({ type: 'switchClients.choose', code: 'DLT', billingGroup: '52' });
    await waitFor(actor, (snapshot) => snapshot.matches('switched'));
    expect(switchClient).toHaveBeenCalledExactlyOnceWith({ clientCode: 'DLT', billingGroup: '52' }, expect.anything());
    expect(record.lookups).toEqual([{ code: 'DLT', billingGroup: '52' }]);
    expect(record.sessionChecks).toBe(2);
    expect(goToInvoices).toHaveBeenCalledExactlyOnceWith('DLT');
  });

  it('sends no billing group for a client without one', async () => {
    // pat.doe under DLT 52, going back to SUN.
    const underDelta = twoClients.map((client) => ({ ...client, isCurrent: !client.isCurrent }));
    const { actor, switchClient } = arrange(() => Promise.resolve({ clientCode: 'SUN', billingGroup: null }), underDelta);
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    actor.send({ type: 'switchClients.choose', code: 'SUN', billingGroup: null });
    await waitFor(actor, (snapshot) => snapshot.matches('switched'));
    expect(switchClient).toHaveBeenCalledExactlyOnceWith({ clientCode: 'SUN' }, expect.anything());
  });

  it('tells the app nothing when the server refuses', async () => {
    const { actor, record, goToInvoices } = arrange(() => Promise.reject(new ApiError('forbidden', 403)));
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    actor.send({ type: 'switchClients.choose', code: 'DLT', billingGroup: '52' });
    const snapshot = await waitFor(actor, (s) => s.matches('choosing') && s.context.failure !== null);
    expect(snapshot.context.failure).toBe('refused');
    expect(record.lookups).toEqual([]);
    expect(record.sessionChecks).toBe(1);
    expect(goToInvoices).not.toHaveBeenCalled();
  });
});

describe('what a failed call means to the page', () => {
  it.each([
    ['forbidden', 'refused'],
    ['notFound', 'refused'],
    ['notSignedIn', 'notSignedIn'],
    ['network', 'network'],
    ['serverError', 'serverError'],
    ['malformedResponse', 'serverError'],
    ['invalidRequest', 'serverError'],
  ] as const)('%s is %s', (code, failure) => {
    expect(toSwitchClientsError(new ApiError(code, null)).code).toBe(failure);
  });

  it('anything that is not an API error is a server error', () => {
    expect(toSwitchClientsError(new TypeError('boom')).code).toBe('serverError');
  });
});
