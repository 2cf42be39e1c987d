import { selectIsResending, selectResendFailure, selectResendStatus } from '@machines/registration/activation.selectors';
import { resendActivationMachine, toResendFailureCode } from '@machines/registration/resend-activation.machine';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, hasCode, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});
const failure = (code: string) => Object.assign(new Error(code), { code });

// The production machine; its actor never settles, so the model's events drive every outcome.
const machine = resendActivationMachine.provide({ actors: { resendActivation: fromPromise(() => never<unknown>()) } });

const spec: ModelSpec<typeof machine> = {
  machine,
  events: [
    { type: 'activation.resend', email: 'riley@example.com' },
    { type: 'xstate.done.actor.resendActivation', output: { accepted: true } },
    { type: 'xstate.error.actor.resendActivation', error: failure('tooManyRequests') },
    { type: 'xstate.error.actor.resendActivation', error: new TypeError('boom') },
  ],
  assertSnapshot: (snapshot) => {
    const status = selectResendStatus(snapshot);
    expect(selectIsResending(snapshot)).toBe(status === 'sending');
    expect(selectResendFailure(snapshot) !== null).toBe(status === 'failed');
    expect(snapshot.context.email === null).toBe(status === 'idle');
  },
};

/** "Send the activation link again", where signing in found the account waiting for it. */
export const resendActivationModel = defineModel({
  name: 'resend-activation',
  title: 'Send the activation link again',
  machine,
  variants: [{ name: 'the offer shown at sign-in', spec }],
  describeEvent: (event) => {
    switch (event.type) {
      case 'activation.resend':
        return `Asks to send the link again to ${event.email}`;
      case 'xstate.done.actor.resendActivation':
        return 'The server answers that a link is on its way';
      case 'xstate.error.actor.resendActivation': {
        const code = toResendFailureCode(event.error);
        if (code === 'tooManyRequests') return 'The server refuses: asked too often for this address (tooManyRequests)';
        if (code === 'network') return 'Asking fails: the network is down (network)';
        return `Asking fails: ${hasCode(event.error) ? 'the server fails' : 'an unexpected error, read as the server failing'} (serverError)`;
      }
      default:
        return event.type;
    }
  },
});
