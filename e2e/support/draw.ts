// What a browser test knows of a game's draw once the round has started: the balls' labels, the room state's answer
// (the whole call order after the first call) and the first call on which a card wins. The evening's test and the
// guide's screenshots (scripts/guide/) drive a game to a real winner with them.

const LETTERS = 'BINGO';

/** A ball as the room and the TV name it: 'N-34'. */
export const ballLabel = (n: number) => `${LETTERS[Math.floor((n - 1) / 15)]}-${n}`;

/** The whole numbers from `from` to `to`, both included. */
export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export type Card = number[][];

/** `GET /api/games/{id}/state` once the first ball is called: the calls so far, the rest of the order, the cards. */
export interface RoomStateAnswer {
  state: { calledNumbers: number[]; remaining: number[]; cartelas: { cartelaNumber: number; card: Card }[] };
}

/** The whole call order of a started round: the calls so far, then the balls still to come. */
export const callOrder = ({ state }: RoomStateAnswer) => [...state.calledNumbers, ...state.remaining];

/**
 * With 'Any Vertical Line': the first call after which some card has a whole column called, and every card that
 * has one then (they win together on that ball: a tie when there are several).
 */
export function firstWin(order: number[], cartelas: RoomStateAnswer['state']['cartelas']) {
  for (let k = 1; k <= order.length; k++) {
    const called = new Set([0, ...order.slice(0, k)]); // 0: the free centre
    const winners = cartelas
      .filter(({ card }) => range(0, 4).some((c) => card.every((row) => called.has(row[c]!))))
      .map((c) => c.cartelaNumber);
    if (winners.length > 0) return { calls: k, winners };
  }
  throw new Error('no card completes a column');
}

/**
 * The same card with the B column's first two cells swapped: other cells, same columns. With 'Any Vertical Line'
 * every column a card completes completes on its twin on the same ball, whichever order the draw has: a tie by
 * construction, not by luck.
 */
export function twinOf(card: Card): Card {
  const twin = card.map((row) => [...row]);
  [twin[0]![0], twin[1]![0]] = [twin[1]![0]!, twin[0]![0]!];
  return twin;
}
