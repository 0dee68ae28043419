import { describe, expect, it } from 'vitest';
import { chiSquareCritical99, formatReport, normalCdf, runQuality } from '../scripts/rng-quality-stats.js';

// The CI-sized version of scripts/rng-quality.ts (which runs a million draws): the same tests on 50,000.
describe('draw quality (50,000 seeded draws, 99% level)', () => {
  it('uses correct critical values', () => {
    // Tables: chi-square 99% quantiles for 74 and 5476 degrees of freedom; the normal CDF.
    expect(chiSquareCritical99(74)).toBeCloseTo(105.2, 0);
    expect(chiSquareCritical99(100)).toBeCloseTo(135.81, 0);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 4);
    expect(normalCdf(-2.326)).toBeCloseTo(0.01, 4);
  });

  it('passes every test', () => {
    const tests = runQuality(50_000);
    expect(
      tests.filter((t) => !t.pass),
      formatReport(tests),
    ).toEqual([]);
  }, 20_000);
});
