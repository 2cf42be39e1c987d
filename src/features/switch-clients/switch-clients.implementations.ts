/**
 * The switch clients machine's effects: its two calls (with the actor's abort signal), what their
 * failures mean to the page, and telling the app that the session's client changed.
 */
import type { switchClientsMachine } from '@machines/switch-clients/switch-clients.machine';
import type { ClientChoice, SwitchClientsFailure } from '@machines/switch-clients/switch-clients.types';
import { fromPromise, type MachineImplementationsFrom } from 'xstate';
import { ApiError } from '@/lib/api/errors';
import { CallError } from '@/lib/api/call-error';
import { getUserClients, switchClient } from './switch-clients-api';

/** What a failed call means to the page. */
export function toSwitchClientsError(error: unknown): CallError<SwitchClientsFailure> {
  const code = error instanceof ApiError ? error.code : 'serverError';
  switch (code) {
    // No account at that client (a forged or stale choice), or the client is gone.
    case 'forbidden':
    case 'notFound':
      return new CallError('refused', {}, { cause: error });
    case 'notSignedIn':
    case 'network':
      return new CallError(code, {}, { cause: error });
    default:
      return new CallError('serverError', {}, { cause: error });
  }
}

async function mapped<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toSwitchClientsError(error);
  }
}

export interface SwitchClientsDeps {
  /** Opens the invoices under this client code. */
  goToInvoices(clientCode: string): void;
  /** The calls; the real ones unless a test gives others. */
  api?: { getUserClients: typeof getUserClients; switchClient: typeof switchClient };
}

/** Creates the switch clients machine's implementations over the app's services. */
export function createSwitchClientsImplementations(deps: SwitchClientsDeps): MachineImplementationsFrom<typeof switchClientsMachine> {
  const api = deps.api ?? { getUserClients, switchClient };
  return {
    actors: {
      loadClients: fromPromise(({ signal }) => mapped(() => api.getUserClients({ signal }))),
      switchClient: fromPromise(({ input, signal }) =>
        mapped(() =>
          api.switchClient({ clientCode: input.code, ...(input.billingGroup ? { billingGroup: input.billingGroup } : {}) }, { signal }),
        ),
      ),
    },
    actions: {
      // The root has selected the client (the theme and logo follow at once, with the billing
      // group, which the URL does not carry) and checks the session again; the guards wait for
      // that check before the invoices open, so they never send the user back under the old client.
      landOnClient: (_, { code }: ClientChoice) => deps.goToInvoices(code),
    },
  };
}
