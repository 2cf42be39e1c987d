import { registrationMachine } from '@machines/registration/registration.machine';
import { selectFailure, selectShownErrors } from '@machines/registration/registration.selectors';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/lib/api/errors';
import { createRegistrationImplementations, toRegistrationFailure } from './registration.implementations';

describe("what a failed Register means to the form", () => {
  it("puts the server's reasons at the form's fields, in the form's words", () => {
    const failure = toRegistrationFailure(
      new ApiError('invalidRequest', 400, {
        body: { error: 'invalidRequest', fields: { password: 'common', email: 'invalid', clientCode: 'invalid', firstName: 'tooLong', billingGroup: 'tooLong', invoice: 'somethingNew' } },
      }),
    );
    expect(failure).toMatchObject({
      code: 'refused',
      fields: { password: 'common', email: 'invalidEmail', clientCode: 'invalidClientCode', firstName: 'tooLong', invoice: 'invalid' },
    });
  });

  it('shows an account and invoice that do not belong together at the account number', () => {
    expect(toRegistrationFailure(new ApiError('invalidCredentials', 400))).toMatchObject({ code: 'refused', fields: { rosterAcct: 'accountNotFound' } });
  });

  it('makes everything else a failure of the whole form', () => {
    expect(toRegistrationFailure(new ApiError('tooManyRequests', 429)).code).toBe('tooManyRequests');
    expect(toRegistrationFailure(new ApiError('network', null)).code).toBe('network');
    expect(toRegistrationFailure(new ApiError('invalidRequest', 400, { body: { error: 'invalidRequest', fields: { '(body)': 'invalid' } } })).code).toBe('serverError');
    expect(toRegistrationFailure(new ApiError('malformedResponse', null)).code).toBe('serverError');
    expect(toRegistrationFailure(new TypeError('boom')).code).toBe('serverError');
  });

  it('reach the machine as refusals at their fields', async () => {
    const implementations = createRegistrationImplementations({ language: () => 'en-US' });
    const actor = createActor(
      registrationMachine.provide({
        ...implementations,
        actors: { register: fromPromise(() => Promise.reject(toRegistrationFailure(new ApiError('invalidCredentials', 400)))) },
        guards: { isDraftValid: () => true },
      }),
      { input: { clientCode: 'SUN' } },
    ).start();
    actor.send({ type: 'form.submit' });
    const snapshot = await waitFor(actor, (s) => s.matches('editing') && s.context.refusals > 0);
    expect(selectShownErrors(snapshot, {})).toEqual({ rosterAcct: 'accountNotFound' });
    expect(selectFailure(snapshot)).toBeNull();
  });

  it("guard the submit with the form's rules", () => {
    const { guards } = createRegistrationImplementations({ language: () => 'en-US' });
    const actor = createActor(registrationMachine.provide({ guards, actors: { register: fromPromise(() => new Promise(() => {})) } }), {
      input: { clientCode: 'SUN' },
    }).start();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.refusals).toBe(1);
  });
});
