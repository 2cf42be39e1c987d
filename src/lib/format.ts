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
 * What typed money reads as: its cents, or why it cannot be read. `ambiguous` is text like
 * "1.234" in Spanish or "1,234" in English, which someone used to the other convention would
 * read as a decimal: it is refused rather than guessed.
 */
export type ParsedMoney = { cents: number } | { problem: 'invalid' | 'ambiguous' };

const invalid: ParsedMoney = Object.freeze({ problem: 'invalid' });

/**
 * Typed money back into cents. Read first in the reader's language: its decimal mark with at most
 * two decimals, an optional currency sign and spaces, and group marks only between groups of three
 * digits after a first group that does not start with 0. "12,50" is 1250 cents in Spanish and
 * "1,234.50" is 123450 in English; "0.001" is not an amount, and "1.234" or "1,234" without a
 * decimal mark is ambiguous. Text that is no amount in the reader's language is then read in the
 * other convention when exactly two decimals follow its last mark, which no one writes as a
 * thousands group: a Spanish speaker in the US writes "5.50" as on the bill.
 */
export function parseMoney(text: string, locale: string): ParsedMoney {
  const { decimal, group } = separators(locale);
  const cleaned = text.replace(/[\s\u00a0\u202f$€]|US\$?/g, '');
  const own = readMoney(cleaned, decimal, group);
  if (!('problem' in own) || own.problem === 'ambiguous') return own;
  const lastMark = Math.max(cleaned.lastIndexOf(group), cleaned.lastIndexOf(decimal));
  const twoDecimalsAfterGroupMark = lastMark >= 0 && cleaned[lastMark] === group && /^\d{2}$/.test(cleaned.slice(lastMark + 1));
  return twoDecimalsAfterGroupMark ? readMoney(cleaned, group, decimal) : own;
}

function readMoney(cleaned: string, decimal: string, group: string): ParsedMoney {
  const [whole = '', fraction, ...rest] = cleaned.split(decimal);
  if (rest.length > 0) return invalid;
  if (fraction !== undefined && !/^\d{1,2}$/.test(fraction)) return invalid;
  let digits = whole;
  if (!/^\d+$/.test(whole)) {
    const grouped = new RegExp(`^[1-9]\\d{0,2}(?:${escapeRegExp(group)}\\d{3})+$`);
    if (!grouped.test(whole)) return invalid;
    // Group marks alone: someone used to the other convention may have meant a decimal mark.
    if (fraction === undefined) return { problem: 'ambiguous' };
    digits = whole.split(group).join('');
  }
  const total = Number(digits) * 100 + Number((fraction ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(total) ? { cents: total } : invalid;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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
