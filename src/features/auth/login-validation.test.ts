import { describe, expect, it } from 'vitest';
import { validateLogin } from './login-validation';

describe('sign-in form checks', () => {
  it('asks for both fields when the form is empty', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: 'emailRequired', password: 'passwordRequired' });
  });

  it('rejects an address without a domain', () => {
    expect(validateLogin({ email: 'pat.doe', password: 'x' })).toEqual({ email: 'emailInvalid' });
  });

  it('refuses an address longer than 254 characters, or with control characters, before sending it', () => {
    expect(validateLogin({ email: `${'a'.repeat(250)}@example.com`, password: 'x' })).toEqual({ email: 'emailTooLong' });
    expect(validateLogin({ email: 'pat\u0000doe@example.com', password: 'x' })).toEqual({ email: 'emailInvalid' });
  });

  it('accepts a well-formed address with spaces around it', () => {
    expect(validateLogin({ email: '  pat.doe@example.com ', password: 'x' })).toEqual({});
  });
});
