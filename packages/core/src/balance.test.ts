import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceScore, balanceStats, generateBalancedSet, rebalanceCards } from './balance.js';
import { type Card, cardKey, generateCartela, validateCard } from './cartela.js';
import { CoreError } from './errors.js';
import { seededRandomSource } from './random.js';
import { bytesToHex } from './sha256.js';

const LOW: Card = [
  [1, 16, 31, 46, 61],
  [2, 17, 32, 47, 62],
  [3, 18, 0, 48, 63],
  [4, 19, 33, 49, 64],
  [5, 20, 34, 50, 65],
];
const HIGH: Card = LOW.map((row) =>
  row.map((n) => (n === 0 ? 0 : 15 * Math.floor((n - 1) / 15) + 16 - (n - 15 * Math.floor((n - 1) / 15)))),
);

function frequencies(cards: Card[]): number[] {
  const f = new Array<number>(76).fill(0);
  for (const card of cards) for (const row of card) for (const n of row) if (n) f[n]! += 1;
  return f;
}

describe('balanceScore', () => {
  it('is the mean position of the 24 numbers in their column ranges', () => {
    // B, I, G, O hold positions 0-4 (sum 10 each, over 14), N holds 0-3 (sum 6): (40 + 6) / 14 / 24.
    expect(balanceScore(LOW)).toBeCloseTo(46 / 14 / 24, 12);
    expect(balanceScore(HIGH)).toBeCloseTo(1 - 46 / 14 / 24, 12);
    const middle = LOW.map((row, r) => row.map((n, c) => (n === 0 ? 0 : [8, 23, 38, 53, 68][c]! + r - 2)));
    middle[1]![2] = 37;
    middle[3]![2] = 39;
    middle[0]![2] = 36;
    middle[4]![2] = 40;
    expect(balanceScore(middle)).toBeCloseTo(0.5, 12);
  });

  it('lies between 0 and 1 for every generated card', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (seed) => {
        const s = balanceScore(generateCartela(seededRandomSource(bytesToHex(seed))));
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('generateBalancedSet', () => {
  it('spreads every number evenly over 300 cards: B, I, G, O numbers on 100 cards, N numbers on 80', () => {
    const cards = generateBalancedSet(300);
    expect(cards).toHaveLength(300);
    for (const card of cards) expect(validateCard(card)).toEqual({ ok: true });
    expect(new Set(cards.map(cardKey)).size).toBe(300);
    const f = frequencies(cards);
    for (let n = 1; n <= 75; n++) expect(f[n], `number ${n}`).toBe(n >= 31 && n <= 45 ? 80 : 100);
  });

  it('keeps every count within one of the others for any size, with sorted columns and no two cards alike', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (count, seed) => {
          const cards = generateBalancedSet(count, { random: seededRandomSource(bytesToHex(seed)) });
          expect(cards).toHaveLength(count);
          expect(new Set(cards.map(cardKey)).size).toBe(count);
          const f = frequencies(cards);
          for (let c = 0; c < 5; c++) {
            const counts = f.slice(c * 15 + 1, c * 15 + 16);
            expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
            expect(counts.reduce((a, b) => a + b, 0)).toBe(count * (c === 2 ? 4 : 5));
          }
          for (const card of cards) {
            expect(validateCard(card).ok).toBe(true);
            for (let c = 0; c < 5; c++) {
              const column = card.map((row) => row[c]!).filter((n) => n !== 0);
              expect([...column].sort((a, b) => a - b)).toEqual(column);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('is reproducible from a seeded source', () => {
    const a = generateBalancedSet(30, { random: seededRandomSource('01'.repeat(32)) });
    const b = generateBalancedSet(30, { random: seededRandomSource('01'.repeat(32)) });
    expect(a).toEqual(b);
  });

  it('refuses more than 300 cards', () => {
    expect(() => generateBalancedSet(301)).toThrow(CoreError);
    expect(() => generateBalancedSet(-1)).toThrow(CoreError);
  });
});

describe('rebalanceCards', () => {
  it('regenerates exactly the cards outside target +/- tolerance, keeping their cartela numbers', () => {
    const cards = generateBalancedSet(300, { random: seededRandomSource('02'.repeat(32)) }).map(
      (card, i) => ({
        cartelaNumber: i + 1,
        card,
        note: 'kept',
      }),
    );
    cards[0] = { cartelaNumber: 1, card: LOW, note: 'kept' };
    cards[1] = { cartelaNumber: 2, card: HIGH, note: 'kept' };
    const outside = cards
      .filter((c) => Math.abs(balanceScore(c.card) - 0.5) > 0.05)
      .map((c) => c.cartelaNumber);
    const result = rebalanceCards(cards, {
      targetBalance: 0.5,
      tolerance: 0.05,
      random: seededRandomSource('03'.repeat(32)),
    });
    expect(result.regenerated).toEqual(outside);
    expect(result.cards.map((c) => c.cartelaNumber)).toEqual(cards.map((c) => c.cartelaNumber));
    for (const c of result.cards) {
      expect(validateCard(c.card).ok).toBe(true);
      expect(Math.abs(balanceScore(c.card) - 0.5)).toBeLessThanOrEqual(0.05);
      expect(c.note).toBe('kept');
    }
    expect(new Set(result.cards.map((c) => cardKey(c.card))).size).toBe(300);
    for (const c of result.cards)
      if (!outside.includes(c.cartelaNumber)) expect(c.card).toBe(cards[c.cartelaNumber - 1]!.card);
  });

  it('reaches a far target by nudging cards, and keeps cards when the target is out of reach', () => {
    const cards = [{ cartelaNumber: 7, card: HIGH }];
    const low = rebalanceCards(cards, {
      targetBalance: 0.2,
      tolerance: 0.05,
      random: seededRandomSource('04'.repeat(32)),
    });
    expect(Math.abs(balanceScore(low.cards[0]!.card) - 0.2)).toBeLessThanOrEqual(0.05);
    const impossible = rebalanceCards([{ cartelaNumber: 7, card: LOW }], {
      targetBalance: 0,
      tolerance: 0.05,
      random: seededRandomSource('05'.repeat(32)),
    });
    expect(impossible.cards[0]!.card).toBe(LOW); // LOW is already the nearest a card can be
  });

  it('gives up on an out-of-reach target after a bounded search (the server thread is not held for seconds)', () => {
    // Every card of a set is outside 0 +/- 0.05 and none can get inside: each card's search must end when its
    // climbs stop coming nearer, not after 20 climbs of 5,000 tries (300,000 draws a card: 16 s for a set).
    const cards = generateBalancedSet(300, { random: seededRandomSource('02'.repeat(32)) }).map(
      (card, i) => ({
        cartelaNumber: i + 1,
        card,
      }),
    );
    const seeded = seededRandomSource('06'.repeat(32));
    let draws = 0;
    const random = {
      nextUint32: () => {
        draws++;
        return seeded.nextUint32();
      },
    };
    const result = rebalanceCards(cards, { targetBalance: 0, tolerance: 0.05, random });
    expect(draws / cards.length).toBeLessThan(20_000);
    // Still as near as a card gets: the lowest score a card can have is 46/336 = 0.137.
    const scores = result.cards.map((c) => balanceScore(c.card));
    expect(Math.min(...scores)).toBeLessThan(0.15);
    expect(result.regenerated.length).toBeGreaterThan(250);
  });
});

describe('balanceStats', () => {
  it('reports the figures of the balance manager', () => {
    const cards = [
      { cartelaNumber: 1, card: LOW, winningPatterns: ['full-house', 'corners'] },
      { cartelaNumber: 2, card: HIGH, winningPatterns: ['full-house'] },
    ];
    const stats = balanceStats(cards);
    const low = balanceScore(LOW);
    const high = balanceScore(HIGH);
    expect(stats.balanceStats.totalCartelas).toBe(2);
    expect(stats.balanceStats.avgBalanceScore).toBeCloseTo(0.5, 12);
    expect(stats.balanceStats.minBalanceScore).toBe(low);
    expect(stats.balanceStats.maxBalanceScore).toBe(high);
    expect(stats.balanceStats.stdDevBalanceScore).toBeCloseTo((high - low) / 2, 12);
    expect(stats.balanceDistribution).toEqual([
      { _id: 0, count: 1 },
      { _id: 0.2, count: 0 },
      { _id: 0.4, count: 0 },
      { _id: 0.6, count: 0 },
      { _id: 0.8, count: 1 },
    ]);
    expect(stats.patternStats).toEqual([
      { _id: 'full-house', count: 2, avgBalanceScore: expect.closeTo(0.5, 12) },
      { _id: 'four-corners', count: 1, avgBalanceScore: low },
    ]);
    expect(stats.numberFrequency).toHaveLength(75);
    // LOW and HIGH share no number: 48 numbers on one card each (ascending), the other 27 on none.
    expect(stats.numberFrequency[0]).toEqual({ _id: 1, frequency: 1 });
    expect(stats.numberFrequency.filter((f) => f.frequency === 1)).toHaveLength(48);
    expect(stats.numberFrequency.at(-1)).toMatchObject({ frequency: 0 });
    const codes = stats.recommendations.map((r) => r.code);
    expect(codes).toContain('WIDE_SPREAD');
    expect(codes).toContain('CARDS_OUTSIDE_BAND');
    expect(codes).toContain('INCOMPLETE_SET');
    for (const r of stats.recommendations) {
      expect(['warning', 'info', 'success']).toContain(r.type);
      expect(r.message.length).toBeGreaterThan(10);
      expect(['regenerate', 'rebalance', 'none']).toContain(r.action);
    }
  });

  it('calls a rebalanced balanced set of 300 well balanced', () => {
    const set = generateBalancedSet(300, { random: seededRandomSource('06'.repeat(32)) }).map((card, i) => ({
      cartelaNumber: i + 1,
      card,
    }));
    const stats = balanceStats(rebalanceCards(set, { random: seededRandomSource('07'.repeat(32)) }).cards);
    expect(stats.balanceStats.totalCartelas).toBe(300);
    expect(stats.recommendations.map((r) => r.type)).not.toContain('warning');
    expect(stats.recommendations.at(-1)).toMatchObject({
      type: 'success',
      code: 'WELL_BALANCED',
      action: 'none',
    });
  });

  it('warns about duplicate cards and skewed numbers', () => {
    const same = Array.from({ length: 300 }, (_, i) => ({ cartelaNumber: i + 1, card: LOW }));
    const codes = balanceStats(same).recommendations.map((r) => r.code);
    expect(codes).toContain('DUPLICATE_CARDS');
    expect(codes).toContain('NUMBER_FREQUENCY_SKEWED');
  });

  it('handles no cartelas', () => {
    const stats = balanceStats([]);
    expect(stats.balanceStats).toEqual({
      totalCartelas: 0,
      avgBalanceScore: 0,
      minBalanceScore: 0,
      maxBalanceScore: 0,
      stdDevBalanceScore: 0,
    });
    expect(stats.recommendations).toEqual([
      expect.objectContaining({ code: 'NO_CARTELAS', action: 'regenerate' }),
    ]);
  });
});
