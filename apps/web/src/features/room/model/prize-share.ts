// A winner's part of the prize in the room (decision 062): winners on the same ball split the prize, by core's
// prizeShares (equal parts, the odd santim one each to the first confirmed), never re-derived here.
import { etbToSantim, type GameState, prizeShares, santimToEtb } from '@cartela/core';

export interface PrizeShare {
  /** ETB: this cartela's part. */
  amount: number;
  /** How many winners share the prize (1: it takes the whole prize). */
  sharedBy: number;
}

/**
 * The share of `cartelaNumber` of the game's prize (ETB): as a confirmed winner, or, when it is not one yet, as
 * it would be if it were confirmed next (what a GOOD BINGO would pay it now).
 */
export function prizeShareOf(
  state: Pick<GameState, 'winners'>,
  prize: number,
  cartelaNumber: number,
): PrizeShare {
  const found = state.winners.findIndex((w) => w.cartelaNumber === cartelaNumber);
  const sharedBy = found < 0 ? state.winners.length + 1 : state.winners.length;
  const index = found < 0 ? sharedBy - 1 : found;
  return { amount: santimToEtb(prizeShares(etbToSantim(prize), sharedBy)[index]!), sharedBy };
}
