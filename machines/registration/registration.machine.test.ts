import type { RegistrationRequest } from '@contracts/registration';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { registrationMachine } from './registration.machine';
import { serverProblemsAfterEdit } from '../form/form.rules';
import { settlesOnRegistration } from './registration.rules';
import {
  selectDraft,
  selectFailure,
  selectIsBusy,
  selectRefusals,
  selectRegistrationStatus,
  selectSentTo,
  selectShownErrors,
} from './registration.selectors';
import { registrationFields, type RegistrationDraft, type RegistrationField, type RegistrationFieldErrors, type RegistrationRejection } from './registration.types';

const complete: Omit<RegistrationDraft, 'clientCode'> = {
  firstName: ' Riley ',
  lastName: 'Doe',
  company: '',
  email: ' riley@example.com ',
  password: ' Quiet meadow lantern 42 ',
  passwordConfirmation: ' Quiet meadow lantern 42 ',
  rosterAcct: 'a-778899 ',
  invoice: ' sun-100042',
  postalCode: ' 62704 ',
};

/** A registration actor whose rules accept a draft when every required field is filled. */
function arrange(register: (request: RegistrationRequest) => Promise<unknown> = () => Promise.resolve('registered'), clientCode = 'sun') {
  const requests: RegistrationRequest[] = [];
  const actor = createActor(
    registrationMachine.provide({
      actors: {
        register: fromPromise(({ input }) => {
          requests.push(input);
          return register(input);
        }),
      },
      guards: {
        isDraftValid: ({ context }) =>
          (['firstName', 'lastName', 'email', 'password', 'clientCode', 'rosterAcct', 'invoice'] as const).every((field) => context.draft[field].trim() !== ''),
      },
    }),
    { input: { clientCode } },
  ).start();
  const type = (field: RegistrationField, value: string) => actor.send({ type: 'form.edit', field, value });
  const fillIn = () => {
    for (const [field, value] of Object.entries(complete)) type(field as RegistrationField, value);
  };
  return { actor, requests, type, fillIn };
}

const refused = (fields: RegistrationRejection & { code: 'refused' }) => Promise.reject(Object.assign(new Error('400'), fields));

