/**
 * The client's business day: the one rule of which day a moment's money belongs to. A day runs
 * from the posting cut-off of the day before (21:30 by default) to the cut-off of the day itself,
 * in the client's time zone, so a payment at 22:00 on 4 May is in 5 May's posting file. The
 * posting file, the console's Today and its Payments search by day, and a refund's same-day void
 * all read it from here: the day the console shows a payment under is the file it is posted in.
 *
 * As SQL, over a client's clock: its time zone and cut-off as SQL (the `clients` row in scope by
 * default, or values of the query's own).
 */
import { sql, type SQL } from 'drizzle-orm';

/** A client's time zone (IANA name) and posting cut-off (`HH:MM`), as SQL expressions. */
export interface ClientClock {
  timeZone: SQL;
  cutoff: SQL;
}

/** The clock of the `clients` row the query has in scope. */
export const clientsRowClock: ClientClock = { timeZone: sql`clients.time_zone`, cutoff: sql`clients.posting_cutoff` };

/** A clock of known values (a client read before the query). */
export function clockOf(timeZone: string, cutoff: string): ClientClock {
  return { timeZone: sql`${timeZone}::text`, cutoff: sql`${cutoff}::text` };
}

/**
 * The business day (a `date`) the instant (a `timestamptz`) falls in: the day whose window
 * (`businessDayStartSql`) holds it. The wall-clock date past the cut-off decides, unless the clocks
 * changed between the two, which moves a window's edge by their hour (a cut-off in the hour the
 * clocks skip starts its day an hour later): the window then decides.
 */
export function businessDaySql(instant: SQL, clock: ClientClock = clientsRowClock): SQL {
  const wallClock = sql`((${instant} at time zone ${clock.timeZone}) + (interval '24 hours' - ${clock.cutoff}::interval))::date`;
  return sql`(case when ${instant} < ${businessDayStartSql(wallClock, clock)} then ${wallClock} - 1
                   when ${instant} >= ${businessDayStartSql(sql`${wallClock} + 1`, clock)} then ${wallClock} + 1
                   else ${wallClock} end)`;
}

/** The first instant (a `timestamptz`) of the business day `date`: the cut-off of the day before. Its end is the next day's start. */
export function businessDayStartSql(date: SQL, clock: ClientClock = clientsRowClock): SQL {
  return sql`(((${date})::date - 1) + ${clock.cutoff}::time) at time zone ${clock.timeZone}`;
}

/** The instants of the business days `from` to `to` (dates, both included; either open): `column` from the start of `from` to the start of the day after `to`. */
export function withinBusinessDaysSql(column: SQL, from: SQL | undefined, to: SQL | undefined, clock: ClientClock = clientsRowClock): SQL {
  const after = from === undefined ? sql`true` : sql`${column} >= ${businessDayStartSql(from, clock)}`;
  const before = to === undefined ? sql`true` : sql`${column} < ${businessDayStartSql(sql`(${to})::date + 1`, clock)}`;
  return sql`(${after} and ${before})`;
}
