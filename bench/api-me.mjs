// GET /api/auth/me under 50 concurrent connections, against a bare Fastify hello route measured in the same
// run on the same machine. Target: /me reaches at least 40% of hello's requests per second.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startHello, startServer, stopServer, verdict } from './lib.mjs';

const duration = Number(process.argv[2] ?? 8);
const connections = 50;

function load(url, headers = {}) {
  return autocannon({ url, connections, duration, headers });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'cartela-bench-api-'));
const { child: server, port } = await startServer({ dataDir, env: { LOGIN_RATE_LIMIT_MAX: '1000' } });
const hello = await startHello();
try {
  const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'agent1', password: 'agent123' }),
  });
  const { token } = await login.json();
  if (!token) throw new Error(`login failed: ${login.status}`);
  const auth = { authorization: `Bearer ${token}` };
  const check = await fetch(`http://127.0.0.1:${port}/api/auth/me`, { headers: auth });
  if (check.status !== 200) throw new Error(`/me answered ${check.status}`);

  // Warm both up, then measure hello, /me, hello again (the machine's speed drifts between runs).
  await load(`http://127.0.0.1:${hello.port}/hello`);
  const h1 = await load(`http://127.0.0.1:${hello.port}/hello`);
  await load(`http://127.0.0.1:${port}/api/auth/me`, auth);
  const me = await load(`http://127.0.0.1:${port}/api/auth/me`, auth);
  const h2 = await load(`http://127.0.0.1:${hello.port}/hello`);
  const helloRps = (h1.requests.average + h2.requests.average) / 2;
  const meRps = me.requests.average;
  const ratio = meRps / helloRps;
  const errors = me.non2xx + me.errors;
  console.log(
    `api: bare Fastify hello ${helloRps.toFixed(0)} req/s (${h1.requests.average.toFixed(0)} / ${h2.requests.average.toFixed(0)})`,
  );
  console.log(
    `api: GET /api/auth/me ${meRps.toFixed(0)} req/s, p50 ${me.latency.p50} ms, p99 ${me.latency.p99} ms, non-2xx+errors ${errors}`,
  );
  console.log(
    `api: /me is ${(ratio * 100).toFixed(0)}% of hello (target >= 40%) ${verdict(ratio >= 0.4 && errors === 0)}`,
  );
  process.exitCode = ratio >= 0.4 && errors === 0 ? 0 : 1;
} finally {
  await stopServer(hello.child);
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
