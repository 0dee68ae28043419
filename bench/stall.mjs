// Issue 18, 'One user cannot stall the hall', on the built server (`npm run build` first), on the embedded
// database (PGlite, one connection in a worker thread) and on PostgreSQL (DATABASE_URL; skipped when unset).
// While one user does something heavy, another agent calls balls (one call-number after another, 20 ms apart,
// a new game after the 75th ball) and /api/health is asked every 20 ms; their latencies over the whole episode:
//   (a) the admin uploads a custom voice pack at the limits: every file of the layout, 30 MB unpacked, ~18 MB
//       zipped (each file partly random, so that it does not compress away);
//   (b) one agent starts 30 CSV exports of its games at once (GAMES games each), reads every answer, and keeps
//       them up for 10 s (each starts again when its download is over, or after the Retry-After of a 429).
// Targets: call-number p99 < 300 ms, /api/health p99 < 100 ms, in both episodes. Also printed: the same figures
// on a quiet server, the upload's answer and time, the server's memory (RSS) before and after the upload and its
// peak, and how the 30 exports were answered. `node bench/stall.mjs [games]` (default 10,000).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VOICE_PACK_FILES, VOICE_PACK_TOTAL_MAX_BYTES } from '@cartela/contract';
import { PGlite } from '@electric-sql/pglite';
import { zipSync } from 'fflate';
import pg from 'pg';
import { median, onServer, startServer, stopServer, verdict } from './lib.mjs';

const GAMES = Number(process.argv[2] ?? 10_000);
const EXPORTS = 30;
const EXPORT_SECONDS = 10;
const CALL_P99_MS = 300;
const HEALTH_P99_MS = 100;
const EVERY_MS = 20;
const QUIET_MS = 3000;
const PASSWORD = 'bench-stall-password';
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };
const MB = 1024 * 1024;
// The PostgreSQL run's server; the embedded run's server must not see it (lib.mjs passes the environment on).
const serverUrl = process.env.DATABASE_URL;
delete process.env.DATABASE_URL;

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * p) - 1)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const ms = (x) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
/** The server's resident memory now and its peak so far, in MB (Linux /proc; null elsewhere). */
function memory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** A voice pack at the limits: every file of the layout, 30 MB together, 60% of each random. */
function maximumPack() {
  const size = Math.floor((VOICE_PACK_TOTAL_MAX_BYTES - 64 * 1024) / VOICE_PACK_FILES.length);
  const files = {};
  for (const file of VOICE_PACK_FILES) {
    const data = new Uint8Array(size);
    data.set(randomBytes(Math.floor(size * 0.6)));
    data.set(
      file.endsWith('.m4a')
        ? [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x4d, 0x34, 0x41, 0x20] // an 'ftyp' box
        : [0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0], // an ID3v2.4 tag
    );
    files[file] = data;
  }
  return { zip: Buffer.from(zipSync(files, { level: 1 })), unpacked: size * VOICE_PACK_FILES.length };
}

