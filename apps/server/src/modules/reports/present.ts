// A report row and summary as the API shows them (the contract's ReportGame and ReportResponse.summary), and a
// row as a CSV record. The only place santim become ETB: JSON numbers through core's santimToEtb, CSV text
// with exactly 2 decimals and a dot, from the integers.
import type { ReportGame, ReportResponse } from '@cartela/contract';
import {
  averageSantim,
  type MoneyMoved,
  moneyMoved,
  percentToRate,
  prizeShares,
  rateToPercentString,
  type Santim,
  santim,
  ZERO,
} from '@cartela/core';
import { etb, percent } from '../users/index.js';
import { csvLine, csvText } from './csv.js';
import type { ReportRow, RollupTotals } from './queries.js';

/** A cancelled game moved no money (decision 064): core's rule over the row's stored economics. */
function moneyOf(row: ReportRow): MoneyMoved {
  return moneyMoved(row, {
    totalAmount: santim(row.totalSantim),
    agentFee: santim(row.agentFeeSantim),
    prize: santim(row.prizeSantim),
    coinCost: row.coinCost,
  });
}

export function toReportGame(row: ReportRow): ReportGame {
  const money = moneyOf(row);
  return {
    id: row.id,
    _id: row.id,
    gameId: row.gameId,
    agentId: row.agentId,
    agentUsername: row.agentUsername,
    financialModel: row.financialModel,
    status: row.status,
    stake: etb(row.stakeSantim),
    numberOfPlayers: row.players,
    totalCalls: row.totalCalls,
    commissionPercent: percent(row.commissionPercent),
    agentFee: etb(money.agentFee),
    totalAmount: etb(money.totalAmount),
    prize: etb(money.prize),
    winners: row.winners,
    prizeShares: prizeShares(money.prize, row.winners).map(etb),
    refundedCoins: money.refundedCoins,
    businessDate: row.businessDate,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
  };
}

export type ReportSummary = ReportResponse['summary'];

/** The counted games' figures (from the rollup); `counted` null when the filter leaves no counted game. */
export function toSummary(totalGames: number, counted: RollupTotals | null): ReportSummary {
  const games = counted?.finished ?? 0;
  const earnings = counted?.agentFeeSantim ?? ZERO;
  return {
    totalGames,
    countedGames: games,
    totalEarnings: etb(earnings),
    totalPlayers: counted?.players ?? 0,
    totalAmount: etb(counted?.totalSantim ?? ZERO),
    averageRevenuePerGame: etb(averageSantim(earnings, games)),
  };
}

/** ETB for a spreadsheet: 2 decimals and a dot, no grouping ("1234.50"), made from the integer. */
export function etbText(amount: Santim | number): string {
  const abs = Math.abs(amount);
  const cents = String(abs % 100).padStart(2, '0');
  return `${amount < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${cents}`;
}

/** The CSV's first line: English headers (the contract's ReportCsv); Agent only in the admin's file. */
export function csvHeader(withAgent: boolean): string {
  return csvLine([
    'Game ID',
    ...(withAgent ? ['Agent'] : []),
    'Status',
    'Stake',
    'Players',
    'Calls',
    'Commission %',
    'Fee',
    'Total',
    'Prize',
    'Winners',
    'Prize per winner',
    'Business date',
    'Created',
    'Finished',
    'Cancel reason',
    'Refunded coins',
  ]);
}

/** One game as a CSV record, in the header's order; times in ISO 8601 UTC. */
export function csvRecord(row: ReportRow, withAgent: boolean): string {
  const money = moneyOf(row);
  return csvLine([
    csvText(row.gameId),
    ...(withAgent ? [csvText(row.agentUsername)] : []),
    csvText(row.status),
    etbText(row.stakeSantim),
    String(row.players),
    String(row.totalCalls),
    rateToPercentString(percentToRate(row.commissionPercent)),
    etbText(money.agentFee),
    etbText(money.totalAmount),
    etbText(money.prize),
    String(row.winners),
    prizePerWinner(prizeShares(money.prize, row.winners)),
    row.businessDate,
    row.createdAt.toISOString(),
    row.finishedAt?.toISOString() ?? '',
    csvText(row.cancelReason ?? ''),
    String(money.refundedCoins),
  ]);
}

/** The CSV's 'Prize per winner': one amount when the shares are equal, else each in the order confirmed. */
export function prizePerWinner(shares: readonly Santim[]): string {
  if (shares.length === 0) return '';
  return shares.every((s) => s === shares[0]) ? etbText(shares[0]!) : shares.map(etbText).join(' / ');
}
