// Business days and the per-agent daily rollup the dashboards read (docs/decisions/053-money-and-insight.md).
// Both are written by the database itself: business_settings at start (main.ts, from BUSINESS_TIMEZONE), the
// rollup by triggers on games and coin_ledger (migration 0007), in the transaction that changes a game or sells
// coins, so no writer can forget it. `cartela_rebuild_stats()` recomputes it from the games.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { amount } from '../../db/columns.js';
import { userRef } from '../users/schema.js';

/** One row: the time zone whose calendar days are the business days (SQL function business_date(ts)). */
export const businessSettings = pgTable(
  'business_settings',
  {
    /** Always true: the table holds one row. */
    id: boolean('id').primaryKey().default(true),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [check('business_settings_one_row_check', sql`${t.id}`)],
);

/** The sums a day's row and a month's row both keep (the same triggers write both): every one only grows. */
const rollupSums = () => ({
  gamesCreated: integer('games_created').notNull().default(0),
  gamesFinished: integer('games_finished').notNull().default(0),
  gamesCancelled: integer('games_cancelled').notNull().default(0),
  /** Cancelled after their first call: played, never counted. */
  gamesCancelledPlayed: integer('games_cancelled_played').notNull().default(0),
  /** Of the counted games. */
  players: integer('players').notNull().default(0),
  totalSantim: amount('total_santim').notNull().default(0),
  agentFeeSantim: amount('agent_fee_santim').notNull().default(0),
  prizeSantim: amount('prize_santim').notNull().default(0),
  /** Coin sales (ledger 'top-up' rows) of the day or month. */
  topUps: integer('top_ups').notNull().default(0),
  coinsSold: amount('coins_sold').notNull().default(0),
  coinRevenueSantim: amount('coin_revenue_santim').notNull().default(0),
});

/**
 * Per agent and business day: the games created that day and, of those, the counted ones (finished) with their
 * money; the cancelled ones; coins sold that day. Every figure only grows (finished and cancelled are final).
 */
export const agentDailyStats = pgTable(
  'agent_daily_stats',
  {
    agentId: userRef('agent_id', 'restrict'),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    ...rollupSums(),
  },
  // No CHECK across the game counts (finished + cancelled <= created): an upsert's proposed row (0 created,
  // 1 finished) is checked before its conflict is seen. The recomputation test keeps them consistent.
  (t) => [
    primaryKey({ name: 'agent_daily_stats_pkey', columns: [t.agentId, t.businessDate] }),
    index('agent_daily_stats_date_idx').on(t.businessDate, t.agentId),
    check(
      'agent_daily_stats_counts_check',
      sql`${t.gamesCreated} >= 0 AND ${t.gamesFinished} >= 0 AND ${t.gamesCancelled} >= 0 AND ${t.gamesCancelledPlayed} >= 0 AND ${t.gamesCancelledPlayed} <= ${t.gamesCancelled} AND ${t.players} >= 0 AND ${t.topUps} >= 0`,
    ),
    check(
      'agent_daily_stats_money_check',
      sql`${t.totalSantim} >= 0 AND ${t.agentFeeSantim} >= 0 AND ${t.prizeSantim} >= 0 AND ${t.coinsSold} >= 0 AND ${t.coinRevenueSantim} >= 0`,
    ),
  ],
);
export type AgentDailyStatsRow = typeof agentDailyStats.$inferSelect;

/**
 * The same sums per agent and calendar month (`month` = its first day), kept by the same triggers: a long range
 * (a year, all time) reads months, and days only for its partial months (`rollup.ts`).
 */
export const agentMonthlyStats = pgTable(
  'agent_monthly_stats',
  {
    agentId: userRef('agent_id', 'restrict'),
    month: date('month', { mode: 'string' }).notNull(),
    ...rollupSums(),
  },
  (t) => [
    primaryKey({ name: 'agent_monthly_stats_pkey', columns: [t.agentId, t.month] }),
    index('agent_monthly_stats_month_idx').on(t.month, t.agentId),
    check('agent_monthly_stats_month_check', sql`extract(day FROM ${t.month}) = 1`),
  ],
);