function client(base) {
  return async function request(method, route, token, body, expect = [200, 201]) {
    const res = await fetch(`${base}${route}`, {
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
}

/** Accounts through the API: 300 system cartelas, a caller agent with 20 of them, an exporting agent with 1. */
async function setUp(request) {
  const login = async (username, password) =>
    (await request('POST', '/api/auth/login', null, { username, password })).token;
  const admin = await login(ADMIN.username, ADMIN.password);
  await request('POST', '/api/balance/regenerate', admin, { preserveCartelaNumbers: true });
  const agent = async (username) => {
    const { agent } = await request('POST', '/api/users/agents', admin, {
      username,
      password: PASSWORD,
      financialModel: 'commission-share',
    });
    const { assignedCartelas } = await request('POST', `/api/cartelas/agent/${agent.id}/auto-assign`, admin, {
      count: 20,
    });
    return {
      id: agent.id,
      token: await login(username, PASSWORD),
      cartelas: assignedCartelas.map((c) => c.cartelaNumber).slice(0, 10),
    };
  };
  const caller = await agent('bench-caller');
  const exporter = await agent('bench-exporter');
  // The exporter's first game: the model the others are copied from.
  const first = await request('POST', '/api/games', exporter.token, {
    stake: 20,
    cartelaNumbers: exporter.cartelas,
    selectedPattern: 'full-house',
  });
  return { admin, caller, exporter, templateGame: first.game?.id ?? first.id };
}

/**
 * The exporter's games: GAMES - 1 copies of its first game (whatever the columns are: through jsonb), each
 * finished, 6 hours apart. They go in with the triggers off (one statement updating the agent's rollup rows
 * thousands of times crawls), then cartela_rebuild_stats() sets their business days and rebuilds the rollup
 * (decision 053: what the migration and a time zone change run).
 */
const copyGamesSql = `
  WITH model AS MATERIALIZED (SELECT to_jsonb(g) AS row, g.created_at AS at FROM games g WHERE g.id = $1)
  INSERT INTO games
  SELECT copy.* FROM model, generate_series(1, $2::int) AS i,
    LATERAL jsonb_populate_record(NULL::games, model.row || jsonb_build_object(
      'id', gen_random_uuid(), 'game_id', 'S' || lpad(i::text, 7, '0'), 'status', 'finished',
      'idempotency_key', NULL, 'request_hash', NULL,
      'created_at', model.at - i * interval '6 hours', 'updated_at', model.at - i * interval '6 hours',
      'finished_at', model.at - i * interval '6 hours' + interval '15 minutes')) AS copy`;

async function copyGames(query, templateGame) {
  await query("SET session_replication_role = 'replica'");
  await query(copyGamesSql, [templateGame, GAMES - 1]);
  await query('SET session_replication_role = DEFAULT');
  await query('SELECT cartela_rebuild_stats()');
  await query('VACUUM ANALYZE');
}

/**
 * Runs `episode` while the caller calls balls and /api/health is asked, each every EVERY_MS; answers the
 * latencies of both and what the episode returned.
 */
async function during(request, base, caller, episode) {
  let done = false;
  const calls = [];
  const health = [];
  const failures = [];
  const callLoop = async () => {
    let gameId = null;
    let called = 0;
    // A cartela is in one round at a time: a game ends before the next one takes its cartelas (not timed).
    const finish = (id) => request('POST', `/api/games/${id}/finish`, caller.token);
    while (!done) {
      if (gameId === null || called === 75) {
        if (gameId !== null) await finish(gameId);
        const created = await request('POST', '/api/games', caller.token, {
          stake: 20,
          cartelaNumbers: caller.cartelas,
          selectedPattern: 'full-house',
        });
        gameId = created.gameId;
        called = 0;
      }
      const t0 = performance.now();
      const res = await fetch(`${base}/api/games/${gameId}/call-number`, {
        method: 'POST',
        headers: { authorization: `Bearer ${caller.token}` },
      });
      await res.arrayBuffer();
      calls.push(performance.now() - t0);
      if (res.status !== 200) failures.push(`call-number ${res.status}`);
      called++;
      await sleep(EVERY_MS);
    }
    // The next episode's first game takes the same cartelas.
    if (gameId !== null) await finish(gameId);
  };
  const healthLoop = async () => {
    while (!done) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      health.push(performance.now() - t0);
      if (res.status !== 200) failures.push(`health ${res.status}`);
      await sleep(EVERY_MS);
    }
  };
  const loops = [callLoop(), healthLoop()];
  await sleep(200); // both loops running before the episode starts
  const started = performance.now();
  try {
    const result = await episode();
    return { result, seconds: (performance.now() - started) / 1000, calls, health, failures };
  } finally {
    done = true;
    await Promise.all(loops);
  }
}

/** Prints one line of figures and answers whether both targets were met. */
function report(label, { calls, health, failures }) {
  const callP99 = pct(calls, 0.99);
  const healthP99 = pct(health, 0.99);
  const ok = callP99 < CALL_P99_MS && healthP99 < HEALTH_P99_MS && failures.length === 0;
  console.log(
    `  ${label}: call-number p50 ${ms(median(calls))}, p99 ${ms(callP99)}, max ${ms(Math.max(...calls))} (${calls.length} calls); ` +
      `/api/health p50 ${ms(median(health))}, p99 ${ms(healthP99)} (${health.length})` +
      `${failures.length ? `; failures: ${[...new Set(failures)].join(', ')}` : ''} ` +
      `(targets: p99 < ${CALL_P99_MS} ms and < ${HEALTH_P99_MS} ms) ${verdict(ok)}`,
  );
  return ok;
}

async function runEpisodes(kind, { base, pid, caller, exporter, admin, request }) {
  console.log(`stall: ${kind}`);
  let ok = true;
  await during(request, base, caller, () => sleep(QUIET_MS)); // warm-up: plans, caches, JIT
  report('quiet', await during(request, base, caller, () => sleep(QUIET_MS)));

  // (a) a maximum-size voice pack upload
  const { zip, unpacked } = maximumPack();
  const before = memory(pid);
  const upload = await during(request, base, caller, async () => {
    const res = await fetch(`${base}/api/voice-packs?name=Bench%20caller&language=am`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/zip' },
      body: zip,
    });
    return { status: res.status, body: await res.text() };
  });
  await sleep(500);
  const after = memory(pid);
  console.log(
    `  voice pack upload (${VOICE_PACK_FILES.length} files, ${(unpacked / MB).toFixed(1)} MB unpacked, ` +
      `${(zip.length / MB).toFixed(1)} MB zipped): ${upload.result.status} in ${upload.seconds.toFixed(1)} s` +
      (before && after
        ? `; server RSS ${before.rss.toFixed(0)} MB before, ${after.rss.toFixed(0)} MB after, peak ${after.peak.toFixed(0)} MB`
        : ''),
  );
  if (upload.result.status !== 201) {
    console.log(`  upload refused: ${upload.result.body.slice(0, 300)}`);
    ok = false;
  }
  ok = report('during the upload', upload) && ok;

  // (b) 30 exports at once by one agent, kept up: each of the 30 starts again when its download is over, or
  // when the Retry-After of a refusal has passed, until EXPORT_SECONDS are over.
  const exports = await during(request, base, caller, async () => {
    const stopAt = performance.now() + EXPORT_SECONDS * 1000;
    const answers = [];
    await Promise.all(
      Array.from({ length: EXPORTS }, async () => {
        while (performance.now() < stopAt) {
          const t0 = performance.now();
          const res = await fetch(`${base}/api/reports/games/export`, {
            headers: { authorization: `Bearer ${exporter.token}` },
          });
          const bytes = (await res.arrayBuffer()).byteLength;
          answers.push({ status: res.status, bytes, seconds: (performance.now() - t0) / 1000 });
          if (res.status !== 200) await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
        }
      }),
    );
    return answers;
  });
  const byStatus = new Map();
  for (const r of exports.result) byStatus.set(r.status, [...(byStatus.get(r.status) ?? []), r]);
  const served = byStatus.get(200) ?? [];
  console.log(
    `  ${EXPORTS} exports at once by one agent (${GAMES.toLocaleString('en')} games each), kept up for ${EXPORT_SECONDS} s: ` +
      [...byStatus]
        .sort(([a], [b]) => a - b)
        .map(([status, rs]) => `${rs.length} answered ${status}`)
        .join(', ') +
      (served.length
        ? ` (each ${(served[0].bytes / MB).toFixed(1)} MB of CSV, in ${Math.min(...served.map((r) => r.seconds)).toFixed(1)}-${Math.max(...served.map((r) => r.seconds)).toFixed(1)} s)`
        : '') +
      `; the last answered after ${exports.seconds.toFixed(1)} s`,
  );
  ok = report('during the exports', exports) && ok;
  return ok;
}

let failed = false;

// -- the embedded database -----------------------------------------------------------------------------------
{
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cartela-bench-stall-'));
  const env = {
    DEMO_DATA: '0',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOGIN_RATE_LIMIT_MAX: '100000',
    LOGIN_RATE_LIMIT_USERNAME_MAX: '100000',
    LOGIN_RATE_LIMIT_ACCOUNT_MAX: '100000',
  };
  let server = null;
  try {
    server = await startServer({ dataDir, env });
    const setup = await setUp(client(`http://127.0.0.1:${server.port}`));
    // One process owns the embedded database: the games go in while the server is stopped.
    await stopServer(server.child);
    server = null;
    const db = new PGlite(path.join(dataDir, 'pglite'));
    await copyGames((text, values) => db.query(text, values), setup.templateGame);
    await db.close();
    server = await startServer({ dataDir, env });
    const base = `http://127.0.0.1:${server.port}`;
    const ok = await runEpisodes('embedded database (PGlite)', {
      ...setup,
      base,
      pid: server.child.pid,
      request: client(base),
    });
    failed ||= !ok;
  } finally {
    if (server) await stopServer(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// -- PostgreSQL ------------------------------------------------------------------------------------------------
if (!serverUrl) {
  console.log('stall: PostgreSQL skipped (set DATABASE_URL to a PostgreSQL server to run it)');
} else {
  const name = `cartela_bench_${randomBytes(4).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cartela-bench-stall-'));
  const db = new pg.Client({ connectionString: url.toString() });
  let server = null;
  try {
    server = await startServer({
      dataDir,
      env: {
        DEMO_DATA: '0',
        DATABASE_URL: url.toString(),
        JWT_SECRET: randomBytes(32).toString('hex'),
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        LOGIN_RATE_LIMIT_MAX: '100000',
        LOGIN_RATE_LIMIT_USERNAME_MAX: '100000',
        LOGIN_RATE_LIMIT_ACCOUNT_MAX: '100000',
      },
    });
    const base = `http://127.0.0.1:${server.port}`;
    const request = client(base);
    const setup = await setUp(request);
    await db.connect();
    await copyGames((text, values) => db.query(text, values), setup.templateGame);
    const ok = await runEpisodes('PostgreSQL', { ...setup, base, pid: server.child.pid, request });
    failed ||= !ok;
  } finally {
    await db.end().catch(() => {});
    if (server) await stopServer(server.child);
    rmSync(dataDir, { recursive: true, force: true });
    await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

process.exitCode = failed ? 1 : 0;
