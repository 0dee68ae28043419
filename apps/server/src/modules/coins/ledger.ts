// The one place a coin balance changes. users.virtual_coins must always equal the sum of the agent's ledger
// deltas (product/money.md#ledger), so the balance and its ledger row are written together, in the
// caller's transaction, under the agent's row lock: concurrent changes queue on that lock instead of reading
// the same balance twice.
import type { Santim } from '@cartela/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  type CoinLedgerReason,
  type CoinLedgerRow,
  coinLedger,
  type UserRow,
  users,
} from '../../db/schema.js';
import { AppError } from '../../errors.js';

export interface CoinChange {
  agentId: string;
  /** Whole coins: positive adds, negative takes. Never 0: a ledger row records a change. */
  delta: number;
  reason: CoinLedgerReason;
  /** Santim paid for the coins (top-ups). */
  etbAmountSantim?: Santim | null;
  /** Who made the change; null for the system (an automatic refund). */
  actorId: string | null;
  notes?: string | null;
  gameId?: string | null;
  /** When it happened: the caller's clock (ModuleDeps.now), read after it locked the agent's row; the database's
   * clock_timestamp() when left out. */
  at?: Date;
}

export interface CoinChangeResult {
  entry: CoinLedgerRow;
  /** The agent as it is after the change. */
  agent: UserRow;
}

const isLiveAgent = (agentId: string) =>
  and(eq(users.id, agentId), eq(users.role, 'agent'), isNull(users.deletedAt));

/**
 * Adds `delta` coins to an agent (takes them when negative) and writes the immutable ledger row with the
 * balance before and after. Fails with 402 INSUFFICIENT_COINS when the balance would go below zero, and
 * 404 when there is no such agent; the caller's transaction then rolls back whatever else it wrote.
 * Call UserCache.invalidate(agentId) after the transaction commits: the session user carries the balance.
 */
export async function changeCoins(tx: Tx, change: CoinChange): Promise<CoinChangeResult> {
  const { agentId, delta } = change;
  if (!Number.isSafeInteger(delta) || delta === 0) {
    throw new Error(`A coin change is a whole number of coins other than 0, not ${delta}`);
  }
  // The conditional UPDATE takes the row lock and checks the balance in one step: no read-then-write race.
  const [agent] = await tx
    .update(users)
    .set({ virtualCoins: sql`${users.virtualCoins} + ${delta}` })
    .where(and(isLiveAgent(agentId), sql`${users.virtualCoins} + ${delta} >= 0`))
    .returning();
  if (!agent) {
    const [exists] = await tx.select({ id: users.id }).from(users).where(isLiveAgent(agentId)).limit(1);
    throw exists
      ? new AppError('INSUFFICIENT_COINS', 'Insufficient virtual coins')
      : new AppError('NOT_FOUND', 'Agent not found');
  }
  const [entry] = await tx
    .insert(coinLedger)
    .values({
      agentId,
      delta,
      balanceBefore: agent.virtualCoins - delta,
      balanceAfter: agent.virtualCoins,
      reason: change.reason,
      etbAmountSantim: change.etbAmountSantim ?? null,
      gameId: change.gameId ?? null,
      actorId: change.actorId,
      notes: change.notes ?? null,
      // Stamped now, under the row lock, not when the transaction began (now()): two changes that queued on the
      // lock are dated in the order they moved the balance, which is the statement's order (decision 075). A caller
      // with a clock of its own (ModuleDeps.now) gives its time, read under the same lock (decision 076).
      createdAt: change.at ?? sql`clock_timestamp()`,
    })
    .returning();
  return { entry: entry!, agent };
}
