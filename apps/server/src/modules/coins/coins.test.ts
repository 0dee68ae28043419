import { etbToSantim } from '@cartela/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coinLedger, users } from '../../db/schema.js';
import { isAppError } from '../../errors.js';
import { useTestApp } from '../../test/fixtures.js';
import { createAdmin, createAgent } from '../../test/helpers.js';
import { coinsOf, networkState } from '../../test/network.js';
import { softDeleteUser } from '../users/index.js';
import { type CoinChange, changeCoins } from './index.js';

const t = useTestApp();

const change = (c: CoinChange) => t.database.db.transaction((tx) => changeCoins(tx, c));

/** The AppError code a failing change answers with (or the thrown value when it is not one). */
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return isAppError(err) ? `${err.code} ${err.status} ${err.message}` : String(err);
  }
  return 'no failure';
}

describe('changeCoins', () => {
  it('adds and takes coins, writing one ledger row per change with the balance before and after', async () => {
    const admin = await createAdmin(t.database);
    const agent = await createAgent(t.database);
    const added = await change({
      agentId: agent.user.id,
      delta: 100,
      reason: 'top-up',
      etbAmountSantim: etbToSantim(250.5),
      actorId: admin.user.id,
      notes: 'Cash at the counter',
    });
    expect(added.agent.virtualCoins).toBe(100);
    expect(added.entry).toMatchObject({
      agentId: agent.user.id,
      delta: 100,
      balanceBefore: 0,
      balanceAfter: 100,
      reason: 'top-up',
      etbAmountSantim: 25050,
      actorId: admin.user.id,
      notes: 'Cash at the counter',
      gameId: null,
    });

    const gameId = crypto.randomUUID();
    const taken = await change({ agentId: agent.user.id, delta: -30, reason: 'game', actorId: null, gameId });
    expect(taken.entry).toMatchObject({ delta: -30, balanceBefore: 100, balanceAfter: 70, gameId });
    expect(await coinsOf(t.database, agent.user.id)).toMatchObject({ balance: 70, ledgerSum: 70 });
  });

  it('takes the last coin, then refuses to go below zero with INSUFFICIENT_COINS and writes nothing', async () => {
    const agent = await createAgent(t.database);
    await change({ agentId: agent.user.id, delta: 5, reason: 'adjustment', actorId: null });
    await change({ agentId: agent.user.id, delta: -5, reason: 'game', actorId: null });
    const before = await networkState(t.database);
    expect(await failure(change({ agentId: agent.user.id, delta: -1, reason: 'game', actorId: null }))).toBe(
      'INSUFFICIENT_COINS 402 Insufficient virtual coins',
    );
    expect(await networkState(t.database)).toEqual(before);
  });

  it('rolls back the rest of the caller transaction when it refuses', async () => {
    const agent = await createAgent(t.database);
    const result = await failure(
      t.database.db.transaction(async (tx) => {
        await tx.update(users).set({ contact: 'changed' }).where(eq(users.id, agent.user.id));
        await changeCoins(tx, { agentId: agent.user.id, delta: -1, reason: 'game', actorId: null });
      }),
    );
    expect(result).toMatch(/^INSUFFICIENT_COINS/);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, agent.user.id));
    expect(row!.contact).toBeNull();
  });

  it('answers NOT_FOUND for an unknown account, a non-agent and a deleted agent', async () => {
    const admin = await createAdmin(t.database);
    const deleted = await createAgent(t.database);
    await t.database.db.transaction((tx) => softDeleteUser(tx, deleted.user.id));
    for (const agentId of [crypto.randomUUID(), admin.user.id, deleted.user.id]) {
      expect(await failure(change({ agentId, delta: 1, reason: 'adjustment', actorId: null }))).toBe(
        'NOT_FOUND 404 Agent not found',
      );
    }
    const rows = await t.database.db.select().from(coinLedger).where(eq(coinLedger.agentId, deleted.user.id));
    expect(rows).toEqual([]);
  });

  it('refuses a change of 0 or of a fraction of a coin as a programming error', async () => {
    const agent = await createAgent(t.database);
    for (const delta of [0, 1.5, Number.NaN]) {
      expect(await failure(change({ agentId: agent.user.id, delta, reason: 'game', actorId: null }))).toMatch(
        /^Error: A coin change is a whole number of coins other than 0/,
      );
    }
  });

  it('lets exactly the affordable part of 60 concurrent charges through, and no more', async () => {
    const agent = await createAgent(t.database);
    await change({ agentId: agent.user.id, delta: 40, reason: 'top-up', actorId: null });
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, () =>
        change({ agentId: agent.user.id, delta: -1, reason: 'game', actorId: null }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(40);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(20);
    for (const r of refused) expect(isAppError(r.reason) && r.reason.code).toBe('INSUFFICIENT_COINS');
    const coins = await coinsOf(t.database, agent.user.id);
    expect(coins).toMatchObject({ balance: 0, ledgerSum: 0 });
    expect(coins.ledger).toHaveLength(41);
  });
});
