// Games and their event log (docs/decisions/045-games-server.md).
import { type GameState, PATTERN_IDS, type PatternId } from '@cartela/core';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { amount, type CardGrid, createdAt, id, inList, percent, updatedAt } from '../../db/columns.js';
import { commissionPayments } from '../commission/schema.js';
import { type FinancialModelName, userRef } from '../users/schema.js';

export const GAME_STATUSES = ['active', 'paused', 'finished', 'cancelled'] as const;
/** The gameMode (product/draw.md#winning-patterns): a game is won by its one selected pattern (decision 055). */
export const GAME_MODES = ['specific-pattern'] as const;
/** The actions a game's event log holds: core's reducer actions without create and reveal-seed. */
export const GAME_EVENT_TYPES = [
  'call-next',
  'pause',
  'resume',
  'shuffle',
  'validate',
  'finish',
  'cancel',
] as const;

export type GameStatusName = (typeof GAME_STATUSES)[number];
export type GameModeName = (typeof GAME_MODES)[number];
export type GameEventType = (typeof GAME_EVENT_TYPES)[number];

/**
 * Core's GameState as a game row keeps it: without the cards (column `cartelas`, written once) and without the
 * seed (column `draw_seed`), so that a call reads and writes about 1 KB instead of 35 KB.
 */
export type StoredGameState = Omit<GameState, 'cartelas' | 'seedHex'>;

/** The create payload's display fields, kept as sent (product/screens.md#create-game-wizard). */
export interface GameSettings {
  enabledPatterns?: PatternId[];
  moneyLevels?: { amount: number; label?: string }[];
  customMoneyLevel?: number | null;
  commonMoneyLevel?: number | null;
  voiceSpeed?: number;
}

/** A game's cartelas with the cards copied from the agent's own at creation. */
export interface StoredCartela {
  cartelaNumber: number;
  card: CardGrid;
}

/**
 * One game. Money in santim; the list columns (status, total_calls, winner_cartela, finished_at, last_seq)
 * are kept in step with `state` by the one writer of a game (act.ts runActions), in the transaction that appends
 * the events.
 */
