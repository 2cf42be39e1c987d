/**
 * Money and dates in the reader's language. Money is integer cents everywhere; only these
 * functions turn it into text, or typed text back into cents.
 */

const currency = 'USD';

/** Cents as currency text in the language, e.g. 4850 → "$48.50" or "48,50 US$". */
export function formatMoney(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/** A YYYY-MM-DD calendar date (or an ISO instant) as a medium date in the language, read in UTC. */
export function formatDate(isoDate: string, locale: string): string {
  const date = new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** An ISO instant as date and time in the language, in the reader's own time zone. */
export function formatDateTime(isoInstant: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(isoInstant));
}

function separators(locale: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
  };
}

/**
 * Typed money back into cents, or null when it is not an amount: the language's decimal mark,
 * optional group marks, at most two decimals, an optional currency sign. "12,50" is 1250 cents in
 * Spanish; in English the comma groups thousands, so "1,250" is 125000.
 */
export function parseMoney(text: string, locale: string): number | null {
  const { decimal, group } = separators(locale);
  const cleaned = text.replace(/[\s\u00a0\u202f$€]|US\$?/g, '');
  if (cleaned === '') return null;
  const [whole = '', fraction, ...rest] = cleaned.split(decimal);
  if (rest.length > 0) return null;
  const groupPattern = new RegExp(`^\\d{1,3}(\\${group}\\d{3})*$`);
  if (!/^\d+$/.test(whole) && !groupPattern.test(whole)) return null;
  if (fraction !== undefined && !/^\d{1,2}$/.test(fraction)) return null;
  const units = Number(whole.split(group).join(''));
  const cents = fraction === undefined ? 0 : Number(fraction.padEnd(2, '0'));
  const total = units * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/** Cents as plain text for an input in the language, without the currency sign: 1250 → "12.50" / "12,50". */
export function centsToInput(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(
    cents / 100,
  );
}

/** The name of an ISO weekday (1 is Monday) in the language. */
export function weekdayName(isoDay: number, locale: string): string {
  // 2024-01-01 was a Monday.
  const date = new Date(Date.UTC(2024, 0, isoDay));
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(date);
}

/** A 24-hour "HH:MM" as the language writes a time of day: "8:30 AM", "8:30". */
export function timeOfDay(hhmm: string, locale: string): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1, hours, minutes)),
  );
}

/** A time zone's everyday name in the language: "Central Time", "hora central". */
export function timeZoneName(timeZone: string, locale: string): string {
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(new Date());
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}
