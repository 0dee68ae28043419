#!/usr/bin/env node
// `npm run proof`: the slower proofs of issue 21, after `npm test` in CI (.ci/run). Each one's command and last
// result are in docs/RELIABILITY.md (load figures: docs/PERFORMANCE.md). Ends with `N passed, N failed` like
// `npm test`.
//   --no-build   use the build already in apps/*/dist (npm test has just made it)
// PostgreSQL: PROOF_DATABASE_URL, else TEST_DATABASE_URL (a server URL: each proof makes its own database and
// drops it); with neither, crash and cluster start a throwaway server from Debian's PostgreSQL binaries, and the
// hostile input runs on the embedded database only. PROOF_FROM_SOURCE=1 runs the servers from their sources,
// PROOF_CRASH_ROUNDS (3) sets the kills per database, HOSTILE_PER_ROUTE (200) the requests per route.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root, Suite } from './lib/suite.mjs';

const suite = new Suite('proof');
const has = (file) => existsSync(path.join(root, file));
const postgres = process.env.PROOF_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!postgres) console.log('No TEST_DATABASE_URL: hostile input runs on the embedded database only.');

if (process.argv.includes('--no-build') || suite.run('build', 'npm', ['run', '--silent', 'build'])) {
  // Hostile input at full strength: at least 200 generated requests per route, on each database.
  if (has('apps/server/src/proofs/hostile.test.ts')) {
    const projects = ['server-pglite', ...(postgres ? ['server-postgres'] : [])];
    suite.vitest(
      'hostile',
      [...projects.flatMap((p) => ['--project', p]), 'apps/server/src/proofs/hostile.test.ts'],
      { env: { HOSTILE_PER_ROUTE: process.env.HOSTILE_PER_ROUTE ?? '200' } },
    );
  }
  for (const [label, file] of [
    ['crash', 'proof/crash.mjs'],
    ['cluster', 'proof/cluster.mjs'],
    ['load', 'bench/load.mjs'],
  ]) {
    if (has(file)) suite.gate(label, 'node', [file]);
  }
  // The browser proofs: the offline room under faults, a whole evening in the hall.
  suite.playwright('playwright-proof', ['--grep', '@proof']);
} else suite.fail('build');

suite.finish();
