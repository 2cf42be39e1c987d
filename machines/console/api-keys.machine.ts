/**
 * An office admin manages the lab's API keys (`/{client}/office/integrations`): the list (never
 * the keys themselves), a new key with a name and its scopes, shown once in full to copy, and
 * revoking a key after a confirmation. The calls are the app's.
 */
import { assign, fromPromise, setup } from 'xstate';
import { refusedFields, toFormRejection } from '../form/form.rules';
import { formSetup } from '../form/form.setup';
import type { ApiKeyRow, ApiKeyField, ApiKeyProblem, ApiKeysFailure, ApiKeysContext, ApiKeysEvent, ApiKeysRejection } from './api-keys.types';
import { apiKeyFields } from './api-keys.types';

const failures: readonly ApiKeysFailure[] = ['notFound', 'forbidden', 'expired', 'network', 'serverError'];
/** What a call rejected with: the fields the server refused, or one of the failures (anything else: a server error). */
export const apiKeysRejectionOf = (error: unknown): ApiKeysRejection => toFormRejection<ApiKeyField, ApiKeyProblem, ApiKeysFailure>(error, failures);

/** A call's failure said above the form (a revocation refuses no field: such an answer counts as the server's error). */
export const apiKeysFailureOf = (error: unknown): ApiKeysFailure => {
  const rejection = apiKeysRejectionOf(error);
  return rejection.code === 'refused' ? 'serverError' : rejection.code;
};

/** The chosen scopes of the form's `scopes` text (the screen offers the contract's only). */
export const chosenScopes = (text: string): string[] => text.split(/\s+/).filter((word) => word !== '');

/** The form's rules: a name of at most 100 characters, and at least one scope. */
export function apiKeyProblems(draft: Record<ApiKeyField, string>): Partial<Record<ApiKeyField, ApiKeyProblem>> {
  const problems: Partial<Record<ApiKeyField, ApiKeyProblem>> = {};
  const name = draft.name.trim();
  if (name === '') problems.name = 'required';
  else if (name.length > 100) problems.name = 'tooLong';
  if (chosenScopes(draft.scopes).length === 0) problems.scopes = 'required';
  return problems;
}

const emptyDraft = { name: '', scopes: '' };

