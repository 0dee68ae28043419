// Bingo basics: balls 1-75 in five columns of fifteen, lettered B I N G O.
import { CoreError } from './errors.js';

export const NUMBER_MIN = 1;
export const NUMBER_MAX = 75;
/** Cartelas are numbered 1-300 (a hall's printed set). */
export const CARTELA_MIN = 1;
export const CARTELA_MAX = 300;
/** Numbers per column. */
export const COLUMN_SIZE = 15;

export const BINGO_LETTERS = ['B', 'I', 'N', 'G', 'O'] as const;
export type BingoLetter = (typeof BINGO_LETTERS)[number];

/** The inclusive number range of each column: B 1-15, I 16-30, N 31-45, G 46-60, O 61-75. */
export const COLUMN_RANGES: readonly {
  readonly letter: BingoLetter;
  readonly min: number;
  readonly max: number;
}[] = BINGO_LETTERS.map((letter, col) => ({
  letter,
  min: col * COLUMN_SIZE + 1,
  max: (col + 1) * COLUMN_SIZE,
}));

/** True for an integer ball number 1-75. */
export function isBallNumber(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= NUMBER_MIN && n <= NUMBER_MAX;
}

/** True for an integer cartela number 1-300. */
export function isCartelaNumber(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= CARTELA_MIN && n <= CARTELA_MAX;
}

/** The column (0-4, B..O) of a ball number, or -1 when it is not a ball number. */
export function columnOf(n: number): number {
  return isBallNumber(n) ? Math.floor((n - 1) / COLUMN_SIZE) : -1;
}

/** The letter of a ball number (letterOf(17) === 'I'); throws a CoreError NOT_A_BALL outside 1-75. */
export function letterOf(n: number): BingoLetter {
  const col = columnOf(n);
  if (col < 0) throw new CoreError('NOT_A_BALL', `${n} is not a bingo number (1-75)`);
  return BINGO_LETTERS[col]!;
}

/** The ball as announced and displayed, e.g. "I-17". */
export function ballLabel(n: number): string {
  return `${letterOf(n)}-${n}`;
}

/** All ball numbers 1-75, ascending. */
export function allBalls(): number[] {
  return Array.from({ length: NUMBER_MAX }, (_, i) => i + 1);
}
