// The reports' reads (decision 053 section 7): the games matching the filters, sorted and cut in SQL (a page by
// LIMIT/OFFSET, the export by keyset batches), and the page's total and summary from the daily rollup
// (agent_daily_stats) rather than by counting games, except for the few open games.
import type { REPORT_SORT_FIELDS } from '@cartela/contract';
import type { Santim } from '@cartela/core';
import { and, asc, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { storedSantim } from '../../db/columns.js';
import { type FinancialModelName, type GameStatusName, games, users } from '../../db/schema.js';
import { rollupRows } from '../stats/index.js';

export type ReportSortField = (typeof REPORT_SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';
export type ReportStatus = 'all' | GameStatusName;

/** Which games: already scoped (an agent's own id, or the admin's optional agent) and with its days resolved. */
export interface ReportFilter {
  /** null: every agent (the admin). */
  agentId: string | null;
  status: ReportStatus;
  /** First and last business day of creation, inclusive (null: open). */
  from: string | null;
  to: string | null;
}

export interface ReportSort {
  by: ReportSortField;
  order: SortOrder;
}

/**
 * Each sort key, its column and its SQL type (the keyset cursor travels as text and is cast back). None of these
 * columns changes after a game is created, so a game never moves in the order while an export reads it.
 */
const SORT_KEYS: Record<ReportSortField, { column: AnyPgColumn; type: string }> = {
  gameId: { column: games.gameId, type: 'text' },
  stake: { column: games.stakeSantim, type: 'bigint' },
  numberOfPlayers: { column: games.players, type: 'smallint' },
  agentFee: { column: games.agentFeeSantim, type: 'bigint' },
  totalAmount: { column: games.totalSantim, type: 'bigint' },
  createdAt: { column: games.createdAt, type: 'timestamptz' },
};

/** The columns a report row shows. */
const rowColumns = {
  id: games.id,
  gameId: games.gameId,
  agentId: games.agentId,
  agentUsername: users.username,
  financialModel: games.financialModel,
  status: games.status,
  stakeSantim: games.stakeSantim,
  players: games.players,
  totalCalls: games.totalCalls,
  commissionPercent: games.commissionPercent,
  agentFeeSantim: games.agentFeeSantim,
  totalSantim: games.totalSantim,
  prizeSantim: games.prizeSantim,
  coinCost: games.coinCost,
  /** How many winners share the prize (decision 062), from the state: not stored twice. */
  winners: sql<number>`coalesce(jsonb_array_length(${games.state}->'winners'), 0)`.mapWith(Number),
  businessDate: games.businessDate,
  createdAt: games.createdAt,
  finishedAt: games.finishedAt,
  /** A cancelled game's reason, as the agent gave it (decision 055). */
  cancelReason: sql<string | null>`${games.state}->>'cancelReason'`,
};

export interface ReportRow {
  id: string;
  gameId: string;
  agentId: string;
  agentUsername: string;
  financialModel: FinancialModelName;
  status: GameStatusName;
  stakeSantim: number;
  players: number;
  totalCalls: number;
  commissionPercent: string;
  agentFeeSantim: number;
  totalSantim: number;
  prizeSantim: number;
  coinCost: number;
  winners: number;
  businessDate: string;
  createdAt: Date;
  finishedAt: Date | null;
  cancelReason: string | null;
}

/** The WHERE of the games: agent, status, business days of creation (games_agent_business_date_idx et al.). */
function gamesWhere(filter: ReportFilter, ...more: (SQL | undefined)[]): SQL | undefined {
  return and(
    filter.agentId === null ? undefined : eq(games.agentId, filter.agentId),
    filter.status === 'all' ? undefined : eq(games.status, filter.status),
    filter.from === null ? undefined : gte(games.businessDate, filter.from),
    filter.to === null ? undefined : lte(games.businessDate, filter.to),
    ...more,
  );
}

/**
 * The sort key as the query orders by it. For one agent's games (about 3,300 in two years) it is an expression
 * (`stake_santim + 0`, `game_id || ''`) with the same order: on the bare column, PostgreSQL walks the
 * network-wide sort index (games_stake_idx...) backwards for a LIMIT 20 and filters out the other 299 agents'
 * games on the way (140 ms at 1,000,000 games); with the expression it reads the agent's games by
 * games_agent_business_date_idx and sorts them (a few ms). createdAt has its own per-agent index.
 */
function sortKeyOf(filter: ReportFilter, sort: ReportSort): SQL | AnyPgColumn {
  const { column, type } = SORT_KEYS[sort.by];
  if (filter.agentId === null || sort.by === 'createdAt') return column;
  return type === 'text' ? sql`(${column} || '')` : sql`(${column} + 0)`;
}

/** ORDER BY the key, then the id, both in the same direction: a total order, so pages and batches are stable. */
function orderOf(filter: ReportFilter, sort: ReportSort): SQL[] {
  const dir = sort.order === 'asc' ? asc : desc;
  return [dir(sortKeyOf(filter, sort)), dir(games.id)];
}

/** One page of rows: `ORDER BY <key> <dir>, id <dir> LIMIT/OFFSET`. */
export function readPage(
  db: DbOrTx,
  filter: ReportFilter,
  sort: ReportSort,
  page: { limit: number; offset: number },
): Promise<ReportRow[]> {
  return db
    .select(rowColumns)
    .from(games)
    .innerJoin(users, eq(users.id, games.agentId))
    .where(gamesWhere(filter))
    .orderBy(...orderOf(filter, sort))
    .limit(page.limit)
    .offset(page.offset);
}

/** Where the previous batch ended: its last row's sort key (as PostgreSQL prints it: exact, microseconds kept) and id. */
export interface Cursor {
  key: string;
  id: string;
}

/**
 * The next `limit` rows after `after` in the sort order (keyset: `WHERE (key, id) > (last key, last id)`, `<`
 * when descending), each with its cursor. Every batch is one statement on its own: no transaction is held
 * across an export.
 */
export function readBatch(
  db: DbOrTx,
  filter: ReportFilter,
  sort: ReportSort,
  after: Cursor | null,
  limit: number,
): Promise<(ReportRow & { cursor: string })[]> {
  const { column, type } = SORT_KEYS[sort.by];
  const key = sortKeyOf(filter, sort);
  const past =
    after === null
      ? undefined
      : sort.order === 'asc'
        ? sql`(${key}, ${games.id}) > (CAST(${after.key} AS ${sql.raw(type)}), CAST(${after.id} AS uuid))`
        : sql`(${key}, ${games.id}) < (CAST(${after.key} AS ${sql.raw(type)}), CAST(${after.id} AS uuid))`;
  return db
    .select({ ...rowColumns, cursor: sql<string>`${column}::text` })
    .from(games)
    .innerJoin(users, eq(users.id, games.agentId))
    .where(gamesWhere(filter, past))
    .orderBy(...orderOf(filter, sort))
    .limit(limit);
}

/**
 * A sum of santim as the drivers return it (sum(bigint) is numeric, sent as a string by both): a total past 2^53
 * fails loudly, a 500 naming it (decision 081), instead of being rounded.
 */
const toSantim = (value: unknown, figure: string): Santim =>
  storedSantim(value as string | number | null, `report summary ${figure}`);

/** A count or a sum of counts (bigint, a string on node-postgres): a safe integer, or throws. */
function toCount(value: unknown): number {
  const n = value === null ? 0 : Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`Not a count: ${String(value)}`);
  return n;
}

/** The rollup's sums over the filter's agent(s) and days (the status of the filter does not apply here). */
export interface RollupTotals {
  created: number;
  finished: number;
  cancelled: number;
  /** Of the counted (finished) games, as every sum below. */
  players: number;
  totalSantim: Santim;
  agentFeeSantim: Santim;
}

/** Sums of the rollup over the agent(s) and the day range: whole months from the months, the rest from the days. */
export async function readRollup(db: DbOrTx, filter: ReportFilter): Promise<RollupTotals> {
  const result = await db.execute(sql`
    SELECT coalesce(sum(games_created), 0) AS created, coalesce(sum(games_finished), 0) AS finished,
      coalesce(sum(games_cancelled), 0) AS cancelled, coalesce(sum(players), 0) AS players,
      coalesce(sum(total_santim), 0) AS total, coalesce(sum(agent_fee_santim), 0) AS fee
    FROM ${rollupRows({ from: filter.from, to: filter.to }, filter.agentId)} r`);
  // An aggregate without GROUP BY always answers one row.
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
  return {
    created: toCount(row.created),
    finished: toCount(row.finished),
    cancelled: toCount(row.cancelled),
    players: toCount(row.players),
    totalSantim: toSantim(row.total, 'totalAmount'),
    agentFeeSantim: toSantim(row.fee, 'totalEarnings'),
  };
}

/** How many games match an active or paused filter: few rows, read through the partial games_open_idx. */
export async function countOpen(db: DbOrTx, filter: ReportFilter & { status: 'active' | 'paused' }) {
  const [row] = await db.select({ n: count() }).from(games).where(gamesWhere(filter));
  return toCount(row?.n ?? 0);
}
