// Games on PostgreSQL, through HTTP on a real server process (run from source with tsx: no build needed).
// Targets (issue 8):
//   1. POST /api/games: median under 20 ms (one request at a time; 100 cartelas, and 300 for the record);
//   2. POST /api/games/{id}/call-number: median under 10 ms (one request at a time);
//   3. call-number with 50 connections, each calling its own game: at least 30% of the requests per second of a
//      bare Fastify hello route measured in the same run (bench/hello-server.mjs, as bench/api-me.mjs does);
//   4. how many halls, each calling a ball every 2 s, one instance serves with p99 under 50 ms: measured
//      open-loop (each hall on its own keep-alive connection fires on its own 2 s clock, whatever the answers
//      do), stepping the number of halls up; the figure is the largest step whose p99 stays under 50 ms.
// Beside 3, on Linux, the CPU each part spent per request (from /proc): the server, PostgreSQL (every process
// of the cluster) and this process (the load generator), for call-number and for hello; and how many cores
// 30% of hello would need at those costs. On a machine where all three share the cores, that tells whether the
// target can be reached at all (docs/PERFORMANCE.md).
// Needs DATABASE_URL (a PostgreSQL server where this user may create databases): the bench makes its own
// database there and drops it at the end. Skipped when it is unset. `node bench/games.mjs [seconds]`;
// BENCH_HALL_STEPS=1000,2000 replaces the halls' steps.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  cpuSecondsOf,
  median,
  onServer,
  startHello,
  startServer,
  stopServer,
  ticksPerSecond,
  verdict,
} from './lib.mjs';

const duration = Number(process.argv[2] ?? 8);
const AGENTS = 50;
const CONNECTIONS = 50;
const CREATE_TARGET_MS = 20;
const CALL_TARGET_MS = 10;
const RATIO_TARGET = 0.3;
const HALL_P99_MS = 50;
const HALL_STEPS = (process.env.BENCH_HALL_STEPS ?? '250,500,1000,2000,3000,4000,5000,6000,7000,8000,10000')
  .split(',')
  .map(Number);
const HALL_SECONDS = 20;

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('games: skipped (set DATABASE_URL to a PostgreSQL server to run it)');
  process.exit(0);
}

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * p) - 1)];
const range = (n, from = 1) => Array.from({ length: n }, (_, i) => i + from);

/** CPU seconds (user + system, all threads) each process has used so far; a process gone counts 0. */
const cpuSeconds = (pids) => pids.map((pid) => cpuSecondsOf(pid) ?? 0);

/**
 * Runs `load` and answers its result with the CPU seconds each group of processes spent meanwhile. A group is
 * a function listing its processes, asked before and after; a process that appeared meanwhile counts from 0
 * (a new database connection, say).
 */
async function withCpu(groups, load) {
  if (ticksPerSecond === null) return { result: await load(), cpu: null };
  const before = {};
  for (const [name, list] of Object.entries(groups)) {
    const pids = await list();
    const seconds = cpuSeconds(pids);
    before[name] = new Map(pids.map((pid, i) => [pid, seconds[i]]));
  }
  const result = await load();
  const cpu = {};
  for (const [name, list] of Object.entries(groups)) {
    const pids = [...new Set([...before[name].keys(), ...(await list())])];
    const seconds = cpuSeconds(pids);
    cpu[name] = pids.reduce((sum, pid, i) => sum + seconds[i] - (before[name].get(pid) ?? 0), 0);
  }
  return { result, cpu };
}

/** Runs `fn` over `items`, `width` at a time. */
async function inBatches(items, width, fn) {
  const out = [];
  for (let i = 0; i < items.length; i += width)
    out.push(...(await Promise.all(items.slice(i, i + width).map(fn))));
  return out;
}

/**
 * Open-loop load: `halls` keep-alive connections, each POSTing to its own path every `everyMs` from a random
 * start, for `seconds`; the first 2 s are not counted. Returns the latencies (ms) and the failures by kind
 * ('status 409', 'ECONNRESET', ...).
 */
