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
    expect(parseMoney('48.50', 'en-US')).toBe(4850);
    expect(parseMoney('$48.5', 'en-US')).toBe(4850);
    expect(parseMoney('20', 'en-US')).toBe(2000);
    expect(parseMoney('1,250.00', 'en-US')).toBe(125000);
    expect(parseMoney(' 7 ', 'en-US')).toBe(700);
  });

  it('reads what a payer types in Spanish, where the comma is the decimal mark', () => {
    expect(parseMoney('48,50', 'es-ES')).toBe(4850);
    expect(parseMoney('1.250,5', 'es-ES')).toBe(125050);
    expect(parseMoney('20 €', 'es-ES')).toBe(2000);
  });

  it('refuses anything that is not an amount', () => {
    for (const text of ['', 'abc', '12.345', '1.2.3', '-5', '12,5', '1,25,0', '4e3']) {
      expect(parseMoney(text, 'en-US'), text).toBeNull();
    }
    expect(parseMoney('12.50', 'es-ES')).toBeNull();
  });

  it('writes cents back for an amount field', () => {
    expect(centsToInput(7675, 'en-US')).toBe('76.75');
    expect(centsToInput(7675, 'es-ES')).toBe('76,75');
    expect(parseMoney(centsToInput(123456, 'es-ES'), 'es-ES')).toBe(123456);
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
