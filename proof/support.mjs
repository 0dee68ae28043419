// What the proofs of issue 21 share (proof/crash.mjs, proof/cluster.mjs; bench/load.mjs may reuse the nginx and
// server launchers): server instances, a throwaway nginx on loopback, PostgreSQL databases made for one run,
// the API client, the world a burst needs, the burst of money-moving writes with the book of what the client
// saw acknowledged, and the verification of that book against the database. docs/RELIABILITY.md says what each
// proof shows.
//
// Every process and database made here is registered for clean-up: the scripts call cleanUp() in a finally,
// and the exit handlers below kill what is left even when a script dies half-way (a database still there is
// dropped with psql, synchronously, from the 'exit' handler).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, root } from '../bench/lib.mjs';

export { freePort, root };

/** Where the proofs keep their data folders, nginx prefixes, logs and figures (.tmp is git-ignored). */
export const proofDir = path.join(root, '.tmp/proof');
mkdirSync(proofDir, { recursive: true });

/**
 * PROOF_FROM_SOURCE=1 runs the server from its TypeScript sources (tsx), for development: `npm run build` is not
 * needed, and the dist/ others use is left alone. By default the built server runs, as CI builds before proofs.
 */
export const fromSource = process.env.PROOF_FROM_SOURCE === '1';
const serverMain = path.join(root, 'apps/server/dist/main.js');
const serverArgs = fromSource
  ? ['--import', 'tsx', '--conditions=source', path.join(root, 'apps/server/src/main.ts')]
  : [serverMain];
/** From sources, tsx compiles at every start: a slow shared machine needs longer. */
const START_TIMEOUT_MS = fromSource ? 120_000 : 60_000;

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const randomInt = (min, max) => min + Math.floor(Math.random() * (max - min + 1));
export const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
export const sample = (xs, n) => {
  const copy = [...xs];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
};
export const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------------------------------------------------------
// Clean-up of everything started here, whatever happens.

/** Async clean-ups, newest first; each also has a synchronous last resort for the 'exit' handler. */
const cleanups = new Map();
let nextCleanup = 1;

/** Registers a clean-up; returns its id for forget(). `sync` runs from the exit handler if `run` never did. */
export function onCleanUp(run, sync = () => {}) {
  const id = nextCleanup++;
  cleanups.set(id, { run, sync });
  return id;
}
export const forget = (id) => cleanups.delete(id);

let cleaning = null;

/**
 * Runs every registered clean-up (newest first); never throws. A second call while one runs (a signal during
 * the script's own finally) waits for the same one.
 */
export function cleanUp() {
  cleaning ??= (async () => {
    for (const id of [...cleanups.keys()].reverse()) {
      const c = cleanups.get(id);
      if (!c) continue;
      cleanups.delete(id);
      try {
        await c.run();
      } catch (err) {
        console.error(`clean-up: ${err.message}`);
      }
    }
    cleaning = null;
  })();
  return cleaning;
}

process.on('exit', () => {
  for (const id of [...cleanups.keys()].reverse()) {
    try {
      cleanups.get(id).sync();
    } catch {}
  }
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}
process.on('unhandledRejection', (err) => {
  console.error(`Unhandled rejection: ${err?.stack ?? err}`);
  void cleanUp().finally(() => process.exit(1));
});

/** Writes a proof's figures to .tmp/proof/<name>.json, for docs to quote. */
export function writeFigures(name, figures) {
  const file = path.join(proofDir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  return file;
}

// ---------------------------------------------------------------------------------------------------------------
// Server instances.

const logDir = path.join(proofDir, 'logs');

/** The last lines of a log file, for an error message. */
export function tail(file, lines = 20) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * Starts one server instance (the built one, or the sources with PROOF_FROM_SOURCE=1) and resolves once
 * /api/health answers 200. Its stdout and stderr go to .tmp/proof/logs/<name>.log. `port` keeps an address
 * (an instance restarted behind nginx); otherwise a free one is taken. The environment is the given one over
 * this process's, without DATABASE_URL, DATA_DIR or the demo and admin settings unless given: a proof says
 * what it runs on.
 */
export async function startInstance({ name, env, port, timeoutMs = START_TIMEOUT_MS }) {
  if (!fromSource && !existsSync(serverMain)) {
    throw new Error(`${serverMain} is missing: run \`npm run build\` first, or set PROOF_FROM_SOURCE=1`);
  }
  mkdirSync(logDir, { recursive: true });
  const log = path.join(logDir, `${name}.log`);
  const fd = openSync(log, 'w');
  const listenPort = port ?? (await freePort());
  const base = { ...process.env };
  for (const key of [
    'DATABASE_URL',
    'DATA_DIR',
    'DEMO_DATA',
    'ADMIN_USERNAME',
    'ADMIN_PASSWORD',
    'JWT_SECRET',
  ]) {
    delete base[key];
  }
  const started = performance.now();
  const child = spawn(process.execPath, serverArgs, {
    cwd: root,
    env: { ...base, PORT: String(listenPort), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  const cleanupId = onCleanUp(
    async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
    () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  );
  const url = `http://127.0.0.1:${listenPort}`;
  const instance = {
    name,
    port: listenPort,
    url,
    pid: child.pid,
    log,
    exited,
    startMs: 0,
    /** kill -9: no chance to finish anything. Resolves once the process is gone. */
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      forget(cleanupId);
    },
    /** A clean stop (SIGTERM: requests in flight finish, the database closes); SIGKILL after 15 s. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const late = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(late);
      }
      forget(cleanupId);
      return child.exitCode ?? child.signalCode;
    },
  };
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      forget(cleanupId);
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) while starting:\n${tail(log)}`);
    }
    if (performance.now() - started > timeoutMs) {
      await instance.kill();
      throw new Error(`${name} did not answer /api/health within ${seconds(timeoutMs)}:\n${tail(log)}`);
    }
    const r = await request(url, 'GET', '/api/health', { timeoutMs: 2000 });
    if (r.status === 200) break;
    await sleep(50);
  }
  instance.startMs = performance.now() - started;
  return instance;
}

/**
 * What a server wrote at warning level or above (its log lines are pino JSON): for the terminal when a proof
 * fails, and for the figures. A 5xx is logged there with its error.
 */
export function complaints(log) {
  const found = [];
  let text = '';
  try {
    text = readFileSync(log, 'utf8');
  } catch {
    return found;
  }
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line);
      if (entry.level >= 40) found.push(line.slice(0, 600));
    } catch {}
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP: one request, never throwing. A network failure (the server killed, a reset, a timeout) is status 0
// with `error` set: the caller decides what an unanswered write means.

const agents = new Map();
function agentFor(localAddress) {
  const key = localAddress ?? '';
  let agent = agents.get(key);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 256, ...(localAddress ? { localAddress } : {}) });
    agents.set(key, agent);
  }
  return agent;
}

/**
 * Sends one request. `body` is JSON; `token` a session; `localAddress` the loopback address to send from
 * (127.0.0.2: another device, as nginx and a TRUST_PROXY server see it). Resolves { status, body, headers, ms }
 * or { status: 0, error }.
 */
export function request(baseUrl, method, pathname, options = {}) {
  const { token, body, headers = {}, localAddress, timeoutMs = 30_000 } = options;
  const u = new URL(pathname, baseUrl);
  const payload = body === undefined ? null : Buffer.from(JSON.stringify(body));
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (value) => {
      if (settled) return;
      settled = true;
      resolve({ ms: performance.now() - started, ...value });
    };
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        method,
        path: `${u.pathname}${u.search}`,
        agent: agentFor(localAddress),
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', (err) => done({ status: 0, error: err.code ?? err.message }));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {}
          done({ status: res.statusCode, body: json ?? text, headers: res.headers });
        });
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (err) => done({ status: 0, error: err.code ?? err.message }));
    req.end(payload ?? undefined);
  });
}

