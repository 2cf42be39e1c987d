import { describe, expect, it } from 'vitest';
import { passesLuhn as pageLuhn } from './card-fields/luhn.js';
import { cardBrandOf, cardDigits, checkCard, cvcFits, expiryIsCurrent, passesLuhn } from './card-rules';

const march2026 = new Date('2026-03-15T12:00:00Z');

describe('the sandbox card checks', () => {
  it('accept numbers typed with spaces or dashes, and only 12 to 19 digits', () => {
    expect(cardDigits('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(cardDigits('4242 4242 4242 424x')).toBeNull();
    expect(cardDigits('42424242424')).toBeNull();
    expect(cardDigits('4'.repeat(20))).toBeNull();
  });

  it('tell a mistyped number by the Luhn check', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4000000000009995')).toBe(true);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4242424242424224')).toBe(false);
  });

  it('use the one Luhn check the card-fields page runs', () => {
    expect(passesLuhn).toBe(pageLuhn);
  });

  it('name the brand from the number’s prefix', () => {
    expect(cardBrandOf('4242424242424242')).toBe('visa');
    expect(cardBrandOf('5555555555554444')).toBe('mastercard');
    expect(cardBrandOf('2223003122003222')).toBe('mastercard');
    expect(cardBrandOf('2720990000000007')).toBe('mastercard');
    expect(cardBrandOf('2721000000000000')).toBe('unknown');
    expect(cardBrandOf('378282246310005')).toBe('amex');
    expect(cardBrandOf('341111111111111')).toBe('amex');
    expect(cardBrandOf('6011111111111117')).toBe('discover');
    expect(cardBrandOf('6500000000000002')).toBe('discover');
    expect(cardBrandOf('3530111333300000')).toBe('unknown');
  });

  it('take a card expiring this month (UTC) and refuse last month’s', () => {
    expect(expiryIsCurrent(3, 2026, march2026)).toBe(true);
    expect(expiryIsCurrent(2, 2026, march2026)).toBe(false);
    expect(expiryIsCurrent(12, 2025, march2026)).toBe(false);
    expect(expiryIsCurrent(1, 2030, march2026)).toBe(true);
    expect(expiryIsCurrent(13, 2030, march2026)).toBe(false);
    expect(expiryIsCurrent(0, 2030, march2026)).toBe(false);
    expect(expiryIsCurrent(4, 2046, march2026)).toBe(false);
    // 1 April 00:30 UTC is still 31 March in the Americas, but the card month is UTC's.
    expect(expiryIsCurrent(3, 2026, new Date('2026-04-01T00:30:00Z'))).toBe(false);
  });

  it('want 3 CVC digits, 4 for American Express', () => {
    expect(cvcFits('123', 'visa')).toBe(true);
    expect(cvcFits('1234', 'visa')).toBe(false);
    expect(cvcFits('1234', 'amex')).toBe(true);
    expect(cvcFits('123', 'amex')).toBe(false);
    expect(cvcFits('12a', 'mastercard')).toBe(false);
  });

  it('keep of a good card only brand, last four and the sandbox outcome, and say which fields are wrong', () => {
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2027, cvc: '123' };
    expect(checkCard(card, march2026)).toEqual({ valid: true, brand: 'visa', last4: '4242', outcome: 'approve' });
    expect(checkCard({ ...card, number: '4000 0000 0000 0002' }, march2026)).toMatchObject({ outcome: 'decline' });
    expect(checkCard({ ...card, number: '4000 0000 0000 9995' }, march2026)).toMatchObject({ outcome: 'insufficientFunds' });
    expect(checkCard({ number: '4242424242424241', expMonth: 1, expYear: 2026, cvc: '1' }, march2026)).toEqual({
      valid: false,
      invalidFields: ['number', 'expiry', 'cvc'],
    });
    expect(checkCard({ ...card, number: '378282246310005' }, march2026)).toEqual({ valid: false, invalidFields: ['cvc'] });
  });
});
