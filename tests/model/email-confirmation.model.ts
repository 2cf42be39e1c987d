import { toEmailChangeFailure } from '@machines/email-change/email-change.failures';
import { emailConfirmationMachine } from '@machines/email-change/email-confirmation.machine';
import { selectChangedTo, selectConfirmationFailure, selectConfirmationStatus } from '@machines/email-change/email-confirmation.selectors';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, hasCode, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});

/** What the effects were asked to do during one path (reset before each). */
export const effects = { forgotten: 0, refreshed: 0, successShown: 0 };

// The production machine; its actor never settles, so the model's events drive every outcome.
const machine = emailConfirmationMachine.provide({
  actors: { confirmEmailChange: fromPromise(() => never<{ email: string }>()) },
  actions: {
    forgetToken: () => {
      effects.forgotten++;
    },
    refreshSession: () => {
      effects.refreshed++;
    },
    showSuccess: () => {
      effects.successShown++;
    },
  },
});

const spec: ModelSpec<typeof machine> = {
  machine,
  input: { token: 'T'.repeat(43) },
  events: [
    { type: 'xstate.done.actor.confirmEmailChange', output: { email: 'new.pat@example.com' } },
    { type: 'xstate.error.actor.confirmEmailChange', error: { code: 'linkInvalid' } },
    { type: 'xstate.error.actor.confirmEmailChange', error: { code: 'network' } },
    { type: 'emailConfirmation.retry' },
  ],
  assertSnapshot: (snapshot) => {
    const status = selectConfirmationStatus(snapshot);
    expect(snapshot.hasTag('busy')).toBe(status === 'confirming');
    // The token is forgotten once the link has worked or failed for good, and only then.
    expect(effects.forgotten).toBe(status === 'confirmed' || status === 'linkFailed' ? 1 : 0);
    // The session learns the new address and the success screen shows only after a change.
    expect(effects.successShown).toBe(status === 'confirmed' ? 1 : 0);
    expect(effects.refreshed).toBe(status === 'confirmed' ? 1 : 0);
    expect(selectChangedTo(snapshot) !== null).toBe(status === 'confirmed');
    expect(selectConfirmationFailure(snapshot) !== null).toBe(status === 'confirmFailed');
  },
};

const failures: Record<string, string> = {
  network: 'the network is down',
  serverError: 'the server fails',
  notSignedIn: 'the session has ended',
  tooManyRequests: 'asked too often',
  accountDisabled: 'the account is disabled',
};

/** Opening the email change's link. */
export const emailConfirmationModel = defineModel({
  name: 'email-confirmation',
  title: 'Email change confirmation',
  machine,
  variants: [{ name: 'the link opened, signed in', spec }],
  reset: () => {
    effects.forgotten = 0;
    effects.refreshed = 0;
    effects.successShown = 0;
  },
  describeEvent: (event) => {
    switch (event.type) {
      case 'xstate.done.actor.confirmEmailChange':
        return `The server changes the address to ${(event.output as { email: string }).email}`;
      case 'xstate.error.actor.confirmEmailChange': {
        const { code } = toEmailChangeFailure(event.error);
        if (code === 'linkInvalid') return 'The server refuses: link used, expired or not this user’s (linkInvalid)';
        const shown = code === 'refused' ? 'serverError' : code;
        return `Confirming fails: ${hasCode(event.error) ? (failures[shown] ?? shown) : 'an unexpected error, read as the server failing'} (${shown})`;
      }
      case 'emailConfirmation.retry':
        return 'Chooses Try again';
      default:
        return event.type;
    }
  },
});
