import { describe, expect, it } from 'vitest';
import { formatNumber } from './format';
import { isOneSixth, percentDecimals, percentText } from './percent';

const en = (value: number, decimals = 0) => formatNumber(value, 'en', decimals);

describe('a rate on screen (decision 066)', () => {
  it('shows what is stored, up to the 4 decimals of the contract, without trailing zeros', () => {
    expect(percentText(12.345, en)).toBe('12.345%');
    expect(percentText(16.6667, en)).toBe('16.6667%');
    expect(percentText(12.5, en)).toBe('12.5%');
    expect(percentText(12.05, en)).toBe('12.05%');
    expect(percentText(0.0001, en)).toBe('0.0001%');
    expect(percentText(20, en)).toBe('20%');
    expect(percentText(0, en)).toBe('0%');
    expect(percentText(100, en)).toBe('100%');
  });

  it('reads the decimals from the exact rate, not from the float', () => {
    // 12.345 * 1000 is 12345.000000000002 as a float; the rate is 123450 units of 1/10000 %.
    expect(percentDecimals(12.345)).toBe(3);
    expect(percentDecimals(Number('0.3'))).toBe(1);
    expect(percentDecimals(33.3333)).toBe(4);
    // Not a rate the contract carries (5 decimals): the contract's 4.
    expect(percentText(12.34567, en)).toBe('12.3457%');
  });

  it("words a share of 16.67% (or the stored 16.6667%) as the spec's 1/6th, and no other", () => {
    expect(isOneSixth(16.67)).toBe(true);
    expect(isOneSixth(16.6667)).toBe(true);
    expect(isOneSixth(16.6)).toBe(false);
    expect(isOneSixth(20)).toBe(false);
  });
});
