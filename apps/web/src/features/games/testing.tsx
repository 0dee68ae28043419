// Answers of the games routes, shaped by the contract, for this feature's tests. The draw of a game comes from
// packages/core (drawOrder, shuffleRemaining, seedCommitment), so the fixtures are real, verifiable games.
import type { Game, GameDetail } from '@cartela/contract';
import { drawOrder, letterOf, seedCommitment, shuffleRemaining } from '@cartela/core';
import { AGENT_ID, gameIds, makeAssigned } from '@/test/fixtures';
import { json } from '@/test/utils';
import './i18n';

export { cardOf } from '@/test/fixtures';
export const SEED = '7f3a9c21e4b85d06f1a2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718';
export const COMMITMENT = seedCommitment(SEED);

export function makeGame(overrides: Partial<Game> = {}): Game {
  return {
    ...gameIds(overrides.id),
    agentId: AGENT_ID,
    agentUsername: 'agent1',
    status: 'finished',
    gameMode: 'specific-pattern',
    stake: 20,
    numberOfPlayers: 12,
    totalAmount: 240,
    agentFee: 24,
    prize: 216,
    commissionPercent: 10,
    coinCost: 24,
    selectedWinningPattern: 'full-house',
    winningPattern: 'full-house',
    cartelaNumbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    calledNumbers: [],
    totalCalls: 34,
    winnerCartelaNumber: null,
    winners: [],
    finishReason: 'agent',
    cancelReason: null,
    refundedCoins: 0,
    settings: {},
    drawCommitment: COMMITMENT,
    drawSeed: SEED,
    createdAt: '2025-11-22T15:30:00.000Z',
    updatedAt: '2025-11-22T16:00:00.000Z',
    finishedAt: '2025-11-22T16:00:00.000Z',
    ...overrides,
  };
}

/**
 * The calls a game with this seed makes: `count` balls, with the rest reshuffled after each call count in
 * `shuffleAfter` (shuffle k = 1, 2, ...), exactly as the server's engine draws them.
 */
export function drawnCalls(count: number, shuffleAfter: readonly number[] = [], seed = SEED): number[] {
  let order = drawOrder(seed);
  shuffleAfter.forEach((at, k) => {
    order = [...order.slice(0, at), ...shuffleRemaining(seed, k + 1, order.slice(at))];
  });
  return order.slice(0, count);
}

type Shuffle = GameDetail['shuffles'][number];

/** A shuffle of the story, by the room's clock: since 2026-11-26 the hall's moment only (`reordered` false). */
export function makeShuffle(afterCalls: number, overrides: Partial<Shuffle> = {}): Shuffle {
  return {
    afterCalls,
    reordered: false,
    at: '2025-11-22T15:32:00.000Z',
    receivedAt: '2025-11-22T15:32:01.000Z',
    clock: 'room',
    ...overrides,
  };
}

/**
 * A game with its story. By default one recorded before 2026-11-26: its 30 calls follow a shuffle after 12 that
 * reordered the balls not yet called (`reordered`: the check replays it).
 */
export function makeDetail(overrides: Partial<GameDetail> = {}): GameDetail {
  const calledNumbers = overrides.calledNumbers ?? drawnCalls(30, [12]);
  const base = makeGame({ calledNumbers, totalCalls: calledNumbers.length });
  return {
    ...base,
    calls: calledNumbers.map((number, i) => {
      const at = new Date(Date.parse('2025-11-22T15:31:00.000Z') + i * 3000).toISOString();
      return { number, letter: letterOf(number), at, receivedAt: at, clock: 'room' as const };
    }),
    shuffles: [makeShuffle(12, { reordered: true })],
    validations: [],
    blocked: [],
    lastSeq: calledNumbers.length + 2,
    ...overrides,
  };
}

export const gamesAnswer = (games: Game[], page = 1, total = games.length, limit = 10) =>
  json(200, { games, page, limit, total, totalPages: Math.ceil(total / limit) });

export const assignedAnswer = (numbers: readonly number[]) =>
  json(200, { assignedCartelas: numbers.map((n) => makeAssigned(n)) });
