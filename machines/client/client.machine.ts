import { assign, fromPromise, setup } from 'xstate';
import {
  defaultTheme,
  type ClientContext,
  type Client,
  type ClientErrorCode,
  type ClientEvent,
  type ClientLookup,
  type ClientTag,
  type StoredClientLinks,
} from './client.types';

const clientErrorCodes: readonly ClientErrorCode[] = ['notFound', 'network', 'serverError'];

function toClientErrorCode(error: unknown): ClientErrorCode {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return clientErrorCodes.find((known) => known === code) ?? 'serverError';
}

function selectedLookup(context: ClientContext): ClientLookup {
  return { code: context.client?.code ?? '', billingGroup: context.client?.billingGroup ?? null };
}

function selectedLookupStored(context: ClientContext): Omit<StoredClientLinks, 'externalCCLink'> {
  const { code, billingGroup } = selectedLookup(context);
  return { clientCode: code, billingGroup };
}

/** A code without a billing group keeps the current billing group when the code is the same. */
function currentBillingGroup(context: ClientContext, event: { code: string; billingGroup?: string | null }): string | null {
  if (event.billingGroup !== undefined) return event.billingGroup;
  const current = context.requested;
  return current && current.code.toUpperCase() === event.code.toUpperCase() ? current.billingGroup : null;
}

function sameLookup(a: ClientLookup | null, b: ClientLookup): boolean {
  return a !== null && a.code.toUpperCase() === b.code.toUpperCase() && (a.billingGroup ?? null) === (b.billingGroup ?? null);
}

/**
 * The client (tenant) whose logo and theme the portal wears. A code in the URL's first segment
 * selects it; the theme class on the page body follows (an effect the app provides).
 */
