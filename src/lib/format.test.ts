import { describe, expect, it } from 'vitest';
import { centsToInput, formatDate, formatMoney, parseMoney, timeOfDay, timeZoneName, weekdayName } from './format';

describe('money and dates in the reader language', () => {
  it('shows cents as dollars in English and in Spanish', () => {
    expect(formatMoney(4850, 'en-US')).toBe('$48.50');
    expect(formatMoney(1267500, 'en-US')).toBe('$12,675.00');
    expect(formatMoney(4850, 'es-ES').replace(/\s/g, ' ')).toBe('48,50 US$');
  });

  it('shows a calendar date on the same day whatever the time zone', () => {
    expect(formatDate('2026-02-13', 'en-US')).toBe('Feb 13, 2026');
    expect(formatDate('2026-02-13', 'es-ES')).toBe('13 feb 2026');
  });

  it('reads what a payer types in English', () => {
    expect(parseMoney('48.50', 'en-US')).toEqual({ cents: 4850 });
    expect(parseMoney('$48.5', 'en-US')).toEqual({ cents: 4850 });
    expect(parseMoney('20', 'en-US')).toEqual({ cents: 2000 });
    expect(parseMoney('1234', 'en-US')).toEqual({ cents: 123400 });
    expect(parseMoney('1,250.00', 'en-US')).toEqual({ cents: 125000 });
    expect(parseMoney('1,234,567.8', 'en-US')).toEqual({ cents: 123456780 });
    expect(parseMoney('0.05', 'en-US')).toEqual({ cents: 5 });
    expect(parseMoney(' 7 ', 'en-US')).toEqual({ cents: 700 });
    expect(parseMoney('US$ 7', 'en-US')).toEqual({ cents: 700 });
  });

  it('reads what a payer types in Spanish, where the comma is the decimal mark and the dot groups', () => {
    expect(parseMoney('48,50', 'es-ES')).toEqual({ cents: 4850 });
    expect(parseMoney('12,5', 'es-ES')).toEqual({ cents: 1250 });
    expect(parseMoney('1234', 'es-ES')).toEqual({ cents: 123400 });
    expect(parseMoney('1.250,5', 'es-ES')).toEqual({ cents: 125050 });
    expect(parseMoney('1.234.567,89', 'es-ES')).toEqual({ cents: 123456789 });
    expect(parseMoney('0,05', 'es-ES')).toEqual({ cents: 5 });
    expect(parseMoney('20 €', 'es-ES')).toEqual({ cents: 2000 });
    expect(parseMoney('20,00\u00a0US$', 'es-ES')).toEqual({ cents: 2000 });
  });

  it.each([
    ['en-US', ['', ' ', '$', 'abc', '-5', '+5', '4e3', '1.2.3', '12.', '.5', '12.345', '1.234', '0.001', '12,5', '1,25,0', '1.234,5', '0,001.00']],
    ['es-ES', ['', 'abc', '-5', '1,2,3', '12,', ',5', '12,345', '1,234', '0,001', '1.25.0', '1.2345', '12.5', '1,234.5', '0.001,00']],
  ] as const)('refuses in %s what is not an amount, naming no amount', (locale, texts) => {
    for (const text of texts) expect(parseMoney(text, locale), text).toEqual({ problem: 'invalid' });
  });

  it.each([
    ['en-US', ['0,001', '00,100', '0,100.00', '01,234.00', '1234,567.00', '1,2345.00', ',123.00']],
    ['es-ES', ['0.001', '00.100', '0.100,00', '01.234,00', '1234.567,00', '1.2345,00', '.123,00']],
  ] as const)('refuses in %s group marks anywhere but between groups of three digits after a first group without a leading 0', (locale, texts) => {
    for (const text of texts) expect(parseMoney(text, locale), text).toEqual({ problem: 'invalid' });
  });

  it('reads the other convention when two decimals follow the last mark, as no thousands group has two digits', () => {
    expect(parseMoney('5.50', 'es-ES')).toEqual({ cents: 550 });
    expect(parseMoney('$2.00', 'es-ES')).toEqual({ cents: 200 });
    expect(parseMoney('0.05', 'es-ES')).toEqual({ cents: 5 });
    expect(parseMoney('1,234.50', 'es-ES')).toEqual({ cents: 123450 });
    expect(parseMoney('12,50', 'en-US')).toEqual({ cents: 1250 });
    expect(parseMoney('1.234,50 €', 'en-US')).toEqual({ cents: 123450 });
    // Its own convention first: "1,50" is one and a half in Spanish, whatever else it might be.
    expect(parseMoney('1,50', 'es-ES')).toEqual({ cents: 150 });
    expect(parseMoney('1.50', 'en-US')).toEqual({ cents: 150 });
  });

  it.each([
    ['en-US', ['1,234', '12,345', '$1,000', '1,234,567']],
    ['es-ES', ['1.234', '12.345', '1.000 €', '1.234.567']],
  ] as const)('refuses in %s group marks without a decimal mark as ambiguous, never guessing', (locale, texts) => {
    for (const text of texts) expect(parseMoney(text, locale), text).toEqual({ problem: 'ambiguous' });
  });

  it('writes cents back for an amount field', () => {
    expect(centsToInput(7675, 'en-US')).toBe('76.75');
    expect(centsToInput(7675, 'es-ES')).toBe('76,75');
    expect(parseMoney(centsToInput(123456, 'es-ES'), 'es-ES')).toEqual({ cents: 123456 });
    expect(parseMoney(centsToInput(123456, 'en-US'), 'en-US')).toEqual({ cents: 123456 });
  });
});

describe('opening hours in the reader language', () => {
  it('names weekdays, times and time zones', () => {
    expect(weekdayName(1, 'en-US')).toBe('Monday');
    expect(weekdayName(5, 'es-ES')).toBe('viernes');
    expect(timeOfDay('08:30', 'en-US').replace(/\s/g, ' ')).toBe('8:30 AM');
    expect(timeOfDay('18:00', 'es-ES')).toBe('18:00');
    expect(timeZoneName('America/Chicago', 'en-US')).toBe('Central Time');
    expect(timeZoneName('America/Chicago', 'es-ES')).toMatch(/central/i);
    expect(timeZoneName('Not/AZone', 'en-US')).toBe('Not/AZone');
  });
});
