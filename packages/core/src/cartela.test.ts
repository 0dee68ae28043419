import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLUMN_RANGES } from './bingo.js';
import { type Card, cardColumns, cardKey, generateCartela, validateCard } from './cartela.js';
import { seededRandomSource } from './random.js';
import { bytesToHex } from './sha256.js';

const good = (): Card => [
  [1, 16, 31, 46, 61],
  [2, 17, 32, 47, 62],
  [3, 18, 0, 48, 63],
  [4, 19, 34, 49, 64],
  [5, 20, 35, 50, 65],
];

const withCell = (row: number, col: number, value: unknown): unknown => {
  const c: unknown[][] = good();
  c[row]![col] = value;
  return c;
};

describe('validateCard', () => {
  it('accepts a correct card, sorted or not', () => {
    expect(validateCard(good())).toEqual({ ok: true });
    const unsorted = good();
    unsorted[0]![0] = 5;
    unsorted[4]![0] = 1;
    expect(validateCard(unsorted)).toEqual({ ok: true });
  });

  it.each([
    ['not an array', 'x', 'NOT_A_GRID', 'A card has 5 rows of 5 numbers'],
    ['4 rows', good().slice(0, 4), 'NOT_A_GRID', 'A card has 5 rows of 5 numbers'],
    [
      'a short row',
      [...good().slice(0, 3), [4, 19, 34, 49], good()[4]],
      'NOT_A_GRID',
      'Row 4 must have 5 numbers',
    ],
    ['a fraction', withCell(1, 1, 17.5), 'NOT_A_NUMBER', 'I column, row 2: not a whole number'],
    ['a string', withCell(0, 4, '61'), 'NOT_A_NUMBER', 'O column, row 1: not a whole number'],
    [
      'a number in the centre',
      withCell(2, 2, 33),
      'CENTRE_NOT_FREE',
      'The centre cell is the free space and must be 0',
    ],
    ['an empty cell', withCell(3, 3, 0), 'EMPTY_CELL', 'G column, row 4 is empty'],
    ['B out of range', withCell(0, 0, 16), 'OUT_OF_RANGE', 'B column, row 1: 16 is outside B 1-15'],
    ['O out of range', withCell(4, 4, 76), 'OUT_OF_RANGE', 'O column, row 5: 76 is outside O 61-75'],
    ['a negative', withCell(1, 2, -32), 'OUT_OF_RANGE', 'N column, row 2: -32 is outside N 31-45'],
    ['a repeat', withCell(4, 3, 46), 'DUPLICATE_NUMBER', 'G column, row 5: 46 is already in row 1'],
  ])('rejects %s with a precise reason', (_, card, code, reason) => {
    expect(validateCard(card)).toMatchObject({ ok: false, code, reason });
  });

  it('names the offending cell', () => {
    expect(validateCard(withCell(3, 1, 99))).toMatchObject({ cell: { row: 3, col: 1 } });
  });
});

describe('generateCartela', () => {
  it('always gives a valid card: sorted distinct column numbers, four in N around the free centre', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }).map(bytesToHex), (seed) => {
        const card = generateCartela(seededRandomSource(seed));
        expect(validateCard(card)).toEqual({ ok: true });
        expect(card[2]![2]).toBe(0);
        for (const [c, column] of cardColumns(card).entries()) {
          const nums = column.filter((n) => n !== 0);
          expect(nums).toHaveLength(c === 2 ? 4 : 5);
          expect([...nums].sort((a, b) => a - b)).toEqual(nums);
          for (const n of nums) expect(n >= COLUMN_RANGES[c]!.min && n <= COLUMN_RANGES[c]!.max).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('uses the platform CSPRNG by default and gives different cards', () => {
    const keys = new Set(Array.from({ length: 200 }, () => cardKey(generateCartela())));
    expect(keys.size).toBe(200);
  });

  it('is reproducible from a seeded source', () => {
    const seed = 'ab'.repeat(32);
    expect(generateCartela(seededRandomSource(seed))).toEqual(generateCartela(seededRandomSource(seed)));
  });

  it('uses every number of a column about equally', () => {
    const random = seededRandomSource('cd'.repeat(32));
    const counts = new Array<number>(76).fill(0);
    const cards = 6000;
    for (let i = 0; i < cards; i++)
      for (const row of generateCartela(random)) for (const n of row) counts[n]! += 1;
    // B: each number on 1/3 of cards (2000 expected); N: on 4/15 (1600). 5 standard deviations of slack.
    for (let n = 1; n <= 75; n++) {
      const expected = n >= 31 && n <= 45 ? (cards * 4) / 15 : cards / 3;
      expect(Math.abs(counts[n]! - expected)).toBeLessThan(5 * Math.sqrt(expected));
    }
  });
});
