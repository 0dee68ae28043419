// The load benchmark (issue 21): a hall network's evening, LOAD_CONNECTIONS connections (200) for LOAD_SECONDS
// (60), through nginx in front of two server instances on one PostgreSQL; against a bare Fastify hello route
// (bench/hello-server.mjs) at the same connections for the same time, in the same run. Prints a table per kind
// of request and a last line
//   load: 0 errors, 1234 req/s (0.45 of hello 2740 req/s), p50 12 ms, p99 80 ms
// and writes the figures to .tmp/bench-load/result.json. An error is any non-2xx answer and any socket error
// (timeouts included).
//
// Beside the figures, what limits them: the CPU each part used during the mix (the load generator, nginx, each
// instance, PostgreSQL, everything else on the machine) from /proc; each instance's database pool (connections
// and requests waiting for one) and event loop lag, read from its /api/metrics every second; what PostgreSQL's
// backends were doing (running, waiting on a lock, on I/O, idle in a transaction), sampled every second; the
// server's own time per route (its request histograms); deadlocks and rollbacks (pg_stat_database).
//
// `node bench/load.mjs`. Environment:
//   LOAD_DATABASE_URL or TEST_DATABASE_URL  a PostgreSQL server where this user may create databases (skipped
//                                           without); a fresh database is made and dropped at the end
//   LOAD_SECONDS (60), LOAD_CONNECTIONS (200)  the measured runs; LOAD_WARMUP_SECONDS (15) the mix's warm-up
//   LOAD_FROM_SOURCE=1                      run the servers from their sources (tsx) instead of apps/server/dist
//   LOAD_POOL_MAX (10)                      DATABASE_POOL_MAX of each instance (the product's default)
//   LOAD_NGINX_KEEPALIVE (16)               idle connections nginx keeps to the instances, per worker (as
//                                           deploy/nginx/cartela.conf)
// The setup is made through the API, through nginx: the demo admin (DEMO_DATA=1) replaces its published password,
// creates one virtual-coin agent per connection, assigns each 75 cartelas and sells it coins; each agent signs
// in. Each connection then plays its own agent's room (bench/load-mix.mjs).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuSecondsOf, onServer, root, startHello, startServer, stopServer, ticksPerSecond } from './lib.mjs';
import { KindStats, mixClient, Room } from './load-mix.mjs';
import { startNginx } from './load-nginx.mjs';

// -- The mix: the share of requests of each kind (a connection picks one for every request) ------------------
// An evening of a hall network: ~200 halls, each an agent in its room calling a ball every few seconds. Per game
// a room makes one creation, ~40 calls (line games are short, full house long; posted as event batches of 1-3,
// as the room's outbox sends them while an answer is on its way), a claim or two and the finish; between games
// the wizard and a look at its games. So the rooms are most of the traffic. An agent signs in once an evening
// (~12 games, ~500 requests): well under 1%. The dashboards and reports are looked at now and then; the admin
// is one person (or two) watching the whole network: a few percent, but the heaviest reads (every agent, every
// game).
export const MIX = {
  // POST /api/games/:id/events (calls, claims, finish), POST /api/games (creation), its cancel (3% of games), and
  // the wizard's GET /api/cartelas/my-cartelas: the room's next step (load-mix.mjs, Room)
  room: 80,
  // GET /api/games/:id/state: a room opened again (a reload, a second screen, the next morning's check)
  'room state': 3,
  // GET /api/games/my-games: the agent's games list, between rounds
  'my games': 3.5,
  // GET /api/games/:id: a finished game's page (its story, the winner's card)
  'game page': 1,
  // GET /api/auth/me: every page load of the web app restores the session with it
  me: 3,
  // GET /api/stats/agent: the agent's dashboard
  'agent dashboard': 2,
  // GET /api/reports/games: the agent's report page (20 rows, sorted)
  'agent report': 1.5,
  // POST /api/auth/login: an agent signs in (argon2id: ~20 ms of a libuv thread each)
  'sign-in': 0.3,
  // The admin: GET /api/users/agents (every agent: ~9 KB of brotli for 200), GET /api/games/all, GET /api/stats/admin, and
  // the network's report (GET /api/reports/games over every agent, filtered and sorted)
  'admin agents': 0.7,
  'admin games': 1.5,
  'admin dashboard': 1.5,
  'admin report': 2,
};

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 15);
const HELLO_WARMUP_SECONDS = 5;
const FROM_SOURCE = process.env.LOAD_FROM_SOURCE === '1';
const POOL_MAX = Number(process.env.LOAD_POOL_MAX ?? 10);
const KEEPALIVE = Number(process.env.LOAD_NGINX_KEEPALIVE ?? 16);
const CARTELAS_PER_AGENT = 75;
const COINS = 1_000_000;
const AGENT_PASSWORD = 'load-agent-password';
const ADMIN_PASSWORD = 'load-admin-password';
const SAMPLE_MS = 1000;

