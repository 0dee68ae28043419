// The statistics' reads (decision 053 sections 3, 6, 8): the rollup by day range (months and days: rollup.ts), never the games table
// but for an agent's 5 newest games. Plain statements through Database.query (prepared once per connection on
// PostgreSQL). Sums are cast to text (bigint sums are numeric in PostgreSQL) and dates to text, so both
// engines answer alike; service.ts turns them into santim with core's checks.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rollupRows } from './rollup.js';

/** The rows of a statement run through Drizzle (both drivers answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Sums of counted games (and coin sales) over a day range. */
export interface RollupTotals {
  fees: string;
  games: number;
  players: number;
  stakes: string;
  prizes: string;
  coinRevenue: string;
  coinsSold: string;
  topUps: number;
  cancelledPlayed: number;
}

const TOTALS = `
  coalesce(sum(agent_fee_santim), 0)::text AS fees,
  coalesce(sum(games_finished), 0)::int AS games,
  coalesce(sum(players), 0)::int AS players,
  coalesce(sum(total_santim), 0)::text AS stakes,
  coalesce(sum(prize_santim), 0)::text AS prizes,
  coalesce(sum(coin_revenue_santim), 0)::text AS "coinRevenue",
  coalesce(sum(coins_sold), 0)::text AS "coinsSold",
  coalesce(sum(top_ups), 0)::int AS "topUps",
  coalesce(sum(games_cancelled_played), 0)::int AS "cancelledPlayed"`;

export async function agentTotals(database: Database, agentId: string, from: string, to: string) {
  const [row] = rowsOf<RollupTotals>(
    await database.db.execute(sql`SELECT ${sql.raw(TOTALS)} FROM ${rollupRows({ from, to }, agentId)} r`),
  );
  return row!;
}

export interface DayRow {
  date: string;
  fees: string;
  games: number;
  players: number;
  coinRevenue: string;
}

export function agentDays(database: Database, agentId: string, from: string, to: string) {
  return database.query<DayRow>(
    {
      name: 'stats_agent_days',
      text: `SELECT business_date::text AS date, agent_fee_santim::text AS fees, games_finished AS games, players,
          coin_revenue_santim::text AS "coinRevenue"
        FROM agent_daily_stats WHERE agent_id = $1 AND business_date BETWEEN $2 AND $3`,
    },
    [agentId, from, to],
  );
}

export interface RecentGameRow {
  id: string;
  gameId: string;
  players: number;
  stake: string;
  fee: string;
  total: string;
  status: 'active' | 'paused' | 'finished' | 'cancelled';
  createdAt: Date | string;
}