/** Forgets kept-alive connections (after a server was killed, so no request tries a dead socket first). */
export function dropConnections() {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** Throws unless the answer has the status expected: for set-up steps, which must simply work. */
export function expectStatus(r, status, what) {
  if (r.status !== status) {
    const said = r.error ?? (typeof r.body === 'string' ? r.body : JSON.stringify(r.body));
    throw new Error(`${what}: expected ${status}, got ${r.status} ${String(said).slice(0, 300)}`);
  }
  return r.body;
}

export async function signIn(baseUrl, username, password, options = {}) {
  const r = await request(baseUrl, 'POST', '/api/auth/login', { body: { username, password }, ...options });
  return expectStatus(r, 200, `sign-in of ${username}`).token;
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL: a server to make databases on, and one fresh database per proof.

/** The newest PostgreSQL binaries Debian installed (/usr/lib/postgresql/<version>/bin), or null. */
function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

/**
 * A throwaway PostgreSQL server on a free loopback port (initdb in a temporary folder), for a machine where
 * neither PROOF_DATABASE_URL nor TEST_DATABASE_URL names one. initdb refuses root: as root it runs as the
 * `postgres` user (as .ci/run does). Resolves null when PostgreSQL is not installed.
 */
async function startThrowawayPostgres() {
  const bin = postgresBin();
  if (!bin) return null;
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'cartela-proof-pg-'));
  const run = (cmd, args) => {
    const full = path.join(bin, cmd);
    const r = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' })
      : spawnSync(full, args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout || r.error?.message}`);
  };
  if (asRoot) {
    const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const port = await freePort();
  const stop = () => {
    try {
      run('pg_ctl', ['-D', path.join(dir, 'db'), '-m', 'immediate', '-w', 'stop']);
    } catch {}
    rmSync(dir, { recursive: true, force: true });
  };
  const cleanupId = onCleanUp(async () => stop(), stop);
  try {
    run('initdb', ['-D', path.join(dir, 'db'), '-U', 'app', '--auth=trust']);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
    run('pg_ctl', ['-D', path.join(dir, 'db'), '-l', path.join(dir, 'log'), '-o', options, '-w', 'start']);
  } catch (err) {
    forget(cleanupId);
    stop();
    throw err;
  }
  return {
    url: `postgres://app@127.0.0.1:${port}/postgres`,
    source: `a throwaway PostgreSQL (${path.basename(path.dirname(bin))})`,
    async stop() {
      forget(cleanupId);
      stop();
    },
  };
}

/**
 * The PostgreSQL server the proofs make their databases on: PROOF_DATABASE_URL, else TEST_DATABASE_URL (CI's),
 * else a throwaway server started here; null when there is none at all.
 */
export async function postgresServer() {
  for (const name of ['PROOF_DATABASE_URL', 'TEST_DATABASE_URL']) {
    if (process.env[name]) return { url: process.env[name], source: name, stop: async () => {} };
  }
  return startThrowawayPostgres();
}

const withDatabase = (serverUrl, database) => {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  return u.toString();
};

