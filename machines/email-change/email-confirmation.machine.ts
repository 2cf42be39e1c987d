import { appActor } from '@machines/app/app-system';
import { appSystemIds } from '@machines/app/app.types';
import { assign, fromPromise, sendTo, setup } from 'xstate';
import { toEmailChangeFailure } from './email-change.failures';
import type {
  EmailChangeCallFailure,
  EmailChangeTag,
  EmailConfirmationContext,
  EmailConfirmationEvent,
  EmailConfirmationInput,
} from './email-change.types';

/**
 * Opening the link of an email change, on `confirmation/update`: the same user, signed in, spends
 * the link and the address changes; the session learns it and the success screen follows. A link
 * that does not work (used, expired, another user's, or its address taken meanwhile) is calmly
 * said to, and nothing changes. Every effect is provided by the app with
 * `emailConfirmationMachine.provide(...)`.
 */
export const emailConfirmationMachine = setup({
  types: {
    context: {} as EmailConfirmationContext,
    events: {} as EmailConfirmationEvent,
    input: {} as EmailConfirmationInput,
    tags: {} as EmailChangeTag,
  },
  actors: {
    confirmEmailChange: fromPromise<{ email: string }, string>(() => Promise.reject(new Error('confirmEmailChange not provided'))),
  },
  actions: {
    /** The link's token is spent (or useless): it leaves the page's storage. */
    forgetToken: () => {},
    /** The session learns the new address (the pages that show it read it there). */
    /** The session shows the address (the invoices page says who is signed in): it asks the server again (found by its system id). */
    refreshSession: sendTo(appActor(appSystemIds.session), { type: 'session.recheck' }),
    /** Goes on to the success screen. */
    showSuccess: () => {},
    keepChangedTo: assign((_, { email }: { email: string }) => ({ changedTo: email, failure: null })),
    keepFailure: assign((_, { failure }: { failure: EmailChangeCallFailure }) => ({
      failure: failure.code === 'refused' || failure.code === 'linkInvalid' ? 'serverError' : failure.code,
    })),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    isLinkInvalid: (_, { failure }: { failure: EmailChangeCallFailure }) => failure.code === 'linkInvalid',
  },
}).createMachine({
  id: 'emailConfirmation',
  description:
    "Opening the email change's link, signed in: the address changes and the success screen follows; a link that does not work is calmly said to, and nothing changes.",
  context: ({ input }) => ({ token: input.token, failure: null, changedTo: null }),
  initial: 'confirming',
  states: {
    confirming: {
      description: 'The link is being spent (ConfirmEmailChange): the address changes now.',
      meta: { requirements: ['ACC-7', 'ACC-28'] },
      tags: ['busy'],
      invoke: {
        id: 'confirmEmailChange',
        src: 'confirmEmailChange',
        input: ({ context }) => context.token,
        onDone: {
          description: 'The address changed.',
          target: 'confirmed',
          actions: { type: 'keepChangedTo', params: ({ event }) => event.output },
          meta: { requirements: ['ACC-28'] },
        },
        onError: [
          {
            description: 'The link does not work (used, expired, another user’s, or its address taken): nothing changed.',
            guard: { type: 'isLinkInvalid', params: ({ event }) => ({ failure: toEmailChangeFailure(event.error) }) },
            target: 'linkFailed',
            meta: { requirements: ['ACC-29'] },
          },
          {
            description: 'The network or the server failed: the link may still work; the user may try again.',
            target: 'confirmFailed',
            actions: { type: 'keepFailure', params: ({ event }) => ({ failure: toEmailChangeFailure(event.error) }) },
            meta: { requirements: ['ACC-15'] },
          },
        ],
      },
    },
    confirmFailed: {
      description: 'Confirming failed for a reason of the network or the server; the failure code says which, and the user may try again.',
      meta: { requirements: ['ACC-15'] },
      on: { 'emailConfirmation.retry': { target: 'confirming', actions: 'clearFailure', meta: { requirements: ['ACC-15'] } } },
    },
    confirmed: {
      description: 'The address changed: the link is forgotten, the session learns the new address, and the success screen follows.',
      meta: { requirements: ['ACC-7', 'ACC-28'] },
      type: 'final',
      entry: ['forgetToken', 'refreshSession', 'showSuccess'],
    },
    linkFailed: {
      description: 'The link does not work, calmly said: the address has not changed, and a new link can be asked for.',
      meta: { requirements: ['ACC-29'] },
      type: 'final',
      entry: 'forgetToken',
    },
  },
});

export type EmailConfirmationMachine = typeof emailConfirmationMachine;
