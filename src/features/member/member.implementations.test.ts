/** What the server's answers mean to the member machines. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { readFieldErrors } from './member-api';
import {
  emailChangeFieldProblems,
  memberFieldProblems,
  toEmailChangeCallError,
  toEmailConfirmationCallError,
  toMemberCallError,
} from './member.implementations';

describe('field errors of a refused form', () => {
  it('are read from the answer, keeping only reasons the form knows', () => {
    expect(readFieldErrors({ error: 'invalidRequest', fields: { firstName: 'required', company: 'tooLong', lastName: 'wobbly' } })).toEqual({
      firstName: 'required',
      company: 'tooLong',
    });
    for (const body of [null, 'text', { error: 'invalidRequest' }, { fields: null }, { fields: 'x' }, { fields: { a: 1 } }]) {
      expect(readFieldErrors(body)).toBeNull();
    }
  });

  it('put a wrong password at the password field, and an address the server refuses at the address field', () => {
    expect(emailChangeFieldProblems({ password: 'invalid' })).toEqual({ password: 'wrongPassword' });
    expect(emailChangeFieldProblems({ password: 'tooLong', newEmail: 'invalid' })).toEqual({ password: 'tooLong', newEmail: 'invalid' });
    // A refusal of nothing the form shows is still said at a field.
    expect(emailChangeFieldProblems({ '(body)': 'invalid' })).toEqual({ newEmail: 'invalid' });
  });

  it('put the name and company refusals at their fields', () => {
    expect(memberFieldProblems({ lastName: 'invalidCharacters' })).toEqual({ lastName: 'invalidCharacters' });
    expect(memberFieldProblems({ somethingElse: 'invalid' })).toEqual({ firstName: 'invalid' });
  });
});

describe('failed calls', () => {
  const apiError = (code: ConstructorParameters<typeof ApiError>[0]) => new ApiError(code, null);

  it('keep the network and a lost session apart from the rest, which is a server error', () => {
    expect(toMemberCallError(apiError('network')).code).toBe('network');
    expect(toMemberCallError(apiError('notSignedIn')).code).toBe('notSignedIn');
    expect(toMemberCallError(apiError('malformedResponse')).code).toBe('serverError');
    expect(toMemberCallError(new Error('bug')).code).toBe('serverError');
  });

  it('tell the email form about too many attempts and a disabled account', () => {
    expect(toEmailChangeCallError(apiError('tooManyRequests')).code).toBe('tooManyRequests');
    expect(toEmailChangeCallError(apiError('accountDisabled')).code).toBe('accountDisabled');
    expect(toEmailChangeCallError(apiError('forbidden')).code).toBe('serverError');
  });

  it('call a link the server does not take a link that does not work, and let the rest be tried again', () => {
    expect(toEmailConfirmationCallError(apiError('notFound')).code).toBe('linkInvalid');
    expect(toEmailConfirmationCallError(apiError('invalidRequest')).code).toBe('linkInvalid');
    expect(toEmailConfirmationCallError(apiError('network')).code).toBe('network');
    expect(toEmailConfirmationCallError(apiError('serverError')).code).toBe('serverError');
  });
});
