// Statistics and reports at scale, on PostgreSQL through HTTP on a real server process (run from source).
// Targets (issue 11), on 300 agents and 1,000,000 games over two years:
//   1. GET /api/stats/admin?period=month: median under 100 ms;
//   2. GET /api/stats/agent?period=week: median under 20 ms;
//   3. a reports page of 20 rows, sorted and filtered: median under 30 ms (several shapes, the slowest counts);
//   4. the CSV export of 100,000 rows streams in constant memory: its time and the server's peak RSS over its
//      RSS before (sampled from /proc every 20 ms), and the same for 10,000 rows (constant = about the same).
// Seeding: the games go in by INSERT ... SELECT with their triggers off, then cartela_rebuild_stats() builds
// the rollup (decision 053: the same function the migration and a time zone change use); a sample of games
// played through the API afterwards checks that the triggers keep it equal to the recomputation.
// Needs DATABASE_URL (a PostgreSQL server where this user may create databases); skipped when it is unset.
// `node bench/insight.mjs [games]` (default 1,000,000).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { median, onServer, startServer, stopServer, verdict } from './lib.mjs';

const GAMES = Number(process.argv[2] ?? 1_000_000);
const AGENTS = 300;
const DAYS = 730;
const RUNS = 200;
const TARGETS = { admin: 100, agent: 20, report: 30 };

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('insight: skipped (set DATABASE_URL to a PostgreSQL server to run it)');
  process.exit(0);
}

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * p) - 1)];
const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