/** An agent's newest games, any status (games_agent_created_idx, read backwards). */
export function recentGames(database: Database, agentId: string, limit: number) {
  return database.query<RecentGameRow>(
    {
      name: 'stats_recent_games',
      text: `SELECT id, game_id AS "gameId", players, stake_santim::text AS stake, agent_fee_santim::text AS fee,
          total_santim::text AS total, status, created_at AS "createdAt"
        FROM games WHERE agent_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    },
    [agentId, limit],
  );
}

export async function networkTotals(database: Database, from: string, to: string) {
  const [row] = rowsOf<RollupTotals>(
    await database.db.execute(sql`SELECT ${sql.raw(TOTALS)} FROM ${rollupRows({ from, to })} r`),
  );
  return row!;
}

/** Every agent's days summed per day (days without a row are absent). */
export function networkDays(database: Database, from: string, to: string) {
  return database.query<DayRow>(
    {
      name: 'stats_network_days',
      text: `SELECT business_date::text AS date, sum(agent_fee_santim)::text AS fees, sum(games_finished)::int AS games,
          sum(players)::int AS players, sum(coin_revenue_santim)::text AS "coinRevenue"
        FROM agent_daily_stats WHERE business_date BETWEEN $1 AND $2 GROUP BY business_date`,
    },
    [from, to],
  );
}

export async function agentCounts(database: Database) {
  const [row] = await database.query<{ total: number; active: number }>(
    {
      name: 'stats_agent_counts',
      text: `SELECT count(*)::int AS total, count(*) FILTER (WHERE is_active)::int AS active
        FROM users WHERE role = 'agent' AND deleted_at IS NULL`,
    },
    [],
  );
  return row!;
}

export interface TopAgentRow {
  id: string;
  username: string;
  financialModel: 'virtual-coin' | 'commission-share' | null;
  games: number;
  players: number;
  fees: string;
}

/** The period's best agents by fees, then counted games, then username (deleted agents included: history). */
export async function topAgents(database: Database, from: string, to: string, limit: number) {
  return rowsOf<TopAgentRow>(
    await database.db.execute(sql`
      SELECT u.id, u.username, u.financial_model AS "financialModel", t.games, t.players, t.fees::text AS fees
      FROM (
        SELECT agent_id, sum(games_finished)::int AS games, sum(players)::int AS players,
          sum(agent_fee_santim) AS fees
        FROM ${rollupRows({ from, to })} r
        GROUP BY agent_id HAVING sum(games_finished) > 0
      ) t JOIN users u ON u.id = t.agent_id
      ORDER BY t.fees DESC, t.games DESC, u.username, u.id
      LIMIT ${limit}`),
  );
}

/** Per status, the rows of a money table dated in a range: how many, and each sum (santim, as text). */
type SumsByStatus<K extends string> = { status: 'pending' | 'paid' | 'cancelled'; count: number } & Record<
  K,
  string
>;

/**
 * One prepared statement (`name`) over `table`'s rows whose `dateColumn` is in the range, grouped by status:
 * the count, and `sum(column)` for each entry of `sums`. Names and columns are constants of this file.
 */
function sumsByStatus<K extends string>(
  database: Database,
  name: string,
  source: { table: string; dateColumn: string; sums: Record<K, string> },
  from: string,
  to: string,
) {
  const sums = Object.entries<string>(source.sums).map(([as, column]) => `sum(${column})::text AS ${as}`);
  return database.query<SumsByStatus<K>>(
    {
      name,
      text: `SELECT status, count(*)::int AS count, ${sums.join(', ')}
        FROM ${source.table} WHERE ${source.dateColumn} BETWEEN $1 AND $2 GROUP BY status`,
    },
    [from, to],
  );
}

export type StatusSums = SumsByStatus<'earnings' | 'commission' | 'net'>;
export type EarningSums = SumsByStatus<'share' | 'platform' | 'net'>;

/** Commission payments dated in the range, per status. */
export const paymentsByStatus = (database: Database, from: string, to: string) =>
  sumsByStatus(
    database,
    'stats_payments_by_status',
    {
      table: 'commission_payments',
      dateColumn: 'payment_date',
      sums: {
        earnings: 'total_earnings_santim',
        commission: 'admin_commission_santim',
        net: 'agent_net_santim',
      },
    },
    from,
    to,
  );

/** Super agent earnings of the range's business days, per status. */
export const earningsByStatus = (database: Database, from: string, to: string) =>
  sumsByStatus(
    database,
    'stats_earnings_by_status',
    {
      table: 'super_agent_earnings',
      dateColumn: 'business_date',
      sums: {
        share: 'super_agent_share_santim',
        platform: 'platform_share_santim',
        net: 'super_agent_net_santim',
      },
    },
    from,
    to,
  );

/** Per day: admin commission of the payments and net earnings of the super agents, neither cancelled. */
export function moneyDays(database: Database, from: string, to: string) {
  return database.query<{ date: string; commission: string; net: string }>(
    {
      name: 'stats_money_days',
      text: `SELECT date::text AS date, sum(commission)::text AS commission, sum(net)::text AS net FROM (
          SELECT payment_date AS date, admin_commission_santim AS commission, 0::bigint AS net
          FROM commission_payments WHERE payment_date BETWEEN $1 AND $2 AND status <> 'cancelled'
          UNION ALL
          SELECT business_date, 0::bigint, super_agent_net_santim
          FROM super_agent_earnings WHERE business_date BETWEEN $1 AND $2 AND status <> 'cancelled'
        ) x GROUP BY date`,
    },
    [from, to],
  );
}
