import { updatePasswordMachine, toUpdatePasswordRejection } from '@machines/password-update/update-password.machine';
import { selectIsChanged, selectIsSubmitting, selectProblems } from '@machines/password-update/update-password.selectors';
import { updatePasswordFields, type UpdatePasswordField } from '@machines/password-update/update-password.types';
import type { PasswordFormFailure } from '@machines/password-reset/password-reset.types';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { updatePasswordProblems } from '@/lib/password-form-rules';
import { defineModel, hasCode, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});
const email = 'pat.doe@example.com';
const current = 'Sunrise#Demo2026';
const strong = 'Quiet meadow lantern 42';

// The production machine, its form guarded by the app's own rules; its actor never settles, so
// the model's events drive every outcome.
const machine = updatePasswordMachine.provide({
  actors: { updatePassword: fromPromise(() => never<number>()) },
  guards: { isDraftValid: ({ context }) => Object.keys(updatePasswordProblems(context.draft, email)).length === 0 },
});

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];

/** The form is filled one field at a time, in order; other orders would multiply the graph without a new behaviour. */
function nextField(snapshot: Snapshot): Spec['events'] {
  const values: Record<UpdatePasswordField, string> = { currentPassword: current, newPassword: strong, passwordConfirmation: strong };
  const field = updatePasswordFields.find((candidate) => snapshot.context.draft[candidate] !== values[candidate]);
  return field === undefined ? [] : [{ type: 'form.edit', field, value: values[field] }];
}

const spec: Spec = {
  machine,
  input: { email },
  events: (snapshot) => [
    ...(nextField(snapshot) as Exclude<Spec['events'], (snapshot: Snapshot) => unknown>),
    { type: 'form.edit', field: 'newPassword', value: 'short' },
    { type: 'form.leave', field: 'newPassword' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.updatePassword', output: -1 },
    { type: 'xstate.error.actor.updatePassword', error: { code: 'refused', fields: { currentPassword: 'incorrect' } } },
    { type: 'xstate.error.actor.updatePassword', error: { code: 'refused', fields: { newPassword: 'sameAsCurrent' } } },
    { type: 'xstate.error.actor.updatePassword', error: { code: 'tooManyRequests' } },
  ],
  serializeState: (snapshot) => {
    const { context } = snapshot;
    return JSON.stringify({
      value: snapshot.value,
      problems: updatePasswordProblems(context.draft, email),
      typed: updatePasswordFields.filter((field) => context.draft[field] !== ''),
      checked: [...context.checked].sort(),
      server: context.serverProblems,
      failure: context.failure,
      refused: context.refusals > 0,
    });
  },
  assertSnapshot: (snapshot: Snapshot) => {
    const { context } = snapshot;
    expect(snapshot.hasTag('busy')).toBe(selectIsSubmitting(snapshot));
    // Only a form that keeps the rules is sent; once changed, the passwords typed are forgotten.
    if (selectIsSubmitting(snapshot)) expect(updatePasswordProblems(context.draft, email)).toEqual({});
    if (selectIsChanged(snapshot)) expect(Object.values(context.draft).every((value) => value === '')).toBe(true);
    const shown = selectProblems(snapshot, updatePasswordProblems(context.draft, email));
    for (const [field, problem] of Object.entries(context.serverProblems)) expect(shown[field as UpdatePasswordField]).toBe(problem);
  },
};

const fieldNames: Record<UpdatePasswordField, string> = { currentPassword: 'current password', newPassword: 'new password', passwordConfirmation: 'confirmation' };
const failures: Record<PasswordFormFailure, string> = {
  tooManyRequests: 'too many wrong current passwords',
  notSignedIn: 'the session has ended',
  network: 'the network is down',
  serverError: 'the server fails',
};

/** Changing the password while signed in. */
export const updatePasswordModel = defineModel({
  name: 'update-password',
  title: 'Update password',
  machine,
  variants: [{ name: `the page opened by ${email}`, spec }],
  describeEvent: (event) => {
    switch (event.type) {
      case 'form.edit':
        if (event.field === 'currentPassword') return 'Types the current password';
        return event.value === strong ? `Types a password that keeps the rules as the ${fieldNames[event.field]}` : `Types "${event.value}" as the ${fieldNames[event.field]}`;
      case 'form.leave':
        return `Leaves the ${fieldNames[event.field]} field`;
      case 'form.submit':
        return 'Chooses Change the password';
      case 'xstate.done.actor.updatePassword':
        return 'The server changes the password and ends the other sessions';
      case 'xstate.error.actor.updatePassword': {
        const rejection = toUpdatePasswordRejection(event.error);
        if (rejection.code === 'refused') {
          return `The server refuses the ${Object.entries(rejection.fields).map(([field, problem]) => `${fieldNames[field as UpdatePasswordField]} (${problem})`).join(', ')}`;
        }
        const code = rejection.code === 'linkInvalid' ? 'serverError' : rejection.code;
        return `Sending fails: ${hasCode(event.error) ? failures[code] : 'an unexpected error, read as the server failing'} (${code})`;
      }
      default:
        return event.type;
    }
  },
});