const name = `cartela_bench_${randomBytes(4).toString('hex')}`;
const benchUrl = new URL(serverUrl);
benchUrl.pathname = `/${name}`;
await onServer(serverUrl, `CREATE DATABASE ${name}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'cartela-bench-insight-'));
const db = new pg.Client({ connectionString: benchUrl.toString() });
let server = null;
let failed = false;
const jwtSecret = randomBytes(32).toString('hex');
try {
  const started = await startServer({
    dataDir,
    fromSource: true,
    env: {
      DEMO_DATA: '0',
      DATABASE_URL: benchUrl.toString(),
      JWT_SECRET: jwtSecret,
      ADMIN_USERNAME: 'bench-admin',
      ADMIN_PASSWORD: 'bench-admin-password',
      LOGIN_RATE_LIMIT_MAX: '100000',
      LOGIN_RATE_LIMIT_USERNAME_MAX: '100000',
      LOGIN_RATE_LIMIT_ACCOUNT_MAX: '100000',
    },
  });
  server = started.child;
  let api = `http://127.0.0.1:${started.port}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (route, token) =>
    new Promise((resolve, reject) => {
      const t0 = performance.now();
      const req = http.get(
        `${api}${route}`,
        { agent, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } },
        (res) => {
          let bytes = 0;
          let lines = 0;
          let text = '';
          res.on('data', (c) => {
            bytes += c.length;
            for (let i = c.indexOf(10); i !== -1; i = c.indexOf(10, i + 1)) lines++;
            if (text.length < 200_000) text += c;
          });
          res.on('end', () => {
            if (res.statusCode !== 200)
              reject(new Error(`GET ${route}: ${res.statusCode} ${text.slice(0, 300)}`));
            else resolve({ ms: performance.now() - t0, bytes, lines, text, headers: res.headers });
          });
        },
      );
      req.on('error', reject);
    });
  const post = async (route, token, body) => {
    const res = await fetch(`${api}${route}`, {
      method: 'POST',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`POST ${route}: ${res.status} ${text}`);
    return JSON.parse(text);
  };
  const login = async (username, password) =>
    (await post('/api/auth/login', null, { username, password })).token;

  // -- the network: 300 agents (a third commission-share), 1,000,000 games over two years ---------------------
  const admin = await login('bench-admin', 'bench-admin-password');
  const { agent: template } = await post('/api/users/agents', admin, {
    username: 'bench-agent-0',
    password: 'secret1',
  });
  await db.connect();
  await db.query(
    `INSERT INTO users (username, password_hash, role, financial_model, commission_percentage,
       min_commission_percentage, system_commission_share, winning_patterns)
     SELECT 'bench-agent-' || n, password_hash, role,
       CASE WHEN n % 3 = 0 THEN 'commission-share' ELSE 'virtual-coin' END,
       commission_percentage, min_commission_percentage, system_commission_share, winning_patterns
     FROM users, generate_series(1, $1::int - 1) AS n WHERE id = $2`,
    [AGENTS, template.id],
  );
  const seedStarted = performance.now();
  await db.query('ALTER TABLE games DISABLE TRIGGER USER');
  await db.query('ALTER TABLE coin_ledger DISABLE TRIGGER USER');
  await db.query(`SELECT setseed(0.42)`);
  const CHUNK = 100_000;
  for (let from = 0; from < GAMES; from += CHUNK) {
    // Stakes from the spec's money levels, 2-60 players, 10% or 15%, 95% finished and 5% cancelled.
    await db.query(
      `WITH agents AS (
         SELECT row_number() OVER (ORDER BY id) - 1 AS k, id, financial_model FROM users WHERE role = 'agent'
       ), arrays AS (
         SELECT p, (SELECT jsonb_agg(x) FROM generate_series(1, p) x) AS numbers FROM generate_series(2, 60) p
       ), g AS (
         SELECT n,
           (n::bigint * 7919) % $3 AS k,
           now() - (random() * $4::int * interval '1 day') AS created_at,
           (ARRAY[10, 20, 30, 50, 100])[1 + (n % 5)]::bigint * 100 AS stake,
           2 + (n % 59) AS players,
           CASE WHEN n % 4 = 0 THEN 15 ELSE 10 END AS pct,
           CASE WHEN n % 20 = 0 THEN 'cancelled' ELSE 'finished' END AS status
         FROM generate_series($1::int, $2::int) n
       )
       INSERT INTO games (game_id, agent_id, status, game_mode, pattern, stake_santim, players, total_santim,
         agent_fee_santim, prize_santim, commission_percent, coin_cost, cartela_numbers, total_calls, draw_commitment,
         draw_seed, state, cartelas, last_seq, created_at, updated_at, finished_at, business_date, financial_model)
       SELECT 'B' || lpad(g.n::text, 10, '0'), a.id, g.status, 'specific-pattern', 'full-house', g.stake, g.players,
         g.stake * g.players, g.stake * g.players * g.pct / 100, g.stake * g.players - g.stake * g.players * g.pct / 100,
         g.pct, CASE WHEN a.financial_model = 'virtual-coin' THEN (g.stake * g.players * g.pct / 100 + 99) / 100 ELSE 0 END,
         arr.numbers, CASE WHEN g.status = 'finished' THEN 40 ELSE g.n % 3 END, md5(g.n::text) || md5((g.n + 1)::text),
         md5((g.n + 2)::text) || md5((g.n + 3)::text), '{}', '[]', 0, g.created_at, g.created_at,
         g.created_at + interval '20 minutes', business_date(g.created_at), a.financial_model
       FROM g JOIN agents a ON a.k = g.k JOIN arrays arr ON arr.p = g.players`,
      [from + 1, Math.min(GAMES, from + CHUNK), AGENTS, DAYS],
    );
  }
  // Coin sales: one top-up per virtual-coin agent per week.
  await db.query(
    `INSERT INTO coin_ledger (agent_id, delta, balance_before, balance_after, reason, etb_amount_santim, created_at)
     SELECT u.id, 1000, 0, 1000, 'top-up', 50000, now() - w * interval '7 days'
     FROM users u, generate_series(0, $1::int / 7) w WHERE u.role = 'agent' AND u.financial_model = 'virtual-coin'`,
    [DAYS],
  );
  await db.query('ALTER TABLE games ENABLE TRIGGER USER');
  await db.query('ALTER TABLE coin_ledger ENABLE TRIGGER USER');
  const rebuildStarted = performance.now();
  await db.query('SELECT cartela_rebuild_stats()');
  const rebuildMs = performance.now() - rebuildStarted;
  await db.query('VACUUM ANALYZE');
  const [{ games, rollup }] = (
    await db.query(
      `SELECT (SELECT count(*) FROM games)::int AS games, (SELECT count(*) FROM agent_daily_stats)::int AS rollup`,
    )
  ).rows;
  console.log(
    `insight: seeded ${games.toLocaleString('en')} games of ${AGENTS} agents over ${DAYS} days in ` +
      `${((performance.now() - seedStarted) / 1000).toFixed(0)} s; rollup: ${rollup.toLocaleString('en')} rows, ` +
      `rebuilt in ${(rebuildMs / 1000).toFixed(1)} s`,
  );

  const agentToken = await login('bench-agent-1', 'secret1');
  const time = async (route, token, runs = RUNS) => {
    for (let i = 0; i < 10; i++) await get(route, token);
    const times = [];
    for (let i = 0; i < runs; i++) times.push((await get(route, token)).ms);
    return times;
  };
  const report = (label, times, target) => {
    const mid = median(times);
    const ok = target === undefined || mid < target;
    console.log(
      `insight: ${label}: median ${mid.toFixed(1)} ms, p95 ${pct(times, 0.95).toFixed(1)} ms` +
        (target === undefined ? '' : ` (target: median < ${target} ms) ${verdict(ok)}`),
    );
    failed ||= !ok;
    return mid;
  };

  // -- 1, 2. the dashboards ---------------------------------------------------------------------------------
  report(
    'GET /api/stats/admin?period=month',
    await time('/api/stats/admin?period=month', admin),
    TARGETS.admin,
  );
  report('GET /api/stats/admin?period=year', await time('/api/stats/admin?period=year', admin, 50));
  report(
    'GET /api/stats/agent?period=week',
    await time('/api/stats/agent?period=week', agentToken),
    TARGETS.agent,
  );
  report('GET /api/stats/agent?period=year', await time('/api/stats/agent?period=year', agentToken, 50));
  report('GET /api/stats/payments?period=month', await time('/api/stats/payments?period=month', admin, 50));

  // -- 3. reports pages: 20 rows, sorted and filtered --------------------------------------------------------
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() + 3 * 3_600_000 - 30 * 86_400_000).toISOString().slice(0, 10);
  const pages = [
    [
      'agent, finished, by fee desc, page 3',
      '/api/reports/games?status=finished&sortBy=agentFee&sortOrder=desc&page=3',
      agentToken,
    ],
    [
      'agent, last 30 days, by stake asc',
      `/api/reports/games?startDate=${monthAgo}&endDate=${today}&sortBy=stake&sortOrder=asc`,
      agentToken,
    ],
    ['admin, all, newest first, page 50', '/api/reports/games?page=50', admin],
    [
      'admin, finished, by total desc',
      '/api/reports/games?status=finished&sortBy=totalAmount&sortOrder=desc',
      admin,
    ],
    [
      'admin, last 30 days, by players desc, page 10',
      `/api/reports/games?startDate=${monthAgo}&endDate=${today}&sortBy=numberOfPlayers&sortOrder=desc&page=10`,
      admin,
    ],
    [
      'admin, one day, by game id asc',
      `/api/reports/games?date=${monthAgo}&sortBy=gameId&sortOrder=asc`,
      admin,
    ],
  ];
  let slowest = 0;
  for (const [label, route, token] of pages) {
    const mid = report(`reports page (${label})`, await time(route, token, 100));
    slowest = Math.max(slowest, mid);
  }
  const pagesOk = slowest < TARGETS.report;
  console.log(
    `insight: reports page, slowest shape: median ${slowest.toFixed(1)} ms (target: < ${TARGETS.report} ms) ${verdict(pagesOk)}`,
  );
  failed ||= !pagesOk;

  // -- 4. the CSV export ------------------------------------------------------------------------------------
  const exportOf = async (rows) => {
    // The newest days holding about `rows` games.
    const { rows: found } = await db.query(
      `SELECT min(d)::text AS "from" FROM (
         SELECT business_date AS d, sum(count(*)) OVER (ORDER BY business_date DESC) AS acc
         FROM games GROUP BY business_date) x WHERE acc <= $1`,
      [rows],
    );
    const route = `/api/reports/games/export?startDate=${found[0].from}&endDate=${today}&sortBy=createdAt&sortOrder=desc`;
    const pid = server.pid;
    const before = rssKb(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssKb(pid));
    }, 20);
    const { ms, bytes, lines, text } = await get(route, admin);
    clearInterval(sampler);
    peak = Math.max(peak, rssKb(pid));
    const rowsInFile = text.startsWith('\uFEFF') ? null : 'no BOM';
    if (rowsInFile) throw new Error('the export has no BOM');
    const { rows: counted } = await db.query(
      'SELECT count(*)::int AS n FROM games WHERE business_date BETWEEN $1 AND $2',
      [found[0].from, today],
    );
    if (lines !== counted[0].n + 1) throw new Error(`the export has ${lines - 1} rows, not ${counted[0].n}`);
    return { n: counted[0].n, ms, bytes, before, peak };
  };
  const exports = async (label) => {
    for (const rows of [10_000, 100_000]) {
      const r = await exportOf(rows);
      console.log(
        `insight: CSV export of ${r.n.toLocaleString('en')} rows${label}: ${(r.ms / 1000).toFixed(2)} s, ` +
          `${(r.bytes / 1e6).toFixed(1)} MB, server RSS ${(r.before / 1024).toFixed(0)} MB before, ` +
          `peak ${(r.peak / 1024).toFixed(0)} MB (+${((r.peak - r.before) / 1024).toFixed(0)} MB)`,
      );
    }
  };
  await exports('');
  // RSS grows with garbage V8 has not collected yet; with a JavaScript heap capped far below the file's size,
  // an export that held its rows would fail. The same server on a 40 MB old space:
  await stopServer(server);
  server = null;
  const capped = await startServer({
    dataDir,
    fromSource: true,
    nodeArgs: ['--max-old-space-size=40'],
    env: {
      DEMO_DATA: '0',
      DATABASE_URL: benchUrl.toString(),
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'warn',
    },
  });
  server = capped.child;
  api = `http://127.0.0.1:${capped.port}`;
  await exports(', heap capped at 40 MB');

  // -- the triggers keep the rollup equal to its recomputation ----------------------------------------------
  const { rows: sample } = await db.query(
    `SELECT agent_id::text, business_date::text, games_finished, agent_fee_santim::text FROM agent_daily_stats
     ORDER BY agent_id, business_date LIMIT 1000`,
  );
  const { rows: recomputed } = await db.query(
    `SELECT agent_id::text, business_date::text, count(*) FILTER (WHERE status = 'finished')::int AS games_finished,
       coalesce(sum(agent_fee_santim) FILTER (WHERE status = 'finished'), 0)::text AS agent_fee_santim
     FROM games WHERE (agent_id, business_date) IN (
       SELECT agent_id, business_date FROM agent_daily_stats ORDER BY agent_id, business_date LIMIT 1000)
     GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const same =
    JSON.stringify(sample.filter((r) => r.games_finished > 0 || r.agent_fee_santim !== '0')) ===
    JSON.stringify(recomputed.filter((r) => r.games_finished > 0 || r.agent_fee_santim !== '0'));
  console.log(`insight: rollup sample (1,000 agent-days) equals the games it sums: ${verdict(same)}`);
  failed ||= !same;
} finally {
  await db.end().catch(() => {});
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
  await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
process.exit(failed ? 1 : 0);