function hallsRun({ port, paths, headersOf, everyMs, seconds }) {
  return new Promise((resolve) => {
    const latencies = [];
    const failures = new Map();
    const fail = (kind) => failures.set(kind, (failures.get(kind) ?? 0) + 1);
    let pending = 0;
    const started = performance.now();
    const countFrom = started + 2000;
    const stopAt = started + seconds * 1000;
    const timers = [];
    const agents = paths.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    const done = () => {
      if (performance.now() < stopAt || pending > 0) return;
      for (const a of agents) a.destroy();
      resolve({ latencies, failures });
    };
    paths.forEach((p, i) => {
      const fire = () => {
        const t0 = performance.now();
        if (t0 >= stopAt) return done();
        pending++;
        const req = http.request(
          { host: '127.0.0.1', port, method: 'POST', path: p, agent: agents[i], headers: headersOf(i) },
          (res) => {
            res.resume();
            res.on('end', () => {
              pending--;
              if (t0 >= countFrom) {
                latencies.push(performance.now() - t0);
                if (res.statusCode !== 200) fail(`status ${res.statusCode}`);
              }
              done();
            });
          },
        );
        req.on('error', (err) => {
          pending--;
          fail(err.code ?? err.message);
          done();
        });
        req.end();
      };
      const first = setTimeout(() => {
        fire();
        timers.push(setInterval(fire, everyMs));
      }, Math.random() * everyMs);
      timers.push(first);
    });
    setTimeout(
      () => {
        for (const t of timers) clearInterval(t);
        done();
      },
      seconds * 1000 + 10,
    );
  });
}

