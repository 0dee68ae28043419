// Cartelas: numbered 5x5 cards. card[row][col], columns B..O, the free centre stored as 0.
import { BINGO_LETTERS, COLUMN_RANGES, COLUMN_SIZE } from './bingo.js';
import { defaultRandom, type RandomSource, randomBelow } from './random.js';

/** A bingo card: 5 rows of 5 numbers, card[row][col], column 0..4 = B..O, card[2][2] = 0 (the free centre). */
export type Card = number[][];

export const CARD_SIZE = 5;
export const CENTRE = 2;
export const FREE = 0;

export type CardValidationCode =
  | 'NOT_A_GRID'
  | 'NOT_A_NUMBER'
  | 'CENTRE_NOT_FREE'
  | 'EMPTY_CELL'
  | 'OUT_OF_RANGE'
  | 'DUPLICATE_NUMBER';

export type CardValidation =
  | { ok: true }
  | {
      ok: false;
      code: CardValidationCode;
      /** A sentence for the agent, naming the cell (rows counted from 1 at the top). */
      reason: string;
      /** The offending cell, when there is one. */
      cell?: { row: number; col: number };
    };

function cellName(row: number, col: number): string {
  return `${BINGO_LETTERS[col]} column, row ${row + 1}`;
}

/**
 * Checks a card: 5x5 integers, the centre 0, every other cell within its column's range, no number twice.
 * Returns the first problem found (scanning row by row), with a precise reason. Columns need not be sorted:
 * a hall's printed cards are copied as they are.
 */
export function validateCard(card: unknown): CardValidation {
  if (!Array.isArray(card) || card.length !== CARD_SIZE) {
    return { ok: false, code: 'NOT_A_GRID', reason: 'A card has 5 rows of 5 numbers' };
  }
  for (let r = 0; r < CARD_SIZE; r++) {
    const row: unknown = card[r];
    if (!Array.isArray(row) || row.length !== CARD_SIZE) {
      return { ok: false, code: 'NOT_A_GRID', reason: `Row ${r + 1} must have 5 numbers` };
    }
  }
  const seen = new Map<number, number>(); // number -> row where first seen
  for (let r = 0; r < CARD_SIZE; r++) {
    for (let c = 0; c < CARD_SIZE; c++) {
      const v: unknown = (card[r] as unknown[])[c];
      const cell = { row: r, col: c };
      if (typeof v !== 'number' || !Number.isInteger(v)) {
        return { ok: false, code: 'NOT_A_NUMBER', reason: `${cellName(r, c)}: not a whole number`, cell };
      }
      if (r === CENTRE && c === CENTRE) {
        if (v !== FREE) {
          return {
            ok: false,
            code: 'CENTRE_NOT_FREE',
            reason: 'The centre cell is the free space and must be 0',
            cell,
          };
        }
        continue;
      }
      const { letter, min, max } = COLUMN_RANGES[c]!;
      if (v === FREE) {
        return { ok: false, code: 'EMPTY_CELL', reason: `${cellName(r, c)} is empty`, cell };
      }
      if (v < min || v > max) {
        return {
          ok: false,
          code: 'OUT_OF_RANGE',
          reason: `${cellName(r, c)}: ${v} is outside ${letter} ${min}-${max}`,
          cell,
        };
      }
      const first = seen.get(v);
      if (first !== undefined) {
        return {
          ok: false,
          code: 'DUPLICATE_NUMBER',
          reason: `${cellName(r, c)}: ${v} is already in row ${first + 1}`,
          cell,
        };
      }
      seen.set(v, r);
    }
  }
  return { ok: true };
}

/** True when validateCard accepts the card. */
export function isValidCard(card: unknown): card is Card {
  return validateCard(card).ok;
}

/** Builds a card from five columns (B..O) of five numbers each; the N column's middle entry is ignored. */
export function cardFromColumns(columns: readonly (readonly number[])[]): Card {
  const card: Card = [];
  for (let r = 0; r < CARD_SIZE; r++) {
    const row: number[] = [];
    for (let c = 0; c < CARD_SIZE; c++) row.push(r === CENTRE && c === CENTRE ? FREE : columns[c]![r]!);
    card.push(row);
  }
  return card;
}

/** The five columns of a card (B..O), top to bottom. */
export function cardColumns(card: Card): number[][] {
  return Array.from({ length: CARD_SIZE }, (_, c) => card.map((row) => row[c]!));
}

/** `k` distinct numbers of column `col`, uniformly chosen, ascending. */
export function pickColumn(col: number, k: number, random: RandomSource): number[] {
  const pool = Array.from({ length: COLUMN_SIZE }, (_, i) => COLUMN_RANGES[col]!.min + i);
  // Partial Fisher-Yates: the first k positions become a uniform k-subset.
  for (let i = 0; i < k; i++) {
    const j = i + randomBelow(random, COLUMN_SIZE - i);
    const t = pool[i]!;
    pool[i] = pool[j]!;
    pool[j] = t;
  }
  return pool.slice(0, k).sort((a, b) => a - b);
}

/**
 * A new random card: each column five distinct numbers of its range, sorted top to bottom; the N column has four
 * (uniformly chosen, sorted around the free centre). Uses the platform CSPRNG unless a source is given.
 */
export function generateCartela(random: RandomSource = defaultRandom()): Card {
  const columns = BINGO_LETTERS.map((_, c) => {
    if (c !== CENTRE) return pickColumn(c, CARD_SIZE, random);
    const n = pickColumn(c, CARD_SIZE - 1, random);
    return [n[0]!, n[1]!, FREE, n[2]!, n[3]!];
  });
  return cardFromColumns(columns);
}

/** A copy of a card. */
export function cloneCard(card: Card): Card {
  return card.map((row) => [...row]);
}

/** A string that is equal for two cards exactly when every cell is equal (to find duplicates). */
export function cardKey(card: Card): string {
  return card.map((row) => row.join(',')).join(';');
}

/** True when two cards are the same in every cell. */
export function cardsEqual(a: Card, b: Card): boolean {
  return cardKey(a) === cardKey(b);
}

/** The numbers on a card (the free centre excluded), row by row. */
export function cardNumbers(card: Card): number[] {
  const out: number[] = [];
  for (let r = 0; r < CARD_SIZE; r++) {
    for (let c = 0; c < CARD_SIZE; c++) if (!(r === CENTRE && c === CENTRE)) out.push(card[r]![c]!);
  }
  return out;
}
