/** The client machine's effects: the client calls (links checked here), the theme (class and colours), and storage. */
import type { clientMachine } from '@machines/client/client.machine';
import { fromPromise, type MachineImplementationsFrom } from 'xstate';
import { getClient, getClientUrl, getExternalCardLink } from '@/lib/api/endpoints';
import { ApiError } from '@/lib/api/errors';
import { toExternalUrl } from '@/lib/safe-redirect';
import { storageKeys, type localItem } from '@/lib/storage';
import { applyThemeClass, type ThemeSheet, type ThemeStylesheets, type ThemedElement } from '@/lib/theme';

export interface ClientDeps {
  storage: Pick<typeof localItem, 'set'>;
  /** Where the theme class goes: the page body. */
  body: ThemedElement;
  /** The clients' theme stylesheets, in the browser (a server-rendered page has its client's theme inline). */
  themes?: ThemeStylesheets | undefined;
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
export function createClientImplementations({ storage, body, themes }: ClientDeps): MachineImplementationsFrom<typeof clientMachine> {
  /** The theme the last lookup loaded, which the client's selection applies. */
  let loaded: ThemeSheet | null = null;
  return {
    actors: {
      // The client's theme loads beside its lookup, so the selection wears it at once. One loaded
      // for a lookup that failed, or was left, goes with the next theme shown.
      lookUpClient: fromPromise(async ({ input, signal }) => {
        const theme = themes?.load(input, signal);
        try {
          const client = await getClient(input.code, input.billingGroup, { signal });
          loaded = (await theme) ?? null;
          return client;
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
      applyTheme: (_, { theme }) => {
        applyThemeClass(body, theme);
        themes?.show(loaded);
        loaded = null;
      },
      storeClientLinks: (_, links) => storage.set(storageKeys.clientLinks, JSON.stringify(links)),
    },
  };
}
