import { appActor } from '@machines/app/app-system';
import { appSystemIds } from '@machines/app/app.types';
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type {
  ClientChoice,
  SwitchClientResponse,
  SwitchClientsContext,
  SwitchClientsEvent,
  SwitchClientsFailure,
  SwitchClientsTag,
  UserClient,
} from './switch-clients.types';

const failures: readonly SwitchClientsFailure[] = ['refused', 'notSignedIn', 'network'];

/** Reads the failure code an effect rejected with; anything unknown counts as a server error. */
export function toSwitchClientsFailure(error: unknown): SwitchClientsFailure {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return failures.find((known) => known === code) ?? 'serverError';
}

/**
 * The switch clients page: the signed-in user's clients (those where they have an account), and
 * moving the session to one of them. The server decides; once it has, the app checks the session
 * again and shows the new client's invoices in its look (the `landOnClient` action it provides).
 */
export const switchClientsMachine = setup({
  types: {
    context: {} as SwitchClientsContext,
    events: {} as SwitchClientsEvent,
    tags: {} as SwitchClientsTag,
  },
  actors: {
    loadClients: fromPromise<UserClient[]>(() => Promise.reject(new Error('loadClients not provided'))),
    switchClient: fromPromise<SwitchClientResponse, ClientChoice>(() => Promise.reject(new Error('switchClient not provided'))),
  },
  actions: {
    rememberClients: assign((_, clients: UserClient[]) => ({ clients, failure: null })),
    rememberChoice: assign((_, chosen: ClientChoice) => ({ chosen, failure: null })),
    rememberFailure: assign((_, { error }: { error: unknown }) => ({ failure: toSwitchClientsFailure(error) })),
    forgetFailure: assign({ failure: null }),
    /** Tells the app's root (found by its system id) that the session moved: it selects that client and checks the session again. */
    tellAppClientChosen: sendTo(
      appActor(appSystemIds.app),
      (_, { code, billingGroup }: ClientChoice) => ({ type: 'app.clientChosen', code, billingGroup }),
    ),
    /** The app opens this client's invoices. */
    landOnClient: (_, _params: ClientChoice) => {},
  },
}).createMachine({
  id: 'switchClients',
  description:
    "Switching clients: the signed-in user's clients, where they have an account, and moving the session to another of them, after which the portal takes that client's look.",
  context: { clients: [], chosen: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      description: "Asks the server for the user's clients, with name, logo and account, the session's marked current (GetUserClients).",
      meta: { requirements: ['ACC-30'] },
      tags: ['busy'],
      invoke: {
        id: 'loadClients',
        src: 'loadClients',
        onDone: {
          description: 'The list arrived.',
          target: 'choosing',
          actions: { type: 'rememberClients', params: ({ event }) => event.output },
          meta: { requirements: ['ACC-30'] },
        },
        onError: {
          description: 'The list could not be loaded (the network, the server, or the session ended).',
          target: 'loadFailed',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
          meta: { requirements: ['ACC-15'] },
        },
      },
    },
    loadFailed: {
      description: 'The list could not be loaded: the page says why and offers Try again.',
      meta: { requirements: ['ACC-15'] },
      on: { 'switchClients.retry': { target: 'loading', actions: 'forgetFailure', meta: { requirements: ['ACC-15'] } } },
    },
    choosing: {
      description:
        "The user's clients are listed, the current one marked. A user with one client sees it marked current and nothing to switch to.",
      meta: { requirements: ['ACC-30'] },
      on: {
        'switchClients.choose': {
          description:
            'The user picks another of their clients (the page offers only those; the server refuses any other).',
          target: 'switching',
          actions: { type: 'rememberChoice', params: ({ event }) => ({ code: event.code, billingGroup: event.billingGroup }) },
          meta: { requirements: ['ACC-9', 'ACC-31'] },
        },
      },
    },
    switching: {
      description: 'The server moves the session to the chosen client (SwitchClient), only where the user has an account. Choices wait meanwhile.',
      meta: { requirements: ['ACC-9', 'ACC-13', 'ACC-31'] },
      tags: ['busy'],
      invoke: {
        id: 'switchClient',
        src: 'switchClient',
        input: ({ context }) => context.chosen ?? { code: '', billingGroup: null },
        onDone: {
          description: 'The server moved the session: the app lands on the chosen client.',
          target: 'switched',
          actions: [
            { type: 'tellAppClientChosen', params: ({ event }) => ({ code: event.output.clientCode, billingGroup: event.output.billingGroup }) },
            { type: 'landOnClient', params: ({ event }) => ({ code: event.output.clientCode, billingGroup: event.output.billingGroup }) },
          ],
          meta: { requirements: ['ACC-9'] },
        },
        onError: {
          description: 'Refused, or it failed: the list stays, with the reason; the session is still under its client.',
          target: 'choosing',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
          meta: { requirements: ['ACC-15', 'ACC-31'] },
        },
      },
    },
    switched: {
      description:
        "The session is under the chosen client: the app checks the session again and opens that client's invoices, in its theme, with its logo and menu.",
      meta: { requirements: ['ACC-9'] },
      tags: ['busy'],
      type: 'final',
    },
  },
});

export type SwitchClientsMachine = typeof switchClientsMachine;
