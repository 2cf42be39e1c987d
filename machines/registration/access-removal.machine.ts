import { assign, fromPromise, setup } from 'xstate';
import type {
  AccessRemovalContext,
  AccessRemovalEvent,
  AccessRemovalFailureCode,
  AccessRemovalInput,
  AccessRemovalTag,
} from './access-removal.types';

/** What the `removeAccess` actor rejected with: the link is unusable, or a failure worth trying again (anything unknown is a server error). */
export function toAccessRemovalOutcome(error: unknown): 'linkUnusable' | AccessRemovalFailureCode {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (code === 'linkInvalid') return 'linkUnusable';
  return code === 'network' ? 'network' : 'serverError';
}

/**
 * The page of the link that an account's other users (and its email on file) get when someone
 * registers for the account: one press of "Remove this access" removes the new registration. The
 * press is asked for, rather than the link acting as it opens, because mail scanners open links
 * by themselves and must not remove a family member's access. A link that is unknown, used or
 * expired says so; a failure of the network or the server may be tried again.
 */
export const accessRemovalMachine = setup({
  types: {
    context: {} as AccessRemovalContext,
    events: {} as AccessRemovalEvent,
    input: {} as AccessRemovalInput,
    tags: {} as AccessRemovalTag,
  },
  actors: {
    /** POST api/userregistration/RemoveAccess with the token; rejects with an error whose `code` is linkInvalid for an unusable link. */
    removeAccess: fromPromise<unknown, string>(() => Promise.reject(new Error('removeAccess not provided'))),
  },
  actions: {
    /** The link's token is spent (or useless): it leaves the tab's storage. */
    forgetToken: () => {},
    keepFailure: assign((_, { code }: { code: AccessRemovalFailureCode }) => ({ failure: code })),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null && context.token !== '',
    isLinkUnusable: (_, { outcome }: { outcome: ReturnType<typeof toAccessRemovalOutcome> }) => outcome === 'linkUnusable',
  },
}).createMachine({
  id: 'accessRemoval',
  description:
    "The page of the link sent to an account's people when someone registers for it: one press removes that registration; a link that cannot remove anything says so calmly.",
  context: ({ input }) => ({ token: input.token, failure: null }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      description: "Looks at the link: one without a token cannot remove anything.",
      meta: { requirements: ['ACC-41'] },
      always: [
        { description: 'The link carries a token: the page asks to confirm.', guard: 'hasToken', target: 'ready', meta: { requirements: ['ACC-41'] } },
        { description: 'The link carries no token: there is nothing to remove.', target: 'linkUnusable', meta: { requirements: ['ACC-41'] } },
      ],
    },
    ready: {
      description: 'The page says what the link does and offers "Remove this access"; nothing has changed yet.',
      meta: { requirements: ['ACC-41'] },
      on: {
        'accessRemoval.confirm': {
          description: 'The person removes the access.',
          target: 'removing',
          meta: { requirements: ['ACC-41'] },
        },
      },
    },
    removing: {
      description: "The link's token is being spent (RemoveAccess): the registration and its sessions end now.",
      meta: { requirements: ['ACC-41'] },
      tags: ['busy'],
      invoke: {
        id: 'removeAccess',
        src: 'removeAccess',
        input: ({ context }) => context.token ?? '',
        onDone: { description: 'The server removed the access.', target: 'removed', meta: { requirements: ['ACC-41'] } },
        onError: [
          {
            description: 'The link is unknown, already used or expired.',
            guard: { type: 'isLinkUnusable', params: ({ event }) => ({ outcome: toAccessRemovalOutcome(event.error) }) },
            target: 'linkUnusable',
            meta: { requirements: ['ACC-41'] },
          },
          {
            description: 'The network or the server failed: the link may still be good, so it can be tried again.',
            target: 'failed',
            actions: {
              type: 'keepFailure',
              params: ({ event }) => {
                const outcome = toAccessRemovalOutcome(event.error);
                return { code: outcome === 'linkUnusable' ? 'serverError' : outcome };
              },
            },
            meta: { requirements: ['ACC-15'] },
          },
        ],
      },
    },
    failed: {
      description: 'Removing failed for a reason other than the link; the page says why, nothing changed, and the person may try again.',
      meta: { requirements: ['ACC-15'] },
      on: { 'accessRemoval.retry': { target: 'removing', actions: 'clearFailure', meta: { requirements: ['ACC-15'] } } },
    },
    removed: {
      description: 'The access is removed: the page says so; the link is forgotten.',
      meta: { requirements: ['ACC-41'] },
      entry: 'forgetToken',
      type: 'final',
    },
    linkUnusable: {
      description: 'The link cannot remove anything (none, unknown, used or expired), calmly said; the access may have been removed already.',
      meta: { requirements: ['ACC-41'] },
      entry: 'forgetToken',
      type: 'final',
    },
  },
});

export type AccessRemovalMachine = typeof accessRemovalMachine;
