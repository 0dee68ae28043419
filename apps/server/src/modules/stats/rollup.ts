// Reading the rollup over a range of business days: whole calendar months from agent_monthly_stats, the days of
// partial months from agent_daily_stats (migration 0009 keeps each month the sum of its days). A year is then
// 12 rows per agent instead of 365, all time 24 instead of 730.
import { addDays } from '@cartela/core';
import { type SQL, sql } from 'drizzle-orm';

/** Every summable column of both tables, in one order. */
const COLUMNS = sql.raw(
  'agent_id, games_created, games_finished, games_cancelled, games_cancelled_played, players, total_santim, ' +
    'agent_fee_santim, prize_santim, top_ups, coins_sold, coin_revenue_santim',
);

export interface DayRange {
  /** First business day, inclusive; null: from the beginning. */
  from: string | null;
  /** Last business day, inclusive; null: up to the end. */
  to: string | null;
}

const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;
const firstOfNextMonth = (day: string) => {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/**
 * How a range splits: the whole months [monthsFrom, monthsTo) (null bounds: open) and the remaining day ranges.
 * Exported for its test.
 */
export function splitRange({ from, to }: DayRange): {
  months: { from: string | null; to: string | null } | null;
  days: { from: string | null; to: string | null }[];
} {
  const monthsFrom = from === null ? null : from.endsWith('-01') ? from : firstOfNextMonth(from);
  const monthsTo =
    to === null ? null : firstOfNextMonth(to) === addDays(to, 1) ? addDays(to, 1) : firstOfMonth(to);
  if (monthsFrom !== null && monthsTo !== null && monthsFrom >= monthsTo) {
    return { months: null, days: [{ from, to }] };
  }
  const days: { from: string | null; to: string | null }[] = [];
  if (from !== null && monthsFrom !== null && from < monthsFrom)
    days.push({ from, to: addDays(monthsFrom, -1) });
  if (to !== null && monthsTo !== null && monthsTo <= to) days.push({ from: monthsTo, to });
  return { months: { from: monthsFrom, to: monthsTo }, days };
}

/** `(SELECT agent_id, <sums> FROM months ... UNION ALL SELECT ... FROM days ...)`: the rows to sum for a range. */
export function rollupRows(range: DayRange, agentId: string | null = null): SQL {
  const { months, days } = splitRange(range);
  const agent = (table: string) =>
    agentId === null ? sql`` : sql` AND ${sql.raw(table)}.agent_id = ${agentId}`;
  const parts: SQL[] = [];
  if (months) {
    parts.push(sql`SELECT ${COLUMNS} FROM agent_monthly_stats WHERE true
      ${months.from === null ? sql`` : sql` AND month >= ${months.from}::date`}
      ${months.to === null ? sql`` : sql` AND month < ${months.to}::date`}${agent('agent_monthly_stats')}`);
  }
  for (const d of days) {
    parts.push(sql`SELECT ${COLUMNS} FROM agent_daily_stats WHERE true
      ${d.from === null ? sql`` : sql` AND business_date >= ${d.from}::date`}
      ${d.to === null ? sql`` : sql` AND business_date <= ${d.to}::date`}${agent('agent_daily_stats')}`);
  }
  return sql`(${sql.join(parts, sql` UNION ALL `)})`;
}
