import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  coinCostOf,
  commissionPayment,
  gameEconomics,
  moneyMoved,
  prizeShares,
  superAgentShares,
} from './economics.js';
import { CoreError } from './errors.js';
import { etbToSantim, type Santim, santim } from './money.js';

const etb = etbToSantim;

describe('gameEconomics', () => {
  it('computes a typical game: 20 ETB x 12 cartelas at 10%', () => {
    expect(gameEconomics({ stake: etb(20), players: 12, commissionPercent: 10 })).toMatchObject({
      totalAmount: etb(240),
      agentFee: etb(24),
      prize: etb(216),
      coinCost: 24,
    });
  });

  it('defaults the commission to 10%', () => {
    expect(gameEconomics({ stake: etb(10), players: 5 }).agentFee).toBe(etb(5));
  });

  it('rounds an odd santim fee half away from zero, once, and the prize takes the rest', () => {
    // 0.01 ETB x 1 at 50% = 0.005 ETB -> 0.01 ETB.
    expect(gameEconomics({ stake: santim(1), players: 1, commissionPercent: 50 })).toMatchObject({
      totalAmount: 1,
      agentFee: 1,
      prize: 0,
      coinCost: 1,
    });
    // 0.15 ETB x 1 at 10% = 0.015 -> 0.02; 16.6667% of 30 ETB = 5.00001 -> 5.00.
    expect(gameEconomics({ stake: santim(15), players: 1, commissionPercent: 10 }).agentFee).toBe(2);
    expect(gameEconomics({ stake: etb(10), players: 3, commissionPercent: 16.6667 }).agentFee).toBe(etb(5));
  });

  it('handles 0% and 100%', () => {
    expect(gameEconomics({ stake: etb(50), players: 10, commissionPercent: 0 })).toMatchObject({
      agentFee: 0,
      prize: etb(500),
      coinCost: 0,
    });
    expect(gameEconomics({ stake: etb(50), players: 10, commissionPercent: 100 })).toMatchObject({
      agentFee: etb(500),
      prize: 0,
      coinCost: 500,
    });
  });

  it('charges ceil(agentFee in ETB) coins', () => {
    // 15 x 3 at 12.5% = 5.625 -> 5.63 ETB -> 6 coins.
    expect(gameEconomics({ stake: etb(15), players: 3, commissionPercent: 12.5 })).toMatchObject({
      agentFee: 563,
      coinCost: 6,
    });
    expect(coinCostOf(santim(500))).toBe(5);
    expect(coinCostOf(santim(501))).toBe(6);
    expect(coinCostOf(santim(0))).toBe(0);
  });

  it('accepts the commission as a decimal string from the database', () => {
    expect(gameEconomics({ stake: etb(100), players: 3, commissionPercent: '12.3456' }).agentFee).toBe(3704);
  });

  it('refuses bad input with typed errors', () => {
    expect(() => gameEconomics({ stake: 1.5 as Santim, players: 1 })).toThrow(CoreError);
    expect(() => gameEconomics({ stake: santim(-1), players: 1 })).toThrow(CoreError);
    expect(() => gameEconomics({ stake: etb(10), players: 1.5 })).toThrow(CoreError);
    expect(() => gameEconomics({ stake: etb(10), players: 2, commissionPercent: 101 })).toThrow(CoreError);
    expect(() => gameEconomics({ stake: etb(10), players: 2, commissionPercent: 10.12345 })).toThrow(
      CoreError,
    );
  });

  it('always splits the total exactly into fee and prize', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_00 }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (stake, players, units) => {
          const e = gameEconomics({ stake: santim(stake), players, commissionPercent: units / 10_000 });
          expect(e.totalAmount).toBe(stake * players);
          expect(e.agentFee + e.prize).toBe(e.totalAmount);
          expect(e.agentFee).toBeGreaterThanOrEqual(0);
          expect(e.prize).toBeGreaterThanOrEqual(0);
          expect(Math.abs(e.agentFee - (stake * players * units) / 1_000_000)).toBeLessThanOrEqual(0.5);
          expect(e.coinCost * 100).toBeGreaterThanOrEqual(e.agentFee);
          expect((e.coinCost - 1) * 100).toBeLessThan(e.agentFee || 1);
        },
      ),
    );
  });
});

describe('commissionPayment', () => {
  it("splits the day's fees between the admin and the agent", () => {
    expect(commissionPayment(etb(1000), 20)).toEqual({
      totalEarnings: etb(1000),
      adminCommissionAmount: etb(200),
      agentNetAmount: etb(800),
    });
  });

  it('rounds the admin share once and gives the agent the rest', () => {
    // 1/6th written as 16.67%: 10.01 ETB -> 1.668667 -> 1.67.
    expect(commissionPayment(etb(10.01), 16.67)).toEqual({
      totalEarnings: 1001,
      adminCommissionAmount: 167,
      agentNetAmount: 834,
    });
    expect(commissionPayment(santim(1), 50)).toMatchObject({ adminCommissionAmount: 1, agentNetAmount: 0 });
    expect(commissionPayment(etb(99), 0)).toMatchObject({
      adminCommissionAmount: 0,
      agentNetAmount: etb(99),
    });
    expect(commissionPayment(etb(99), 100)).toMatchObject({
      adminCommissionAmount: etb(99),
      agentNetAmount: 0,
    });
  });
});