export const games = pgTable(
  'games',
  {
    id: id(),
    /** The public id used in addresses: 'G' and 10 Crockford base32 characters (ids.ts). */
    gameId: text('game_id').notNull().unique('games_game_id_key'),
    agentId: userRef('agent_id', 'restrict'),
    status: text('status').$type<GameStatusName>().notNull().default('active'),
    gameMode: text('game_mode').$type<GameModeName>().notNull(),
    /**
     * The rest of the spec's create payload as the wizard sent it (enabledPatterns, moneyLevels, customMoneyLevel,
     * voiceSpeed): kept on the game and shown in its history (decision 055).
     */
    settings: jsonb('settings').$type<GameSettings>().notNull().default(sql`'{}'::jsonb`),
    /** The canonical pattern id. */
    pattern: text('pattern').$type<PatternId>().notNull(),
    stakeSantim: amount('stake_santim').notNull(),
    players: smallint('players').notNull(),
    totalSantim: amount('total_santim').notNull(),
    agentFeeSantim: amount('agent_fee_santim').notNull(),
    prizeSantim: amount('prize_santim').notNull(),
    /** The agent's commission percentage when the game was created. */
    commissionPercent: percent('commission_percent').notNull(),
    /** Coins the game cost (0 for a commission-share agent). */
    coinCost: integer('coin_cost').notNull(),
    /** The cartela numbers, ascending (the lists show them without reading the cards). */
    cartelaNumbers: jsonb('cartela_numbers').$type<number[]>().notNull(),
    totalCalls: smallint('total_calls').notNull().default(0),
    /** The first confirmed winner. */
    winnerCartela: smallint('winner_cartela'),
    /** SHA-256 of the seed, published with the game. */
    drawCommitment: text('draw_commitment').notNull(),
    /** The secret seed (64 hex characters): shown only once the game is finished or cancelled. */
    drawSeed: text('draw_seed').notNull(),
    state: jsonb('state').$type<StoredGameState>().notNull(),
    cartelas: json('cartelas').$type<StoredCartela[]>().notNull(),
    /** The seq of the last event in game_events (0: none). */
    lastSeq: integer('last_seq').notNull().default(0),
    /** The creating request's Idempotency-Key and a hash of what it asked for. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * The business day of created_at (decision 053): set by the database (a BEFORE INSERT trigger and
     * business_date()), never by a Node clock. The day a game counts on, and the reports' date.
     */
    businessDate: date('business_date', { mode: 'string' }).notNull().default(sql`business_date(now())`),
    /** The agent's financial model when the game was created: the game keeps it. */
    financialModel: text('financial_model').$type<FinancialModelName>().notNull(),
    /** The commission payment that settled this game (commission-share games, once finished). */
    commissionPaymentId: uuid('commission_payment_id').references(() => commissionPayments.id, {
      onDelete: 'restrict',
    }),
  },
  (t) => [
    uniqueIndex('games_agent_idempotency_key').on(t.agentId, t.idempotencyKey),
    // Newest first, per agent and for the admin (scanned backwards).
    index('games_agent_created_idx').on(t.agentId, t.createdAt, t.id),
    index('games_created_idx').on(t.createdAt, t.id),
    // Reports (decision 053 section 7): one agent's days; every agent's days; the unsettled commission-share
    // games a payment settles; the few games still open.
    index('games_agent_business_date_idx').on(t.agentId, t.businessDate, t.createdAt),
    index('games_business_date_idx').on(t.businessDate, t.createdAt),
    // The admin's report over every game, sorted by a money column (the columns never change: game calls stay
    // HOT updates).
    index('games_stake_idx').on(t.stakeSantim, t.id),
    index('games_players_idx').on(t.players, t.id),
    index('games_agent_fee_idx').on(t.agentFeeSantim, t.id),
    index('games_total_idx').on(t.totalSantim, t.id),
    index('games_unsettled_idx')
      .on(t.agentId, t.businessDate)
      .where(
        sql`${t.financialModel} = 'commission-share' AND ${t.status} = 'finished' AND ${t.commissionPaymentId} IS NULL`,
      ),
    index('games_open_idx').on(t.agentId, t.createdAt).where(sql`${t.status} IN ('active', 'paused')`),
    check('games_financial_model_check', sql`${t.financialModel} IN ('virtual-coin', 'commission-share')`),
    check(
      'games_settled_check',
      sql`${t.commissionPaymentId} IS NULL OR (${t.financialModel} = 'commission-share' AND ${t.status} = 'finished')`,
    ),
    check('games_status_check', sql`${t.status} IN (${inList(GAME_STATUSES)})`),
    check('games_game_mode_check', sql`${t.gameMode} IN (${inList(GAME_MODES)})`),
    check('games_pattern_check', sql`${t.pattern} IN (${inList(PATTERN_IDS)})`),
    check('games_game_id_check', sql`${t.gameId} ~ '^[A-Za-z0-9_-]{1,64}$'`),
    check('games_players_check', sql`${t.players} BETWEEN 1 AND 300`),
    check(
      'games_money_check',
      sql`${t.stakeSantim} >= 0 AND ${t.agentFeeSantim} >= 0 AND ${t.prizeSantim} >= 0 AND ${t.totalSantim} = ${t.stakeSantim} * ${t.players} AND ${t.prizeSantim} = ${t.totalSantim} - ${t.agentFeeSantim}`,
    ),
    check(
      'games_commission_percent_check',
      sql`${t.commissionPercent} >= 0 AND ${t.commissionPercent} <= 100`,
    ),
    // 0 for a commission-share agent, else 1 coin per started birr of the fee.
    check(
      'games_coin_cost_check',
      sql`${t.coinCost} = 0 OR ${t.coinCost} = (${t.agentFeeSantim} + 99) / 100`,
    ),
    check(
      'games_cartela_numbers_check',
      sql`jsonb_typeof(${t.cartelaNumbers}) = 'array' AND jsonb_array_length(${t.cartelaNumbers}) = ${t.players}`,
    ),
    check('games_total_calls_check', sql`${t.totalCalls} BETWEEN 0 AND 75`),
    check(
      'games_draw_check',
      sql`${t.drawCommitment} ~ '^[0-9a-f]{64}$' AND ${t.drawSeed} ~ '^[0-9a-f]{64}$'`,
    ),
    check('games_last_seq_check', sql`${t.lastSeq} >= 0`),
    check(
      'games_finished_check',
      sql`(${t.status} IN ('finished', 'cancelled')) = (${t.finishedAt} IS NOT NULL)`,
    ),
    check('games_idempotency_check', sql`(${t.idempotencyKey} IS NULL) = (${t.requestHash} IS NULL)`),
  ],
);
export type GameRow = typeof games.$inferSelect;
export type NewGameRow = typeof games.$inferInsert;

/**
 * Every action applied to a game, in order: append-only (a trigger refuses UPDATE and DELETE). `action` is the
 * action as applied (its `at` in UTC), `result` what it produced (the ball called, the new order of a shuffle,
 * the claim verdict, the status after, a refund).
 */
export const gameEvents = pgTable(
  'game_events',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'restrict' }),
    seq: integer('seq').notNull(),
    type: text('type').$type<GameEventType>().notNull(),
    /** When it happened, as the room or the server recorded it. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    action: jsonb('action').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    /** When the server stored it. */
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'game_events_pkey', columns: [t.gameId, t.seq] }),
    check('game_events_seq_check', sql`${t.seq} >= 1`),
    check('game_events_type_check', sql`${t.type} IN (${inList(GAME_EVENT_TYPES)})`),
  ],
);
export type GameEventRow = typeof gameEvents.$inferSelect;
