import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createHmac,
  referenceDrawOrder,
  referenceGame,
  referenceShuffle,
} from '../scripts/reference-draw.js';
import vectors from '../test-vectors/draw-v1.json' with { type: 'json' };
import {
  checkCallByCall,
  drawOrder,
  isSeedHex,
  seedCommitment,
  shuffleRemaining,
  verifyGame,
} from './draw.js';
import { CoreError } from './errors.js';
import { randomSeedHex } from './random.js';
import { bytesToHex } from './sha256.js';

const ALL = Array.from({ length: 75 }, (_, i) => i + 1);
const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(bytesToHex);
const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);

describe('published test vectors (test-vectors/draw-v1.json)', () => {
  it('has at least five seeds, a shuffle vector and whole games', () => {
    expect(vectors.vectors.length).toBeGreaterThanOrEqual(5);
    expect(vectors.shuffleVectors.length).toBeGreaterThanOrEqual(1);
    expect(vectors.games.length).toBeGreaterThanOrEqual(1);
  });

  it.each(vectors.vectors)('seed $seedHex: commitment and call order', ({ seedHex, commitment, order }) => {
    expect(seedCommitment(seedHex)).toBe(commitment);
    expect(drawOrder(seedHex)).toEqual(order);
  });

  it.each(vectors.shuffleVectors)('shuffle $k of $seedHex', ({ seedHex, k, remaining, shuffled }) => {
    expect(shuffleRemaining(seedHex, k, remaining)).toEqual(shuffled);
  });

  it.each(vectors.games)(
    'game of $seedHex with shuffles $shuffles verifies',
    ({ seedHex, commitment, shuffles, calls }) => {
      expect(verifyGame({ commitment, seedHex, calls, shuffles })).toEqual({ ok: true, order: calls });
    },
  );
});

describe('independent cross-check with node:crypto', () => {
  it('computes the first vector from the text of the algorithm with node HMAC, inline', () => {
    // A third implementation, from the spec text only: the stream of HMAC-SHA256(seed, "cartela-draw-v1:" + k).
    const { seedHex, order } = vectors.vectors[3]!;
    const key = Buffer.from(seedHex, 'hex');
    const words: number[] = [];
    for (let k = 0; words.length < 200; k++) {
      const mac = createHmac('sha256', key).update(`cartela-draw-v1:${k}`).digest();
      for (let i = 0; i < 32; i += 4) words.push(mac.readUInt32BE(i));
    }
    const a = [...ALL];
    let w = 0;
    for (let i = 74; i >= 1; i--) {
      const m = i + 1;
      let u = words[w++]!;
      while (u >= Math.floor(2 ** 32 / m) * m) u = words[w++]!;
      const j = u % m;
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
    expect(a).toEqual(order);
    expect(drawOrder(seedHex)).toEqual(a);
  });

  it('agrees with the reference implementation for any seed, shuffle and game', () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.integer({ min: 0, max: 75 }), { maxLength: 4 }),
        (seed, k, positions) => {
          expect(drawOrder(seed)).toEqual(referenceDrawOrder(seed));
          const rest = drawOrder(seed).slice(k);
          expect(shuffleRemaining(seed, k, rest)).toEqual(referenceShuffle(seed, k, rest));
          const shuffles = sorted(positions);
          const calls = referenceGame(seed, shuffles);
          expect(verifyGame({ commitment: seedCommitment(seed), seedHex: seed, calls, shuffles }).ok).toBe(
            true,
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('drawOrder', () => {
  it('is a permutation of 1-75 for any seed', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        expect(sorted(drawOrder(seed))).toEqual(ALL);
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same order for the same seed, whatever its letter case', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        expect(drawOrder(seed)).toEqual(drawOrder(seed));
        expect(drawOrder(seed.toUpperCase())).toEqual(drawOrder(seed));
        expect(seedCommitment(seed.toUpperCase())).toBe(seedCommitment(seed));
      }),
      { numRuns: 50 },
    );
  });

  it('gives different orders for different seeds', () => {
    const orders = new Set(Array.from({ length: 100 }, () => drawOrder(randomSeedHex()).join(',')));
    expect(orders.size).toBe(100);
  });

  it('refuses a seed that is not 32 bytes of hex with a typed error', () => {
    for (const bad of ['', 'ab', '0'.repeat(63), '0'.repeat(66), 'g'.repeat(64)]) {
      expect(isSeedHex(bad)).toBe(false);
      expect(() => drawOrder(bad)).toThrow(CoreError);
      expect(() => seedCommitment(bad)).toThrow(CoreError);
    }
  });
});

describe('randomSeedHex', () => {
  it('draws 32 bytes from the CSPRNG as lower-case hex', () => {
    const seeds = Array.from({ length: 50 }, randomSeedHex);
    for (const s of seeds) expect(s).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(seeds).size).toBe(50);
  });
});

