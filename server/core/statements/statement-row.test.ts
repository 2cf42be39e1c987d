import { describe, expect, it } from 'vitest';
import { dollarsToCents, isCalendarDate } from './statement-row';

describe('a statement date', () => {
  it.each([
    ['2026-02-28', true],
    ['2026-02-29', false],
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['1900-02-29', false],
    ['2026-02-30', false],
    ['2026-04-31', false],
    ['2026-12-31', true],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-01-00', false],
    ['1899-12-31', false],
    ['2026-1-05', false],
    ['05/01/2026', false],
  ])('%s is a calendar date: %s', (text, expected) => {
    expect(isCalendarDate(text)).toBe(expected);
  });
});

describe('an amount in dollars', () => {
  it.each([
    ['125', 12_500],
    ['125.5', 12_550],
    ['125.05', 12_505],
    ['0', 0],
    ['1.234', null],
    ['-5', null],
    ['1e3', null],
    ['10000000.01', null],
  ])('%s is %s cents', (text, expected) => {
    expect(dollarsToCents(text)).toBe(expected);
  });
});