const name = `cartela_bench_${randomBytes(4).toString('hex')}`;
const benchUrl = new URL(serverUrl);
benchUrl.pathname = `/${name}`;
await onServer(serverUrl, `CREATE DATABASE ${name}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'cartela-bench-games-'));
const db = new pg.Client({ connectionString: benchUrl.toString() });
let server = null;
let hello = null;
let failed = false;
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
      LOGIN_RATE_LIMIT_MAX: '100000',
      LOGIN_RATE_LIMIT_USERNAME_MAX: '100000',
      LOGIN_RATE_LIMIT_ACCOUNT_MAX: '100000',
    },
  });
  server = started.child;
  const { port } = started;
  const api = `http://127.0.0.1:${port}`;
  const request = async (method, route, token, body, expect = [200, 201]) => {
    const res = await fetch(`${api}${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!expect.includes(res.status)) throw new Error(`${method} ${route}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const login = async (username, password) =>
    (await request('POST', '/api/auth/login', null, { username, password })).token;

  // -- the hall: 300 system cartelas, 50 virtual-coin agents holding cartelas 1-300 (their own copies) -------
  const admin = await login('bench-admin', 'bench-admin-password');
  await request('POST', '/api/balance/regenerate', admin, { preserveCartelaNumbers: true });
  const { agent: template } = await request('POST', '/api/users/agents', admin, {
    username: 'bench-agent-0',
    password: 'secret1',
  });
  await db.connect();
  await db.query(
    `INSERT INTO users (username, password_hash, role, financial_model, commission_percentage,
       min_commission_percentage, system_commission_share, winning_patterns)
     SELECT 'bench-agent-' || n, password_hash, role, financial_model, commission_percentage,
       min_commission_percentage, system_commission_share, winning_patterns
     FROM users, generate_series(1, $1::int - 1) AS n WHERE id = $2`,
    [AGENTS, template.id],
  );
  await db.query(`INSERT INTO agent_cartelas (agent_id, cartela_number, card)
    SELECT u.id, c.cartela_number, c.card FROM users u CROSS JOIN cartelas c WHERE u.role = 'agent'`);
  const agents = (await db.query(`SELECT id, username FROM users WHERE role = 'agent' ORDER BY username`))
    .rows;
  // Coins through the API: the ledger stays the sum of its rows.
  await inBatches(agents, 10, (a) =>
    request('POST', `/api/users/agents/${a.id}/add-coins`, admin, { coins: 10_000_000, etbAmount: 0 }),
  );
  const tokens = await inBatches(agents, 5, (a) => login(a.username, 'secret1'));
  await db.query('VACUUM ANALYZE');

  // A cartela is in one round at a time (product/draw.md#invariants): each agent's games not over hold cartelas of
  // their own. free[i]: agent i's cartelas in none of its games not over.
  const free = agents.map(() => new Set(range(300)));
  /** A game of agent i on `count` of its free cartelas: the creation's answer, its agent and its cartelas. */
  const newGame = async (i, count) => {
    const cartelaNumbers = [...free[i]].slice(0, count);
    if (cartelaNumbers.length < count) {
      throw new Error(`agent ${i}: ${count} free cartelas wanted, ${cartelaNumbers.length} free`);
    }
    for (const n of cartelaNumbers) free[i].delete(n);
    const answer = await request('POST', '/api/games', tokens[i], {
      stake: 20,
      cartelaNumbers,
      selectedPattern: 'full-house',
    });
    return { ...answer, agent: i, cartelaNumbers };
  };
  /** Ends a game made by newGame (finish; or cancel, before its first call): its cartelas are free again. */
  const endGame = async (game, action = 'finish') => {
    await request('POST', `/api/games/${game.gameId}/${action}`, tokens[game.agent]);
    for (const n of game.cartelaNumbers) free[game.agent].add(n);
  };

  // -- 1. POST /api/games, one at a time ----------------------------------------------------------------------
  // Each game cancelled (before any call) once timed: every creation finds its cartelas free, as a hall's next
  // round does.
  const timeCreate = async (cartelas, runs) => {
    for (let i = 0; i < 20; i++) await endGame(await newGame(0, cartelas), 'cancel'); // warm-up: JIT, plans
    const times = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const game = await newGame(0, cartelas);
      times.push(performance.now() - t0);
      await endGame(game, 'cancel');
    }
    return times;
  };
  const create100 = await timeCreate(100, 200);
  const create300 = await timeCreate(300, 100);
  const createMid = median(create100);
  console.log(
    `games: POST /api/games, 100 cartelas: median ${createMid.toFixed(1)} ms, p95 ${pct(create100, 0.95).toFixed(1)} ms; ` +
      `300 cartelas: median ${median(create300).toFixed(1)} ms, p95 ${pct(create300, 0.95).toFixed(1)} ms ` +
      `(target: median < ${CREATE_TARGET_MS} ms) ${verdict(createMid < CREATE_TARGET_MS)}`,
  );
  failed ||= createMid >= CREATE_TARGET_MS;

  // -- 2. call-number, one at a time --------------------------------------------------------------------------
  const callTimes = [];
  for (let g = 0; g < 8; g++) {
    const created = await newGame(1, 100);
    const { game } = created;
    for (let i = 0; i < 75; i++) {
      const t0 = performance.now();
      const answer = await request('POST', `/api/games/${game.gameId}/call-number`, tokens[1]);
      if (g > 0) callTimes.push(performance.now() - t0); // the first game warms up
      if (answer.remaining !== 74 - i) throw new Error('unexpected call answer');
    }
    await endGame(created); // not timed: the next game takes the same cartelas
  }
  const callMid = median(callTimes);
  console.log(
    `games: call-number, ${callTimes.length} calls one at a time: median ${callMid.toFixed(2)} ms, p95 ${pct(callTimes, 0.95).toFixed(2)} ms, ` +
      `p99 ${pct(callTimes, 0.99).toFixed(2)} ms (target: median < ${CALL_TARGET_MS} ms) ${verdict(callMid < CALL_TARGET_MS)}`,
  );
  failed ||= callMid >= CALL_TARGET_MS;

  // -- 3. 50 connections, each calling its own games, against hello in the same run --------------------------
  // Each connection has its own agent and a queue of games; after the 75th ball it moves to its next game. The
  // games are made beforehand, all running at once, so each holds cartelas of its own: 7 of the agent's 300 (a
  // call's cost does not depend on them: the state it reads and writes holds no cards).
  const GAMES_PER_CONNECTION = 40;
  const QUEUE_CARTELAS = Math.floor(300 / GAMES_PER_CONNECTION);
  const queued = await inBatches(range(CONNECTIONS, 0), 5, async (i) => {
    const made = [];
    for (let g = 0; g < GAMES_PER_CONNECTION; g++) made.push(await newGame(i, QUEUE_CARTELAS));
    return made;
  });
  const queues = queued.map((made) => made.map((g) => g.gameId));
  await db.query('VACUUM ANALYZE');
  let nextConnection = 0;
  const callLoad = () =>
    autocannon({
      url: `${api}/api/games/x/call-number`,
      connections: CONNECTIONS,
      duration,
      setupClient(client) {
        const i = nextConnection++ % CONNECTIONS;
        const queue = queues[i];
        let calls = 0;
        // A static request per game, as hello's is (a request built per call cost the client twice as much); the
        // next game's after the 75th ball. No throwing in here: autocannon would end the process without
        // cleaning up; a connection out of games keeps calling its last one, and its refusals count as errors.
        const callOn = (game) => ({
          method: 'POST',
          path: `/api/games/${game}/call-number`,
          headers: { authorization: `Bearer ${tokens[i]}` },
          onResponse(status) {
            calls++;
            if ((status !== 200 || calls === 75) && queue.length > 1) {
              queue.shift();
              calls = 0;
              client.setRequests([callOn(queue[0])]);
            }
          },
        });
        client.setRequests([callOn(queue[0])]);
      },
    });
  hello = await startHello();
  const helloLoad = () =>
    autocannon({ url: `http://127.0.0.1:${hello.port}/hello`, connections: CONNECTIONS, duration });
  // Every process of the PostgreSQL cluster (backends, WAL writer, checkpointer, ...), as it reports them.
  const postgresPids = async () =>
    (await db.query('SELECT pid FROM pg_stat_activity')).rows.map((r) => r.pid);
  await helloLoad();
  const h1 = await helloLoad();
  await callLoad();
  for (const queue of queues) queue.shift(); // the warm-up's last answers were not all counted: fresh games
  const { result: calls, cpu: callCpu } = await withCpu(
    { server: () => [server.pid], postgres: postgresPids, client: () => [process.pid] },
    callLoad,
  );
  const { result: h2, cpu: helloCpu } = await withCpu(
    { server: () => [hello.child.pid], client: () => [process.pid] },
    helloLoad,
  );
  const helloRps = (h1.requests.average + h2.requests.average) / 2;
  const callRps = calls.requests.average;
  const ratio = callRps / helloRps;
  const errors = calls.non2xx + calls.errors;
  console.log(
    `games: bare Fastify hello ${helloRps.toFixed(0)} req/s (${h1.requests.average.toFixed(0)} / ${h2.requests.average.toFixed(0)})`,
  );
  console.log(
    `games: call-number, ${CONNECTIONS} connections on their own games: ${callRps.toFixed(0)} req/s, p50 ${calls.latency.p50} ms, ` +
      `p99 ${calls.latency.p99} ms, non-2xx+errors ${errors}`,
  );
  if (callCpu && helloCpu) {
    const callCount = calls.requests.total;
    const helloCount = h2.requests.total;
    const us = (seconds, count) => (seconds / count) * 1e6;
    const perCall = {
      server: us(callCpu.server, callCount),
      postgres: us(callCpu.postgres, callCount),
      client: us(callCpu.client, callCount),
    };
    const callTotal = perCall.server + perCall.postgres + perCall.client;
    console.log(
      `games: CPU per call-number: server ${perCall.server.toFixed(0)} us, PostgreSQL ${perCall.postgres.toFixed(0)} us, ` +
        `load generator ${perCall.client.toFixed(0)} us (${callTotal.toFixed(0)} us); per hello: server ` +
        `${us(helloCpu.server, helloCount).toFixed(0)} us, load generator ${us(helloCpu.client, helloCount).toFixed(0)} us`,
    );
    const needed = RATIO_TARGET * helloRps;
    const cores = availableParallelism();
    console.log(
      `games: ${RATIO_TARGET * 100}% of hello is ${needed.toFixed(0)} calls/s: at these costs ${((needed * callTotal) / 1e6).toFixed(1)} ` +
        `cores (PostgreSQL alone ${((needed * perCall.postgres) / 1e6).toFixed(1)}, the server alone ` +
        `${((needed * perCall.server) / 1e6).toFixed(1)}); this machine has ${cores}`,
    );
  }
  const throughputOk = ratio >= RATIO_TARGET && errors === 0;
  console.log(
    `games: call-number is ${(ratio * 100).toFixed(0)}% of hello (target >= ${RATIO_TARGET * 100}%) ${verdict(throughputOk)}`,
  );
  failed ||= !throughputOk;
  // The queues' games end: the halls' games take their cartelas.
  await inBatches(queued.flat(), 20, (g) => endGame(g));

  // -- 4. halls calling a ball every 2 s ---------------------------------------------------------------------
  // Each hall: its own game (and its agent's token), its own connection. A step of HALL_SECONDS calls a game
  // up to 11 times, so a game serves at most 6 steps (75 balls): later steps start new games, and the games played
  // out end. An agent runs up to a 50th of the halls at once, each game on cartelas of its own: as many of its 300
  // as the largest step leaves each (1 for 10,000 halls; a call's cost does not depend on them).
  const STEPS_PER_GAME = Math.floor(75 / (HALL_SECONDS / 2 + 1));
  const HALL_CARTELAS = Math.max(1, Math.floor(300 / Math.ceil(Math.max(...HALL_STEPS) / AGENTS)));
  const hallPool = []; // { id, agent, steps, created, ended }
  const gamesFor = async (halls) => {
    const spent = hallPool.filter((g) => g.steps >= STEPS_PER_GAME && !g.ended);
    await inBatches(spent, 20, async (g) => {
      await endGame(g.created);
      g.ended = true;
    });
    const usable = hallPool.filter((g) => g.steps < STEPS_PER_GAME);
    if (usable.length < halls) {
      const made = await inBatches(range(halls - usable.length, hallPool.length), 20, async (i) => {
        const created = await newGame(i % AGENTS, HALL_CARTELAS);
        return { id: created.gameId, agent: i % AGENTS, steps: 0, created, ended: false };
      });
      hallPool.push(...made);
      usable.push(...made);
      await db.query('VACUUM ANALYZE');
    }
    const chosen = usable.slice(0, halls);
    for (const g of chosen) g.steps++;
    return chosen;
  };
  let served = 0;
  for (const halls of HALL_STEPS) {
    const hallGames = await gamesFor(halls);
    const { latencies, failures } = await hallsRun({
      port,
      paths: hallGames.map((g) => `/api/games/${g.id}/call-number`),
      headersOf: (i) => ({ authorization: `Bearer ${tokens[hallGames[i].agent]}` }),
      everyMs: 2000,
      seconds: HALL_SECONDS,
    });
    const p99 = pct(latencies, 0.99);
    const failureCount = [...failures.values()].reduce((a, b) => a + b, 0);
    const ok = p99 < HALL_P99_MS && failureCount === 0;
    console.log(
      `games: ${halls} halls (${(halls / 2).toFixed(0)} calls/s offered, ${(latencies.length / (HALL_SECONDS - 2)).toFixed(0)} served): ` +
        `p50 ${median(latencies).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, failures ${failureCount}${failureCount ? ` (${[...failures].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''} ${ok ? 'ok' : 'over'}`,
    );
    if (!ok) break;
    served = halls;
  }
  console.log(
    `games: one instance serves ${served} halls calling every 2 s with p99 < ${HALL_P99_MS} ms (the largest step that held)`,
  );
  process.exitCode = failed ? 1 : 0;
} finally {
  await db.end().catch(() => {});
  if (hello) await stopServer(hello.child);
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
  await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
