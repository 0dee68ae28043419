#!/usr/bin/env node
// The README's test command: typecheck, lint, unit + API tests (Vitest, with the fast proofs: permissions matrix,
// hostile input sample, backup round trip), the RNG quality check, then the browser tests (Playwright in Debian's
// Chromium) against the built app. The slower proofs (tests tagged @proof, crash, two instances, load) are
// `npm run proof` (scripts/proof.mjs). It ends with one plain line, `N passed, N failed`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root, Suite } from './lib/suite.mjs';

const skipE2e = process.argv.includes('--no-e2e');
const suite = new Suite('test');

suite.gate('typecheck', 'npm', ['run', '--silent', 'typecheck']);
suite.gate('lint', 'npx', ['biome', 'check', '.']);

// One Vitest run over every project (core, contract, tools, server on PGlite and, when TEST_DATABASE_URL is set,
// on PostgreSQL, web in jsdom).
suite.vitest('vitest');

// The fair draw's statistical quality on a CI-sized sample (the full million-draw run: see docs/PERFORMANCE.md).
if (existsSync(path.join(root, 'packages/core/scripts/rng-quality.ts'))) {
  suite.gate('rng-quality', 'npx', [
    'tsx',
    '--conditions=source',
    'packages/core/scripts/rng-quality.ts',
    process.env.RNG_QUALITY_COUNT ?? '200000',
  ]);
}

if (!skipE2e) {
  if (suite.run('build', 'npm', ['run', '--silent', 'build'])) {
    // The budgets of what a page downloads hold at every commit: the sign-in route <= 120 KB gzipped, the room's.
    suite.gate('bundle', 'node', ['bench/bundle.mjs']);
    suite.playwright('playwright', ['--grep-invert', '@proof']);
  } else suite.fail('build');
}

suite.finish();
