import { assign, fromPromise, setup } from 'xstate';
import type { ActivationContext, ActivationEvent, ActivationFailureCode, ActivationInput, ActivationTag } from './activation.types';

/** What the `activate` actor rejected with: the link is unusable, or a failure worth trying again (anything unknown is a server error). */
export function toActivationOutcome(error: unknown): 'linkUnusable' | ActivationFailureCode {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (code === 'notFound') return 'linkUnusable';
  return code === 'network' ? 'network' : 'serverError';
}

/**
 * The activation link's page: the link's token activates the account once (Activate), and the
 * success screen then leads to sign-in (the `showActivated` action, provided by the app). A link
 * that is unknown, used or expired says so; a failure of the network or the server may be tried again.
 */
export const activationMachine = setup({
  types: {
    context: {} as ActivationContext,
    events: {} as ActivationEvent,
    input: {} as ActivationInput,
    tags: {} as ActivationTag,
  },
  actors: {
    /** POST api/userregistration/Activate with the token; rejects with an error whose `code` is notFound for an unusable link. */
    activate: fromPromise<unknown, string>(() => Promise.reject(new Error('activate not provided'))),
  },
  actions: {
    /** Shows the success screen, which leads to sign-in. */
    showActivated: () => {},
    keepFailure: assign((_, { code }: { code: ActivationFailureCode }) => ({ failure: code })),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null && context.token !== '',
    isLinkUnusable: (_, { outcome }: { outcome: ReturnType<typeof toActivationOutcome> }) => outcome === 'linkUnusable',
  },
}).createMachine({
  id: 'activation',
  description:
    "The activation link's page: the link activates the new account once, and the success screen leads to sign-in; a link that cannot activate anything says so calmly.",
  context: ({ input }) => ({ token: input.token, failure: null }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      description: "Looks at the page's address: a link without a token cannot activate anything.",
      meta: { requirements: ['ACC-3', 'ACC-20'] },
      always: [
        { description: 'The link carries a token: it is spent at once.', guard: 'hasToken', target: 'activating', meta: { requirements: ['ACC-3'] } },
        { description: 'The link carries no token: there is nothing to activate.', target: 'linkUnusable', meta: { requirements: ['ACC-20'] } },
      ],
    },
    activating: {
      description: "The link's token is being spent (Activate): it works once, within the link's lifetime.",
      meta: { requirements: ['ACC-3'] },
      tags: ['busy'],
      invoke: {
        id: 'activate',
        src: 'activate',
        input: ({ context }) => context.token ?? '',
        onDone: { description: 'The server activated the account.', target: 'activated', meta: { requirements: ['ACC-3'] } },
        onError: [
          {
            description: 'The link is unknown, already used or expired.',
            guard: { type: 'isLinkUnusable', params: ({ event }) => ({ outcome: toActivationOutcome(event.error) }) },
            target: 'linkUnusable',
            meta: { requirements: ['ACC-20'] },
          },
          {
            description: 'The network or the server failed: the link may still be good, so it can be tried again.',
            target: 'failed',
            actions: {
              type: 'keepFailure',
              params: ({ event }) => {
                const outcome = toActivationOutcome(event.error);
                return { code: outcome === 'linkUnusable' ? 'serverError' : outcome };
              },
            },
            meta: { requirements: ['ACC-15'] },
          },
        ],
      },
    },
    failed: {
      description: 'Activating failed for a reason other than the link; the page says why, and the person may try again.',
      meta: { requirements: ['ACC-15'] },
      on: { 'activation.retry': { target: 'activating', actions: 'clearFailure', meta: { requirements: ['ACC-15'] } } },
    },
    activated: {
      description: 'The account is active: the success screen shows, leading to sign-in.',
      meta: { requirements: ['ACC-3'] },
      entry: 'showActivated',
      type: 'final',
    },
    linkUnusable: {
      description:
        'The link cannot activate anything (none, unknown, used or expired), calmly said. An account already active signs in; one still waiting gets a new link from the sign-in page.',
      meta: { requirements: ['ACC-20'] },
      type: 'final',
    },
  },
});

export type ActivationMachine = typeof activationMachine;
