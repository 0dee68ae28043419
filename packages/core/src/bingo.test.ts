import { describe, expect, it } from 'vitest';
import { BINGO_LETTERS, ballLabel, COLUMN_RANGES, columnOf, isBallNumber, letterOf } from './bingo.js';
import { CoreError } from './errors.js';

describe('bingo basics', () => {
  it('letters every number by its column: B 1-15, I 16-30, N 31-45, G 46-60, O 61-75', () => {
    const expected: [number, string][] = [
      [1, 'B'],
      [15, 'B'],
      [16, 'I'],
      [30, 'I'],
      [31, 'N'],
      [45, 'N'],
      [46, 'G'],
      [60, 'G'],
      [61, 'O'],
      [75, 'O'],
    ];
    for (const [n, letter] of expected) expect(letterOf(n)).toBe(letter);
    expect(ballLabel(17)).toBe('I-17');
  });

  it('describes the column ranges', () => {
    expect(BINGO_LETTERS).toEqual(['B', 'I', 'N', 'G', 'O']);
    expect(COLUMN_RANGES.map((r) => [r.letter, r.min, r.max])).toEqual([
      ['B', 1, 15],
      ['I', 16, 30],
      ['N', 31, 45],
      ['G', 46, 60],
      ['O', 61, 75],
    ]);
  });

  it('refuses numbers outside 1-75 with a typed error', () => {
    for (const n of [0, 76, -1, 1.5, Number.NaN]) {
      expect(isBallNumber(n)).toBe(false);
      expect(columnOf(n)).toBe(-1);
      expect(() => letterOf(n)).toThrow(CoreError);
    }
  });
});
