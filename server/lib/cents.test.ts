import { describe, expect, it } from 'vitest';
import { centsAsDecimal } from './cents';

describe('cents as a decimal', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [-5, '-0.05'],
    [100, '1.00'],
    [1005, '10.05'],
    [-123456, '-1234.56'],
    // The largest whole number of cents, to the last digit.
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('%d cents is %s', (cents, text) => {
    expect(centsAsDecimal(cents)).toBe(text);
  });

  it('refuses what is not a whole number of cents, rather than writing it rounded', () => {
    expect(() => centsAsDecimal(10.5)).toThrow(RangeError);
    expect(() => centsAsDecimal(Number.NaN)).toThrow(RangeError);
    expect(() => centsAsDecimal(2 ** 60)).toThrow(RangeError);
  });
});
