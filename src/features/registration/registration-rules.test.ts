import { describe, expect, it } from 'vitest';
import type { RegistrationDraft } from '@machines/registration/registration.types';
import { isDraftValid, registrationErrors } from './registration-rules';

const draft: RegistrationDraft = {
  firstName: 'Riley',
  lastName: 'Doe',
  company: '',
  email: 'riley@example.com',
  password: 'Quiet meadow lantern 42',
  passwordConfirmation: 'Quiet meadow lantern 42',
  clientCode: 'sun',
  postalCode: '62704',
  rosterAcct: 'A-778899',
  invoice: 'SUN-100042',
};

describe('the registration rules', () => {
  it('accept a complete draft, the company left out', () => {
    expect(registrationErrors(draft)).toEqual({});
    expect(isDraftValid(draft)).toBe(true);
  });

  it('ask for every required field, and not for the company', () => {
    const empty = Object.fromEntries(Object.keys(draft).map((field) => [field, '  '])) as RegistrationDraft;
    expect(registrationErrors({ ...empty, password: '', passwordConfirmation: '' })).toEqual({
      firstName: 'required',
      lastName: 'required',
      email: 'required',
      password: 'required',
      passwordConfirmation: 'required',
      clientCode: 'required',
      rosterAcct: 'required',
      invoice: 'required',
      postalCode: 'required',
    });
    expect(isDraftValid({ ...draft, invoice: '' })).toBe(false);
    expect(isDraftValid({ ...draft, postalCode: '  ' })).toBe(false);
    expect(registrationErrors({ ...draft, postalCode: '62704-1234-99999' })).toEqual({ postalCode: 'tooLong' });
  });

  it("keep the server's limits on lengths and characters", () => {
    expect(registrationErrors({ ...draft, firstName: 'x'.repeat(101), company: 'x'.repeat(201), rosterAcct: 'A'.repeat(33), invoice: 'SUN\u0000' })).toEqual({
      firstName: 'tooLong',
      company: 'tooLong',
      rosterAcct: 'tooLong',
      invoice: 'invalidCharacters',
    });
    // Spaces pasted around a number are not part of it.
    expect(registrationErrors({ ...draft, rosterAcct: ` ${'A'.repeat(32)} ` })).toEqual({});
  });

  it('want an address of the usual shape and a client code of 2 to 4 letters', () => {
    expect(registrationErrors({ ...draft, email: 'riley@', clientCode: 'SUNNY' })).toEqual({ email: 'invalidEmail', clientCode: 'invalidClientCode' });
    expect(registrationErrors({ ...draft, clientCode: 'S1' }).clientCode).toBe('invalidClientCode');
  });

  it("keep the password's shared rules, and want the confirmation to match it exactly", () => {
    expect(registrationErrors({ ...draft, password: 'short', passwordConfirmation: 'short' })).toEqual({ password: 'tooShort' });
    expect(registrationErrors({ ...draft, password: ' RILEY@example.com', passwordConfirmation: ' RILEY@example.com' })).toEqual({ password: 'sameAsEmail' });
    expect(registrationErrors({ ...draft, password: 'x'.repeat(129), passwordConfirmation: 'x'.repeat(129) })).toEqual({ password: 'tooLong' });
    expect(registrationErrors({ ...draft, passwordConfirmation: 'Quiet meadow lantern 42 ' })).toEqual({ passwordConfirmation: 'mismatch' });
  });
});