const serverUrl = process.env.LOAD_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.log(
    'load: skipped (set LOAD_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server, e.g. postgres://app@127.0.0.1:5433/postgres)',
  );
  process.exit(0);
}

const work = path.join(root, '.tmp/bench-load');
const runDir = path.join(work, `run-${process.pid}`);
mkdirSync(runDir, { recursive: true });
const dbName = `cartela_load_${randomBytes(4).toString('hex')}`;
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;

// -- Cleanup: every process and the database, on success, failure, Ctrl-C or SIGTERM --------------------------
const children = []; // { name, stop() }
let dbCreated = false;
let cleaning = null;
async function cleanup() {
  cleaning ??= (async () => {
    for (const c of children.reverse()) {
      try {
        await c.stop();
      } catch (err) {
        console.error(`load: stopping ${c.name}: ${err.message}`);
      }
    }
    if (dbCreated) {
      try {
        await onServer(serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      } catch (err) {
        console.error(`load: could not drop database ${dbName}: ${err.message}`);
      }
    }
    try {
      const log = path.join(runDir, 'nginx/error.log');
      if (statSync(log, { throwIfNoEntry: false })?.size)
        copyFileSync(log, path.join(work, 'nginx-error.log'));
    } catch {}
    rmSync(runDir, { recursive: true, force: true });
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    console.error(`load: ${signal}, cleaning up`);
    cleanup().finally(() => process.exit(130));
  });
}
// Last resort (an exception nobody caught): no process of ours outlives this one.
process.on('exit', () => {
  for (const c of children) c.kill?.();
});

// -- Measuring: CPU from /proc, samplers ------------------------------------------------------------------------
/** Busy and total CPU seconds of the whole machine (all cores). */
function machineCpu() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = f[3] + f[4];
  const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / ticksPerSecond, total: total / ticksPerSecond };
}

/**
 * Runs `load` and answers { result, cpu }: the CPU seconds each group of processes spent meanwhile (a group lists
 * its pids; asked before and after: a process that appeared meanwhile counts from 0, one gone is lost), and the
 * machine's busy cores over the run.
 */
async function withCpu(groups, load) {
  if (ticksPerSecond === null) {
    const t0 = performance.now();
    const result = await load();
    return { result, cpu: { seconds: (performance.now() - t0) / 1000, cores: null } };
  }
  const before = {};
  for (const [name, list] of Object.entries(groups)) {
    before[name] = new Map((await list()).map((pid) => [pid, cpuSecondsOf(pid) ?? 0]));
  }
  const m0 = machineCpu();
  const t0 = performance.now();
  const result = await load();
  const seconds = (performance.now() - t0) / 1000;
  const m1 = machineCpu();
  const cpu = { seconds, cores: {} };
  for (const [name, list] of Object.entries(groups)) {
    const pids = new Set([...before[name].keys(), ...(await list())]);
    let used = 0;
    for (const pid of pids) {
      const now = cpuSecondsOf(pid);
      if (now !== null) used += now - (before[name].get(pid) ?? 0);
    }
    cpu.cores[name] = used / seconds;
  }
  cpu.machine = (m1.busy - m0.busy) / seconds;
  cpu.machineCores = (m1.total - m0.total) / seconds;
  cpu.others = Math.max(0, cpu.machine - Object.values(cpu.cores).reduce((a, b) => a + b, 0));
  return { result, cpu };
}

