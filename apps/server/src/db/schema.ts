// The database schema, one source for PGlite and PostgreSQL. Migrations are generated from it by drizzle-kit
// (`npm run db:generate -w @cartela/server`) into apps/server/drizzle/ and applied at start.
//
// Conventions (docs/decisions/020-ids-and-money-columns.md):
// - ids are UUIDs made by the database (gen_random_uuid());
// - money is an integer number of santim in a bigint column (mode 'number': safe up to 2^53 santim);
// - rates are exact decimals: numeric(7,4) percent, read as strings and converted at the JSON edge;
// - timestamps are timestamptz.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const ROLES = ['admin', 'agent', 'super-agent'] as const;
export const FINANCIAL_MODELS = ['virtual-coin', 'commission-share'] as const;
export const LANGUAGES = ['en', 'am'] as const;
export const COIN_LEDGER_REASONS = ['top-up', 'game', 'refund', 'adjustment', 'demo'] as const;

export type RoleName = (typeof ROLES)[number];
export type FinancialModelName = (typeof FINANCIAL_MODELS)[number];
export type LanguageCode = (typeof LANGUAGES)[number];
export type CoinLedgerReason = (typeof COIN_LEDGER_REASONS)[number];

/** A 5x5 bingo card, rows of columns B I N G O; the free centre is 0. */
export type CardGrid = number[][];

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const percent = (name: string) => numeric(name, { precision: 7, scale: 4 });
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const percentRange = (column: string) =>
  sql.raw(`${column} IS NULL OR (${column} >= 0 AND ${column} <= 100)`);

/** Admins, agents and super agents: one table, told apart by role. */
export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<RoleName>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    language: text('language').$type<LanguageCode>().notNull().default('en'),
    contact: text('contact'),
    /** Agents only. */
    financialModel: text('financial_model').$type<FinancialModelName>(),
    /** Whole coins (agents with the virtual-coin model); always the sum of the agent's coin_ledger deltas. */
    virtualCoins: bigint('virtual_coins', { mode: 'number' }).notNull().default(0),
    /** Agents only: the house cut of each game, in percent. */
    commissionPercentage: percent('commission_percentage'),
    /** Agents only: the admin's share of a commission-share agent's fees, in percent. */
    systemCommissionShare: percent('system_commission_share'),
    /** Super agents only: the platform's share of the super agent's commission, in percent. */
    platformCommissionRate: percent('platform_commission_rate'),
    /** Santim. */
    totalEarnings: bigint('total_earnings', { mode: 'number' }).notNull().default(0),
    lastPaymentDate: timestamp('last_payment_date', { withTimezone: true }),
    notes: text('notes'),
    /** Bumped to end every session of the user at once (password change, deactivation, deletion). */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_role_idx').on(t.role),
    check('users_role_check', sql`${t.role} IN (${inList(ROLES)})`),
    check('users_language_check', sql`${t.language} IN (${inList(LANGUAGES)})`),
    check(
      'users_financial_model_check',
      sql`(${t.role} = 'agent' AND ${t.financialModel} IN (${inList(FINANCIAL_MODELS)})) OR (${t.role} <> 'agent' AND ${t.financialModel} IS NULL)`,
    ),
    check('users_username_check', sql`length(${t.username}) BETWEEN 1 AND 64`),
    check('users_virtual_coins_check', sql`${t.virtualCoins} >= 0`),
    check('users_total_earnings_check', sql`${t.totalEarnings} >= 0`),
    check('users_commission_percentage_check', percentRange('commission_percentage')),
    check('users_system_commission_share_check', percentRange('system_commission_share')),
    check('users_platform_commission_rate_check', percentRange('platform_commission_rate')),
    check('users_token_version_check', sql`${t.tokenVersion} >= 0`),
  ],
);
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** The system set of cartelas: numbers 1-300, each with its card and the patterns it can win with. */
export const cartelas = pgTable(
  'cartelas',
  {
    id: id(),
    // A unique constraint (not only an index): agent_cartelas references it.
    cartelaNumber: smallint('cartela_number').notNull().unique('cartelas_cartela_number_key'),
    card: jsonb('card').$type<CardGrid>().notNull(),
    winningPatterns: text('winning_patterns').array().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('cartelas_cartela_number_check', sql`${t.cartelaNumber} BETWEEN 1 AND 300`),
    check(
      'cartelas_card_check',
      sql`jsonb_typeof(${t.card}) = 'array' AND jsonb_array_length(${t.card}) = 5`,
    ),
  ],
);
export type CartelaRow = typeof cartelas.$inferSelect;