describe('superAgentShares', () => {
  it('takes the super agent share of the base, then the platform share of that', () => {
    expect(superAgentShares(etb(1000), 20, 50)).toEqual({
      superAgentShare: etb(200),
      platformShare: etb(100),
      superAgentNetEarnings: etb(100),
    });
  });

  it('defaults the platform rate to 50%', () => {
    expect(superAgentShares(etb(100), 20).platformShare).toBe(etb(10));
  });

  it('rounds each derived amount once, halves away from zero', () => {
    // 0.05 ETB x 50% = 2.5 santim -> 3; 50% of 3 = 1.5 -> 2; net 1.
    expect(superAgentShares(santim(5), 50, 50)).toEqual({
      superAgentShare: 3,
      platformShare: 2,
      superAgentNetEarnings: 1,
    });
    expect(superAgentShares(etb(10.01), 20, 50)).toEqual({
      superAgentShare: 200, // 200.2
      platformShare: 100,
      superAgentNetEarnings: 100,
    });
  });

  it('handles 0% and 100%', () => {
    expect(superAgentShares(etb(100), 0, 50)).toEqual({
      superAgentShare: 0,
      platformShare: 0,
      superAgentNetEarnings: 0,
    });
    expect(superAgentShares(etb(100), 100, 100)).toEqual({
      superAgentShare: etb(100),
      platformShare: etb(100),
      superAgentNetEarnings: 0,
    });
    expect(superAgentShares(etb(100), 100, 0).superAgentNetEarnings).toBe(etb(100));
  });

  it('never loses or creates a santim', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.nat(1_000_000), fc.nat(1_000_000), (base, r, p) => {
        const s = superAgentShares(santim(base), r / 10_000, p / 10_000);
        expect(s.platformShare + s.superAgentNetEarnings).toBe(s.superAgentShare);
        expect(s.superAgentShare).toBeLessThanOrEqual(base);
      }),
    );
  });
});

describe('prizeShares (decision 062: ties split the prize)', () => {
  it('gives one winner the whole prize and two winners half each', () => {
    expect(prizeShares(etb(900), 1)).toEqual([etb(900)]);
    expect(prizeShares(etb(900), 2)).toEqual([etb(450), etb(450)]);
  });

  it('gives the santim left over one each to the first winners, in the order confirmed', () => {
    expect(prizeShares(etb(900.01), 2)).toEqual([etb(450.01), etb(450)]);
    expect(prizeShares(etb(100), 3)).toEqual([etb(33.34), etb(33.33), etb(33.33)]);
    expect(prizeShares(santim(5), 4)).toEqual([2, 1, 1, 1]);
    expect(prizeShares(santim(2), 3)).toEqual([1, 1, 0]);
  });

  it('handles no winner, a zero prize and the largest amounts exactly', () => {
    expect(prizeShares(etb(900), 0)).toEqual([]);
    expect(prizeShares(santim(0), 2)).toEqual([0, 0]);
    const max = santim(Number.MAX_SAFE_INTEGER);
    const shares = prizeShares(max, 3);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(Number.MAX_SAFE_INTEGER);
    expect(shares).toEqual([3002399751580331, 3002399751580330, 3002399751580330]);
  });

  it('refuses a prize or a number of winners that is not a whole number >= 0', () => {
    expect(() => prizeShares(-1 as Santim, 2)).toThrow(CoreError);
    expect(() => prizeShares(0.5 as Santim, 2)).toThrow(CoreError);
    expect(() => prizeShares(etb(10), -1)).toThrow(CoreError);
    expect(() => prizeShares(etb(10), 1.5)).toThrow(CoreError);
  });

  it('always adds up to the prize, in shares that differ by at most one santim, the larger first', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 1, max: 300 }),
        (prize, winners) => {
          const shares = prizeShares(santim(prize), winners);
          expect(shares).toHaveLength(winners);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(prize);
          for (const s of shares) expect(Number.isSafeInteger(s) && s >= 0).toBe(true);
          expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
          for (let i = 1; i < shares.length; i++) expect(shares[i]!).toBeLessThanOrEqual(shares[i - 1]!);
        },
      ),
    );
  });
});

describe('moneyMoved (decision 064: a cancelled game moved no money)', () => {
  const economics = { totalAmount: etb(120), agentFee: etb(12), prize: etb(108), coinCost: 12 };
  it('a running or finished game shows its economics', () => {
    expect(moneyMoved({ status: 'finished', totalCalls: 30 }, economics)).toEqual({
      ...economics,
      refundedCoins: 0,
    });
    expect(moneyMoved({ status: 'active', totalCalls: 0 }, economics)).toEqual({
      ...economics,
      refundedCoins: 0,
    });
  });
  it('a game cancelled before its first call: no total, fee or prize, its coins refunded', () => {
    expect(moneyMoved({ status: 'cancelled', totalCalls: 0 }, economics)).toEqual({
      totalAmount: 0,
      agentFee: 0,
      prize: 0,
      coinCost: 0,
      refundedCoins: 12,
    });
  });
  it('a game cancelled after a call: no total, fee or prize, its coins spent', () => {
    expect(moneyMoved({ status: 'cancelled', totalCalls: 3 }, economics)).toEqual({
      totalAmount: 0,
      agentFee: 0,
      prize: 0,
      coinCost: 12,
      refundedCoins: 0,
    });
  });
});