async function onServer(serverUrl, statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database with a random name on the server; dropped by drop() or, at the latest, by the clean-up
 * (psql from the exit handler, with FORCE: a killed instance may leave a connection for a moment).
 */
export async function createDatabase(serverUrl, prefix = 'cartela_proof') {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const dropSql = `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`;
  const cleanupId = onCleanUp(
    () => onServer(serverUrl, dropSql),
    () => spawnSync('psql', [serverUrl, '-qc', dropSql], { stdio: 'ignore' }),
  );
  return {
    name,
    url: withDatabase(serverUrl, name),
    async drop() {
      forget(cleanupId);
      await onServer(serverUrl, dropSql);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// nginx on loopback.

const NGINX =
  process.env.NGINX ?? ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ?? 'nginx';

/**
 * Starts a throwaway nginx (Debian's) as the current user, with a generated configuration and its prefix under
 * .tmp/proof/, listening on a free loopback port and proxying to `upstreams` (ports of instances on 127.0.0.1)
 * as a real deployment would: HTTP/1.1 keep-alive to the instances, X-Forwarded-For appended (the instances run
 * with TRUST_PROXY=1), and a failed instance retried on the next one for what may be retried.
 *
 * What nginx may retry on the other instance (`proxy_next_upstream error timeout`, without `non_idempotent`):
 * any request that could not be SENT (connection refused: the instance is dead), and an idempotent one (GET,
 * HEAD, PUT, DELETE...) whose answer did not come. A POST that reached an instance which then died is NOT sent
 * again: it may have been applied, and a second instance would apply it twice (a top-up has no idempotency key).
 * Its client gets 502 and decides: the room re-sends its numbered events, the wizard its Idempotency-Key.
 * Cartela's PUTs and DELETEs set a state, so a second one changes nothing more (an agent's balance is set only
 * over the balance the form showed: 409 BALANCE_CHANGED; a password change sent twice is refused the second
 * time, its current password being the old one).
 *
 * An instance that failed once is left alone for `failTimeout`, then tried again (a refused connection is then
 * passed on at once). Each answer carries `X-Upstream` (the instance or instances nginx tried), and the access
 * log names them, so a proof can tell which instance served what. The prefix is .tmp/proof/<name>/ (its logs
 * stay there after stop()). Resolves { url, port, prefix, configFile, accessLog, errorLog, stop() }.
 */
export async function startNginx({
  upstreams,
  name = 'nginx',
  keepalive = 64,
  accessLog = true,
  failTimeout = '5s',
} = {}) {
  const prefix = path.join(proofDir, name);
  rmSync(prefix, { recursive: true, force: true });
  for (const dir of ['logs', 'tmp']) mkdirSync(path.join(prefix, dir), { recursive: true });
  const port = await freePort();
  const logs = path.join(prefix, 'logs');
  const temp = (what) => `${what}_temp_path ${path.join(prefix, 'tmp', what)};`;
  const config = `# Generated by proof/support.mjs startNginx: a throwaway nginx for a proof, on loopback only.
${process.getuid?.() === 0 ? `user ${userInfo().username};` : '# not root: the workers run as this user'}
worker_processes 1;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${path.join(logs, 'error.log')} warn;
events { worker_connections 4096; }
http {
  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}
  log_format proof '$msec $request_method $uri $status "$upstream_addr" "$upstream_status" $request_time';
  access_log ${accessLog ? `${path.join(logs, 'access.log')} proof` : 'off'};
  upstream cartela {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=${failTimeout};`).join('\n')}
    keepalive ${keepalive};
  }
  server {
    listen 127.0.0.1:${port};
    # Voice packs are the largest uploads (their route sets its own limit).
    client_max_body_size 64m;
    location / {
      proxy_pass http://cartela;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Not non_idempotent: a POST already sent to an instance that died is never sent to the other one.
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
  const configFile = path.join(prefix, 'nginx.conf');
  writeFileSync(configFile, config);
  const errorLog = path.join(logs, 'error.log');
  const child = spawn(NGINX, ['-p', prefix, '-c', configFile, '-e', errorLog, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => {
    stderr = (stderr + c).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('error', (err) => {
    stderr += String(err.message);
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT'); // graceful: the master waits for its workers
      const late = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(late);
    }
    rmSync(path.join(prefix, 'tmp'), { recursive: true, force: true });
  };
  const cleanupId = onCleanUp(stop, () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
      forget(cleanupId);
      throw new Error(`nginx did not start: ${stderr.trim() || tail(errorLog)}`);
    }
    if (await canConnect(port)) break;
    if (Date.now() > deadline) {
      await stop();
      forget(cleanupId);
      throw new Error(`nginx did not listen on ${port}: ${tail(errorLog)}`);
    }
    await sleep(50);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    prefix,
    configFile,
    accessLog: path.join(logs, 'access.log'),
    errorLog,
    async stop() {
      forget(cleanupId);
      await stop();
    },
  };
}

function canConnect(port) {
  return new Promise((resolve) => {
    const s = connect({ host: '127.0.0.1', port }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The world a burst needs, made through the API as an admin would: the system cartelas, agents with coins and
// cartelas, a super agent over the first agent (so each of its top-ups also writes the super agent's earning).

export const ADMIN = { username: 'proof-admin', password: `admin-${randomBytes(8).toString('hex')}` };

/** Server settings every proof instance shares: no demo hall, the first admin from the environment. */
export function baseEnv(jwtSecret) {
  return {
    DEMO_DATA: '0',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: jwtSecret,
  };
}

export const newJwtSecret = () => randomBytes(32).toString('hex');

/**
 * Makes the world through `baseUrl`: the system set, `agentCount` virtual-coin agents (cartelas 1-60 each,
 * `coins` coins through a recorded top-up), a super agent over the first. Returns { adminToken, agents }.
 */
export async function makeWorld(baseUrl, book, { agentCount = 4, coins = 3000 } = {}) {
  const adminToken = await signIn(baseUrl, ADMIN.username, ADMIN.password);
  const as = (method, p, body) => request(baseUrl, method, p, { token: adminToken, body });
  expectStatus(
    await as('POST', '/api/balance/regenerate', { preserveCartelaNumbers: false }),
    200,
    'the system cartelas',
  );
  const superAgent = expectStatus(
    await as('POST', '/api/super-agents', {
      username: 'proof-super',
      password: 'super-password-1',
      platformCommissionRate: 50,
    }),
    201,
    'a super agent',
  ).superAgent;
  // Room for the burst's game loops of one agent to play at once on cartelas of their own (startBurst).
  const cartelas = Array.from({ length: 60 }, (_, i) => i + 1);
  const agents = [];
  for (let i = 0; i < agentCount; i++) {
    const username = `proof-agent-${i + 1}`;
    const password = `agent-password-${i + 1}`;
    const agent = expectStatus(
      await as('POST', '/api/users/agents', {
        username,
        password,
        financialModel: 'virtual-coin',
        commissionPercentage: 20,
        ...(i === 0 ? { superAgentId: superAgent.id, superAgentCommissionRate: 20 } : {}),
      }),
      201,
      `agent ${username}`,
    ).agent;
    expectStatus(
      await as('POST', `/api/cartelas/agent/${agent.id}/assign`, {
        cartelaNumbers: cartelas,
        useBalancedCards: false,
      }),
      200,
      `cartelas of ${username}`,
    );
    agents.push({ id: agent.id, username, password, cartelas, supervised: i === 0 });
  }
  for (const agent of agents) {
    const r = await topUp(baseUrl, adminToken, book, agent, coins);
    if (r !== 'acked') throw new Error(`the first top-up of ${agent.username}: ${r}`);
    agent.token = await signIn(baseUrl, agent.username, agent.password);
  }
  return { adminToken, agents, superAgentId: superAgent.id };
}

// ---------------------------------------------------------------------------------------------------------------
// The book: every write the client sent, with what it should have left behind in the database.

/** Proxy and network failures: the write may or may not have happened. Anything else is the server's answer. */
export const unanswered = (r) => r.status === 0 || r.status === 502 || r.status === 504;
/** A connection refused: the request never left this process, so nothing of it may be in the database. */
const unsent = (r) => r.status === 0 && r.error === 'ECONNREFUSED';

/**
 * Every write the client sent, one entry per logical write (a re-send with the same Idempotency-Key or seqs is
 * the same write): { kind: 'top-up' | 'create' | 'events' | 'action', outcome, sends, round, ... }. The outcome
 * of its last send: 'acked' (2xx), 'refused' (the server said no), 'unsent' (connection refused: it never left)
 * or 'unknown' (no answer: cut by a kill). `inFlight` marks a write whose first send got no answer.
 */
export class Book {
  writes = [];
  /** Games by the Idempotency-Key of their creation: { key, agentId, body, id, gameId, coinCost, acked, pending }. */
  games = new Map();
  /** Answers a well-formed write should never get (a 5xx from a server, a refusal of a valid event). */
  surprises = [];
  /** Every answer that was not one (network failures) or a 5xx, in order: { kind, status, error, at }. */
  errors = [];
  /** Games seen with part of a batch applied (looked at before the batch was sent again). */
  halfApplied = [];
  /** Creations re-sent with their Idempotency-Key: how many the server answered as replays of a first one. */
  replays = 0;
  round = 0;

  newWrite(kind, fields) {
    const write = { kind, outcome: 'pending', sends: 0, round: this.round, ...fields };
    this.writes.push(write);
    return write;
  }

  /** Books one answer to a write (a first send or a re-send). */
  answered(write, r) {
    write.sends += 1;
    write.status = r.status;
    write.outcome =
      r.status >= 200 && r.status < 300
        ? 'acked'
        : unsent(r)
          ? 'unsent'
          : unanswered(r)
            ? 'unknown'
            : 'refused';
    if (write.outcome === 'unknown' && write.sends === 1) write.inFlight = true;
    if (r.status === 0 || r.status >= 500) {
      this.errors.push({ kind: write.kind, status: r.status, error: r.error, at: performance.now() });
    }
    if (r.status >= 500 && !unanswered(r)) {
      this.surprises.push({ kind: write.kind, status: r.status, body: r.body });
    }
    return write.outcome;
  }
}

/** One admin top-up of `coins`, tagged in its notes; resolves its outcome ('acked', 'refused' or 'unknown'). */
export async function topUp(baseUrl, adminToken, book, agent, coins) {
  const write = book.newWrite('top-up', {
    tag: `proof-topup-${randomUUID()}`,
    agentId: agent.id,
    coins,
    supervised: agent.supervised,
  });
  const r = await request(baseUrl, 'POST', `/api/users/agents/${agent.id}/add-coins`, {
    token: adminToken,
    body: { coins, etbAmount: coins, notes: write.tag },
  });
  const outcome = book.answered(write, r);
  if (outcome === 'acked' && r.body?.entry?.delta !== coins) {
    book.surprises.push({ kind: 'top-up', status: r.status, body: `answered delta ${r.body?.entry?.delta}` });
  }
  if (outcome === 'refused') book.surprises.push({ kind: 'top-up', status: r.status, body: r.body });
  return outcome;
}

const ackedSeq = (g) => g.acked.length;

/** How the burst treats a write whose answer never came. */
const RETRIES = {
  // The only server is being killed: the write stays in flight until the restart (settleInFlight).
  crash: 0,
  // Another instance is there: a creation is sent again with its Idempotency-Key and a batch with its seqs, as
  // the wizard and the room do (a batch only after a look at the game: it must show none or all of it).
  cluster: 8,
};

const PATTERN = 'four-corners';
/** The corner cells of a card (card[row][col]): the pattern every game of the burst is played with. */
const cornersOf = (card) => [card[0][0], card[0][4], card[4][0], card[4][4]];

/**
 * The burst: `topUpWorkers` admin loops topping up random agents, and per agent `gamesPerAgent` loops each
 * playing games one after the other (two games of one agent at once: its coin row is written concurrently). A
 * cartela is in one round at a time (product/draw.md#invariants): each loop of an agent plays on cartelas of its
 * own, and a game's cartelas come back to its loop only once the game is known to be over (one a kill or a lost
 * answer may have left running keeps them for good, across rounds).
 * A game is created (coins debited), then cancelled at once (refund), or played through the room's event
 * batches - the first call alone, then calls with the ball expected, now and then a pause, a shuffle, a false
 * claim blocked - and ended by /finish (a game with calls cannot be cancelled), or by a winning claim and a
 * finish in one batch.
 * `baseUrl` is a URL or a function giving the current one. Returns { stop(): Promise }.
 */
export function startBurst({ baseUrl, world, book, mode, topUpWorkers = 1, gamesPerAgent = 2 }) {
  const retries = RETRIES[mode];
  let stopped = false;
  const base = () => (typeof baseUrl === 'function' ? baseUrl() : baseUrl);

  /**
   * Sends a write; in cluster mode a write that may be sent again (`before` given: a creation with its key, a
   * batch with its seqs) is sent again, after `before()`, while its answer does not come.
   */
  async function send(write, method, p, options, before) {
    for (let attempt = 0; ; attempt++) {
      const r = await request(base(), method, p, options);
      book.answered(write, r);
      if (!unanswered(r) || !before || attempt >= retries || stopped) return r;
      await sleep(100 * (attempt + 1));
      if (before) await before();
    }
  }

  async function topUpLoop() {
    while (!stopped) {
      const outcome = await topUp(base(), world.adminToken, book, pick(world.agents), randomInt(20, 200));
      if ((outcome === 'unknown' || outcome === 'unsent') && mode === 'crash') return;
      await sleep(randomInt(5, 30));
    }
  }

  /** Agent's cartelas of loop k that no game of its not known to be over holds (kept on the agent: rounds). */
  const freeOf = (agent, k) => {
    agent.free ??= new Map();
    if (!agent.free.has(`${gamesPerAgent}:${k}`)) {
      const own = agent.cartelas.filter((_, i) => i % gamesPerAgent === k);
      agent.free.set(`${gamesPerAgent}:${k}`, new Set(own));
    }
    return agent.free.get(`${gamesPerAgent}:${k}`);
  };

  async function gameLoop(agent, k) {
    const free = freeOf(agent, k);
    while (!stopped && (await playGame(agent, free))) {}
  }

  /**
   * Plays one game on cartelas of `free` (given back once the game is over); false when the worker should stop
   * (its server is gone, it was refused, or its cartelas are all in games that may still run).
   */
  async function playGame(agent, free) {
    if (free.size < 2) return false;
    const key = `proof-${randomUUID()}`;
    const body = {
      stake: randomInt(10, 50),
      cartelaNumbers: sample([...free], randomInt(2, Math.min(8, free.size))),
      selectedPattern: PATTERN,
    };
    for (const n of body.cartelaNumbers) free.delete(n);
    const g = { key, agentId: agent.id, agent, body, id: null, gameId: null, coinCost: null, acked: [] };
    // Its cartelas come back once the game is known to be over (g.ended); one that may still run keeps them.
    const over = (goOn) => {
      if (g.ended) for (const n of body.cartelaNumbers) free.add(n);
      return goOn;
    };
    g.pending = null;
    book.games.set(key, g);
    const write = book.newWrite('create', { key });
    const created = await send(
      write,
      'POST',
      '/api/games',
      { token: agent.token, body, headers: { 'idempotency-key': key } },
      async () => {}, // the key makes a second send the same creation
    );
    if (unanswered(created)) return false;
    if (created.status === 402) {
      await sleep(50); // out of coins until the next top-up
      g.ended = true; // no game was made
      return over(true);
    }
    if (created.status !== 201) {
      book.surprises.push({ kind: 'create', status: created.status, body: created.body });
      return false;
    }
    // Sent again after no answer: the server says whether the first send had made the game.
    if (write.sends > 1) write.appliedBeforeResend = created.headers['idempotent-replayed'] === 'true';
    acceptCreated(book, g, created);

    const roll = Math.random();
    if (roll < 0.15) return over(await endpointAction(agent, g, 'cancel')); // before the first call: refunded

    // The first ball needs the server (the order is sealed until then); its answer reveals the order.
    let state = await batch(agent, g, [{ type: 'call-next' }]);
    if (!state) return false;
    const order = [...state.calledNumbers, ...state.remaining];
    const cards = new Map(state.cartelas.map((c) => [c.cartelaNumber, c.card]));
    const completesAt = (n) => Math.max(...cornersOf(cards.get(n)).map((b) => order.indexOf(b) + 1));
    const numbers = [...cards.keys()];
    const falseClaim = numbers.length > 2 && Math.random() < 0.5 ? numbers[0] : null;
    const winner = numbers.filter((n) => n !== falseClaim).sort((a, b) => completesAt(a) - completesAt(b))[0];
    const winAt = completesAt(winner);
    // Finished part-way, or played to its winner.
    const stopAt = roll < 0.5 ? Math.max(1, randomInt(1, winAt - 1)) : winAt;
    let called = 1;
    let claimed = false;
    while (called < stopAt) {
      if (stopped) return false;
      const n = Math.min(stopAt - called, randomInt(3, 12));
      const events = [];
      if (Math.random() < 0.1) events.push({ type: 'pause' }, { type: 'resume' });
      if (Math.random() < 0.1) events.push({ type: 'shuffle' });
      for (let i = 0; i < n; i++) events.push({ type: 'call-next', expected: order[called + i] });
      called += n;
      // A claim on a card whose corners are not all called yet: the room records it as a block.
      if (falseClaim !== null && !claimed && completesAt(falseClaim) > called && Math.random() < 0.5) {
        events.push({ type: 'validate', cartelaNumber: falseClaim, decision: 'block' });
        claimed = true;
      }
      state = await batch(agent, g, events);
      if (!state) return false;
    }
    if (stopped) return false;
    // A game with calls is played to its end: no cancel, a finish (its fee kept).
    if (roll < 0.5) return over(await endpointAction(agent, g, 'finish'));
    // The winning claim and the finish in one batch, as a room that was offline sends them (a card complete
    // only with the 75th ball too: that call leaves the game open for its claim, decision 069).
    g.ended = Boolean(
      await batch(agent, g, [
        { type: 'validate', cartelaNumber: winner, decision: 'good-bingo' },
        { type: 'finish' },
      ]),
    );
    return over(g.ended);
  }

  /**
   * Sends the next events of a game as one batch, numbered after the last acknowledged one; resolves the room
   * state after it, or null when the worker should stop.
   */
  async function batch(agent, g, events) {
    const at = new Date().toISOString();
    const numbered = events.map((e, i) => ({ seq: ackedSeq(g) + i + 1, at, ...e }));
    const write = book.newWrite('events', { key: g.key, events: numbered });
    g.pending = write;
    const r = await send(
      write,
      'POST',
      `/api/games/${g.gameId}/events`,
      { token: agent.token, body: { events: numbered } },
      async () => {
        const seen = await lookAtGame(base(), book, g);
        if (seen !== null) write.appliedBeforeResend ??= seen === ackedSeq(g) + numbered.length;
      },
    );
    if (unanswered(r)) return null;
    g.pending = null;
    if (r.status !== 200) {
      book.surprises.push({ kind: 'events', status: r.status, body: r.body });
      return null;
    }
    g.acked.push(...numbered);
    if (r.body.lastSeq !== ackedSeq(g)) {
      book.surprises.push({ kind: 'events', status: r.status, body: `lastSeq ${r.body.lastSeq}` });
    }
    return r.body.state;
  }

  /**
   * /finish or /cancel: one event numbered by the server. Never sent again: were the first one applied, the
   * second would be refused (the game is over), or worse, apply to a game that moved on. Its outcome, all or
   * nothing, is settled by the verification.
   */
  async function endpointAction(agent, g, action) {
    const write = book.newWrite('action', { key: g.key, action, seq: ackedSeq(g) + 1 });
    g.pending = write;
    const r = await send(write, 'POST', `/api/games/${g.gameId}/${action}`, {
      token: agent.token,
      ...(action === 'cancel' ? { body: { reason: 'proof' } } : {}),
    });
    // The game is left as it is (its cartelas kept: it may still run); the worker starts another.
    if (unanswered(r)) return mode === 'cluster';
    g.pending = null;
    if (r.status !== 200) {
      book.surprises.push({ kind: action, status: r.status, body: r.body });
      return false;
    }
    g.acked.push({ seq: write.seq, type: action });
    g.ended = true;
    return true;
  }

  const workers = [];
  for (let i = 0; i < topUpWorkers; i++) workers.push(topUpLoop());
  for (const agent of world.agents) {
    for (let k = 0; k < gamesPerAgent; k++) workers.push(gameLoop(agent, k));
  }
  const done = Promise.all(workers);
  return {
    stop() {
      stopped = true;
      return done;
    },
  };
}

function acceptCreated(book, g, r) {
  g.id = r.body.game.id;
  g.gameId = r.body.gameId;
  g.coinCost = r.body.game.coinCost;
  if (r.headers['idempotent-replayed'] === 'true') book.replays += 1;
}

/**
 * Looks at a game whose last batch got no answer: the log must end at the last acknowledged event or after the
 * whole batch, never in between. Resolves the game's lastSeq (null if it could not be read).
 */
async function lookAtGame(baseUrl, book, g) {
  const r = await request(baseUrl, 'GET', `/api/games/${g.gameId}`, { token: g.agent.token });
  if (r.status !== 200) return null;
  const seen = r.body.game.lastSeq;
  const from = ackedSeq(g);
  const all = from + (g.pending?.events?.length ?? 1);
  if (seen !== from && seen !== all) {
    book.halfApplied.push({ game: g.gameId, acked: from, pendingEvents: all - from, seen });
  }
  return seen;
}

/**
 * After a restart: the writes the kill cut off are sent again as their clients would - a creation with its
 * Idempotency-Key, a batch with its seqs (after a look: none or all of it, never a part) - and must now be
 * acknowledged. A top-up or a /finish or /cancel is not sent again (no key: a second one would be a second
 * write); the verification says whether it was applied. Returns figures.
 */
export async function settleInFlight(baseUrl, book) {
  const figures = { creationsResent: 0, creationsFoundApplied: 0, batchesResent: 0, batchesFoundApplied: 0 };
  for (const write of book.writes) {
    if (write.outcome !== 'unknown') continue;
    const g = book.games.get(write.key);
    if (write.kind === 'create') {
      const r = await request(baseUrl, 'POST', '/api/games', {
        token: g.agent.token,
        body: g.body,
        headers: { 'idempotency-key': g.key },
      });
      book.answered(write, r);
      figures.creationsResent += 1;
      if (r.status !== 201) {
        book.surprises.push({ kind: 'create re-sent', status: r.status, body: r.body });
        continue;
      }
      write.appliedBeforeResend = r.headers['idempotent-replayed'] === 'true';
      if (write.appliedBeforeResend) figures.creationsFoundApplied += 1;
      acceptCreated(book, g, r);
    } else if (write.kind === 'events') {
      const seen = await lookAtGame(baseUrl, book, g);
      write.appliedBeforeResend = seen === ackedSeq(g) + write.events.length;
      if (write.appliedBeforeResend) figures.batchesFoundApplied += 1;
      const r = await request(baseUrl, 'POST', `/api/games/${g.gameId}/events`, {
        token: g.agent.token,
        body: { events: write.events },
      });
      book.answered(write, r);
      figures.batchesResent += 1;
      if (r.status !== 200 || r.body.lastSeq !== ackedSeq(g) + write.events.length) {
        book.surprises.push({ kind: 'events re-sent', status: r.status, body: r.body });
        continue;
      }
      g.acked.push(...write.events);
      g.pending = null;
    }
  }
  return figures;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the database: PostgreSQL through pg, the embedded one by opening its folder with PGlite in this
// process (the server must be stopped: one process per folder).

async function sqlRunner(target) {
  if (target.kind === 'postgres') {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    return { query: async (text) => (await client.query(text)).rows, close: () => client.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(path.join(target.dataDir, 'pglite'));
  await db.waitReady;
  return { query: async (text) => (await db.query(text)).rows, close: () => db.close() };
}

/** Runs `fn(query)` on the database; `query(sql)` resolves its rows. */
export async function withSql(target, fn) {
  const runner = await sqlRunner(target);
  try {
    return await fn(runner.query);
  } finally {
    await runner.close();
  }
}

const STAT_COLUMNS = [
  'games_created',
  'games_finished',
  'games_cancelled',
  'games_cancelled_played',
  'players',
  'total_santim',
  'agent_fee_santim',
  'prize_santim',
  'top_ups',
  'coins_sold',
  'coin_revenue_santim',
];

/** What the verification reads: games, their events, the coin ledger, the agents, the rollups, earnings. */
export function readDatabase(target) {
  const sums = STAT_COLUMNS.map((c) => `sum(${c})::text AS ${c}`).join(', ');
  return withSql(target, async (q) => ({
    games:
      await q(`SELECT id::text AS id, game_id, agent_id::text AS agent_id, status, coin_cost, total_calls,
      last_seq, idempotency_key, players, total_santim::text, agent_fee_santim::text, prize_santim::text,
      state->'calledNumbers' AS called FROM games`),
    events: await q(`SELECT game_id::text AS game_id, seq, type, action, result FROM game_events
      ORDER BY game_id, seq`),
    ledger: await q(`SELECT id::text AS id, agent_id::text AS agent_id, delta::text, reason,
      game_id::text AS game_id, notes, etb_amount_santim::text FROM coin_ledger`),
    agents: await q(`SELECT id::text AS id, username, virtual_coins::text, total_earnings::text FROM users
      WHERE role = 'agent'`),
    daily: await q(`SELECT agent_id::text AS agent_id, ${sums} FROM agent_daily_stats GROUP BY agent_id`),
    monthly: await q(`SELECT agent_id::text AS agent_id, ${sums} FROM agent_monthly_stats GROUP BY agent_id`),
    earnings: await q(`SELECT coin_ledger_id::text AS coin_ledger_id, agent_id::text AS agent_id
      FROM super_agent_earnings WHERE payment_type = 'virtual-coin-purchase'`),
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// The verification: the book against the database.

const groupBy = (rows, key) => {
  const map = new Map();
  for (const row of rows) {
    const k = row[key];
    if (!map.has(k)) map.set(k, []);
    map.get(k).push(row);
  }
  return map;
};
const num = (v) => (v === null || v === undefined ? 0 : Number(v));

/** Whether a stored event is the one the client sent (a call: the ball it expected; a claim: its card). */
function sameEvent(stored, sent) {
  if (stored.type !== sent.type) return false;
  if (sent.type === 'call-next' && sent.expected !== undefined) return stored.result.number === sent.expected;
  if (sent.type === 'validate') {
    return stored.action.cartelaNumber === sent.cartelaNumber && stored.action.decision === sent.decision;
  }
  return true;
}

/** The status and calls a game's log leads to, replayed here from the event types alone. */
function replayLog(events) {
  let status = 'active';
  const calls = [];
  for (const e of events) {
    // The 75th call leaves the game open for a claim on the last ball (decision 069): only a finish ends it.
    if (e.type === 'call-next') calls.push(e.result.number);
    else if (e.type === 'pause') status = 'paused';
    else if (e.type === 'resume') status = 'active';
    else if (e.type === 'finish') status = 'finished';
    else if (e.type === 'cancel') status = 'cancelled';
  }
  return { status, calls };
}

/**
 * Checks the database against the book. Every acknowledged write must be there exactly once (else `lost` or
 * `doubled`); a write whose answer never came, all of it or nothing; a refused one, nothing. Whatever the book
 * says, the database must be whole: no game without its coin debit or with two, no debit or refund without its
 * game, a refund exactly when a game was cancelled before its first call, a log without gaps whose replay gives
 * the game's status and calls, a top-up of a supervised agent with exactly one earning, every balance the sum
 * of its ledger, the daily and monthly totals and total earnings what the games and top-ups add up to.
 * Returns { figures, problems } (problems: lists of what failed, by kind).
 */
export function verify(book, db) {
  const problems = { lost: [], doubled: [], halfDone: [], balances: [], totals: [], unexpected: [] };
  const halfDone = (what) => problems.halfDone.push(what);
  const gamesByKey = groupBy(
    db.games.filter((g) => g.idempotency_key),
    'idempotency_key',
  );
  const gameById = new Map(db.games.map((g) => [g.id, g]));
  const eventsOf = groupBy(db.events, 'game_id');
  const ledgerOfGame = groupBy(
    db.ledger.filter((l) => l.game_id),
    'game_id',
  );
  const topUpsByTag = groupBy(
    db.ledger.filter((l) => l.reason === 'top-up'),
    'notes',
  );
  const earningsOf = groupBy(db.earnings, 'coin_ledger_id');

  const figures = {
    attempted: book.writes.length,
    acknowledged: 0,
    found: 0,
    lost: 0,
    refused: 0,
    unsent: 0,
    inFlight: 0,
    inFlightApplied: 0,
    unknownAtEnd: 0,
    unknownApplied: 0,
    byKind: {},
  };

  /** Whether a write is in the database: true, false, or 'partly' (a batch of which only some events are). */
  const applied = (write) => {
    if (write.kind === 'top-up') {
      const rows = topUpsByTag.get(write.tag) ?? [];
      if (rows.length > 1) problems.doubled.push({ topUp: write.tag, times: rows.length });
      for (const row of rows) {
        if (row.agent_id !== write.agentId || num(row.delta) !== write.coins) {
          halfDone({ topUp: write.tag, stored: row });
        }
      }
      return rows.length > 0;
    }
    const rows = gamesByKey.get(write.key) ?? [];
    if (write.kind === 'create') {
      if (rows.length > 1) problems.doubled.push({ create: write.key, times: rows.length });
      return rows.length > 0;
    }
    const row = rows[0];
    if (!row) return false;
    const events = eventsOf.get(row.id) ?? [];
    const sent = write.kind === 'events' ? write.events : [{ seq: write.seq, type: write.action }];
    const found = sent.filter((e) => events[e.seq - 1] && sameEvent(events[e.seq - 1], e));
    if (found.length === 0) return false;
    if (found.length < sent.length) return 'partly';
    return true;
  };

  for (const write of book.writes) {
    figures.byKind[write.kind] ??= { attempted: 0, acknowledged: 0, found: 0 };
    const by = figures.byKind[write.kind];
    by.attempted += 1;
    const there = applied(write);
    if (there === 'partly') halfDone({ write: write.kind, key: write.key, events: write.events?.length });
    if (write.inFlight) {
      figures.inFlight += 1;
      // Sent again after the restart: whether the first send had been applied, as the server told then.
      if (write.appliedBeforeResend ?? there) figures.inFlightApplied += 1;
    }
    if (write.outcome === 'acked') {
      figures.acknowledged += 1;
      by.acknowledged += 1;
      if (there === true) {
        figures.found += 1;
        by.found += 1;
      } else {
        figures.lost += 1;
        problems.lost.push({ kind: write.kind, key: write.key ?? write.tag, round: write.round });
      }
    } else if (write.outcome === 'refused' || write.outcome === 'unsent') {
      figures[write.outcome] += 1;
      if (there)
        problems.unexpected.push({ [`${write.outcome}ButApplied`]: write.kind, key: write.key ?? write.tag });
    } else {
      figures.unknownAtEnd += 1;
      if (there) figures.unknownApplied += 1;
    }
  }

  // Every proof top-up in the ledger is one the client sent.
  for (const [tag, rows] of topUpsByTag) {
    if (tag?.startsWith('proof-topup-') && !book.writes.some((w) => w.tag === tag)) {
      problems.unexpected.push({ topUpNobodySent: tag, times: rows.length });
    }
  }

  // Every game, whoever made it: whole, with its money.
  for (const row of db.games) {
    const g = book.games.get(row.idempotency_key);
    if (!g) problems.unexpected.push({ gameNobodyCreated: row.game_id });
    if (g?.id && g.id !== row.id) problems.doubled.push({ create: g.key, answered: g.id, stored: row.id });
    if (g?.coinCost !== null && g?.coinCost !== undefined && g.coinCost !== num(row.coin_cost)) {
      halfDone({ game: row.game_id, answeredCoinCost: g.coinCost, stored: row.coin_cost });
    }
    const events = eventsOf.get(row.id) ?? [];
    if (events.length !== num(row.last_seq) || events.some((e, i) => e.seq !== i + 1)) {
      halfDone({ game: row.game_id, lastSeq: row.last_seq, events: events.map((e) => e.seq) });
    }
    const replay = replayLog(events);
    const called = row.called ?? [];
    if (
      replay.status !== row.status ||
      replay.calls.length !== num(row.total_calls) ||
      called.length !== replay.calls.length ||
      called.some((n, i) => n !== replay.calls[i])
    ) {
      halfDone({ game: row.game_id, status: row.status, logSays: replay.status, calls: row.total_calls });
    }
    // Beyond what was acknowledged, only the one write still unanswered, whole.
    if (g) {
      const extra = events.length - g.acked.length;
      const pending = g.pending ? (g.pending.events?.length ?? 1) : 0;
      if (extra !== 0 && extra !== pending) {
        halfDone({ game: row.game_id, acked: g.acked.length, pendingEvents: pending, stored: events.length });
      }
    }
    const money = ledgerOfGame.get(row.id) ?? [];
    const debits = money.filter((l) => l.reason === 'game');
    const refunds = money.filter((l) => l.reason === 'refund');
    const cost = num(row.coin_cost);
    const wantDebits = cost > 0 ? 1 : 0;
    if (
      debits.length !== wantDebits ||
      debits.some((d) => num(d.delta) !== -cost || d.agent_id !== row.agent_id)
    ) {
      (debits.length > wantDebits ? problems.doubled : problems.halfDone).push({
        game: row.game_id,
        coinCost: cost,
        debits: debits.map((d) => num(d.delta)),
      });
    }
    const refunded = row.status === 'cancelled' && num(row.total_calls) === 0 && cost > 0;
    const cancel = events.find((e) => e.type === 'cancel');
    if (
      refunds.length !== (refunded ? 1 : 0) ||
      refunds.some((r) => num(r.delta) !== cost || r.agent_id !== row.agent_id) ||
      (refunded && num(cancel?.result?.refundedCoins) !== cost)
    ) {
      (refunds.length > 1 ? problems.doubled : problems.halfDone).push({
        game: row.game_id,
        status: row.status,
        calls: row.total_calls,
        refunds: refunds.map((r) => num(r.delta)),
      });
    }
  }
  // No money moved for a game that is not there.
  for (const [gameId, rows] of ledgerOfGame) {
    if (!gameById.has(gameId)) halfDone({ ledgerWithoutGame: gameId, reasons: rows.map((r) => r.reason) });
  }

  // A supervised agent's top-up pays its super agent exactly once.
  const supervised = new Set(book.writes.filter((w) => w.supervised).map((w) => w.agentId));
  const ledgerIds = new Set(db.ledger.map((l) => l.id));
  for (const row of db.ledger) {
    if (row.reason !== 'top-up' || !supervised.has(row.agent_id)) continue;
    const n = (earningsOf.get(row.id) ?? []).length;
    if (n !== 1) (n > 1 ? problems.doubled : problems.halfDone).push({ topUpEarnings: row.id, earnings: n });
  }
  for (const e of db.earnings) {
    if (!ledgerIds.has(e.coin_ledger_id)) halfDone({ earningWithoutTopUp: e.coin_ledger_id });
  }

  // Every balance is the sum of its ledger.
  const ledgerOfAgent = groupBy(db.ledger, 'agent_id');
  for (const agent of db.agents) {
    const sum = (ledgerOfAgent.get(agent.id) ?? []).reduce((s, l) => s + num(l.delta), 0);
    if (sum !== num(agent.virtual_coins)) {
      problems.balances.push({ agent: agent.username, balance: num(agent.virtual_coins), ledger: sum });
    }
  }

  // The daily totals (kept by triggers in each write's transaction), their months and total earnings.
  const daily = new Map(db.daily.map((r) => [r.agent_id, r]));
  const monthly = new Map(db.monthly.map((r) => [r.agent_id, r]));
  const gamesOfAgent = groupBy(db.games, 'agent_id');
  for (const agent of db.agents) {
    const games = gamesOfAgent.get(agent.id) ?? [];
    const finished = games.filter((g) => g.status === 'finished');
    const cancelled = games.filter((g) => g.status === 'cancelled');
    const topUps = (ledgerOfAgent.get(agent.id) ?? []).filter((l) => l.reason === 'top-up');
    const add = (rows, col) => rows.reduce((s, r) => s + num(r[col]), 0);
    const want = {
      games_created: games.length,
      games_finished: finished.length,
      games_cancelled: cancelled.length,
      games_cancelled_played: cancelled.filter((g) => num(g.total_calls) > 0).length,
      players: add(finished, 'players'),
      total_santim: add(finished, 'total_santim'),
      agent_fee_santim: add(finished, 'agent_fee_santim'),
      prize_santim: add(finished, 'prize_santim'),
      top_ups: topUps.length,
      coins_sold: add(topUps, 'delta'),
      coin_revenue_santim: add(topUps, 'etb_amount_santim'),
    };
    for (const [name, rows] of [
      ['daily', daily],
      ['monthly', monthly],
    ]) {
      const have = rows.get(agent.id) ?? {};
      const off = STAT_COLUMNS.filter((c) => num(have[c]) !== want[c]);
      if (off.length) {
        problems.totals.push({
          agent: agent.username,
          [name]: Object.fromEntries(off.map((c) => [c, [num(have[c]), want[c]]])),
        });
      }
    }
    if (num(agent.total_earnings) !== want.agent_fee_santim) {
      problems.totals.push({
        agent: agent.username,
        totalEarnings: num(agent.total_earnings),
        fees: want.agent_fee_santim,
      });
    }
  }

  figures.halfDone = problems.halfDone.length + book.halfApplied.length;
  figures.doubled = problems.doubled.length;
  figures.balancesOff = problems.balances.length;
  figures.totalsOff = problems.totals.length;
  figures.unexpected = problems.unexpected.length;
  figures.agents = db.agents.length;
  figures.games = db.games.length;
  figures.events = db.events.length;
  figures.ledgerRows = db.ledger.length;
  problems.halfDone.push(...book.halfApplied.map((h) => ({ halfAppliedBatch: h })));
  const ok = Object.values(problems).every((list) => list.length === 0) && book.surprises.length === 0;
  return { ok, figures, problems };
}

/** A short account of what failed, for the terminal. */
export function describeProblems(problems, surprises = []) {
  const lines = [];
  for (const [kind, list] of Object.entries(problems)) {
    if (list.length === 0) continue;
    lines.push(`  ${kind}: ${list.length}`);
    for (const p of list.slice(0, 5)) lines.push(`    ${JSON.stringify(p).slice(0, 300)}`);
  }
  if (surprises.length) {
    lines.push(`  surprising answers: ${surprises.length}`);
    for (const s of surprises.slice(0, 5)) lines.push(`    ${JSON.stringify(s).slice(0, 300)}`);
  }
  return lines.join('\n');
}

/**
 * The verification's own controls, so that a PASS means something: the same database with one fault put in by
 * hand, or the book expecting one write more than was made, must each make it fail. Run on a database the
 * verification passed; resolves [{ name, caught }].
 */
export function negativeControls(book, db) {
  const controls = [];
  const check = (name, doctor, withBook = book) => {
    const copy = structuredClone(db);
    if (doctor(copy) === false) return; // nothing of that kind in this run
    controls.push({ name, caught: !verify(withBook, copy).ok });
  };
  const ackedTopUp = book.writes.find((w) => w.kind === 'top-up' && w.outcome === 'acked');
  const debited = db.games.find((g) => Number(g.coin_cost) > 0);
  const played = db.games.find((g) => Number(g.last_seq) >= 3);

  const oneMore = Object.assign(Object.create(Book.prototype), book, {
    writes: [
      ...book.writes,
      {
        kind: 'top-up',
        outcome: 'acked',
        tag: `proof-topup-${randomUUID()}`,
        agentId: ackedTopUp?.agentId,
        coins: 1,
      },
    ],
  });
  check('one acknowledged write more than was made', () => {}, oneMore);
  check('an acknowledged top-up gone', (d) => {
    d.ledger = d.ledger.filter((l) => l.notes !== ackedTopUp.tag);
  });
  check("a game's coin debit written twice", (d) => {
    if (!debited) return false;
    const debit = d.ledger.find((l) => l.game_id === debited.id && l.reason === 'game');
    d.ledger.push({ ...debit, id: randomUUID() });
  });
  check('a game without its coin debit', (d) => {
    if (!debited) return false;
    d.ledger = d.ledger.filter((l) => !(l.game_id === debited.id && l.reason === 'game'));
  });
  check("a batch's last event missing", (d) => {
    if (!played) return false;
    const events = d.events.filter((e) => e.game_id === played.id);
    const last = events.at(-1);
    d.events = d.events.filter((e) => e !== last && !(e.game_id === last.game_id && e.seq === last.seq));
    d.games.find((g) => g.id === played.id).last_seq = Number(played.last_seq) - 1;
  });
  check('a balance off its ledger by one coin', (d) => {
    d.agents[0].virtual_coins = String(Number(d.agents[0].virtual_coins) + 1);
  });
  check("a day's total of finished games off by one", (d) => {
    if (!d.daily[0]) return false;
    d.daily[0].games_finished = String(Number(d.daily[0].games_finished) + 1);
  });
  return controls;
}
