// A game as the API shows it (the contract's Game, GameDetail and RoomState): ETB from santim and percentages
// by core's rules, the seed only once the game is over, the story's times from the event log.
import type { Game, GameDetail, RoomState } from '@cartela/contract';
import {
  type GameState,
  letterOf,
  moneyMoved,
  prizeShares,
  redactSeed,
  santim,
  sealOrder,
} from '@cartela/core';
import type { z } from 'zod';
import type { StoredCartela, StoredGameState } from '../../db/schema.js';
import { etb, percent } from '../users/index.js';
import type { GameView, StoryTime } from './queries.js';

/** Finished or cancelled: the seed is revealed (product/draw.md#the-provably-fair-draw). */
export const isOver = (status: string) => status === 'finished' || status === 'cancelled';

/** Core's whole state from a game row's parts: the stored state, the seed and (when read) the cards. */
export function hydrate(
  state: StoredGameState,
  seedHex: string,
  cartelas: StoredCartela[] | null,
): GameState {
  return { ...state, seedHex, cartelas: cartelas ?? [] };
}

/** The parts a game row stores: the state without its cards and seed (they have columns of their own). */
export function storable(state: GameState): StoredGameState {
  const { cartelas: _cards, seedHex: _seed, ...stored } = state;
  return stored;
}

export function toGame(view: GameView): Game {
  const { state } = view;
  // Winners on the same ball split the prize (decision 062): computed by core, never stored.
  // (A row written by hand, as some tests do, may have no winners list: none then.)
  const winners = state.winners ?? [];
  // A cancelled game moved no money: no total, fee or prize; its coins back if refunded (decision 064).
  const money = moneyMoved(view, {
    totalAmount: santim(view.totalSantim),
    agentFee: santim(view.agentFeeSantim),
    prize: santim(view.prizeSantim),
    coinCost: view.coinCost,
  });
  const shares = prizeShares(money.prize, winners.length);
  return {
    id: view.id,
    _id: view.id,
    gameId: view.gameId,
    agentId: view.agentId,
    agentUsername: view.agentUsername,
    status: view.status,
    gameMode: view.gameMode,
    stake: etb(view.stakeSantim),
    numberOfPlayers: view.players,
    totalAmount: etb(money.totalAmount),
    agentFee: etb(money.agentFee),
    prize: etb(money.prize),
    commissionPercent: percent(view.commissionPercent),
    coinCost: money.coinCost,
    selectedWinningPattern: view.pattern,
    winningPattern: view.pattern,
    cartelaNumbers: view.cartelaNumbers,
    calledNumbers: state.calledNumbers,
    totalCalls: view.totalCalls,
    winnerCartelaNumber: view.winnerCartela,
    winners: winners.map((w, i) => ({ ...w, prizeShare: etb(shares[i]!) })),
    finishReason: state.finishReason,
    cancelReason: state.cancelReason ?? null,
    // A game cancelled before its first call gave its coins back (plan.ts planEvents;
    // product/money.md#cancelled-games).
    refundedCoins: money.refundedCoins,
    settings: view.settings,
    drawCommitment: view.drawCommitment,
    drawSeed: isOver(view.status) ? view.drawSeed : null,
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
    finishedAt: view.finishedAt?.toISOString() ?? null,
  };
}

/** The game with its whole story: each call and shuffle with its time, validations, blocked cartelas. */
export function toGameDetail(
  view: GameView,
  times: { calls: StoryTime[]; shuffles: StoryTime[] },
): z.output<typeof GameDetail> {
  const { state } = view;
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  const when = (t: StoryTime | undefined) => ({
    at: iso(t?.at),
    receivedAt: iso(t?.receivedAt),
    clock: t?.clock ?? 'server',
  });
  // The shuffles recorded before 2026-11-26 came first, and only they reordered the balls.
  const reorders = state.legacyShuffles?.length ?? 0;
  return {
    ...toGame(view),
    calls: state.calledNumbers.map((number, i) => ({
      number,
      letter: letterOf(number),
      ...when(times.calls[i]),
    })),
    shuffles: state.shuffles.map((afterCalls, i) => ({
      afterCalls,
      reordered: i < reorders,
      ...when(times.shuffles[i]),
    })),
    validations: state.validations.map((v) => ({ ...v, completedOn: v.completedOn ?? null })),
    blocked: state.blocked,
    lastSeq: view.lastSeq,
  };
}

/**
 * The room's state: core's state through redactSeed (no seed while the game runs) and sealOrder (no future call
 * before the first one is committed, while a cancel would still refund).
 */
export function toRoomState(state: GameState): z.output<typeof RoomState> {
  return sealOrder(redactSeed(state));
}