/** The cartelas assigned to an agent, each with the agent's own copy of the card (editable later). */
export const agentCartelas = pgTable(
  'agent_cartelas',
  {
    id: id(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cartelaNumber: smallint('cartela_number')
      .notNull()
      .references(() => cartelas.cartelaNumber, { onDelete: 'restrict' }),
    card: jsonb('card').$type<CardGrid>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('agent_cartelas_agent_number_key').on(t.agentId, t.cartelaNumber),
    check('agent_cartelas_cartela_number_check', sql`${t.cartelaNumber} BETWEEN 1 AND 300`),
    check(
      'agent_cartelas_card_check',
      sql`jsonb_typeof(${t.card}) = 'array' AND jsonb_array_length(${t.card}) = 5`,
    ),
  ],
);
export type AgentCartelaRow = typeof agentCartelas.$inferSelect;

/** Which super agent supervises which agent, at what rate. At most one active agreement per agent. */
export const superAgentAgreements = pgTable(
  'super_agent_agreements',
  {
    id: id(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    superAgentId: uuid('super_agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    superAgentCommissionRate: percent('super_agent_commission_rate').notNull(),
    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('super_agent_agreements_one_active_per_agent').on(t.agentId).where(sql`${t.isActive}`),
    index('super_agent_agreements_super_agent_idx').on(t.superAgentId),
    check('super_agent_agreements_rate_check', percentRange('super_agent_commission_rate')),
    check('super_agent_agreements_not_self_check', sql`${t.agentId} <> ${t.superAgentId}`),
    check(
      'super_agent_agreements_active_check',
      sql`(${t.isActive} AND ${t.endedAt} IS NULL) OR (NOT ${t.isActive} AND ${t.endedAt} IS NOT NULL)`,
    ),
  ],
);
export type SuperAgentAgreementRow = typeof superAgentAgreements.$inferSelect;

/**
 * Every change of an agent's coin balance, immutable (a trigger refuses UPDATE and DELETE).
 * users.virtual_coins always equals the sum of the agent's deltas.
 */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: id(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    balanceBefore: bigint('balance_before', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    reason: text('reason').$type<CoinLedgerReason>().notNull(),
    /** Santim paid for the coins (top-ups). */
    etbAmountSantim: bigint('etb_amount_santim', { mode: 'number' }),
    gameId: uuid('game_id'),
    /** Who made the change; null for the system (demo data, automatic refunds). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'restrict' }),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [
    index('coin_ledger_agent_created_idx').on(t.agentId, t.createdAt),
    index('coin_ledger_game_idx').on(t.gameId),
    check('coin_ledger_reason_check', sql`${t.reason} IN (${inList(COIN_LEDGER_REASONS)})`),
    check('coin_ledger_delta_check', sql`${t.delta} <> 0`),
    check(
      'coin_ledger_balance_check',
      sql`${t.balanceBefore} >= 0 AND ${t.balanceAfter} >= 0 AND ${t.balanceAfter} = ${t.balanceBefore} + ${t.delta}`,
    ),
    check('coin_ledger_etb_amount_check', sql`${t.etbAmountSantim} IS NULL OR ${t.etbAmountSantim} >= 0`),
  ],
);
export type CoinLedgerRow = typeof coinLedger.$inferSelect;
