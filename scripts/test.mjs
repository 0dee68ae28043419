#!/usr/bin/env node
// The README's test command: typecheck, lint, unit + API tests (Vitest), the RNG quality check, then the
// browser tests (Playwright in Debian's Chromium) against the built app. It ends with one plain line,
// `N passed, N failed`, the totals over every suite, so a run that executed nothing is visible.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const args = new Set(process.argv.slice(2));
const skipE2e = args.has('--no-e2e');

let passed = 0;
let failed = 0;
const failures = [];

function run(label, cmd, cmdArgs, opts = {}) {
  console.log(`\n=== ${label}: ${cmd} ${cmdArgs.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  console.log(`=== ${label}: exit ${r.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return r.status === 0;
}

/** A gate counts as one check: it passes or fails as a whole. */
function gate(label, cmd, cmdArgs, opts) {
  if (run(label, cmd, cmdArgs, opts)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

gate('typecheck', 'npm', ['run', '--silent', 'typecheck']);
gate('lint', 'npx', ['biome', 'check', '.']);

// Unit and API tests: one Vitest run over every project (core, contract, server on PGlite and, when
// TEST_DATABASE_URL is set, on PostgreSQL, web in jsdom).
const vitestJson = path.join(tmp, 'vitest.json');
rmSync(vitestJson, { force: true });
const vitestOk = run('vitest', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const v = readJson(vitestJson);
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  if (v.numFailedTests > 0) failures.push(`vitest: ${v.numFailedTests} failed`);
  if (!vitestOk && v.numFailedTests === 0) {
    failed += 1;
    failures.push('vitest exited non-zero (an error outside a test)');
  }
} else {
  failed += 1;
  failures.push('vitest produced no report');
}

// The fair draw's statistical quality on a CI-sized sample (the full million-draw run: see docs/PERFORMANCE.md).
if (existsSync(path.join(root, 'packages/core/scripts/rng-quality.ts'))) {
  gate('rng-quality', 'npx', [
    'tsx',
    '--conditions=source',
    'packages/core/scripts/rng-quality.ts',
    process.env.RNG_QUALITY_COUNT ?? '200000',
  ]);
}

if (!skipE2e) {
  if (!run('build', 'npm', ['run', '--silent', 'build'])) {
    failed += 1;
    failures.push('build');
  } else {
    const pwJson = path.join(tmp, 'playwright.json');
    rmSync(pwJson, { force: true });
    const pwOk = run('playwright', 'npx', ['playwright', 'test'], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
    });
    const p = readJson(pwJson);
    if (p?.stats) {
      const ok = p.stats.expected + (p.stats.flaky ?? 0);
      passed += ok;
      failed += p.stats.unexpected;
      if (p.stats.unexpected > 0) failures.push(`playwright: ${p.stats.unexpected} failed`);
      if (!pwOk && p.stats.unexpected === 0) {
        failed += 1;
        failures.push('playwright exited non-zero');
      }
    } else {
      failed += 1;
      failures.push('playwright produced no report');
    }
  }
}

console.log('');
if (failures.length) console.log(`Failures: ${failures.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
