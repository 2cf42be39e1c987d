import { describe, expect, it } from 'vitest';
import { stepOfPath } from './payment-steps';

describe('which wizard step a path shows', () => {
  it('reads each step, with and without a client code', () => {
    expect(stepOfPath('/payment/online')).toBe('amounts');
    expect(stepOfPath('/SUN/payment/online/')).toBe('amounts');
    expect(stepOfPath('/SUN/payment/online/confirmation')).toBe('confirmation');
    expect(stepOfPath('/payment/online/information')).toBe('information');
    expect(stepOfPath('/DLT/payment/online/creditcard')).toBe('card');
    expect(stepOfPath('/payment/online/receipt')).toBe('receipt');
  });

  it('is no step outside the wizard', () => {
    expect(stepOfPath('/SUN/payment/other')).toBeNull();
    expect(stepOfPath('/SUN/invoices')).toBeNull();
    expect(stepOfPath('/online')).toBeNull();
    expect(stepOfPath('/payment/online/unknown')).toBeNull();
  });
});
