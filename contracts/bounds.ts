/**
 * The values a request may name for a day or an amount of money. A day is a real day of the
 * calendar (not 30 February, not month 13) from 2000-01-01 to 2100-12-31: the portal holds no
 * money, no audit entry and no business day before 2000, and a later year is a typing slip. Both
 * ends sit far inside what JavaScript's dates and PostgreSQL's `date` and `timestamptz` hold, the
 * day after the last too (a search "to" a day reads up to the next day's start). An amount in
 * cents fits PostgreSQL's `integer`, the type of every amount column. A value outside is a 400
 * naming the field, never a database error.
 */
import * as v from 'valibot';

/** The first and the last day a request may name (YYYY-MM-DD). */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2100-12-31';

/** The most cents any amount holds: PostgreSQL's largest `integer`. */
export const MAX_CENTS = 2_147_483_647;

/** YYYY-MM-DD naming a day that exists: the year, month and day survive a round trip through the calendar. */
function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A day of the calendar between `FIRST_DAY` and `LAST_DAY`. (Valibot runs every check of a pipe
 * even after one fails, so none of these may throw on text that is not a date at all.)
 */
export const calendarDaySchema = v.pipe(
  v.string(),
  v.isoDate(),
  v.check(isCalendarDay, 'Not a day of the calendar'),
  v.check((text) => text >= FIRST_DAY && text <= LAST_DAY, `Not between ${FIRST_DAY} and ${LAST_DAY}`),
);
