// The balance manager's use cases over the system set: its figures, a rebalance and a fresh balanced set, all
// by packages/core's rules (balanceStats, rebalanceCards, generateBalancedSet). The agents' own cartelas are
// never touched: they are the cards printed for each agent's hall.
import type { BalanceStatsResponse, RebalanceRequest, RegenerateRequest } from '@cartela/contract';
import { balanceStats, CARTELA_MAX, generateBalancedSet, rebalanceCards } from '@cartela/core';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { lockSystemSet, readSystemCards, replaceSystemSet, updateSystemCards } from '../cartelas/index.js';

const AGENTS_UNTOUCHED = "Agents' own cartelas keep their cards.";

export function createBalanceService({ database }: { database: Database }) {
  const { db } = database;
  return {
    async stats(): Promise<z.output<typeof BalanceStatsResponse>> {
      return balanceStats(await readSystemCards(db));
    },

    async rebalance({ targetBalance, tolerance }: z.output<typeof RebalanceRequest>) {
      const band = `${targetBalance} ± ${tolerance}`;
      const { regenerated, total } = await db.transaction(async (tx) => {
        await lockSystemSet(tx);
        const set = await readSystemCards(tx);
        if (set.length === 0) {
          throw new AppError('CONFLICT', 'There are no system cartelas yet: regenerate them first');
        }
        const result = rebalanceCards(set, { targetBalance, tolerance });
        const renewed = new Set(result.regenerated);
        await updateSystemCards(
          tx,
          result.cards.filter((c) => renewed.has(c.cartelaNumber)),
        );
        return { regenerated: renewed.size, total: set.length };
      });
      const message =
        regenerated === 0
          ? `No cartela needed a new card for a balance of ${band}. ${AGENTS_UNTOUCHED}`
          : `Regenerated ${regenerated} of ${total} cartelas for a balance of ${band}, keeping their numbers. ${AGENTS_UNTOUCHED}`;
      return { message, regenerated };
    },

    async regenerate({ preserveCartelaNumbers }: z.output<typeof RegenerateRequest>) {
      const cards = generateBalancedSet(CARTELA_MAX);
      const regenerated = await db.transaction(async (tx) => {
        await lockSystemSet(tx);
        return replaceSystemSet(tx, cards, { resetSettings: !preserveCartelaNumbers });
      });
      const settings = preserveCartelaNumbers
        ? 'each keeping its winning patterns and active flag'
        : 'all active with every winning pattern';
      return {
        message: `Regenerated ${regenerated} balanced cartelas, ${settings}. ${AGENTS_UNTOUCHED}`,
        regenerated,
      };
    },
  };
}

export type BalanceService = ReturnType<typeof createBalanceService>;