export const apiKeysMachine = setup({
  types: {
    context: {} as ApiKeysContext,
    events: {} as ApiKeysEvent,
    input: {} as { keys: ApiKeyRow[] },
    tags: {} as 'busy',
  },
  actors: {
    /** POST api/console/api-keys: the new key's row and the key itself. */
    create: fromPromise<ApiKeyRow & { key: string }, { name: string; scopes: string[] }>(() => Promise.reject(new Error('create not provided'))),
    /** POST api/console/api-keys/{prefix}/revoke. */
    revoke: fromPromise<ApiKeyRow, { prefix: string }>(() => Promise.reject(new Error('revoke not provided'))),
  },
  actions: {
    keepNewKey: assign(({ context }, { row }: { row: ApiKeyRow & { key: string } }) => {
      const { key, ...kept } = row;
      return { keys: [kept, ...context.keys], shownKey: { name: kept.name, key }, notice: null, failure: null, draft: emptyDraft, checked: [], serverProblems: {} };
    }),
    keepRevoked: assign(({ context }, { row }: { row: ApiKeyRow }) => ({
      keys: context.keys.map((each) => (each.prefix === row.prefix ? row : each)),
      notice: { kind: 'revoked' as const, name: row.name },
      failure: null,
    })),
    askConfirmation: assign((_, { prefix }: { prefix: string }) => ({ confirming: prefix, notice: null, failure: null, shownKey: null })),
    forgetConfirmation: assign(() => ({ confirming: null })),
    /** The full key goes from the page for good. */
    hideKey: assign(() => ({ shownKey: null })),
    clearNotice: assign(() => ({ notice: null, shownKey: null })),
  },
  guards: {
    isDraftValid: ({ context }) => Object.keys(apiKeyProblems(context.draft)).length === 0,
  },
}).extend(formSetup<ApiKeysContext, ApiKeysEvent>(apiKeyFields)).createMachine({
  id: 'apiKeys',
  description: "An office admin manages the lab's API keys: makes one with a name and scopes (shown once in full), revokes one after a confirmation.",
  context: ({ input }) => ({ draft: emptyDraft, checked: [], serverProblems: {}, failure: null, refusals: 0, keys: input.keys, shownKey: null, notice: null, confirming: null }),
  initial: 'ready',
  states: {
    ready: {
      description: 'The list of keys (never a key itself) and the form to make one.',
      meta: { requirements: ['OFF-40'] },
      on: {
        'form.edit': { description: 'Keeps the typed name or the chosen scopes.', actions: { type: 'recordEdit', params: ({ event }) => event }, meta: { requirements: ['OFF-41'] } },
        'form.leave': {
          description: 'Leaving a field typed in shows its problem from now on.',
          guard: { type: 'isTypedIn', params: ({ event }) => event },
          actions: { type: 'markLeft', params: ({ event }) => event },
          meta: { requirements: ['OFF-41'] },
        },
        'form.submit': [
          { description: 'A name and a scope: the key is made.', guard: 'isDraftValid', target: 'creating', actions: ['clearFailure', 'clearNotice'], meta: { requirements: ['OFF-41'] } },
          { description: 'No name or no scope: nothing is sent, each problem shows at its field.', actions: ['checkAllFields', 'countRefusal'], meta: { requirements: ['OFF-41'] } },
        ],
        'apiKey.hide': { description: 'The admin has kept the key: it goes from the page, never to be shown again.', actions: 'hideKey', meta: { requirements: ['OFF-42'] } },
        'apiKey.revoke': {
          description: 'Revoking asks first, saying that its next call is refused.',
          target: 'confirmingRevoke',
          actions: { type: 'askConfirmation', params: ({ event }) => event },
          meta: { requirements: ['OFF-43'] },
        },
      },
    },
    creating: {
      description: 'The new key is being made.',
      tags: ['busy'],
      meta: { requirements: ['OFF-41'] },
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => ({ name: context.draft.name.trim(), scopes: chosenScopes(context.draft.scopes) }),
        onDone: {
          description: 'Made: the key shows in full this once, with a way to copy it; the list shows its prefix; the form empties.',
          target: 'ready',
          actions: { type: 'keepNewKey', params: ({ event }) => ({ row: event.output }) },
          meta: { requirements: ['OFF-42'] },
        },
        onError: [
          {
            description: 'The server refused fields (400, such as a name with control characters): each problem shows at its field, and the focus goes to the first.',
            guard: { type: 'isRefusedByServer', params: ({ event }) => apiKeysRejectionOf(event.error) },
            target: 'ready',
            actions: { type: 'takeServerRefusals', params: ({ event }) => ({ fields: refusedFields(apiKeysRejectionOf(event.error)) }) },
            meta: { requirements: ['OFF-41'] },
          },
          {
            description: 'Not an office admin, signed out meanwhile, the network or the server: said above the form, what was typed kept.',
            target: 'ready',
            actions: { type: 'keepFailure', params: ({ event }) => ({ failure: apiKeysFailureOf(event.error) }) },
            meta: { requirements: ['OFF-41', 'OFF-5'] },
          },
        ],
      },
    },
    confirmingRevoke: {
      description: 'Revoke this key? Its next call is refused.',
      meta: { requirements: ['OFF-43'] },
      on: {
        'apiKey.confirm': { description: 'Yes: the key is revoked.', target: 'revoking', meta: { requirements: ['OFF-43'] } },
        'apiKey.cancel': { description: 'No: nothing changes.', target: 'ready', actions: 'forgetConfirmation', meta: { requirements: ['OFF-43'] } },
      },
    },
    revoking: {
      description: 'The revocation is on its way.',
      tags: ['busy'],
      meta: { requirements: ['OFF-43'] },
      invoke: {
        id: 'revoke',
        src: 'revoke',
        input: ({ context }) => ({ prefix: context.confirming ?? '' }),
        onDone: {
          description: 'Revoked: listed so, and said.',
          target: 'ready',
          actions: [{ type: 'keepRevoked', params: ({ event }) => ({ row: event.output }) }, 'forgetConfirmation'],
          meta: { requirements: ['OFF-43'] },
        },
        onError: {
          description: 'Revoked already, or a failure: said, nothing changed.',
          target: 'ready',
          actions: [{ type: 'keepFailure', params: ({ event }) => ({ failure: apiKeysFailureOf(event.error) }) }, 'forgetConfirmation'],
          meta: { requirements: ['OFF-43', 'OFF-5'] },
        },
      },
    },
  },
});

export type ApiKeysMachine = typeof apiKeysMachine;
