import { selectIsBusy, selectResetDraft, selectResetProblems, selectResetStatus } from '@machines/password-reset/password-reset.selectors';
import { resetPasswordFields, type PasswordFormFailure, type ResetPasswordField } from '@machines/password-reset/password-reset.types';
import { resetPasswordMachine, toResetPasswordRejection } from '@machines/password-reset/reset-password.machine';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { resetPasswordProblems } from '@/lib/password-form-rules';
import { defineModel, hasCode, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});
const account = 'pat.doe@example.com';
const strong = 'Quiet meadow lantern 42';

// The production machine, its form guarded by the app's own rules; its actors never settle, so
// the model's events drive every outcome.
const machine = resetPasswordMachine.provide({
  actors: {
    checkResetLink: fromPromise(() => never<{ email: string }>()),
    resetPassword: fromPromise(() => never<unknown>()),
  },
  guards: { isDraftValid: ({ context }) => Object.keys(resetPasswordProblems(context.draft, context.email)).length === 0 },
});

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];

const events: Spec['events'] = [
  { type: 'xstate.done.actor.checkResetLink', output: { email: account } },
  { type: 'xstate.error.actor.checkResetLink', error: { code: 'linkInvalid' } },
  { type: 'xstate.error.actor.checkResetLink', error: { code: 'network' } },
  { type: 'resetPassword.retry' },
  { type: 'form.edit', field: 'password', value: 'short' },
  { type: 'form.edit', field: 'password', value: strong },
  { type: 'form.edit', field: 'passwordConfirmation', value: strong },
  { type: 'form.leave', field: 'password' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.resetPassword', output: undefined },
  { type: 'xstate.error.actor.resetPassword', error: { code: 'refused', fields: { password: 'common' } } },
  { type: 'xstate.error.actor.resetPassword', error: { code: 'linkInvalid' } },
  { type: 'xstate.error.actor.resetPassword', error: { code: 'network' } },
];

const serializeState: Spec['serializeState'] = (snapshot) => {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    problems: resetPasswordProblems(context.draft, context.email),
    typed: resetPasswordFields.filter((field) => context.draft[field] !== ''),
    checked: [...context.checked].sort(),
    server: context.serverProblems,
    failure: context.failure,
    refused: context.refusals > 0,
  });
};

function assertSnapshot(snapshot: Snapshot): void {
  const { context } = snapshot;
  expect(selectIsBusy(snapshot)).toBe(snapshot.matches('checkingLink') || snapshot.matches('submitting'));
  // Only a password that keeps the rules, typed the same twice, is sent.
  if (snapshot.matches('submitting') || snapshot.matches('reset')) expect(resetPasswordProblems(context.draft, context.email)).toEqual({});
  // The form shows only for a link that works, and for its account.
  if (selectResetStatus(snapshot) === 'form') expect(context.email).toBe(account);
  // The server's reason shows at its field whatever the rules say; typing is never lost.
  const shown = selectResetProblems(snapshot, resetPasswordProblems(context.draft, context.email));
  for (const [field, problem] of Object.entries(context.serverProblems)) expect(shown[field as ResetPasswordField]).toBe(problem);
  // A link that does not work never shows the form's failure, only its calm notice.
  if (snapshot.matches('linkInvalid')) expect(selectResetDraft(snapshot).password === '' || context.failure === null).toBe(true);
}

const failures: Record<PasswordFormFailure, string> = {
  tooManyRequests: 'asked too often',
  notSignedIn: 'the session has ended',
  network: 'the network is down',
  serverError: 'the server fails',
};

const fieldNames: Record<ResetPasswordField, string> = { password: 'new password', passwordConfirmation: 'confirmation' };

function failed(what: string, error: unknown): string {
  const rejection = toResetPasswordRejection(error);
  if (rejection.code === 'refused') return `The server refuses the ${Object.entries(rejection.fields).map(([field, problem]) => `${fieldNames[field as ResetPasswordField]} (${problem})`).join(', ')}`;
  if (rejection.code === 'linkInvalid') return `${what}: the link is used, expired or unknown (linkInvalid)`;
  return `${what} fails: ${hasCode(error) ? failures[rejection.code] : 'an unexpected error, read as the server failing'} (${rejection.code})`;
}

/** Choosing a new password through the emailed link. */
export const resetPasswordModel = defineModel({
  name: 'reset-password',
  title: 'Password reset',
  machine,
  variants: [
    { name: 'a link with a token', spec: { machine, input: { token: 'A'.repeat(43) }, events, serializeState, assertSnapshot } },
    { name: 'a link without a token', spec: { machine, input: { token: null }, events, serializeState, assertSnapshot } },
  ],
  describeEvent: (event) => {
    switch (event.type) {
      case 'xstate.done.actor.checkResetLink':
        return `The link works, for ${(event.output as { email: string }).email}`;
      case 'xstate.error.actor.checkResetLink':
        return failed('Checking the link', event.error);
      case 'resetPassword.retry':
        return 'Chooses Try again';
      case 'form.edit':
        return event.value === strong ? `Types a password that keeps the rules as the ${fieldNames[event.field]}` : `Types "${event.value}" as the ${fieldNames[event.field]}`;
      case 'form.leave':
        return `Leaves the ${fieldNames[event.field]} field`;
      case 'form.submit':
        return 'Chooses Set the new password';
      case 'xstate.done.actor.resetPassword':
        return 'The server sets the new password and ends every session';
      case 'xstate.error.actor.resetPassword':
        return failed('Setting the password', event.error);
      default:
        return event.type;
    }
  },
});
