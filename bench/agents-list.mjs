// GET /api/users/agents with 1,000 agents on PostgreSQL: the median and p95 of one request at a time, through
// HTTP on a real server process (run from source with tsx: no build needed). Target: median under 30 ms.
// Needs DATABASE_URL (a PostgreSQL server where this user may create databases): the bench makes its own
// database there and drops it at the end. Skipped when it is unset.
//
// The agents are what the API makes: one is created through POST /api/users/agents and copied 999 times in SQL
// (argon2 would spend a minute on passwords nobody uses). Each holds 10 cartelas; 700 are under one of 10 super
// agents, and 300 of those have an ended agreement in their history as well.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { median, onServer, startServer, stopServer, verdict } from './lib.mjs';

const AGENTS = 1000;
const RUNS = Number(process.argv[2] ?? 200);
const TARGET_MS = 30;

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('agents-list: skipped (set DATABASE_URL to a PostgreSQL server to run it)');
  process.exit(0);
}

const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];

const name = `cartela_bench_${randomBytes(4).toString('hex')}`;
const benchUrl = new URL(serverUrl);
benchUrl.pathname = `/${name}`;
await onServer(serverUrl, `CREATE DATABASE ${name}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'cartela-bench-agents-'));
const db = new pg.Client({ connectionString: benchUrl.toString() });
let server = null;
try {
  const started = await startServer({
    dataDir,
    fromSource: true,
    env: {
      DEMO_DATA: '0',
      DATABASE_URL: benchUrl.toString(),
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_USERNAME: 'bench-admin',
      ADMIN_PASSWORD: 'bench-admin-password',
    },
  });
  server = started.child;
  const api = `http://127.0.0.1:${started.port}`;
  const login = await fetch(`${api}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench-admin', password: 'bench-admin-password' }),
  });
  const { token } = await login.json();
  if (!token) throw new Error(`login failed: ${login.status}`);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const post = async (route, body) => {
    const res = await fetch(`${api}${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`POST ${route}: ${res.status} ${await res.text()}`);
    return res.json();
  };

  const { agent: template } = await post('/api/users/agents', {
    username: 'bench-agent-0',
    password: 'secret1',
  });
  for (let i = 0; i < 10; i++)
    await post('/api/super-agents', { username: `bench-super-${i}`, password: 'secret1' });

  await db.connect();
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO users (username, password_hash, role, financial_model, commission_percentage,
       min_commission_percentage, system_commission_share, winning_patterns)
     SELECT 'bench-agent-' || n, password_hash, role,
       CASE WHEN n % 3 = 0 THEN 'commission-share' ELSE financial_model END,
       commission_percentage, min_commission_percentage, system_commission_share, winning_patterns
     FROM users, generate_series(1, $1::int - 1) AS n WHERE id = $2`,
    [AGENTS, template.id],
  );
  const card = JSON.stringify([
    [1, 16, 31, 46, 61],
    [2, 17, 32, 47, 62],
    [3, 18, 0, 48, 63],
    [4, 19, 33, 49, 64],
    [5, 20, 34, 50, 65],
  ]);
  await db.query(
    `INSERT INTO cartelas (cartela_number, card, winning_patterns)
     SELECT n, $1::jsonb, '{full-house}' FROM generate_series(1, 300) AS n`,
    [card],
  );
  await db.query(
    `INSERT INTO agent_cartelas (agent_id, cartela_number, card)
     SELECT u.id, n, $1::jsonb FROM users u, generate_series(1, 10) AS n WHERE u.role = 'agent'`,
    [card],
  );
  // Agents in name order: the first 700 under a super agent; 300 of them moved from another one before.
  const agreements = `
    WITH a AS (SELECT id, row_number() OVER (ORDER BY username) AS i FROM users WHERE role = 'agent'),
         s AS (SELECT id, row_number() OVER (ORDER BY username) - 1 AS j FROM users WHERE role = 'super-agent')`;
  await db.query(`${agreements}
    INSERT INTO super_agent_agreements (agent_id, super_agent_id, super_agent_commission_rate, is_active, ended_at)
    SELECT a.id, s.id, 15, false, now() - interval '1 day' FROM a JOIN s ON s.j = (a.i + 1) % 10 WHERE a.i <= 300`);
  await db.query(`${agreements}
    INSERT INTO super_agent_agreements (agent_id, super_agent_id, super_agent_commission_rate)
    SELECT a.id, s.id, 20 FROM a JOIN s ON s.j = a.i % 10 WHERE a.i <= 700`);
  await db.query('COMMIT');
  // The steady state of a live database, where autovacuum has run: statistics and visibility maps up to date
  // (without them index-only scans read the heap, and autovacuum may start in the middle of the timing).
  await db.query('VACUUM ANALYZE');

  // Timed until the last byte of the answer arrived; parsing it is the client's work.
  const listOnce = async () => {
    const t0 = performance.now();
    const res = await fetch(`${api}/api/users/agents`, { headers });
    const bytes = await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`GET /api/users/agents answered ${res.status}`);
    return { ms, bytes };
  };
  const first = await listOnce();
  const body = JSON.parse(Buffer.from(first.bytes).toString('utf8'));
  const underSuper = body.agents.filter((a) => a.superAgent).length;
  if (body.agents.length !== AGENTS || underSuper !== 700 || body.agents[0].assignedCartelas !== 10) {
    throw new Error(`unexpected list: ${body.agents.length} agents, ${underSuper} under a super agent`);
  }
  const bytes = first.bytes.byteLength;
  for (let i = 0; i < 20; i++) await listOnce(); // warm-up: JIT, plans, connections
  const times = [];
  for (let i = 0; i < RUNS; i++) times.push((await listOnce()).ms);

  const mid = median(times);
  console.log(
    `agents-list: GET /api/users/agents, ${AGENTS} agents (${(bytes / 1024).toFixed(0)} KB of JSON), ${RUNS} requests one at a time`,
  );
  console.log(
    `agents-list: median ${mid.toFixed(1)} ms, p95 ${p95(times).toFixed(1)} ms (target: median < ${TARGET_MS} ms) ${verdict(mid < TARGET_MS)}`,
  );
  process.exitCode = mid < TARGET_MS ? 0 : 1;
} finally {
  await db.end().catch(() => {});
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
  await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