describe('shuffleRemaining', () => {
  it('keeps the set of remaining balls and does not change its input', () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.integer({ min: 1, max: 1000 }),
        fc.shuffledSubarray(ALL),
        (seed, k, remaining) => {
          const before = [...remaining];
          const out = shuffleRemaining(seed, k, remaining);
          expect(remaining).toEqual(before);
          expect(sorted(out)).toEqual(sorted(remaining));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is a different shuffle for each k', () => {
    const seed = vectors.vectors[0]!.seedHex;
    expect(shuffleRemaining(seed, 1, ALL)).not.toEqual(shuffleRemaining(seed, 2, ALL));
  });

  it('refuses a k below 1 and remaining balls that are not distinct balls', () => {
    const seed = vectors.vectors[0]!.seedHex;
    expect(() => shuffleRemaining(seed, 0, ALL)).toThrow(CoreError);
    expect(() => shuffleRemaining(seed, 1, [1, 1])).toThrow(CoreError);
    expect(() => shuffleRemaining(seed, 1, [76])).toThrow(CoreError);
  });
});

describe('verifyGame', () => {
  const game = vectors.games[1]!; // shuffles after 10 and 30 calls
  const base = {
    commitment: game.commitment,
    seedHex: game.seedHex,
    calls: game.calls,
    shuffles: game.shuffles,
  };

  it('accepts a finished game and a game that ended early', () => {
    expect(verifyGame(base).ok).toBe(true);
    const early = verifyGame({ ...base, calls: game.calls.slice(0, 23), shuffles: [10] });
    expect(early.ok).toBe(true);
    if (early.ok) expect(early.order.slice(0, 23)).toEqual(game.calls.slice(0, 23));
    expect(verifyGame({ ...base, calls: [], shuffles: [] })).toMatchObject({ ok: true });
  });

  it('accepts an upper-case commitment and seed', () => {
    expect(
      verifyGame({ ...base, commitment: base.commitment.toUpperCase(), seedHex: base.seedHex.toUpperCase() })
        .ok,
    ).toBe(true);
  });

  it('detects a seed that does not match the commitment', () => {
    expect(verifyGame({ ...base, commitment: seedCommitment('00'.repeat(32)) })).toMatchObject({
      ok: false,
      code: 'COMMITMENT_MISMATCH',
    });
  });

  it('detects a changed call and says which', () => {
    const calls = [...game.calls];
    [calls[5], calls[6]] = [calls[6]!, calls[5]!];
    expect(verifyGame({ ...base, calls })).toMatchObject({ ok: false, code: 'CALL_MISMATCH', callIndex: 5 });
  });

  it('detects a missing or moved shuffle', () => {
    expect(verifyGame({ ...base, shuffles: [10] })).toMatchObject({ ok: false, code: 'CALL_MISMATCH' });
    expect(verifyGame({ ...base, shuffles: [11, 30] })).toMatchObject({
      ok: false,
      code: 'CALL_MISMATCH',
      callIndex: 10,
    });
  });

  it('refuses malformed input without throwing', () => {
    expect(verifyGame({ ...base, seedHex: 'xyz' })).toMatchObject({ ok: false, code: 'INVALID_SEED' });
    expect(verifyGame({ ...base, commitment: 'abc' })).toMatchObject({
      ok: false,
      code: 'INVALID_COMMITMENT',
    });
    expect(verifyGame({ ...base, shuffles: [30, 10] })).toMatchObject({
      ok: false,
      code: 'INVALID_SHUFFLES',
    });
    expect(verifyGame({ ...base, shuffles: [76] })).toMatchObject({ ok: false, code: 'INVALID_SHUFFLES' });
    expect(verifyGame({ ...base, calls: [...game.calls, 1] })).toMatchObject({
      ok: false,
      code: 'TOO_MANY_CALLS',
    });
  });
});

