// POST /api/balance/regenerate (a fresh balanced set replacing the 300 system cards, one transaction) through
// HTTP on a real server process, on the embedded database, and on PostgreSQL too when DATABASE_URL is set
// (in a throwaway database created on that server and dropped after). Target: under 1 s.
// The server runs from source (tsx), so this needs no build; what is timed is the request alone.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median, startServer, stopServer, verdict } from './lib.mjs';

const runs = Number(process.argv[2] ?? 10);
const TARGET_MS = 1000;
// No demo data on either database (the first call creates the set, the others replace it), so the figure does
// not depend on the demo hall; the first admin comes from the environment.
const ADMIN = { DEMO_DATA: '0', ADMIN_USERNAME: 'bench-admin', ADMIN_PASSWORD: 'bench-admin-password' };

async function request(port, method, url, { token, body } = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${json.message}`);
  return json;
}

async function adminToken(port) {
  const { token } = await request(port, 'POST', '/api/auth/login', {
    body: { username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD },
  });
  return token;
}

/** Times `runs` regenerations after a first one (which also warms the server up). */
async function measure(label, port, token) {
  const regenerate = async () => {
    const started = performance.now();
    const { regenerated } = await request(port, 'POST', '/api/balance/regenerate', {
      token,
      body: { preserveCartelaNumbers: true },
    });
    const ms = performance.now() - started;
    if (regenerated !== 300) throw new Error(`regenerated ${regenerated} cartelas, not 300`);
    return ms;
  };
  const first = await regenerate();
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await regenerate());
  const m = median(times);
  console.log(
    `regenerate: ${label}: median ${m.toFixed(1)} ms over ${runs} (min ${Math.min(...times).toFixed(1)}, ` +
      `max ${Math.max(...times).toFixed(1)}; first ${first.toFixed(1)} ms) (target < ${TARGET_MS} ms) ${verdict(m < TARGET_MS)}`,
  );
  return m < TARGET_MS;
}

async function embedded() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cartela-bench-regenerate-'));
  // DATABASE_URL, if set for the second part, must not reach this server.
  const { child, port } = await startServer({
    dataDir,
    fromSource: true,
    env: { ...ADMIN, DATABASE_URL: '' },
  });
  try {
    return await measure('embedded database (PGlite), 300 cartelas', port, await adminToken(port));
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** On the server of DATABASE_URL, in a database of its own, dropped after. */
async function postgres(serverUrl) {
  const { default: pg } = await import('pg');
  const name = `cartela_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cartela-bench-regenerate-pg-'));
  try {
    const { child, port } = await startServer({
      dataDir,
      fromSource: true,
      env: {
        DATABASE_URL: url.toString(),
        JWT_SECRET: randomBytes(32).toString('hex'),
        ...ADMIN,
      },
    });
    try {
      return await measure('PostgreSQL, 300 cartelas', port, await adminToken(port));
    } finally {
      await stopServer(child);
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let ok = await embedded();
if (process.env.DATABASE_URL) ok = (await postgres(process.env.DATABASE_URL)) && ok;
else console.log('regenerate: PostgreSQL skipped (set DATABASE_URL to a server to measure it there too)');
process.exitCode = ok ? 0 : 1;
