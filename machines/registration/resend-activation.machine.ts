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
  context: { email: null, failure: null },
  initial: 'idle',
  on: {
    'activation.resend': {
      description: 'Asks for a new link for the address (also again after it was sent, or after a failure).',
      target: '.sending',
      actions: { type: 'keepEmail', params: ({ event }) => event },
    },
  },
  states: {
    idle: { description: 'The offer to send the link again shows.' },
    sending: {
      description: 'A new link is being asked for. Another press is ignored meanwhile.',
      tags: ['busy'],
      on: { 'activation.resend': {} },
      invoke: {
        id: 'resendActivation',
        src: 'resendActivation',
        input: ({ context }) => context.email ?? '',
        onDone: { target: 'sent' },
        onError: {
          description: 'Asked too often for this address, or the network or the server failed.',
          target: 'failed',
          actions: { type: 'keepFailure', params: ({ event }) => ({ code: toResendFailureCode(event.error) }) },
        },
      },
    },
    sent: { description: 'A new link is on its way, if the address waits for one; the older link no longer works.' },
    failed: { description: 'The link could not be asked for; the failure says why.' },
  },
});

export type ResendActivationMachine = typeof resendActivationMachine;
