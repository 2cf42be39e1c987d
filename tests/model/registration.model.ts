import { registrationMachine, toRegistrationRejection } from '@machines/registration/registration.machine';
import {
  selectDraft,
  selectFailure,
  selectIsBusy,
  selectRefusals,
  selectRegistrationStatus,
  selectSentTo,
  selectShownErrors,
} from '@machines/registration/registration.selectors';
import {
  registrationFields,
  type RegistrationDraft,
  type RegistrationFailureCode,
  type RegistrationField,
  type RegistrationFieldErrors,
} from '@machines/registration/registration.types';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { isDraftValid, registrationErrors } from '@/features/registration/registration-rules';
import { defineModel, hasCode, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});
const failure = (code: string) => Object.assign(new Error(code), { code });

// The production machine, its form guarded by the app's own rules; its actor never settles, so
// the model's events drive every outcome.
const machine = registrationMachine.provide({
  actors: { register: fromPromise(() => never<unknown>()) },
  guards: { isDraftValid: ({ context }) => isDraftValid(context.draft) },
});

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];
type ModelEvent = Exclude<Spec['events'], (snapshot: Snapshot) => unknown>[number];

/** The client code in the page's address, prefilled. */
export const clientCode = 'SUN';

/** A form that keeps every rule: the demo guest's account, registered by Riley. */
export const complete: RegistrationDraft = {
  firstName: 'Riley',
  lastName: 'Doe',
  company: '',
  email: 'riley@example.com',
  password: 'Quiet meadow lantern 42',
  passwordConfirmation: 'Quiet meadow lantern 42',
  clientCode,
  rosterAcct: 'A-778899',
  invoice: 'SUN-100042',
  postalCode: '62704',
};

/** The form is filled one field at a time, in order; other orders would multiply the graph without a new behaviour. */
function nextField(snapshot: Snapshot): ModelEvent[] {
  const [field] = Object.keys(registrationErrors(snapshot.context.draft)) as RegistrationField[];
  return field === undefined ? [] : [{ type: 'form.edit', field, value: complete[field] }];
}

const events = (snapshot: Snapshot): ModelEvent[] => [
  ...nextField(snapshot),
  { type: 'form.edit', field: 'email', value: 'riley@' },
  { type: 'form.edit', field: 'invoice', value: 'SUN-100044' },
  { type: 'form.leave', field: 'email' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.register', output: 'registered' },
  { type: 'xstate.error.actor.register', error: Object.assign(failure('refused'), { fields: { rosterAcct: 'accountNotFound' } }) },
  { type: 'xstate.error.actor.register', error: Object.assign(failure('refused'), { fields: { password: 'common' } }) },
  { type: 'xstate.error.actor.register', error: failure('tooManyRequests') },
  { type: 'xstate.error.actor.register', error: failure('network') },
  { type: 'xstate.error.actor.register', error: new TypeError('boom') },
];

// What multiplies the model: the state, which fields are typed in, checked or break the rules, what
// the server refused, the failure. (Leaving a field shows its error only once it was typed in.)
function serializeState(snapshot: Snapshot): string {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    errors: Object.keys(registrationErrors(context.draft)),
    typed: registrationFields.filter((field) => context.draft[field] !== ''),
    checked: [...context.checked].sort(),
    server: Object.keys(context.serverProblems),
    failure: context.failure,
    refused: context.refusals > 0,
  });
}

function assertSnapshot(snapshot: Snapshot): void {
  const { context } = snapshot;
  const submitting = snapshot.matches('submitting');
  expect(selectIsBusy(snapshot)).toBe(submitting);
  expect(selectRegistrationStatus(snapshot)).toBe(snapshot.matches('sent') ? 'sent' : 'form');
  // Only a draft that keeps every rule is ever sent, and the address it went to is known once sent.
  if (submitting || snapshot.matches('sent')) expect(isDraftValid(context.draft)).toBe(true);
  expect(selectSentTo(snapshot) !== null).toBe(snapshot.matches('sent'));
  if (snapshot.matches('sent')) expect(selectSentTo(snapshot)).toBe(selectDraft(snapshot).email.trim());
  // The whole form's failure and the server's refusals show only on the form, and never while sending.
  if (!snapshot.matches('editing')) expect(selectFailure(snapshot)).toBeNull();
  if (Object.keys(context.serverProblems).length > 0) expect(selectRefusals(snapshot)).toBeGreaterThan(0);
  // The server's refusal shows at its field whatever the rules say.
  const shown = selectShownErrors(snapshot, registrationErrors(context.draft));
  for (const [field, error] of Object.entries(context.serverProblems)) expect(shown[field as RegistrationField]).toBe(error);
  // Typing is never lost: the client code stays as prefilled unless typed over (it is never typed here).
  expect(selectDraft(snapshot).clientCode).toBe(clientCode);
}

const fieldNames: Record<RegistrationField, string> = {
  firstName: 'first name',
  lastName: 'last name',
  company: 'company',
  email: 'email',
  password: 'password',
  passwordConfirmation: 'password confirmation',
  clientCode: 'client code',
  rosterAcct: 'account number',
  invoice: 'invoice number',
  postalCode: 'postal code',
};

/** What a refused field's code means, in words. */
const refusals: Record<string, string> = {
  accountNotFound: 'no such account with that open invoice and postal code',
  common: 'a common password',
};

/** The fields the server refused, in words with their codes. */
function refusedFields(fields: RegistrationFieldErrors): string {
  return Object.entries(fields)
    .map(([field, code]) => `${fieldNames[field as RegistrationField]}, ${refusals[code] ?? code} (${code})`)
    .join('; ');
}

const failures: Record<RegistrationFailureCode, string> = {
  tooManyRequests: 'asked too often',
  network: 'the network is down',
  serverError: 'the server fails',
};

/** What a typed value is, in words: passwords by what the rules make of them, other fields by their text. */
function typed(field: RegistrationField, value: string): string {
  if (field === 'password') return value === complete.password ? 'Types a password that keeps the rules' : 'Types a password that breaks the rules';
  if (field === 'passwordConfirmation') return value === complete.password ? 'Types the same password again' : 'Types another password as the confirmation';
  return `Types "${value}" as the ${fieldNames[field]}`;
}

/** Registering for a billing account, with the app's own form rules. */
export const registrationModel = defineModel({
  name: 'registration',
  title: 'Registration',
  machine,
  variants: [{ name: `the page opened under ${clientCode}`, spec: { machine, input: { clientCode }, events, serializeState, assertSnapshot } }],
  describeEvent: (event) => {
    switch (event.type) {
      case 'form.edit':
        return typed(event.field, event.value);
      case 'form.leave':
        return `Leaves the ${fieldNames[event.field]} field`;
      case 'form.submit':
        return 'Chooses Create account';
      case 'xstate.done.actor.register':
        return 'The server takes the registration';
      case 'xstate.error.actor.register': {
        const rejection = toRegistrationRejection(event.error);
        if (rejection.code === 'refused') return `The server refuses: ${refusedFields(rejection.fields)}`;
        const reason = hasCode(event.error) ? failures[rejection.code] : 'an unexpected error, read as the server failing';
        return `Sending fails: ${reason} (${rejection.code})`;
      }
      default:
        return event.type;
    }
  },
});
