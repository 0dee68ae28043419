import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateBalancedSet } from './balance.js';
import { drawOrder } from './draw.js';
import { checkClaim, PATTERN_IDS } from './patterns.js';
import { seededRandomSource } from './random.js';
import { bytesToHex } from './sha256.js';
import { CARD, OTHER } from './testing/cards.js';
import { createWinChecker, findWinners } from './wincheck.js';

describe('createWinChecker', () => {
  it('names the cards that win with the ball just called', () => {
    const checker = createWinChecker(
      [
        { cartelaNumber: 7, card: CARD },
        { cartelaNumber: 8, card: OTHER },
      ],
      'four-corners',
    );
    expect(checker.call(1)).toEqual([]);
    expect(checker.call(61)).toEqual([]);
    expect(checker.call(5)).toEqual([]);
    expect(checker.call(66)).toEqual([]);
    expect(checker.call(65)).toEqual([7]);
    // The next ball is not on card 7: its win is no longer "with the last ball".
    expect(checker.call(70)).toEqual([]);
    expect(checker.complete()).toEqual([7]);
  });

  it('never names a blocked card', () => {
    const checker = createWinChecker([{ cartelaNumber: 3, card: CARD }], 'any-one-line', { blocked: [3] });
    expect([1, 2, 3, 4, 5].flatMap((n) => checker.call(n))).toEqual([]);
    expect(checker.complete()).toEqual([]);
  });

  it('replays earlier calls and can be reset', () => {
    const cartelas = [{ cartelaNumber: 1, card: CARD }];
    const checker = createWinChecker(cartelas, 'line', { calledNumbers: [1, 2, 3, 4] });
    expect(checker.patternId).toBe('any-one-line');
    expect(checker.call(5)).toEqual([1]);
    checker.reset();
    expect(checker.complete()).toEqual([]);
    expect(findWinners(cartelas, 'any-one-line', [1, 2, 3, 4, 5])).toEqual([1]);
    expect(findWinners(cartelas, 'any-one-line', [1, 2, 3, 4, 5], [1])).toEqual([]);
    expect(findWinners(cartelas, 'any-one-line', [])).toEqual([]);
  });

  it('finds nobody for agents-own', () => {
    const checker = createWinChecker([{ cartelaNumber: 1, card: CARD }], 'agents-own');
    expect([1, 2, 3, 4, 5].flatMap((n) => checker.call(n))).toEqual([]);
  });

  it('agrees with checkClaim for every card after every call of random games', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }).map(bytesToHex),
        fc.constantFrom(...PATTERN_IDS),
        fc.integer({ min: 1, max: 60 }),
        fc.array(fc.integer({ min: 0, max: 59 }), { maxLength: 5 }),
        (seed, patternId, count, blockedIdx) => {
          const cards = generateBalancedSet(count, { random: seededRandomSource(seed) });
          const cartelas = cards.map((card, i) => ({ cartelaNumber: i + 1, card }));
          const blocked = new Set(blockedIdx.filter((i) => i < count).map((i) => i + 1));
          const checker = createWinChecker(cartelas, patternId, { blocked });
          const called: number[] = [];
          for (const n of drawOrder(seed)) {
            called.push(n);
            const expected = cartelas
              .filter(
                (c) =>
                  checkClaim({
                    card: c.card,
                    patternId,
                    calledNumbers: called,
                    blocked: blocked.has(c.cartelaNumber),
                  }).winner,
              )
              .map((c) => c.cartelaNumber);
            expect(checker.call(n)).toEqual(expected);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
