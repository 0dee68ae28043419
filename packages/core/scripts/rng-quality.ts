/// <reference types="node" />
// The fair draw's statistical quality over many seeded games (default 1,000,000).
// Run: npx tsx --conditions=source packages/core/scripts/rng-quality.ts [count]
// Prints each test's statistic, the 99% critical value and PASS/FAIL; exits 1 if any test fails.
import { formatReport, runQuality } from './rng-quality-stats.js';

const count = Number(process.argv[2] ?? 1_000_000);
if (!Number.isInteger(count) || count < 10_000) {
  console.error('usage: rng-quality.ts [count >= 10000]');
  process.exit(2);
}
console.log(
  `RNG quality: ${count.toLocaleString('en')} seeded draws (cartela-draw-v1), tests at the 99% level`,
);
const started = performance.now();
const tests = runQuality(count, (done) => {
  if (count >= 500_000) console.log(`  ${done.toLocaleString('en')} draws...`);
});
const seconds = (performance.now() - started) / 1000;
console.log(formatReport(tests));
const failed = tests.filter((t) => !t.pass).length;
console.log(`rng-quality: ${tests.length - failed} of ${tests.length} checks pass (${seconds.toFixed(1)} s)`);
process.exit(failed === 0 ? 0 : 1);
