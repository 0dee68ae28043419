// Statistical checks of the fair draw, shared by scripts/rng-quality.ts (a million games) and the unit test
// src/draw.quality.test.ts (a CI-sized sample). Pure: no I/O. Seeds are derived deterministically from the game
// index, so a run is reproducible and a failure is not a flake.
import { drawOrder, shuffleRemaining } from '../src/draw.js';
import { asciiBytes, bytesToHex, sha256 } from '../src/sha256.js';

/** The seed of game i of a quality run: SHA-256 of "cartela-rng-quality:" + i. */
export const qualitySeed = (i: number): string => bytesToHex(sha256(asciiBytes(`cartela-rng-quality:${i}`)));

/** The standard normal cumulative distribution (Abramowitz-Stegun 7.1.26 through erf, error < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-x * x);
  return z >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

const Z99 = 2.3263478740408408; // the 99th percentile of N(0, 1)
const Z995 = 2.5758293035489004; // two-sided 99%

/** The chi-square quantile at 99% for df degrees of freedom (Wilson-Hilferty; within 0.1% for df >= 30). */
export function chiSquareCritical99(df: number): number {
  const a = 2 / (9 * df);
  return df * (1 - a + Z99 * Math.sqrt(a)) ** 3;
}

/** Upper-tail p-value of a chi-square statistic (Wilson-Hilferty). */
export function chiSquarePValue(x: number, df: number): number {
  const a = 2 / (9 * df);
  const z = ((x / df) ** (1 / 3) - (1 - a)) / Math.sqrt(a);
  return 1 - normalCdf(z);
}

export interface QualityTest {
  name: string;
  /** Chi-square statistic, or |z| for the correlation tests. */
  statistic: number;
  /** Degrees of freedom (chi-square tests only). */
  df?: number;
  critical: number;
  pValue: number;
  pass: boolean;
  detail: string;
}

function chiSquare(
  name: string,
  observed: ArrayLike<number>,
  expected: number,
  df: number,
  detail: string,
): QualityTest {
  let x = 0;
  for (let i = 0; i < observed.length; i++) x += (observed[i]! - expected) ** 2 / expected;
  const critical = chiSquareCritical99(df);
  return { name, statistic: x, df, critical, pValue: chiSquarePValue(x, df), pass: x < critical, detail };
}

function zTest(name: string, z: number, detail: string): QualityTest {
  return {
    name,
    statistic: Math.abs(z),
    critical: Z995,
    pValue: 2 * (1 - normalCdf(Math.abs(z))),
    pass: Math.abs(z) < Z995,
    detail,
  };
}

/**
 * Runs `count` seeded draws (games 0..count-1) and tests, each at the 99% level:
 * - first ball: is each of the 75 balls equally likely to be called first (chi-square, 74 df);
 * - position x number: is every ball equally likely at every one of the 75 positions (75x75 table, both
 *   margins fixed, 74^2 df);
 * - consecutive games, pairs: are the 75x75 pairs (first ball of game i, first ball of game i+1) uniform
 *   (5624 df);
 * - consecutive games, correlation: the mean Pearson correlation between the call orders of game i and i+1
 *   (each has variance 1/74 under independence), as a z-score;
 * - shuffle first ball: the first ball after shuffle 1 of the full set (on a quarter of the games).
 */
export function runQuality(count: number, onProgress?: (done: number) => void): QualityTest[] {
  const first = new Float64Array(75);
  const positions = new Float64Array(75 * 75);
  const pairs = new Float64Array(75 * 75);
  const shuffleFirst = new Float64Array(75);
  const full = Array.from({ length: 75 }, (_, i) => i + 1);
  const shuffleCount = Math.floor(count / 4);
  let correlationSum = 0;
  let previous: number[] | null = null;
  // Pearson r between two permutations of 1..75: both have mean 38 and the same variance.
  const mean = 38;
  const sumSq = full.reduce((a, v) => a + (v - mean) ** 2, 0);
  for (let g = 0; g < count; g++) {
    const seed = qualitySeed(g);
    const order = drawOrder(seed);
    first[order[0]! - 1]! += 1;
    for (let p = 0; p < 75; p++) positions[p * 75 + order[p]! - 1]! += 1;
    if (previous) {
      pairs[(previous[0]! - 1) * 75 + order[0]! - 1]! += 1;
      let s = 0;
      for (let p = 0; p < 75; p++) s += (previous[p]! - mean) * (order[p]! - mean);
      correlationSum += s / sumSq;
    }
    previous = order;
    if (g < shuffleCount) shuffleFirst[shuffleRemaining(seed, 1, full)[0]! - 1]! += 1;
    if (onProgress && (g + 1) % 100_000 === 0) onProgress(g + 1);
  }
  const meanR = correlationSum / (count - 1);
  return [
    chiSquare(
      'first ball',
      first,
      count / 75,
      74,
      `${count} draws, expected ${(count / 75).toFixed(1)} per ball`,
    ),
    chiSquare(
      'position x number',
      positions,
      count / 75,
      74 * 74,
      `75x75 table, expected ${(count / 75).toFixed(1)} per cell`,
    ),
    chiSquare(
      'consecutive games: first-ball pairs',
      pairs,
      (count - 1) / 5625,
      5624,
      `${count - 1} pairs, expected ${((count - 1) / 5625).toFixed(2)} per cell`,
    ),
    zTest(
      'consecutive games: order correlation',
      meanR * Math.sqrt(74 * (count - 1)),
      `mean Pearson r ${meanR.toExponential(3)} over ${count - 1} pairs`,
    ),
    chiSquare(
      'shuffle 1: first ball',
      shuffleFirst,
      shuffleCount / 75,
      74,
      `${shuffleCount} shuffles of 1-75, expected ${(shuffleCount / 75).toFixed(1)} per ball`,
    ),
  ];
}

export function formatReport(tests: readonly QualityTest[]): string {
  return tests
    .map((t) => {
      const stat =
        t.df !== undefined
          ? `chi2 = ${t.statistic.toFixed(1)}, df = ${t.df}`
          : `|z| = ${t.statistic.toFixed(3)}`;
      return `${t.pass ? 'PASS' : 'FAIL'}  ${t.name}: ${stat}, critical (99%) = ${t.critical.toFixed(t.df !== undefined ? 1 : 3)}, p = ${t.pValue.toFixed(4)}  (${t.detail})`;
    })
    .join('\n');
}