/** Prometheus text -> [{ name, labels, value }]. */
function parseMetrics(text) {
  const out = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)) labels[k] = v;
    out.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return out;
}

async function scrape(port) {
  const res = await fetch(`http://127.0.0.1:${port}/api/metrics`);
  if (!res.ok) throw new Error(`metrics: ${res.status}`);
  return parseMetrics(await res.text());
}

/**
 * The request histograms' count and sum per (method route status), summed over instances; null when the servers
 * have no /api/metrics (a build from before it).
 */
async function routeTotals(ports) {
  const totals = new Map();
  for (const port of ports) {
    let metrics;
    try {
      metrics = await scrape(port);
    } catch {
      return null;
    }
    for (const { name, labels, value } of metrics) {
      const kind = name.endsWith('_count') ? 'count' : name.endsWith('_sum') ? 'sum' : null;
      if (!kind || !name.startsWith('cartela_http_request_duration_seconds')) continue;
      const key = `${labels.method} ${labels.route} ${labels.status}`;
      const t = totals.get(key) ?? { count: 0, sum: 0 };
      t[kind] += value;
      totals.set(key, t);
    }
  }
  return totals;
}

/** Every SAMPLE_MS while `run` runs: each instance's pool and event loop, and PostgreSQL's backends. */
async function sampled(instances, db, run) {
  const pools = instances.map(() => ({ samples: 0, waiting: 0, waitingMax: 0, clients: 0, lagP99Max: 0 }));
  const backends = new Map(); // 'active: Lock/tuple' -> samples
  const statements = new Map(); // 'waiting on a lock: UPDATE ...' -> samples
  let pgSamples = 0;
  let stop = false;
  const loop = (async () => {
    while (!stop) {
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
      if (stop) break;
      await Promise.all([
        ...instances.map(async ({ port }, i) => {
          try {
            const m = await scrape(port);
            const value = (name) => m.find((x) => x.name === name)?.value ?? 0;
            const p = pools[i];
            p.samples++;
            const waiting = value('cartela_db_pool_waiting');
            p.waiting += waiting;
            p.waitingMax = Math.max(p.waitingMax, waiting);
            p.clients += value('cartela_db_pool_clients');
            p.lagP99Max = Math.max(p.lagP99Max, value('nodejs_eventloop_lag_p99_seconds') * 1000);
          } catch {}
        }),
        (async () => {
          try {
            const { rows } = await db.query(
              `SELECT state, wait_event_type, wait_event, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS query
               FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
              [dbName],
            );
            pgSamples++;
            for (const r of rows) {
              const key = `${r.state ?? '?'}${r.wait_event_type ? `: ${r.wait_event_type}/${r.wait_event}` : ''}`;
              backends.set(key, (backends.get(key) ?? 0) + 1);
              // What waits on a lock, and what a transaction left open last ran.
              if (r.wait_event_type === 'Lock' || r.state === 'idle in transaction') {
                const what = `${r.wait_event_type === 'Lock' ? 'waiting on a lock' : 'idle in transaction after'}: ${r.query}`;
                statements.set(what, (statements.get(what) ?? 0) + 1);
              }
            }
          } catch {}
        })(),
      ]);
    }
  })();
  try {
    return { result: await run(), pools, backends, statements, pgSamples };
  } finally {
    stop = true;
    await loop;
  }
}

/** TCP connections in `state` whose peer is one of `ports` on loopback (from `ss`; null without it). */
function tcpTo(ports, state) {
  try {
    const lines = execFileSync('ss', ['-Htan', 'state', state], { encoding: 'utf8' }).split('\n');
    return lines.filter((l) => ports.some((p) => l.trim().split(/\s+/).at(-1) === `127.0.0.1:${p}`)).length;
  } catch {
    return null;
  }
}

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] : 0;
const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const pad = (s, n) => String(s).padEnd(n);
const padl = (s, n) => String(s).padStart(n);

async function inBatches(items, width, fn) {
  const out = [];
  for (let i = 0; i < items.length; i += width)
    out.push(...(await Promise.all(items.slice(i, i + width).map(fn))));
  return out;
}

// -- The run ------------------------------------------------------------------------------------------------------
let failed = false;
try {
  const t0 = performance.now();
  await onServer(serverUrl, `CREATE DATABASE ${dbName}`);
  dbCreated = true;
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  children.push({ name: 'database client', stop: () => db.end() });

  const serverEnv = {
    DATABASE_URL: dbUrl.toString(),
    DATABASE_POOL_MAX: String(POOL_MAX),
    JWT_SECRET: randomBytes(32).toString('hex'),
    DEMO_DATA: '1',
    // The demo admin only: no month of history being made while the load runs (decision 076).
    DEMO_HISTORY: '0',
    TRUST_PROXY: '1',
    // Every sign-in comes from one address (nginx's, and behind it this process): the run is not an attack.
    LOGIN_RATE_LIMIT_MAX: '1000000',
    LOGIN_RATE_LIMIT_USERNAME_MAX: '1000000',
    LOGIN_RATE_LIMIT_ACCOUNT_MAX: '1000000',
  };
  // One after the other: the first makes the schema and the demo hall, the second finds them.
  const instances = [];
  for (const name of ['a', 'b']) {
    const started = await startServer({
      dataDir: path.join(runDir, `data-${name}`),
      fromSource: FROM_SOURCE,
      env: serverEnv,
      timeoutMs: 120_000,
    });
    instances.push({ name, ...started });
    children.push({
      name: `instance ${name}`,
      stop: () => stopServer(started.child),
      kill: () => started.child.kill('SIGKILL'),
    });
  }
  const nginx = await startNginx({
    prefix: path.join(runDir, 'nginx'),
    upstreams: instances.map((i) => i.port),
    keepalive: KEEPALIVE,
  });
  children.push({ name: 'nginx', stop: nginx.stop, kill: () => nginx.child.kill('SIGKILL') });
  const api = `http://127.0.0.1:${nginx.port}`;

  // -- Seed through the API ------------------------------------------------------------------------------------
  const request = async (method, route, token, body, headers = {}) => {
    const res = await fetch(`${api}${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (res.status < 200 || res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const login = async (username, password) =>
    (await request('POST', '/api/auth/login', null, { username, password })).token;

  const demoAdmin = await login('admin', 'admin123');
  const changed = await request('PUT', '/api/auth/profile', demoAdmin, {
    currentPassword: 'admin123',
    newPassword: ADMIN_PASSWORD,
  });
  const adminToken = changed.token ?? (await login('admin', ADMIN_PASSWORD));
  const cartelas = Array.from({ length: CARTELAS_PER_AGENT }, (_, i) => i + 1);
  const usernames = Array.from(
    { length: CONNECTIONS },
    (_, i) => `load-agent-${String(i + 1).padStart(3, '0')}`,
  );
  await inBatches(usernames, 8, async (username) => {
    const { agent } = await request('POST', '/api/users/agents', adminToken, {
      username,
      password: AGENT_PASSWORD,
      financialModel: 'virtual-coin',
    });
    await request('POST', `/api/cartelas/agent/${agent.id}/assign`, adminToken, { cartelaNumbers: cartelas });
    await request('POST', `/api/users/agents/${agent.id}/add-coins`, adminToken, {
      coins: COINS,
      etbAmount: COINS / 100,
    });
  });
  const rooms = await inBatches(
    usernames,
    8,
    async (username) => new Room({ token: await login(username, AGENT_PASSWORD), username, cartelas }),
  );
  await db.query('VACUUM ANALYZE');
  console.log(
    `load: setup ${((performance.now() - t0) / 1000).toFixed(1)} s: 2 instances (${FROM_SOURCE ? 'from source' : 'built'}, pool ${POOL_MAX} each) ` +
      `behind nginx (keepalive ${KEEPALIVE}) on PostgreSQL ${dbName}; ${CONNECTIONS} agents with ${CARTELAS_PER_AGENT} cartelas ` +
      `and ${COINS.toLocaleString('en')} coins, signed in`,
  );
  const load0 = loadavg()[0];

  // -- 1. The bare hello route -----------------------------------------------------------------------------------
  const hello = await startHello();
  const helloRun = (duration) =>
    autocannon({ url: `http://127.0.0.1:${hello.port}/hello`, connections: CONNECTIONS, duration });
  await helloRun(Math.min(HELLO_WARMUP_SECONDS, SECONDS));
  const { result: h, cpu: helloCpu } = await withCpu(
    { 'load generator': () => [process.pid], 'hello server': () => [hello.child.pid] },
    () => helloRun(SECONDS),
  );
  await stopServer(hello.child);
  const helloRps = h.requests.average;
  const helloErrors = h.non2xx + h.errors;
  console.log(
    `load: hello ${fmt(helloRps)} req/s, p50 ${h.latency.p50} ms, p99 ${h.latency.p99} ms, ${helloErrors} errors` +
      (helloCpu.cores
        ? ` (CPU: hello server ${fmt(helloCpu.cores['hello server'], 2)}, load generator ${fmt(helloCpu.cores['load generator'], 2)}, ` +
          `others ${fmt(helloCpu.others, 2)} of ${fmt(helloCpu.machineCores, 1)} cores)`
        : ''),
  );

  // -- 2. The mix through nginx ------------------------------------------------------------------------------------
  const mixRun = (duration, stats) =>
    autocannon({
      url: api,
      connections: CONNECTIONS,
      duration,
      setupClient: mixClient({ weights: MIX, rooms, adminToken, password: AGENT_PASSWORD, stats }),
    });
  if (WARMUP_SECONDS > 0) {
    const warm = await mixRun(WARMUP_SECONDS, new KindStats());
    const codes = Object.entries(warm.statusCodeStats)
      .filter(([code]) => code < 200 || code >= 300)
      .map(([code, v]) => `${v.count} x ${code}`);
    if (warm.timeouts) codes.push(`${warm.timeouts} timeouts`);
    console.log(
      `load: warm-up ${WARMUP_SECONDS} s: ${fmt(warm.requests.average)} req/s, ${warm.non2xx + warm.errors} errors` +
        (codes.length ? ` (${codes.join(', ')})` : ''),
    );
  }
  const ports = instances.map((i) => i.port);
  const pgStats = async () =>
    (
      await db.query(
        'SELECT deadlocks::int, xact_rollback::int AS rollbacks, xact_commit::int AS commits FROM pg_stat_database WHERE datname = $1',
        [dbName],
      )
    ).rows[0];
  const gamesBefore = rooms.reduce((s, r) => s + r.games.created, 0);
  const callsBefore = rooms.reduce((s, r) => s + r.games.calls, 0);
  const finishedBefore = rooms.reduce((s, r) => s + r.games.finished, 0);
  const routes0 = await routeTotals(ports);
  const pg0 = await pgStats();
  const stats = new KindStats();
  const postgresPids = async () =>
    (
      await db.query(
        `SELECT pid FROM pg_stat_activity WHERE (datname = $1 OR backend_type <> 'client backend') AND pid <> pg_backend_pid()`,
        [dbName],
      )
    ).rows.map((r) => r.pid);
  const {
    result: { result: mix, cpu },
    pools,
    backends,
    statements,
    pgSamples,
  } = await sampled(instances, db, () =>
    withCpu(
      {
        'load generator': () => [process.pid],
        nginx: () => nginx.pids(),
        'instance a': () => [instances[0].child.pid],
        'instance b': () => [instances[1].child.pid],
        PostgreSQL: postgresPids,
      },
      () => mixRun(SECONDS, stats),
    ),
  );
  const upstream = { established: tcpTo(ports, 'established'), timeWait: tcpTo(ports, 'time-wait') };
  const pg1 = await pgStats();
  const routes1 = await routeTotals(ports);
  const load1 = loadavg()[0];

  // -- Report ------------------------------------------------------------------------------------------------------
  const rps = mix.requests.average;
  const errors = mix.non2xx + mix.errors;
  const ratio = rps / helloRps;
  const total = [...stats.kinds.values()].reduce((s, k) => s + k.count, 0);
  const order = [
    'calls',
    'first call',
    'false claim',
    'claim',
    'finish',
    'create',
    'cancel',
    'state check',
    'wizard',
    ...Object.keys(MIX).filter((k) => k !== 'room'),
  ];
  const byKind = {};
  console.log(
    `\n${pad('kind', 16)}${padl('share', 7)}${padl('req/s', 8)}${padl('p50 ms', 8)}${padl('p99 ms', 8)}${padl('max ms', 8)}${padl('KB', 7)}${padl('errors', 8)}`,
  );
  for (const kind of [...order, ...[...stats.kinds.keys()].filter((k) => !order.includes(k))]) {
    const s = stats.kinds.get(kind);
    if (!s) continue;
    const sorted = Float64Array.from(s.latencies).sort();
    const bad = Object.entries(s.statuses).reduce((n, [st, c]) => n + (st >= 200 && st < 300 ? 0 : c), 0);
    byKind[kind] = {
      count: s.count,
      share: s.count / total,
      rps: s.count / cpu.seconds,
      p50: pct(sorted, 0.5),
      p99: pct(sorted, 0.99),
      max: sorted.at(-1),
      meanKB: s.bytes / s.count / 1024,
      statuses: s.statuses,
      noAnswer: s.noAnswer,
      samples: s.samples,
    };
    const b = byKind[kind];
    console.log(
      `${pad(kind, 16)}${padl(`${fmt(b.share * 100, 1)}%`, 7)}${padl(fmt(b.rps), 8)}${padl(fmt(b.p50, 1), 8)}${padl(fmt(b.p99, 1), 8)}` +
        `${padl(fmt(b.max), 8)}${padl(fmt(b.meanKB, 1), 7)}${padl(bad + s.noAnswer, 8)}`,
    );
  }
  const games = rooms.reduce((s, r) => s + r.games.created, 0) - gamesBefore;
  const calls = rooms.reduce((s, r) => s + r.games.calls, 0) - callsBefore;
  const finished = rooms.reduce((s, r) => s + r.games.finished, 0) - finishedBefore;
  console.log(
    `(the room's steps: ${games} games created, ${finished} finished, ${calls} balls called: ${fmt(calls / cpu.seconds)} calls/s)`,
  );

  // What the servers themselves spent per route (their request histograms, both instances).
  const serverRoutes = [];
  for (const [key, t1] of routes0 && routes1 ? routes1 : []) {
    const t = routes0.get(key) ?? { count: 0, sum: 0 };
    const count = t1.count - t.count;
    if (count > 0 && !key.includes('/api/metrics'))
      serverRoutes.push({ key, count, meanMs: ((t1.sum - t.sum) / count) * 1000 });
  }
  serverRoutes.sort((a, b) => b.count * b.meanMs - a.count * a.meanMs);
  if (serverRoutes.length) {
    console.log(
      '\nserver time per route (both instances; mean from Fastify receiving the request to its last byte):',
    );
  }
  for (const r of serverRoutes.slice(0, 14)) {
    console.log(`  ${pad(r.key, 48)}${padl(r.count, 8)}${padl(`${fmt(r.meanMs, 1)} ms`, 10)}`);
  }

  const cores = availableParallelism();
  const share = (n) => `${fmt(n, 2)}`;
  if (cpu.cores) {
    console.log(
      `\nCPU during the mix (cores, of ${cores}): ${Object.entries(cpu.cores)
        .map(([k, v]) => `${k} ${share(v)}`)
        .join(
          ', ',
        )}, everything else on the machine ${share(cpu.others)}; the machine ${share(cpu.machine)} busy`,
    );
  }
  // CPU per request: what the mix costs against hello whatever else the machine was doing meanwhile.
  let perRequest = null;
  if (cpu.cores && helloCpu.cores) {
    const us = (c, seconds, n) => (c * seconds * 1e6) / n;
    const mixUs = Object.fromEntries(
      Object.entries(cpu.cores).map(([k, v]) => [k, us(v, cpu.seconds, mix.requests.total)]),
    );
    const helloUs = Object.fromEntries(
      Object.entries(helloCpu.cores).map(([k, v]) => [k, us(v, helloCpu.seconds, h.requests.total)]),
    );
    const sum = (o) => Object.values(o).reduce((a, b) => a + b, 0);
    perRequest = { mix: mixUs, hello: helloUs, mixTotal: sum(mixUs), helloTotal: sum(helloUs) };
    const instancesUs = mixUs['instance a'] + mixUs['instance b'];
    console.log(
      `CPU per request: the mix ${fmt(perRequest.mixTotal)} us (instances ${fmt(instancesUs)}, PostgreSQL ${fmt(mixUs.PostgreSQL)}, ` +
        `nginx ${fmt(mixUs.nginx)}, load generator ${fmt(mixUs['load generator'])}); hello ${fmt(perRequest.helloTotal)} us ` +
        `(server ${fmt(helloUs['hello server'])}, load generator ${fmt(helloUs['load generator'])}). With nothing else ` +
        `running, ${cores} cores would serve at most ~${fmt((cores * 1e6) / perRequest.mixTotal)} req/s of the mix and ` +
        `~${fmt((cores * 1e6) / perRequest.helloTotal)} of hello (${fmt(perRequest.helloTotal / perRequest.mixTotal, 3)})`,
    );
  }
  for (const [i, p] of pools.entries()) {
    if (p.samples === 0) {
      console.log(`instance ${instances[i].name}: no /api/metrics (a build from before it): no pool figures`);
      continue;
    }
    console.log(
      `instance ${instances[i].name}: database pool ${fmt(p.clients / p.samples, 1)} connections open of ${POOL_MAX}, ` +
        `${fmt(p.waiting / p.samples, 1)} queries waiting for one on average (max ${p.waitingMax}), event loop lag p99 up to ${fmt(p.lagP99Max, 0)} ms`,
    );
  }
  const backendLine = [...backends.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${fmt(n / pgSamples, 1)}`)
    .join(', ');
  console.log(`PostgreSQL backends of the run's database, on average: ${backendLine}`);
  for (const [what, n] of [...statements].sort((a, b) => b[1] - a[1]).slice(0, 4)) {
    console.log(`  ${fmt(n / pgSamples, 2)} ${what}`);
  }
  const deadlocks = pg1.deadlocks - pg0.deadlocks;
  const rollbacks = pg1.rollbacks - pg0.rollbacks;
  console.log(
    `PostgreSQL: ${fmt((pg1.commits - pg0.commits) / cpu.seconds)} commits/s, ${rollbacks} rollbacks, ${deadlocks} deadlocks; ` +
      `load average ${load0.toFixed(1)} before the hello run, ${load1.toFixed(1)} after the mix`,
  );
  let nginxErrors = [];
  try {
    nginxErrors = readFileSync(nginx.errorLog, 'utf8')
      .split('\n')
      .filter((l) => /\[(error|crit|alert|emerg)\]/.test(l));
  } catch {}
  if (upstream.established !== null) {
    console.log(
      `nginx -> instances at the end of the mix: ${upstream.established} connections open, ${upstream.timeWait} closed ` +
        'in the last minute (TIME-WAIT: idle connections beyond the keepalive are closed, new ones opened)',
    );
  }
  if (nginxErrors.length) console.log(`nginx: ${nginxErrors.length} errors logged, first: ${nginxErrors[0]}`);

  if (errors > 0) {
    console.log(
      `\nerrors: ${mix.non2xx} non-2xx, ${mix.errors} socket errors (${mix.timeouts} timeouts); status codes: ${JSON.stringify(Object.fromEntries(Object.entries(mix.statusCodeStats).map(([k, v]) => [k, v.count])))}`,
    );
    for (const [kind, b] of Object.entries(byKind)) for (const s of b.samples) console.log(`  ${kind}: ${s}`);
  }
  console.log(
    `\nThe machine has ${cores} cores shared by the load generator, nginx, both instances and PostgreSQL (and whatever ` +
      'else runs on it): these figures are modest, the ratio to hello is what compares between runs.',
  );
  const summary =
    `load: ${errors} errors, ${fmt(rps)} req/s (${fmt(ratio, 2)} of hello ${fmt(helloRps)} req/s), ` +
    `p50 ${mix.latency.p50} ms, p99 ${mix.latency.p99} ms`;
  console.log(summary);

  let commit = null;
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root }).toString().trim();
  } catch {}
  const result = {
    date: new Date().toISOString(),
    commit,
    seconds: SECONDS,
    connections: CONNECTIONS,
    warmupSeconds: WARMUP_SECONDS,
    servers: FROM_SOURCE ? 'source' : 'built',
    poolMax: POOL_MAX,
    nginxKeepalive: KEEPALIVE,
    cores,
    mixWeights: MIX,
    hello: {
      rps: helloRps,
      p50: h.latency.p50,
      p99: h.latency.p99,
      errors: helloErrors,
      cpu: helloCpu,
    },
    mix: {
      rps,
      p50: mix.latency.p50,
      p99: mix.latency.p99,
      errors,
      non2xx: mix.non2xx,
      socketErrors: mix.errors,
      timeouts: mix.timeouts,
      statusCodes: Object.fromEntries(Object.entries(mix.statusCodeStats).map(([k, v]) => [k, v.count])),
      requests: mix.requests.total,
      byKind,
      games: { created: games, finished, calls },
    },
    ratio,
    cpu,
    cpuPerRequestUs: perRequest,
    pools: pools.map((p, i) => ({
      instance: instances[i].name,
      meanClients: p.clients / p.samples,
      meanWaiting: p.waiting / p.samples,
      maxWaiting: p.waitingMax,
      maxEventLoopLagP99Ms: p.lagP99Max,
    })),
    postgres: {
      backends: Object.fromEntries([...backends].map(([k, n]) => [k, n / pgSamples])),
      lockWaitsAndOpenTransactions: Object.fromEntries([...statements].map(([k, n]) => [k, n / pgSamples])),
      deadlocks,
      rollbacks,
      commitsPerSecond: (pg1.commits - pg0.commits) / cpu.seconds,
    },
    serverRoutes,
    nginxErrors: nginxErrors.length,
    upstreamConnections: upstream,
    loadAverage: { before: load0, after: load1 },
    summary,
  };
  writeFileSync(path.join(work, 'result.json'), `${JSON.stringify(result, null, 2)}\n`);
  failed = errors > 0;
} catch (err) {
  console.error(`load: ${err.stack ?? err}`);
  failed = true;
} finally {
  await cleanup();
}
process.exitCode = failed ? 1 : 0;
