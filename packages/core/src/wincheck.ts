// The fast win check for a whole game: up to 300 cartelas, checked after every call.
// Each card keeps a 25-bit mask of marked cells; an index from each ball to the (card, cell) pairs holding it
// means a call touches only the cards that have the ball, which are also the only ones that can win with it
// (the claim rule: the ball lies in what it completed), and the pattern test is one or a few mask comparisons.
import type { Card } from './cartela.js';
import { CARD_SIZE } from './cartela.js';
import {
  cellBit,
  FREE_BIT,
  getPattern,
  type PatternId,
  type PatternRule,
  ruleSatisfied,
} from './patterns.js';

export interface GameCartela {
  cartelaNumber: number;
  card: Card;
}

export interface WinChecker {
  readonly patternId: PatternId;
  /**
   * Marks ball `n` as called and returns the cartela numbers that win with it as the last ball (pattern
   * complete, `n` in a cell of what it completed, not blocked), in the order the cartelas were given. Empty for
   * agents-own.
   */
  call(n: number): number[];
  /** Blocked cartelas never win again in this game. */
  block(cartelaNumber: number): void;
  /** Cartelas whose pattern is complete now, whatever the last ball (blocked ones excluded). */
  complete(): number[];
  /** Forgets every call and block. */
  reset(): void;
}

/**
 * Builds the checker for a game's cartelas and pattern, optionally replaying calls already made (and blocks).
 * Throws CoreError UNKNOWN_PATTERN for an unknown pattern id.
 */
export function createWinChecker(
  cartelas: readonly GameCartela[],
  patternId: string,
  options: { calledNumbers?: readonly number[]; blocked?: Iterable<number> } = {},
): WinChecker {
  const pattern = getPattern(patternId);
  const rule: PatternRule = pattern.rule;
  const count = cartelas.length;
  const numbers = Int32Array.from(cartelas, (c) => c.cartelaNumber);
  const marked = new Int32Array(count).fill(FREE_BIT);
  const blocked = new Uint8Array(count);
  const slot = new Map<number, number>(cartelas.map((c, i) => [c.cartelaNumber, i]));

  // Compressed index: entries offsets[n]..offsets[n + 1] - 1 are the (card, bit) pairs holding ball n.
  const offsets = new Int32Array(77);
  for (const { card } of cartelas) {
    for (let r = 0; r < CARD_SIZE; r++) {
      for (let c = 0; c < CARD_SIZE; c++) {
        const v = card[r]?.[c];
        if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 75) offsets[v + 1]! += 1;
      }
    }
  }
  for (let n = 1; n < 77; n++) offsets[n]! += offsets[n - 1]!;
  const entryCard = new Int32Array(offsets[76]!);
  const entryBit = new Int32Array(offsets[76]!);
  const fill = offsets.slice();
  cartelas.forEach(({ card }, i) => {
    for (let r = 0; r < CARD_SIZE; r++) {
      for (let c = 0; c < CARD_SIZE; c++) {
        const v = card[r]?.[c];
        if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 75) {
          const e = fill[v]!++;
          entryCard[e] = i;
          entryBit[e] = cellBit(r, c);
        }
      }
    }
  });

  const mask = rule.kind === 'cells' ? rule.mask : 0;
  const lines = rule.kind === 'lines' ? Int32Array.from(rule.lines) : new Int32Array(0);
  const need = rule.kind === 'lines' ? rule.need : 0;
  const manual = rule.kind === 'manual';

  const call = (n: number): number[] => {
    const winners: number[] = [];
    if (!(n >= 1 && n <= 75)) return winners;
    const end = offsets[n + 1]!;
    for (let e = offsets[n]!; e < end; e++) {
      const i = entryCard[e]!;
      const m = marked[i]! | entryBit[e]!;
      marked[i] = m;
      if (manual || blocked[i]) continue;
      // The ball must lie in a cell of what it completed: the pattern, or a complete line of a choice pattern
      // (product/draw.md#the-claim-rule).
      const bit = entryBit[e]!;
      if (mask !== 0) {
        if ((bit & mask) !== 0 && (m & mask) === mask) winners.push(numbers[i]!);
      } else {
        let found = 0;
        let throughBall = false;
        for (let l = 0; l < lines.length; l++) {
          const line = lines[l]!;
          if ((m & line) === line) {
            found++;
            if ((line & bit) !== 0) throughBall = true;
          }
        }
        if (throughBall && found >= need) winners.push(numbers[i]!);
      }
    }
    // A number twice on one (invalid) card would list that card twice.
    return winners.length > 1 ? [...new Set(winners)] : winners;
  };

  const checker: WinChecker = {
    patternId: pattern.id,
    call,
    block(cartelaNumber) {
      const i = slot.get(cartelaNumber);
      if (i !== undefined) blocked[i] = 1;
    },
    complete() {
      const out: number[] = [];
      for (let i = 0; i < count; i++)
        if (!blocked[i] && ruleSatisfied(rule, marked[i]!)) out.push(numbers[i]!);
      return out;
    },
    reset() {
      marked.fill(FREE_BIT);
      blocked.fill(0);
    },
  };
  for (const b of options.blocked ?? []) checker.block(b);
  for (const n of options.calledNumbers ?? []) call(n);
  return checker;
}

/** The cartelas that win right now (pattern complete, the last ball in a cell it completed, not blocked). */
export function findWinners(
  cartelas: readonly GameCartela[],
  patternId: string,
  calledNumbers: readonly number[],
  blocked: Iterable<number> = [],
): number[] {
  if (calledNumbers.length === 0) return [];
  const checker = createWinChecker(cartelas, patternId, {
    calledNumbers: calledNumbers.slice(0, -1),
    blocked,
  });
  return checker.call(calledNumbers[calledNumbers.length - 1]!);
}
