// The coin ledger: every change of a virtual-coin balance.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { amount, createdAt, id, inList } from '../../db/columns.js';
import { userRef, users } from '../users/schema.js';

export const COIN_LEDGER_REASONS = ['top-up', 'game', 'refund', 'adjustment', 'demo'] as const;
export type CoinLedgerReason = (typeof COIN_LEDGER_REASONS)[number];

/**
 * Every change of an agent's coin balance, immutable (a trigger refuses UPDATE and DELETE).
 * users.virtual_coins always equals the sum of the agent's deltas.
 */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: id(),
    agentId: userRef('agent_id', 'restrict'),
    delta: amount('delta').notNull(),
    balanceBefore: amount('balance_before').notNull(),
    balanceAfter: amount('balance_after').notNull(),
    reason: text('reason').$type<CoinLedgerReason>().notNull(),
    /** Santim paid for the coins (top-ups). */
    etbAmountSantim: amount('etb_amount_santim'),
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
