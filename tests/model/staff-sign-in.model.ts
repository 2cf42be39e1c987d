import { staffSignInMachine, toStaffSignInRejection } from '@machines/console/staff-sign-in.machine';
import { selectIsBusy, selectShownProblems, selectStep, selectStepFields } from '@machines/console/staff-sign-in.selectors';
import { staffSignInProblems } from '@machines/console/staff-sign-in.rules';
import { staffSignInFields } from '@machines/console/staff-sign-in.types';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, refusedFieldsOf, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});

// The production machine; its calls never settle, so the model's events drive every outcome.
const machine = staffSignInMachine.provide({
  actors: {
    checkPassword: fromPromise(() => never()),
    checkCode: fromPromise(() => never<unknown>()),
    usePasskey: fromPromise(() => never<unknown>()),
  },
});

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];

const withPasskey = { passkey: true, authenticatorApp: true };

const passwordEvents: Spec['events'] = [
  { type: 'form.edit', field: 'email', value: 'office.admin@' },
  { type: 'form.edit', field: 'email', value: 'office.admin@sunriselabs.example' },
  { type: 'form.edit', field: 'password', value: 'Sunrise#Demo2026' },
  { type: 'form.leave', field: 'email' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.checkPassword', output: { next: 'secondFactor', factors: withPasskey } },
  { type: 'xstate.done.actor.checkPassword', output: { next: 'secondFactor', factors: { passkey: false, authenticatorApp: true } } },
  { type: 'xstate.done.actor.checkPassword', output: { next: 'enrol' } },
  { type: 'xstate.error.actor.checkPassword', error: { code: 'invalidCredentials' } },
  { type: 'xstate.error.actor.checkPassword', error: { code: 'refused', fields: { email: 'invalidCharacters' } } },
];
const clientCodeEvents: Spec['events'] = [
  { type: 'form.edit', field: 'clientCode', value: 'S1' },
  { type: 'form.edit', field: 'clientCode', value: 'sun' },
];
const codeEvents: Spec['events'] = [
  { type: 'form.edit', field: 'code', value: '12345' },
  { type: 'form.edit', field: 'code', value: '123456' },
  { type: 'form.leave', field: 'code' },
  { type: 'form.submit' },
  { type: 'passkey.use' },
  { type: 'signIn.restart' },
  { type: 'xstate.done.actor.checkCode', output: undefined },
  { type: 'xstate.error.actor.checkCode', error: { code: 'invalidCode' } },
  { type: 'xstate.error.actor.checkCode', error: { code: 'expired' } },
  { type: 'xstate.error.actor.checkCode', error: { code: 'refused', fields: { code: 'invalidCharacters' } } },
  { type: 'xstate.done.actor.usePasskey', output: undefined },
  { type: 'xstate.error.actor.usePasskey', error: { code: 'passkeyFailed' } },
  { type: 'xstate.error.actor.usePasskey', error: { code: 'expired' } },
];

/** What a person can do on the step shown: the password's fields, or the code and the passkey. */
const events = (snapshot: Snapshot) =>
  selectStep(snapshot) === 'password' ? [...(snapshot.context.clientFromAddress ? [] : clientCodeEvents), ...passwordEvents] : codeEvents;

const serializeState = (snapshot: Snapshot) => {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    // What the person sees and what a submit would do, not the text typed.
    shown: selectShownProblems(snapshot),
    valid: Object.keys(staffSignInProblems(context.draft, selectStepFields(snapshot))).length === 0,
    typed: selectStepFields(snapshot).filter((field) => context.draft[field] !== ''),
    checked: context.checked,
    failure: context.failure,
    factors: context.factors,
  });
};

const assertSnapshot = (snapshot: Snapshot) => {
  expect(selectIsBusy(snapshot)).toBe(snapshot.matches('checkingPassword') || snapshot.matches('checkingCode') || snapshot.matches('usingPasskey'));
  // The code step never shows the password, and a passkey is offered only to one who has it.
  if (selectStep(snapshot) === 'secondFactor') expect(snapshot.context.draft.password).toBe('');
  if (snapshot.matches('usingPasskey')) expect(snapshot.context.factors.passkey).toBe(true);
  // A problem shows only at a field of the step.
  const shown = selectShownProblems(snapshot);
  if (selectStep(snapshot) === 'secondFactor') expect(Object.keys(shown).every((field) => field === 'code')).toBe(true);
  // A field the server refused shows its problem there until it changes, and a field emptied (a code refused as a whole) forgets it.
  for (const field of staffSignInFields) {
    const problem = snapshot.context.serverProblems[field];
    if (problem === undefined) continue;
    expect(selectStepFields(snapshot)).toContain(field);
    expect(shown).toHaveProperty(field, problem);
    expect(snapshot.context.draft[field]).not.toBe('');
  }
};

/** Signing in to the billing office's console: the password, then a code or a passkey. */
export const staffSignInModel = defineModel({
  name: 'staff-sign-in',
  title: 'Billing office sign-in',
  machine,
  variants: [
    { name: 'the console opened under a lab’s address', spec: { machine, input: { clientCode: 'SUN', factors: null }, events, serializeState, assertSnapshot } },
    { name: 'the console opened with no lab in the address', spec: { machine, input: { clientCode: '', factors: null }, events, serializeState, assertSnapshot } },
    { name: 'a password given in this browser already', spec: { machine, input: { clientCode: 'SUN', factors: withPasskey }, events, serializeState, assertSnapshot } },
  ],
  describeEvent: (event) => {
    switch (event.type) {
      case 'form.edit':
        return `Types "${event.value}" as the ${event.field}`;
      case 'form.leave':
        return `Leaves the ${event.field} field`;
      case 'form.submit':
        return 'Chooses Continue (or Sign in)';
      case 'passkey.use':
        return 'Chooses Use my passkey';
      case 'signIn.restart':
        return 'Chooses Start again with another account';
      case 'xstate.done.actor.checkPassword':
        return 'The password is right';
      case 'xstate.error.actor.checkPassword':
      case 'xstate.error.actor.checkCode':
      case 'xstate.error.actor.usePasskey':
        return toStaffSignInRejection(event.error).code === 'refused' ? `The server refuses the ${refusedFieldsOf(event.error)}` : `The step fails (${toStaffSignInRejection(event.error).code})`;
      case 'xstate.done.actor.checkCode':
        return 'The code is right';
      case 'xstate.done.actor.usePasskey':
        return 'The passkey answers';
      default:
        return event.type;
    }
  },
});
