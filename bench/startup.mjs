// `npm start` to a served /api/health on the embedded database, after the build:
// first start (creates the database and demo data) < 5 s; later starts (data folder exists) < 1.5 s.
// Also the first start until the demo's month of history is made (decision 076): API requests wait for it, so
// the time to the first answer of an API route (GET /api/auth/me, 401) is when the dashboards can show it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median, startServer, stopServer, verdict } from './lib.mjs';

const runs = Number(process.argv[2] ?? 5);
const firsts = [];
const bares = [];
const readies = [];
const warms = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cartela-bench-start-'));
  try {
    const started = performance.now();
    const first = await startServer({ dataDir });
    firsts.push(first.ms);
    const me = await fetch(`http://127.0.0.1:${first.port}/api/auth/me`);
    if (me.status !== 401) throw new Error(`GET /api/auth/me answered ${me.status}`);
    readies.push(performance.now() - started);
    await stopServer(first.child);
    const warm = await startServer({ dataDir });
    warms.push(warm.ms);
    await stopServer(warm.child);
    // The same first start with the demo accounts alone (DEMO_HISTORY=0): what the month costs the start itself.
    const bareDir = mkdtempSync(path.join(tmpdir(), 'cartela-bench-start-'));
    try {
      const bare = await startServer({ dataDir: bareDir, env: { DEMO_HISTORY: '0' } });
      bares.push(bare.ms);
      await stopServer(bare.child);
    } finally {
      rmSync(bareDir, { recursive: true, force: true });
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const f = median(firsts);
const r = median(readies);
const w = median(warms);
const range = (xs) => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)} ms`;
console.log(
  `startup: first start (new database + demo data): median ${f.toFixed(0)} ms over ${runs} (target < 5000 ms) ${verdict(f < 5000)}`,
);
console.log(
  `startup: first start without the demo's history (DEMO_HISTORY=0), same runs: median ${median(bares).toFixed(0)} ms (${range(bares)})`,
);
console.log(
  `startup: first start until the demo's 30 days are made (first API answer): median ${r.toFixed(0)} ms, min ${Math.min(...readies).toFixed(0)} ms over ${runs} (${range(readies)})`,
);
console.log(
  `startup: warm start (data folder exists): median ${w.toFixed(0)} ms over ${runs} (target < 1500 ms) ${verdict(w < 1500)}`,
);
console.log(
  `startup: all first = [${firsts.map((x) => x.toFixed(0)).join(', ')}] bare = [${bares.map((x) => x.toFixed(0)).join(', ')}] ready = [${readies.map((x) => x.toFixed(0)).join(', ')}] warm = [${warms.map((x) => x.toFixed(0)).join(', ')}]`,
);
process.exitCode = f < 5000 && w < 1500 ? 0 : 1;