export const clientMachine = setup({
  types: {
    context: {} as ClientContext,
    events: {} as ClientEvent,
    tags: {} as ClientTag,
  },
  actors: {
    lookUpClient: fromPromise<Client, ClientLookup>(() => Promise.reject(new Error('lookUpClient not provided'))),
    fetchClientUrl: fromPromise<string, ClientLookup>(() => Promise.reject(new Error('fetchClientUrl not provided'))),
    fetchClientLinks: fromPromise<string, ClientLookup>(() => Promise.reject(new Error('fetchClientLinks not provided'))),
  },
  actions: {
    applyTheme: (_, _params: { theme: string }) => {},
    /** Another client (or none) is asked for: whatever was known of the earlier one is forgotten. */
    requestClient: assign((_, { requested }: { requested: ClientLookup | null }) => ({
      requested,
      client: null,
      clientUrl: null,
      externalCCLink: '',
      acceptsOnlinePayments: true,
      error: null,
    })),
    keepClient: assign((_, { client }: { client: Client }) => ({ client, acceptsOnlinePayments: client.acceptsOnlinePayments, error: null })),
    keepLookupFailure: assign((_, { error }: { error: ClientErrorCode }) => ({ client: null, error })),
    keepClientUrl: assign((_, { url }: { url: string | null }) => ({ clientUrl: url })),
    keepCardLink: assign((_, { link }: { link: string }) => ({ externalCCLink: link })),
    storeClientLinks: (_, _params: StoredClientLinks) => {},
  },
  guards: {
    isSameClient: ({ context }, lookup: ClientLookup) => sameLookup(context.requested, lookup),
    hasRequestedClient: ({ context }) => context.requested !== null,
    /** The address named this billing group, or the entry in use is already under it (resumed from the server's page). */
    hasBillingGroup: ({ context }, { billingGroup }: { billingGroup: string | null }) => {
      const { requested, client } = context;
      if (requested === null) return false;
      if ((requested.billingGroup ?? null) === billingGroup) return true;
      return client !== null && client.code === requested.code && client.billingGroup === billingGroup;
    },
  },
}).createMachine({
  id: 'client',
  description: "The client (tenant) whose logo and theme the portal wears, picked by the code in the address's first segment.",
  context: { requested: null, client: null, clientUrl: null, externalCCLink: '', acceptsOnlinePayments: true, error: null },
  initial: 'none',
  states: {
    none: {
      description: 'No client chosen yet: the default theme and the product title.',
      meta: { requirements: ['CLI-2', 'CLI-3'] },
      entry: { type: 'applyTheme', params: { theme: defaultTheme } },
    },
    resolving: {
      description: 'Looks up the client by its code (whatever its case, with the billing group when there is one).',
      meta: { requirements: ['CLI-1'] },
      tags: ['resolving'],
      invoke: {
        id: 'lookUpClient',
        src: 'lookUpClient',
        input: ({ context }) => context.requested ?? { code: '', billingGroup: null },
        onDone: {
          description: 'The client is found.',
          target: 'selected',
          actions: { type: 'keepClient', params: ({ event }) => ({ client: event.output }) },
          meta: { requirements: ['CLI-1'] },
        },
        onError: {
          description: 'No client has this code, or the lookup failed: the error code is kept for the notice.',
          target: 'unknown',
          actions: { type: 'keepLookupFailure', params: ({ event }) => ({ error: toClientErrorCode(event.error) }) },
          meta: { requirements: ['CLI-5'] },
        },
      },
    },
    selected: {
      description: "The client is known: its theme class is on the page body, its logo and name in the header, and its own address and card page link are being fetched.",
      meta: { requirements: ['CLI-2', 'CLI-3', 'CLI-4'] },
      tags: ['selected'],
      entry: { type: 'applyTheme', params: ({ context }) => ({ theme: context.client?.theme ?? defaultTheme }) },
      invoke: [
        {
          id: 'fetchClientUrl',
          src: 'fetchClientUrl',
          input: ({ context }) => selectedLookup(context),
          onDone: {
            description: "The client's own address is kept, for the link to its site.",
            actions: { type: 'keepClientUrl', params: ({ event }) => ({ url: event.output }) },
            meta: { requirements: ['CLI-4'] },
          },
          onError: {
            description: "Without the client's address the portal still works; the link is simply not offered.",
            actions: { type: 'keepClientUrl', params: { url: null } },
            meta: { requirements: ['CLI-4'] },
          },
        },
        {
          id: 'fetchClientLinks',
          src: 'fetchClientLinks',
          input: ({ context }) => selectedLookup(context),
          onDone: {
            description: 'The external card page link (or none) is kept, also in local storage.',
            actions: [
              { type: 'keepCardLink', params: ({ event }) => ({ link: event.output }) },
              {
                type: 'storeClientLinks',
                params: ({ context, event }) => ({ ...selectedLookupStored(context), externalCCLink: event.output }),
              },
            ],
            meta: { requirements: ['CLI-4'] },
          },
          onError: {
            description: "Without the links the portal's own card page is used.",
            actions: { type: 'keepCardLink', params: { link: '' } },
            meta: { requirements: ['CLI-4'] },
          },
        },
      ],
    },
    unknown: {
      description: 'No client has this code (or the lookup failed): the default theme and title, and a notice.',
      meta: { requirements: ['CLI-5'] },
      entry: { type: 'applyTheme', params: { theme: defaultTheme } },
    },
  },
  on: {
    'client.select': [
      {
        description: 'The same client again (another page under the same code): nothing changes.',
        guard: {
          type: 'isSameClient',
          params: ({ context, event }) => ({ code: event.code, billingGroup: currentBillingGroup(context, event) }),
        },
        meta: { requirements: ['CLI-6'] },
      },
      {
        description: 'Another client code: the earlier client is forgotten and the new one looked up.',
        target: '.resolving',
        actions: {
          type: 'requestClient',
          params: ({ context, event }) => ({ requested: { code: event.code, billingGroup: currentBillingGroup(context, event) } }),
        },
        meta: { requirements: ['CLI-1'] },
      },
    ],
    'client.setBillingGroup': [
      {
        description: "The session's billing group is the one in use already: nothing changes.",
        guard: { type: 'hasBillingGroup', params: ({ event }) => ({ billingGroup: event.billingGroup }) },
        meta: { requirements: ['CLI-6'] },
      },
      {
        description: "The billing group in use changed (the session's client): the entry is looked up again.",
        guard: 'hasRequestedClient',
        target: '.resolving',
        actions: {
          type: 'requestClient',
          params: ({ context, event }) => ({
            requested: context.requested ? { code: context.requested.code, billingGroup: event.billingGroup } : null,
          }),
        },
        meta: { requirements: ['CLI-1', 'CLI-6'] },
      },
    ],
    'client.clear': {
      description: 'A page without a client code: back to the default look.',
      target: '.none',
      actions: { type: 'requestClient', params: { requested: null } },
      meta: { requirements: ['CLI-2', 'CLI-3'] },
    },
  },
});

export type ClientMachine = typeof clientMachine;