describe('checkCallByCall: the verifier as a person reads it', () => {
  const seed = vectors.vectors[0]!.seedHex;
  const commitment = seedCommitment(seed);
  const order = drawOrder(seed);

  it('says every call matches a seed that matches its commitment', () => {
    const check = checkCallByCall({ commitment, seedHex: seed, calls: order.slice(0, 30) });
    expect(check).toMatchObject({ computed: commitment, commitmentMatches: true, mismatch: null });
    expect(check.verdict).toEqual({ kind: 'ok' });
    expect(check.calls).toHaveLength(30);
    expect(
      check.calls.every((c, i) => c.status === 'ok' && c.expected === order[i] && c.index === i + 1),
    ).toBe(true);
  });

  it('names the first call that differs, what the seed gives there, and leaves the rest unchecked', () => {
    const calls = order.slice(0, 20);
    [calls[6], calls[11]] = [calls[11]!, calls[6]!];
    const check = checkCallByCall({ commitment, seedHex: seed, calls });
    const mismatch = { index: 7, actual: order[11]!, expected: order[6]! };
    expect(check.mismatch).toEqual(mismatch);
    expect(check.verdict).toEqual({ kind: 'mismatch', ...mismatch });
    expect(check.calls[6]).toEqual({ index: 7, number: order[11], status: 'mismatch', expected: order[6] });
    expect(check.calls.slice(0, 6).every((c) => c.status === 'ok')).toBe(true);
    expect(check.calls.slice(7).every((c) => c.status === 'unchecked' && c.expected === null)).toBe(true);
    // verifyGame, the same replay, agrees.
    expect(verifyGame({ commitment, seedHex: seed, calls })).toMatchObject({
      code: 'CALL_MISMATCH',
      callIndex: 6,
    });
  });

  it('with a seed that is not the committed one, fails the commitment AND still shows where its order parts', () => {
    const other = vectors.vectors[1]!.seedHex;
    const check = checkCallByCall({ commitment, seedHex: other, calls: order.slice(0, 10) });
    expect(check.commitmentMatches).toBe(false);
    expect(check.computed).toBe(seedCommitment(other));
    expect(check.verdict).toEqual({ kind: 'commitment' });
    const first = order.findIndex((n, i) => drawOrder(other)[i] !== n);
    expect(check.mismatch).toEqual({
      index: first + 1,
      actual: order[first],
      expected: drawOrder(other)[first],
    });
  });

  it('replays the reordering shuffles of old games like verifyGame', () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 0, max: 75 }), fc.integer({ min: 0, max: 75 }), (s, a, b) => {
        const at = Math.min(a, b);
        const calls = referenceGame(s, [at]).slice(0, Math.max(a, b));
        const check = checkCallByCall({ commitment: seedCommitment(s), seedHex: s, calls, shuffles: [at] });
        return check.verdict.kind === 'ok' && check.calls.every((c) => c.status === 'ok');
      }),
      { numRuns: 30 },
    );
  });

  it('checks nothing for a seed that is not a seed, or calls that cannot be replayed, and never throws', () => {
    expect(checkCallByCall({ commitment, seedHex: 'nope', calls: [1, 2] })).toMatchObject({
      computed: null,
      commitmentMatches: false,
      mismatch: null,
      verdict: { kind: 'invalid' },
      calls: [
        { index: 1, status: 'unchecked' },
        { index: 2, status: 'unchecked' },
      ],
    });
    const tooMany = checkCallByCall({ commitment, seedHex: seed, calls: [...order, 1] });
    expect(tooMany.verdict).toMatchObject({ kind: 'invalid' });
    expect(tooMany.commitmentMatches).toBe(true);
  });
});
