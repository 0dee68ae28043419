import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARTELA_MAX } from './bingo.js';
import { CoreError } from './errors.js';
import {
  applyRate,
  averageSantim,
  etbToSantim,
  formatEtb,
  isEtbAmount,
  isPercent,
  MAX_BALANCE_COINS,
  MAX_STAKE_ETB,
  MAX_TOP_UP_COINS,
  MAX_TOP_UP_ETB,
  parseEtb,
  percentToRate,
  rateToPercent,
  rateToPercentString,
  roundHalfAwayFromZero,
  type Santim,
  santim,
  santimToEtb,
  sumSantim,
} from './money.js';

// Intl separates the currency from the number with a no-break space; compare on plain spaces.
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('santim', () => {
  it('holds whole numbers of santim only', () => {
    expect(santim(150)).toBe(150);
    expect(Object.is(santim(-0), 0)).toBe(true);
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => santim(bad)).toThrow(CoreError);
    }
  });

  it('sums exactly and refuses to overflow', () => {
    expect(sumSantim([santim(1), santim(2), santim(3)])).toBe(6);
    expect(() => sumSantim([santim(2 ** 52), santim(2 ** 52)])).toThrow(CoreError);
  });
});

describe('the upper bounds of money (decision 081)', () => {
  // A large network, every figure at its bound all year: the benchmark's 300 agents (docs/PERFORMANCE.md), each
  // hall running a round every 5 minutes for 16 hours and 40 minutes (200 a day), every cartela sold at the
  // largest stake, and 10 top-ups a day at the largest amount.
  const AGENTS = 300;
  const DAYS = 365;
  const ROUNDS_A_DAY = 200;
  const TOP_UPS_A_DAY = 10;
  const SANTIM = 100;

  it("keeps a year of such a network's money below 2^53 santim, in every sum a screen shows", () => {
    const stakes = AGENTS * DAYS * ROUNDS_A_DAY * CARTELA_MAX * MAX_STAKE_ETB * SANTIM;
    const topUps = AGENTS * DAYS * TOP_UPS_A_DAY * MAX_TOP_UP_ETB * SANTIM;
    expect(stakes).toBe(6.57e15);
    expect(topUps).toBe(1.095e15);
    // Fees, prizes, commissions and shares are parts of the stakes or of the top-ups; the largest sum adds the
    // two (the admin's net income: coin revenue plus commission).
    expect(stakes + topUps).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });

  it('keeps coin counts far below it too: coins sold in a year, a balance', () => {
    const coinsSold = AGENTS * DAYS * TOP_UPS_A_DAY * MAX_TOP_UP_COINS;
    expect(coinsSold).toBe(1.095e13);
    expect(coinsSold + MAX_BALANCE_COINS).toBeLessThan(Number.MAX_SAFE_INTEGER / 100);
    // A round's coin cost is at most its fee in birr.
    expect(CARTELA_MAX * MAX_STAKE_ETB).toBeLessThan(MAX_TOP_UP_COINS);
  });
});

describe('etbToSantim', () => {
  it.each([
    [0, 0],
    [1, 100],
    [12.5, 1250],
    [19.99, 1999],
    [0.07, 7],
    [1.1, 110],
    [-3.05, -305],
    [1234567.89, 123456789],
  ])('%d ETB is %d santim', (etb, s) => {
    expect(etbToSantim(etb)).toBe(s);
    expect(santimToEtb(etbToSantim(etb))).toBe(etb);
  });

  it.each([[1.005], [0.1 + 0.2], [0.001], [Number.NaN], [Number.POSITIVE_INFINITY], [1e300]])(
    'refuses %d (more than 2 decimals or not finite)',
    (etb) => {
      expect(isEtbAmount(etb)).toBe(false);
      expect(() => etbToSantim(etb)).toThrow(CoreError);
    },
  );

  it('round-trips every amount of santim through ETB', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (s) => {
        expect(etbToSantim(santimToEtb(santim(s)))).toBe(s);
        expect(etbToSantim(Number(santimToEtb(santim(s)).toFixed(2)))).toBe(s);
      }),
    );
  });
});

describe('parseEtb', () => {
  it('reads decimal strings exactly', () => {
    expect(parseEtb('12')).toBe(1200);
    expect(parseEtb('12.5')).toBe(1250);
    expect(parseEtb('0.05')).toBe(5);
    expect(parseEtb('-3.05')).toBe(-305);
    expect(parseEtb(' 99999999999.99 ')).toBe(9999999999999);
    for (const bad of ['', '1.234', '1,000', 'abc', '1e3', '.5'])
      expect(() => parseEtb(bad)).toThrow(CoreError);
  });
});

describe('roundHalfAwayFromZero', () => {
  it('rounds halves away from zero', () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(0.5)).toBe(1);
    expect(roundHalfAwayFromZero(-0.5)).toBe(-1);
    expect(roundHalfAwayFromZero(2.4999)).toBe(2);
    expect(roundHalfAwayFromZero(-2.6)).toBe(-3);
    expect(Object.is(roundHalfAwayFromZero(-0.2), 0)).toBe(true);
  });
});

