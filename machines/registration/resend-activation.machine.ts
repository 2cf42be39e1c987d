import { assign, fromPromise, setup } from 'xstate';
import type { ActivationTag, ResendContext, ResendEvent, ResendFailureCode } from './activation.types';

const failureCodes: readonly ResendFailureCode[] = ['tooManyRequests', 'network', 'serverError'];

/** What the `resendActivation` actor rejected with (anything unknown is a server error). */
export function toResendFailureCode(error: unknown): ResendFailureCode {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return failureCodes.find((known) => known === code) ?? 'serverError';
}

/**
 * "Send the activation link again", offered where signing in found the account waiting for its
 * activation. The server answers the same for any address and throttles the emails.
 */
export const resendActivationMachine = setup({
  types: {
    context: {} as ResendContext,
    events: {} as ResendEvent,
    tags: {} as ActivationTag,
  },
  actors: {
    /** POST api/userregistration/ResendActivation for the address. */
    resendActivation: fromPromise<unknown, string>(() => Promise.reject(new Error('resendActivation not provided'))),
  },
  actions: {
    keepEmail: assign((_, { email }: { email: string }) => ({ email, failure: null })),
    keepFailure: assign((_, { code }: { code: ResendFailureCode }) => ({ failure: code })),
  },
}).createMachine({
  id: 'resendActivation',
  description:
    'Sending the activation link again, offered where signing in found the account still waiting for its activation: the answer is the same for any address.',
  context: { email: null, failure: null },
  initial: 'idle',
  on: {
    'activation.resend': {
      description: 'Asks for a new link for the address (also again after it was sent, or after a failure).',
      target: '.sending',
      actions: { type: 'keepEmail', params: ({ event }) => event },
      meta: { requirements: ['ACC-22'] },
    },
  },
  states: {
    idle: { description: 'The offer to send the link again shows.', meta: { requirements: ['ACC-21', 'ACC-22'] } },
    sending: {
      description: 'A new link is being asked for (ResendActivation). Another press is ignored meanwhile.',
      meta: { requirements: ['ACC-13', 'ACC-22'] },
      tags: ['busy'],
      on: { 'activation.resend': { description: 'Pressed again while asking: ignored.', meta: { requirements: ['ACC-13'] } } },
      invoke: {
        id: 'resendActivation',
        src: 'resendActivation',
        input: ({ context }) => context.email ?? '',
        onDone: { description: 'The server took the request, with the same answer for any address.', target: 'sent', meta: { requirements: ['ACC-22'] } },
        onError: {
          description: 'Asked too often for this address, or the network or the server failed.',
          target: 'failed',
          actions: { type: 'keepFailure', params: ({ event }) => ({ code: toResendFailureCode(event.error) }) },
          meta: { requirements: ['ACC-15'] },
        },
      },
    },
    sent: {
      description: 'A new link is on its way, if the address waits for one; the older link no longer works.',
      meta: { requirements: ['ACC-22'] },
    },
    failed: { description: 'The link could not be asked for; the failure says why, and it can be asked for again.', meta: { requirements: ['ACC-15'] } },
  },
});

export type ResendActivationMachine = typeof resendActivationMachine;
