import { forgotPasswordMachine, toForgotPasswordRejection } from '@machines/password-reset/forgot-password.machine';
import { selectEmail, selectEmailProblem, selectFailure, selectIsBusy } from '@machines/password-reset/password-reset.selectors';
import type { PasswordFormFailure } from '@machines/password-reset/password-reset.types';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { emailProblem } from '@/lib/password-form-rules';
import { defineModel, hasCode, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});

// The production machine, its field guarded by the app's own rule; its actor never settles, so
// the model's events drive every outcome, and showing the next page is recorded, not done.
const machine = forgotPasswordMachine.provide({
  actors: { requestReset: fromPromise(() => never<unknown>()) },
  guards: { isDraftValid: ({ context }) => emailProblem(context.draft.email) === null },
});

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];

const spec: Spec = {
  machine,
  input: { email: '' },
  events: [
    { type: 'form.edit', field: 'email', value: 'pat.doe@' },
    { type: 'form.edit', field: 'email', value: 'pat.doe@example.com' },
    { type: 'form.leave', field: 'email' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.requestReset', output: undefined },
    { type: 'xstate.error.actor.requestReset', error: { code: 'refused', fields: { email: 'invalidEmail' } } },
    { type: 'xstate.error.actor.requestReset', error: { code: 'tooManyRequests' } },
    { type: 'xstate.error.actor.requestReset', error: new TypeError('boom') },
  ],
  serializeState: (snapshot) => {
    const { context } = snapshot;
    return JSON.stringify({
      value: snapshot.value,
      problem: emailProblem(context.draft.email),
      typed: context.draft.email !== '',
      checked: context.checked.includes('email'),
      server: context.serverProblems.email ?? null,
      failure: context.failure,
      refused: context.refusals > 0,
    });
  },
  assertSnapshot: (snapshot: Snapshot) => {
    expect(selectIsBusy(snapshot)).toBe(snapshot.matches('submitting'));
    // Only an address that keeps the rules is sent, and the next page names it.
    if (snapshot.matches('submitting') || snapshot.matches('sent')) expect(emailProblem(selectEmail(snapshot))).toBeNull();
    // A problem shows only once the field was left or a submit refused, and the server's always.
    const shown = selectEmailProblem(snapshot, emailProblem(snapshot.context.draft.email));
    if (snapshot.context.serverProblems.email) expect(shown).toBe(snapshot.context.serverProblems.email);
    else if (!snapshot.context.checked.includes('email')) expect(shown).toBeNull();
    if (!snapshot.matches('editing')) expect(selectFailure(snapshot)).toBeNull();
  },
};

const failures: Record<PasswordFormFailure, string> = {
  tooManyRequests: 'asked too often',
  notSignedIn: 'the session has ended',
  network: 'the network is down',
  serverError: 'the server fails',
};

/** Asking for a reset link by email. */
export const forgotPasswordModel = defineModel({
  name: 'forgot-password',
  title: 'Forgotten password',
  machine,
  variants: [{ name: 'the page opened with no address kept', spec }],
  describeEvent: (event) => {
    switch (event.type) {
      case 'form.edit':
        return `Types "${event.value}" as the email`;
      case 'form.leave':
        return 'Leaves the email field';
      case 'form.submit':
        return 'Chooses Send the link';
      case 'xstate.done.actor.requestReset':
        return 'The server takes the request (the same answer for any address)';
      case 'xstate.error.actor.requestReset': {
        const rejection = toForgotPasswordRejection(event.error);
        if (rejection.code === 'refused') return 'The server refuses the address as typed';
        const code = rejection.code === 'linkInvalid' ? 'serverError' : rejection.code;
        return `Sending fails: ${hasCode(event.error) ? failures[code] : 'an unexpected error, read as the server failing'} (${code})`;
      }
      default:
        return event.type;
    }
  },
});
