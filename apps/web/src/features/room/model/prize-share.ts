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

/** A confirmed winner's part of the prize: its cartela and its ETB. */
export interface WinnerShare {
  cartelaNumber: number;
  amount: number;
}

/**
 * Every confirmed winner's part of the game's prize (ETB), in the order they were confirmed: core's prizeShares
 * over the winners, what the room's Winners panel and header say after a tie (decision 085).
 */
export function winnerShares(state: Pick<GameState, 'winners'>, prize: number): WinnerShare[] {
  const shares = prizeShares(etbToSantim(prize), state.winners.length);
  return state.winners.map((w, i) => ({ cartelaNumber: w.cartelaNumber, amount: santimToEtb(shares[i]!) }));
}
