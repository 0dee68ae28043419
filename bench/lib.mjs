// Helpers shared by the benchmarks: free ports, starting the built server (and the bare Fastify one it is
// compared with), a statement on a PostgreSQL server, CPU seconds from /proc.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const serverMain = path.join(root, 'apps/server/dist/main.js');

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The server's TypeScript entry, run through tsx with the workspace packages' sources: no build needed. */
const sourceArgs = ['--import', 'tsx', '--conditions=source', path.join(root, 'apps/server/src/main.ts')];

/**
 * Starts the built server (or, with fromSource, the server from its sources); resolves with { child, port, ms }
 * once /api/health answers 200.
 */
export async function startServer({
  dataDir,
  env = {},
  timeoutMs = 30_000,
  fromSource = false,
  nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, ...(fromSource ? sourceArgs : [serverMain])], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/api/health`;
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.status === 200) return { child, port, ms: performance.now() - started };
    } catch {}
    await new Promise((r) => setTimeout(r, 10));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become healthy in time');
}

export function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

export function verdict(ok) {
  return ok ? 'PASS' : 'FAIL';
}

/** Starts bench/hello-server.mjs (a bare Fastify route, the yardstick); resolves with { child, port }. */
export async function startHello() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'bench/hello-server.mjs')], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'inherit',
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/hello`)).ok) return { child, port };
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('hello server did not start');
}

/** Runs one statement on the PostgreSQL server at `url` (a bench's CREATE or DROP DATABASE). */
export async function onServer(url, statement) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Clock ticks per second of /proc's CPU times (null when there is no /proc: no CPU accounting then). */
export const ticksPerSecond = (() => {
  try {
    readFileSync('/proc/self/stat');
    return Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;
  } catch {
    return null;
  }
})();

/** CPU seconds (user + system, all threads) a process has used so far; null for one gone (or no /proc). */
export function cpuSecondsOf(pid) {
  if (ticksPerSecond === null) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond; // utime, stime
  } catch {
    return null;
  }
}
