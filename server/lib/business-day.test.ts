import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { businessDaySql, businessDayStartSql, clockOf, withinBusinessDaysSql } from './business-day';

const client = new PGlite();
const db = drizzle({ client });
afterAll(() => client.close());

const chicago = clockOf('America/Chicago', '21:30');
const at = (instant: string): SQL => sql`${instant}::timestamptz`;

async function value(expression: SQL): Promise<unknown> {
  const { rows } = await db.execute<{ value: unknown }>(sql`select (${expression})::text as value`);
  return rows[0]?.value;
}

describe('the business day', () => {
  it('runs from the cut-off of the day before to its own, in the client’s time zone', async () => {
    expect(await value(businessDaySql(at('2026-05-05T02:29:59Z'), chicago))).toBe('2026-05-04');
    expect(await value(businessDaySql(at('2026-05-05T02:30:00Z'), chicago))).toBe('2026-05-05');
    expect(await value(businessDaySql(at('2026-05-04T05:00:00Z'), chicago))).toBe('2026-05-04');
    expect(await value(businessDayStartSql(sql`'2026-05-05'::date`, chicago))).toBe('2026-05-05 02:30:00+00');
    // A day is named by the date its cut-off falls on: with the cut-off at midnight, 4 May's business day is 3 May's calendar day.
    expect(await value(businessDaySql(at('2026-05-04T04:59:59Z'), clockOf('America/Chicago', '00:00')))).toBe('2026-05-04');
    expect(await value(businessDaySql(at('2026-05-04T05:00:00Z'), clockOf('America/Chicago', '00:00')))).toBe('2026-05-05');
  });

  it('agrees with its window at every moment around both changes of the clocks, for cut-offs in the evening, at midnight and in the small hours', async () => {
    for (const [zone, cutoff] of [['America/Chicago', '21:30'], ['America/Chicago', '00:00'], ['America/Chicago', '02:30'], ['Europe/Madrid', '23:59'], ['UTC', '21:30']] as const) {
      const clock = clockOf(zone, cutoff);
      for (const [from, to] of [['2026-03-06', '2026-03-10'], ['2026-03-27', '2026-04-01'], ['2026-10-23', '2026-11-03']]) {
        const moment = sql`t`;
        const day = businessDaySql(moment, clock);
        const { rows } = await db.execute<{ wrong: string; days: string }>(
          sql`select count(*) filter (where not ${withinBusinessDaysSql(moment, day, day, clock)})::text as wrong, count(distinct ${day})::text as days
              from generate_series(${from}::timestamptz, ${to}::timestamptz, interval '7 minutes') t`,
        );
        expect(rows[0]?.wrong, `${zone} ${cutoff} ${from}: moments outside their own day`).toBe('0');
        expect(Number(rows[0]?.days), `${zone} ${cutoff} ${from}: one day per calendar day`).toBeGreaterThanOrEqual(4);
      }
    }
  });

  it('leaves an open end open', async () => {
    const column = at('2026-05-05T02:30:00Z');
    expect(await value(withinBusinessDaysSql(column, undefined, undefined, chicago))).toBe('true');
    expect(await value(withinBusinessDaysSql(column, sql`'2026-05-05'::date`, undefined, chicago))).toBe('true');
    expect(await value(withinBusinessDaysSql(column, undefined, sql`'2026-05-04'::date`, chicago))).toBe('false');
  });
});
