import { emailChangeMachine } from '@machines/email-change/email-change.machine';
import { toEmailChangeFailure } from '@machines/email-change/email-change.failures';
import { emailChangeFieldProblem, emailChangeProblems } from '@machines/email-change/email-change.rules';
import { selectDraft, selectEmailChangeStatus, selectFieldProblems, selectIsSubmitting, selectSentTo } from '@machines/email-change/email-change.selectors';
import { emailChangeFields, type EmailChangeFailureCode, type EmailChangeField } from '@machines/email-change/email-change.types';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, hasCode, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});

/** The address the user signs in with now. */
export const currentEmail = 'pat.doe@example.com';
/** The password the model types: the demo user's. */
const password = 'Sunrise#Demo2026';

// The production machine; its actor never settles, so the model's events drive every outcome.
const machine = emailChangeMachine.provide({
  actors: { requestEmailChange: fromPromise(() => never<{ newEmail: string }>()) },
});

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];

const spec: Spec = {
  machine,
  input: { currentEmail },
  events: [
    { type: 'form.edit', field: 'newEmail', value: 'PAT.DOE@example.com' },
    { type: 'form.edit', field: 'newEmail', value: 'new.pat@example.com' },
    { type: 'form.edit', field: 'password', value: '' },
    { type: 'form.edit', field: 'password', value: password },
    { type: 'form.leave', field: 'newEmail' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.requestEmailChange', output: { newEmail: 'new.pat@example.com' } },
    { type: 'xstate.error.actor.requestEmailChange', error: { code: 'refused', fields: { password: 'wrongPassword' } } },
    { type: 'xstate.error.actor.requestEmailChange', error: { code: 'tooManyRequests' } },
    { type: 'emailChange.startOver' },
  ],
  serializeState: (snapshot) => {
    const { context } = snapshot;
    return JSON.stringify({
      value: snapshot.value,
      problems: emailChangeProblems(context.draft, context.currentEmail),
      checked: [...context.checked].sort(),
      server: context.serverProblems,
      failure: context.failure,
      sent: context.sentTo !== null,
    });
  },
  assertSnapshot: (snapshot: Snapshot) => {
    const status = selectEmailChangeStatus(snapshot);
    const { context } = snapshot;
    expect(snapshot.hasTag('busy')).toBe(selectIsSubmitting(snapshot));
    // Only a draft that keeps the rules is sent.
    if (selectIsSubmitting(snapshot)) expect(emailChangeProblems(context.draft, context.currentEmail)).toEqual({});
    // Once the link is sent the password is gone, and the page names the address.
    if (status === 'linkSent') {
      expect(selectSentTo(snapshot)).not.toBeNull();
      expect(selectDraft(snapshot).password).toBe('');
    }
    for (const field of emailChangeFields) {
      if (selectFieldProblems(snapshot)[field] !== undefined && context.serverProblems[field] === undefined) {
        expect(context.checked).toContain(field);
      }
    }
  },
};

const fieldNames: Record<EmailChangeField, string> = { newEmail: 'new address', password: 'current password' };

/** A typed value in words: the address as typed, the password by what it is. */
function typed(field: EmailChangeField, value: string): string {
  if (field === 'password') return value === '' ? 'Clears the current password' : 'Types the current password';
  const problem = emailChangeFieldProblem(field, value, currentEmail);
  return `Types "${value}" as the new address${problem === 'sameAsCurrent' ? ' (the current one, in capitals)' : ''}`;
}

const failures: Record<EmailChangeFailureCode, string> = {
  network: 'the network is down',
  serverError: 'the server fails',
  notSignedIn: 'the session has ended',
  tooManyRequests: 'asked too often',
  accountDisabled: 'the account is disabled',
};

/** Asking to change the email address. */
export const emailChangeModel = defineModel({
  name: 'email-change',
  title: 'Email change',
  machine,
  variants: [{ name: `the page opened by ${currentEmail}`, spec }],
  describeEvent: (event) => {
    switch (event.type) {
      case 'form.edit':
        return typed(event.field, event.value);
      case 'form.leave':
        return `Leaves the ${fieldNames[event.field]} field`;
      case 'form.submit':
        return 'Chooses Send the link';
      case 'xstate.done.actor.requestEmailChange':
        return `The server sends the link to ${(event.output as { newEmail: string }).newEmail}`;
      case 'xstate.error.actor.requestEmailChange': {
        const failure = toEmailChangeFailure(event.error);
        if (failure.code === 'refused') {
          const fields = Object.entries(failure.fields).map(([field, problem]) => `${fieldNames[field as EmailChangeField]} (${problem})`);
          return `The server refuses the ${fields.join(', ')}`;
        }
        const code = failure.code === 'linkInvalid' ? 'serverError' : failure.code;
        return `Sending fails: ${hasCode(event.error) ? failures[code] : 'an unexpected error, read as the server failing'} (${code})`;
      }
      case 'emailChange.startOver':
        return 'Chooses to use another address';
      default:
        return event.type;
    }
  },
});
