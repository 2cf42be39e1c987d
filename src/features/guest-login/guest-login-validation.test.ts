import { describe, expect, it } from 'vitest';
import { validateGuestLogin } from './guest-login-validation';

describe('guest sign-in form checks', () => {
  it('asks for both numbers when the form is empty', () => {
    expect(validateGuestLogin({ accountNumber: '', invoiceNumber: '' })).toEqual({
      accountNumber: 'accountNumberRequired',
      invoiceNumber: 'invoiceNumberRequired',
    });
  });

  it('counts a number of spaces only as missing', () => {
    expect(validateGuestLogin({ accountNumber: '   ', invoiceNumber: 'SUN-100042' })).toEqual({ accountNumber: 'accountNumberRequired' });
  });

  it('accepts both numbers', () => {
    expect(validateGuestLogin({ accountNumber: 'A-778899', invoiceNumber: 'SUN-100042' })).toEqual({});
  });
});
