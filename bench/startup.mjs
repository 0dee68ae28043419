// `npm start` to a served /api/health on the embedded database, after the build:
// first start (creates the database and demo data) < 5 s; later starts (data folder exists) < 1.5 s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median, startServer, stopServer, verdict } from './lib.mjs';

const runs = Number(process.argv[2] ?? 5);
const firsts = [];
const warms = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cartela-bench-start-'));
  try {
    const first = await startServer({ dataDir });
    firsts.push(first.ms);
    await stopServer(first.child);
    const warm = await startServer({ dataDir });
    warms.push(warm.ms);
    await stopServer(warm.child);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const f = median(firsts);
const w = median(warms);
console.log(
  `startup: first start (new database + demo data): median ${f.toFixed(0)} ms over ${runs} (target < 5000 ms) ${verdict(f < 5000)}`,
);
console.log(
  `startup: warm start (data folder exists): median ${w.toFixed(0)} ms over ${runs} (target < 1500 ms) ${verdict(w < 1500)}`,
);
console.log(
  `startup: all first = [${firsts.map((x) => x.toFixed(0)).join(', ')}] warm = [${warms.map((x) => x.toFixed(0)).join(', ')}]`,
);
process.exitCode = f < 5000 && w < 1500 ? 0 : 1;
