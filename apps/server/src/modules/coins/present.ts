// A coin ledger row as the API shows it (the contract's CoinLedgerEntry, CoinStatementRow) and as a CSV record of
// the statement: ETB from santim by core's rules, the CSV written by the reports' one CSV writer.
import type { CoinLedgerEntry, CoinReason, CoinStatementRow } from '@cartela/contract';
import { santim, santimToEtb } from '@cartela/core';
import type { z } from 'zod';
import type { CoinLedgerRow } from '../../db/schema.js';
import { csvLine, csvText, etbText } from '../reports/index.js';
import { etb } from '../users/index.js';
import type { StatementRow } from './queries.js';

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

/** A statement row as the API shows it: the game's public id, the ETB and notes of a top-up, who made it. */
export function toStatementRow(row: StatementRow): CoinStatementRow {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    reason: row.reason,
    delta: row.delta,
    balanceAfter: row.balanceAfter,
    game: row.gameId && row.gamePublicId ? { id: row.gameId, gameId: row.gamePublicId } : null,
    etbAmount: row.reason === 'top-up' && row.etbAmountSantim !== null ? etb(row.etbAmountSantim) : null,
    by: byOf(row),
    // The server writes its own English notes on the other rows: the screen says those in the user's language.
    notes: row.reason === 'top-up' ? row.notes : null,
  };
}

/** Who made a change, when it was neither the agent itself (a game, its refund) nor the system (demo coins). */
function byOf(row: StatementRow): CoinStatementRow['by'] {
  if (row.actorId === null || row.actorId === row.agentId || !row.actorUsername || !row.actorRole)
    return null;
  return { username: row.actorUsername, role: row.actorRole };
}

/** The CSV's words for a reason (the contract's CoinStatementCsv); the screens translate the reason. */
const REASON_TEXT: Record<CoinReason, string> = {
  'top-up': 'Top-up',
  game: 'Game',
  refund: 'Refund',
  adjustment: 'Adjustment',
  demo: 'Demo coins',
};

/** The CSV's first line: English headers (the contract's CoinStatementCsv). */
export const statementCsvHeader = () =>
  csvLine([
    'Business date',
    'Created',
    'What',
    'Game ID',
    'Coins in',
    'Coins out',
    'Balance after',
    'ETB paid',
    'By',
    'Notes',
  ]);

/** One row as a CSV record, in the header's order: the business day of the hall, the time in ISO 8601 UTC. */
export function statementCsvRecord(row: StatementRow): string {
  const shown = toStatementRow(row);
  return csvLine([
    row.businessDate,
    shown.createdAt,
    REASON_TEXT[row.reason],
    csvText(shown.game?.gameId ?? ''),
    row.delta > 0 ? String(row.delta) : '',
    row.delta < 0 ? String(-row.delta) : '',
    String(row.balanceAfter),
    shown.etbAmount === null ? '' : etbText(row.etbAmountSantim!),
    csvText(shown.by?.username ?? ''),
    csvText(shown.notes ?? ''),
  ]);
}