describe('the registration form', () => {
  it('starts with the client code of the page prefilled and nothing else typed', () => {
    const { actor } = arrange(undefined, 'SUN');
    expect(selectDraft(actor.getSnapshot())).toMatchObject({ clientCode: 'SUN', email: '', password: '' });
    expect(selectRegistrationStatus(actor.getSnapshot())).toBe('form');
  });

  it("shows a field's error only once the person has left it after typing, or after a refused submit", () => {
    const { actor, type } = arrange();
    const rules = { firstName: 'required', email: 'invalidEmail' } as const;
    actor.send({ type: 'form.leave', field: 'firstName' });
    expect(selectShownErrors(actor.getSnapshot(), rules)).toEqual({});
    type('email', 'riley@');
    actor.send({ type: 'form.leave', field: 'email' });
    expect(selectShownErrors(actor.getSnapshot(), rules)).toEqual({ email: 'invalidEmail' });
    // Emptied again and left: still checked, so "required" would show.
    type('email', '');
    actor.send({ type: 'form.leave', field: 'email' });
    expect(selectShownErrors(actor.getSnapshot(), { email: 'required' })).toEqual({ email: 'required' });
  });

  it('refuses a submit that breaks the rules: every error shows, nothing is sent, the typing stays', () => {
    const { actor, requests, type } = arrange();
    type('firstName', 'Riley');
    actor.send({ type: 'form.submit' });
    const snapshot = actor.getSnapshot();
    expect(requests).toEqual([]);
    expect(selectRefusals(snapshot)).toBe(1);
    expect(selectShownErrors(snapshot, { lastName: 'required', invoice: 'required' })).toEqual({ lastName: 'required', invoice: 'required' });
    expect(selectDraft(snapshot).firstName).toBe('Riley');
  });

  it('sends the draft trimmed, the client code upper-cased and the billing group empty, once however often submitted', async () => {
    const { actor, requests, fillIn } = arrange(() => new Promise(() => {}));
    fillIn();
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    await Promise.resolve();
    expect(requests).toEqual([
      {
        firstName: 'Riley',
        lastName: 'Doe',
        company: '',
        email: 'riley@example.com',
        password: ' Quiet meadow lantern 42 ',
        clientCode: 'SUN',
        rosterAcct: 'a-778899',
        invoice: 'sun-100042',
        postalCode: '62704',
        billingGroup: '',
      },
    ]);
  });

  it('says an email is on its way to the address once registered', async () => {
    const { actor, fillIn } = arrange();
    fillIn();
    actor.send({ type: 'form.submit' });
    const snapshot = await waitFor(actor, (s) => selectRegistrationStatus(s) === 'sent');
    expect(selectSentTo(snapshot)).toBe('riley@example.com');
    expect(selectIsBusy(snapshot)).toBe(false);
  });

  it("shows the server's refusal at its fields with the typing kept, until that field changes", async () => {
    const { actor, fillIn, type } = arrange(() => refused({ code: 'refused', fields: { password: 'common', rosterAcct: 'accountNotFound' } }));
    fillIn();
    actor.send({ type: 'form.submit' });
    let snapshot = await waitFor(actor, (s) => s.matches('editing'));
    expect(selectShownErrors(snapshot, {})).toEqual({ password: 'common', rosterAcct: 'accountNotFound' });
    expect(selectRefusals(snapshot)).toBe(1);
    expect(selectDraft(snapshot)).toMatchObject(complete);

    type('invoice', 'SUN-100044');
    snapshot = actor.getSnapshot();
    expect(selectShownErrors(snapshot, {})).toEqual({ password: 'common' });
    type('email', 'riley.doe@example.com');
    expect(selectShownErrors(actor.getSnapshot(), {})).toEqual({});
  });

  it('keeps the form and says why when the server cannot be reached or asks to wait, and clears that on the next submit', async () => {
    let answer: Promise<unknown> = Promise.reject(Object.assign(new Error('429'), { code: 'tooManyRequests' }));
    const { actor, fillIn, requests } = arrange(() => answer);
    fillIn();
    actor.send({ type: 'form.submit' });
    let snapshot = await waitFor(actor, (s) => s.matches('editing') && selectFailure(s) !== null);
    expect(selectFailure(snapshot)).toBe('tooManyRequests');
    expect(selectDraft(snapshot)).toMatchObject(complete);

    answer = new Promise(() => {});
    actor.send({ type: 'form.submit' });
    snapshot = actor.getSnapshot();
    expect(selectFailure(snapshot)).toBeNull();
    expect(requests).toHaveLength(2);
  });

  it('treats an unexpected failure as a server error', async () => {
    const { actor, fillIn } = arrange(() => Promise.reject(new TypeError('boom')));
    fillIn();
    actor.send({ type: 'form.submit' });
    const snapshot = await waitFor(actor, (s) => selectFailure(s) !== null);
    expect(selectFailure(snapshot)).toBe('serverError');
  });
});

describe("which server errors a change settles", () => {
  it('drops only what the change can have fixed', () => {
    const serverErrorsAfterChange = (kept: RegistrationFieldErrors, field: RegistrationField) =>
      serverProblemsAfterEdit(kept, registrationFields, field, settlesOnRegistration);
    const errors = { email: 'invalid', password: 'sameAsEmail', rosterAcct: 'accountNotFound', firstName: 'tooLong' } as const;
    expect(serverErrorsAfterChange(errors, 'firstName')).toEqual({ email: 'invalid', password: 'sameAsEmail', rosterAcct: 'accountNotFound' });
    expect(serverErrorsAfterChange(errors, 'email')).toEqual({ rosterAcct: 'accountNotFound', firstName: 'tooLong' });
    expect(serverErrorsAfterChange(errors, 'clientCode')).toEqual({ email: 'invalid', password: 'sameAsEmail', firstName: 'tooLong' });
    expect(serverErrorsAfterChange({ rosterAcct: 'tooLong' }, 'invoice')).toEqual({ rosterAcct: 'tooLong' });
  });
});