describe('rates', () => {
  it('are exact for percentages with up to 4 decimals, from numbers or decimal strings', () => {
    expect(percentToRate(10)).toBe(100_000);
    expect(percentToRate(16.67)).toBe(166_700);
    expect(percentToRate(16.6667)).toBe(166_667);
    expect(percentToRate('16.6667')).toBe(166_667);
    expect(percentToRate('10.500000')).toBe(105_000);
    expect(percentToRate(0)).toBe(0);
    expect(percentToRate('100')).toBe(1_000_000);
    expect(rateToPercent(percentToRate(16.6667))).toBe(16.6667);
    expect(rateToPercentString(percentToRate('16.6667'))).toBe('16.6667');
    expect(rateToPercentString(percentToRate('20.50'))).toBe('20.5');
    expect(rateToPercentString(percentToRate(100))).toBe('100');
    expect(rateToPercentString(percentToRate(0.0001))).toBe('0.0001');
  });

  it('refuses more than 4 decimals and anything outside 0-100', () => {
    for (const bad of [16.66667, '16.66667', -1, 100.0001, '101', 'ten', Number.NaN, '']) {
      expect(() => percentToRate(bad), String(bad)).toThrow(CoreError);
      expect(isPercent(bad), String(bad)).toBe(false);
    }
    // The value the security test sent: 0.1 + 0.2 is not 0.3.
    expect(isPercent(0.1 + 0.2)).toBe(false);
    for (const good of [0, 0.3, 16.6667, 100]) expect(isPercent(good)).toBe(true);
  });

  it('applies a rate once, rounding to the nearest santim with halves away from zero', () => {
    expect(applyRate(santim(1), percentToRate(50))).toBe(1); // 0.5 -> 1
    expect(applyRate(santim(-1), percentToRate(50))).toBe(-1);
    expect(applyRate(santim(3), percentToRate(50))).toBe(2); // 1.5 -> 2
    expect(applyRate(santim(1), percentToRate(49.9999))).toBe(0);
    expect(applyRate(santim(600), percentToRate(16.6667))).toBe(100); // 100.0002
    expect(applyRate(santim(2 ** 53 - 1), percentToRate(100))).toBe(2 ** 53 - 1);
    expect(applyRate(santim(2 ** 53 - 1), percentToRate(0))).toBe(0);
  });

  it('matches exact rational rounding for any amount and rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), fc.integer({ min: 0, max: 1_000_000 }), (a, r) => {
        const exact = (BigInt(a) * BigInt(r) * 2n + (a < 0 ? -1_000_000n : 1_000_000n)) / 2_000_000n;
        expect(applyRate(santim(a), percentToRate(r / 10_000))).toBe(Number(exact));
      }),
    );
  });
});

describe('formatEtb', () => {
  const s = (n: number) => n as Santim;
  it('formats in en-ET with 2 decimals by default', () => {
    expect(plain(formatEtb(s(123450)))).toBe('ETB 1,234.50');
    expect(plain(formatEtb(s(5)))).toBe('ETB 0.05');
    expect(plain(formatEtb(s(-123450)))).toBe('-ETB 1,234.50');
    expect(plain(formatEtb(s(0)))).toBe('ETB 0.00');
  });

  it('formats in am-ET with the birr sign', () => {
    expect(plain(formatEtb(s(123450), { locale: 'am' }))).toBe('ብር 1,234.50');
  });

  it('formats Afaan Oromoo with Br, the same whatever Oromo data the runtime has', () => {
    expect(plain(formatEtb(s(123450), { locale: 'om' }))).toBe('Br 1,234.50');
    expect(plain(formatEtb(s(-250), { locale: 'om', decimals: 0 }))).toBe('-Br 3');
    expect(formatEtb(s(123450), { locale: 'om', currency: false })).toBe('1,234.50');
  });

  it('rounds whole birr half away from zero', () => {
    expect(plain(formatEtb(s(150), { decimals: 0 }))).toBe('ETB 2');
    expect(plain(formatEtb(s(250), { decimals: 0 }))).toBe('ETB 3');
    expect(plain(formatEtb(s(-250), { decimals: 0 }))).toBe('-ETB 3');
    expect(plain(formatEtb(s(149), { decimals: 0 }))).toBe('ETB 1');
    expect(plain(formatEtb(s(-49), { decimals: 0 }))).toBe('ETB 0');
  });

  it('can leave the currency out', () => {
    expect(formatEtb(s(123450), { currency: false })).toBe('1,234.50');
  });
});

describe('averageSantim', () => {
  it('divides once, halves away from zero, 0 for no games', () => {
    expect(averageSantim(santim(1000), 3)).toBe(333);
    expect(averageSantim(santim(1001), 2)).toBe(501);
    expect(averageSantim(santim(5), 2)).toBe(3);
    expect(averageSantim(santim(1234), 0)).toBe(0);
    expect(() => averageSantim(santim(1), -1)).toThrow();
    expect(() => averageSantim(santim(1), 1.5)).toThrow();
  });
});
