// A coin ledger row as the API shows it (the contract's CoinLedgerEntry): ETB from santim by core's rules.
import type { CoinLedgerEntry } from '@cartela/contract';
import { santim, santimToEtb } from '@cartela/core';
import type { z } from 'zod';
import type { CoinLedgerRow } from '../../db/schema.js';

export function toLedgerEntry(row: CoinLedgerRow): z.output<typeof CoinLedgerEntry> {
  return {
    id: row.id,
    agentId: row.agentId,
    delta: row.delta,
    balanceBefore: row.balanceBefore,
    balanceAfter: row.balanceAfter,
    reason: row.reason,
    etbAmount: row.etbAmountSantim === null ? null : santimToEtb(santim(row.etbAmountSantim)),
    gameId: row.gameId,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}
