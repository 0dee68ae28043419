// Answers of the reports routes, shaped by the contract, for this feature's tests.
import type { ReportGame, ReportResponse } from '@cartela/contract';
import { AGENT_ID, gameIds } from '@/test/fixtures';
import { json } from '@/test/utils';
import './i18n';

export { AGENT_ID, makeAgent } from '@/test/fixtures';
export const OTHER_AGENT_ID = '0b7c3f9e-4a8d-4c1e-9f00-000000000002';

export function makeReportGame(overrides: Partial<ReportGame> = {}): ReportGame {
  return {
    ...gameIds(overrides.id),
    agentId: AGENT_ID,
    agentUsername: 'agent1',
    financialModel: 'virtual-coin',
    status: 'finished',
    stake: 20,
    numberOfPlayers: 12,
    totalCalls: 34,
    commissionPercent: 10,
    agentFee: 24,
    totalAmount: 240,
    prize: 216,
    winners: 1,
    prizeShares: [216],
    businessDate: '2025-11-22',
    createdAt: '2025-11-22T15:30:00.000Z',
    finishedAt: '2025-11-22T16:00:00.000Z',
    cancelReason: null,
    refundedCoins: 0,
    ...overrides,
  };
}

type Summary = ReportResponse['summary'];

/** GET /api/reports/games: the games given, on one page unless told otherwise. */
export function reportAnswer(
  games: ReportGame[],
  options: { summary?: Partial<Summary>; page?: number; totalPages?: number; total?: number } = {},
): Response {
  const finished = games.filter((g) => g.status === 'finished');
  const totalEarnings = finished.reduce((sum, g) => sum + g.agentFee, 0);
  const summary: Summary = {
    totalGames: options.total ?? games.length,
    countedGames: finished.length,
    totalEarnings,
    totalPlayers: finished.reduce((sum, g) => sum + g.numberOfPlayers, 0),
    totalAmount: finished.reduce((sum, g) => sum + g.totalAmount, 0),
    averageRevenuePerGame: finished.length ? Math.round((totalEarnings / finished.length) * 100) / 100 : 0,
    ...options.summary,
  };
  const total = options.total ?? games.length;
  const totalPages = options.totalPages ?? (total === 0 ? 0 : 1);
  return json(200, { games, summary, page: options.page ?? 1, limit: 20, total, totalPages });
}
