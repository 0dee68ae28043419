#!/usr/bin/env node
// Runs every benchmark under bench/ against the built app (`npm run build` first) and prints the figures.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const benches = [
  ['node', ['bench/startup.mjs']],
  ['node', ['bench/bundle.mjs']],
  ['node', ['bench/api-me.mjs']],
  ['node', ['bench/regenerate.mjs']],
  ['node', ['bench/agents-list.mjs']],
  ['node', ['bench/games.mjs']],
  ['node', ['bench/voices.mjs']],
  ['node', ['bench/room.mjs']],
  ['node', ['bench/stall.mjs']],
  ['node', ['bench/load.mjs']],
  ['npx', ['tsx', '--conditions=source', 'bench/core.ts']],
];
let failed = 0;
for (const [cmd, args] of benches) {
  console.log(`\n--- ${args.at(-1)}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed += 1;
}
console.log(`\n${failed === 0 ? 'All figures met.' : `${failed} benchmark(s) missed a target.`}`);
process.exitCode = failed === 0 ? 0 : 1;
