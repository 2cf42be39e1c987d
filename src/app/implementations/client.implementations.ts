/** The client machine's effects: the client calls (links checked here), the theme class, and storage. */
import type { clientMachine } from '@machines/client/client.machine';
import { fromPromise, type MachineImplementationsFrom } from 'xstate';
import { getClient, getClientUrl, getExternalCardLink } from '@/lib/api/endpoints';
import { ApiError } from '@/lib/api/errors';
import { toExternalUrl } from '@/lib/safe-redirect';
import { storageKeys, type localItem } from '@/lib/storage';
import { applyThemeClass, type ThemedElement } from '@/lib/theme';

export interface ClientDeps {
  storage: Pick<typeof localItem, 'set'>;
  /** Where the theme class goes: the page body. */
  body: ThemedElement;
}

/** What a failed lookup means to the client machine: not found, the network, or the server. */
export function toClientError(error: unknown): ApiError {
  const known = error instanceof ApiError && (error.code === 'notFound' || error.code === 'network');
  return known ? error : new ApiError('serverError', null, { cause: error });
}

/**
 * Creates the client machine's implementations. Addresses the server gives are checked here, once:
 * the machine (and every view reading it) only ever holds a safe http(s) address or ''.
 */
export function createClientImplementations({ storage, body }: ClientDeps): MachineImplementationsFrom<typeof clientMachine> {
  return {
    actors: {
      lookUpClient: fromPromise(async ({ input, signal }) => {
        try {
          return await getClient(input.code, input.billingGroup, { signal });
        } catch (error) {
          throw toClientError(error);
        }
      }),
      fetchClientUrl: fromPromise(async ({ input, signal }) =>
        toExternalUrl(await getClientUrl(input.code, input.billingGroup, { signal })) ?? '',
      ),
      fetchClientLinks: fromPromise(async ({ input, signal }) =>
        toExternalUrl(await getExternalCardLink(input.code, input.billingGroup, { signal })) ?? '',
      ),
    },
    actions: {
      applyTheme: (_, { theme }) => applyThemeClass(body, theme),
      storeClientLinks: (_, links) => storage.set(storageKeys.clientLinks, JSON.stringify(links)),
    },
  };
}
