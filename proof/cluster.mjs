#!/usr/bin/env node
// The two-instances proof (issue 21): two server instances behind nginx (Debian's, on loopback) on one
// PostgreSQL database. Started at the same moment on the empty database, they run the migrations once. Sessions,
// sign-outs, password changes and the login limits hold across them. A burst of money-moving writes through
// nginx goes on while one instance is killed (kill -9); no acknowledged write is lost, none is half-applied or
// applied twice, and every balance equals its ledger. docs/RELIABILITY.md.
//
// `node proof/cluster.mjs` (the built server; PROOF_FROM_SOURCE=1 runs the sources). PostgreSQL: a new database
// on PROOF_DATABASE_URL or TEST_DATABASE_URL, else a throwaway server. Each check prints PASS or FAIL with its
// figures; figures in .tmp/proof/cluster.json; the last line says PASS or FAIL; exit 0 only on PASS.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ADMIN,
  Book,
  baseEnv,
  cleanUp,
  complaints,
  createDatabase,
  describeProblems,
  expectStatus,
  fromSource,
  makeWorld,
  negativeControls,
  newJwtSecret,
  pick,
  postgresServer,
  randomInt,
  readDatabase,
  request,
  root,
  seconds,
  signIn,
  sleep,
  startBurst,
  startInstance,
  startNginx,
  tail,
  topUp,
  verdict,
  verify,
  withSql,
  writeFigures,
} from './support.mjs';

/** Failed sign-ins allowed per client address and window (LOGIN_RATE_LIMIT_MAX on both instances). */
const LOGIN_LIMIT = 8;
/** Sign-outs and password changes checked across the instances. */
const SIGN_OUTS = 20;
const PASSWORD_CHANGES = 6;
/** The instance is killed once this many burst writes were acknowledged (then 0-2 s more). */
const ACKED_BEFORE_KILL = 60;
/** How long the burst goes on after the kill. */
const AFTER_KILL_MS = 5000;
/** How long nginx leaves an instance that failed before trying it again (a few times during AFTER_KILL_MS). */
const FAIL_TIMEOUT = '1s';
/**
 * How soon a token signed out (or of a changed password) must be refused on the other instance. The other
 * instance hears of it through PostgreSQL's NOTIFY; the change is answered once the instance that made it has
 * heard its own notification back (decision 068), so the very next request is nearly always refused there
 * (counted and printed); a token still accepted after this long means the news does not travel.
 */
const REVOKED_WITHIN_MS = 1000;

const started = performance.now();
const checks = [];
const figures = {
  proof: 'cluster',
  at: new Date().toISOString(),
  server: fromSource ? 'sources (PROOF_FROM_SOURCE=1)' : 'apps/server/dist',
  checks,
};

function check(name, ok, detail, extra = {}) {
  checks.push({ name, ok, detail, ...extra });
  console.log(`${verdict(ok)}  ${name}: ${detail}`);
  return ok;
}

/** The instance (by port) nginx says served an answer: the last address of X-Upstream. */
const servedBy = (r) =>
  String(r.headers?.['x-upstream'] ?? '')
    .split(', ')
    .at(-1);

async function migrationsOnce(url, a, b) {
  const journal = JSON.parse(readFileSync(path.join(root, 'apps/server/drizzle/meta/_journal.json'), 'utf8'));
  const expected = journal.entries.length;
  const [m, admins] = await withSql({ kind: 'postgres', url }, async (q) => [
    (
      await q(`SELECT count(*)::int AS n, count(DISTINCT hash)::int AS hashes,
        count(DISTINCT created_at)::int AS whens FROM drizzle.__drizzle_migrations`)
    )[0],
    (await q(`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`))[0].n,
  ]);
  // Each start says whether it made the first admin (main.ts's banner): under the lock, exactly one did.
  const madeAdmin = [a, b].filter((i) =>
    readFileSync(i.log, 'utf8').includes(`Admin account '${ADMIN.username}' created`),
  );
  check(
    'migrations ran once',
    m.n === expected &&
      m.hashes === expected &&
      m.whens === expected &&
      admins === 1 &&
      madeAdmin.length === 1,
    `both instances started at the same moment on an empty database and answer /api/health ` +
      `(${seconds(a.startMs)}, ${seconds(b.startMs)}); the migrations table has ${m.n} rows for the ` +
      `${expected} migrations (${m.hashes} distinct); ${admins} admin, made by ${madeAdmin.length} instance ` +
      `(${madeAdmin.map((i) => i.name).join(', ')}); the other, after it under the lock, found it made`,
    { migrations: m.n, journal: expected, admins, startMs: [Math.round(a.startMs), Math.round(b.startMs)] },
  );
}

/** A session signed on one instance works on the other, both ways, for an admin and an agent route. */
async function sessionsAcross(a, b, world, crossAgent) {
  const adminOnA = await signIn(a.url, ADMIN.username, ADMIN.password);
  const onB = await request(b.url, 'GET', '/api/users/agents', { token: adminOnA });
  const agentOnB = await signIn(b.url, crossAgent.username, crossAgent.password);
  const onA = await request(a.url, 'GET', '/api/games/my-games', { token: agentOnB });
  const burstAgentOnB = await request(b.url, 'GET', '/api/auth/me', { token: world.agents[0].token });
  check(
    'a session made on one instance works on the other',
    onB.status === 200 && onA.status === 200 && burstAgentOnB.status === 200,
    `admin signed in on A, its agents list on B: ${onB.status}; agent signed in on B, its games on A: ` +
      `${onA.status}; a session made through nginx, on B: ${burstAgentOnB.status}`,
  );
}

/**
 * Asks the other instance with a token that was just revoked until it refuses it: whether the very next
 * request was refused, and how long after the revoking answer the refusal came (null: not within the bound).
 */
async function refusedOn(url, token) {
  const since = performance.now();
  for (let n = 0; ; n++) {
    const r = await request(url, 'GET', '/api/auth/me', { token });
    if (r.status === 401) return { next: n === 0, ms: performance.now() - since };
    if (r.status !== 200 || performance.now() - since > REVOKED_WITHIN_MS) return { next: false, ms: null };
    await sleep(1);
  }
}

/** The figures of a list of refusedOn() results. */
function revocationFigures(results) {
  const within = results.filter((r) => r.ms !== null);
  return {
    of: results.length,
    refusedWithin: within.length,
    refusedByNextRequest: results.filter((r) => r.next).length,
    slowestMs: within.length ? Math.round(Math.max(...within.map((r) => r.ms)) * 10) / 10 : null,
  };
}

const revocationText = (f, what) =>
  `${f.refusedWithin}/${f.of} ${what} refused on the other instance within ${REVOKED_WITHIN_MS} ms ` +
  `(${f.refusedByNextRequest}/${f.of} by the very next request; the slowest after ${f.slowestMs} ms: ` +
  'the other instance hears of it through NOTIFY)';

/**
 * Signs out on one instance, then uses the token on the other (which had just accepted it, so it was in that
 * instance's caches): it must be refused there, at once or within REVOKED_WITHIN_MS.
 */
async function signOutsAcross(a, b, agent) {
  const results = [];
  for (let i = 0; i < SIGN_OUTS; i++) {
    const [here, there] = i % 2 === 0 ? [a, b] : [b, a];
    const token = await signIn(here.url, agent.username, agent.password);
    expectStatus(await request(there.url, 'GET', '/api/auth/me', { token }), 200, 'the session on the other');
    expectStatus(await request(here.url, 'POST', '/api/auth/logout', { token }), 200, 'sign-out');
    results.push(await refusedOn(there.url, token));
  }
  const f = revocationFigures(results);
  check(
    'a sign-out on one instance is refused on the other',
    f.refusedWithin === f.of,
    revocationText(f, 'signed-out tokens'),
    f,
  );
}

/**
 * Changes the password on one instance, then uses a token signed before it on the other (where it was just
 * accepted): refused there, at once or within REVOKED_WITHIN_MS; the new token works there.
 */
async function passwordChangesAcross(a, b, agent) {
  const results = [];
  let newWorks = 0;
  for (let i = 0; i < PASSWORD_CHANGES; i++) {
    const [here, there] = i % 2 === 0 ? [a, b] : [b, a];
    const old = await signIn(there.url, agent.username, agent.password);
    expectStatus(await request(there.url, 'GET', '/api/auth/me', { token: old }), 200, 'the old session');
    const mine = await signIn(here.url, agent.username, agent.password);
    const next = `${agent.password.replace(/-\d+$/, '')}-${i + 1}`;
    const changed = expectStatus(
      await request(here.url, 'PUT', '/api/auth/profile', {
        token: mine,
        body: { currentPassword: agent.password, newPassword: next },
      }),
      200,
      'password change',
    );
    agent.password = next;
    results.push(await refusedOn(there.url, old));
    if ((await request(there.url, 'GET', '/api/auth/me', { token: changed.token })).status === 200)
      newWorks += 1;
  }
  const f = { ...revocationFigures(results), newTokenWorks: newWorks };
  check(
    'a password change on one instance revokes old tokens on the other',
    f.refusedWithin === f.of && newWorks === f.of,
    `${revocationText(f, 'old tokens')}; the new token works there ${newWorks}/${f.of}`,
    f,
  );
}

/**
 * Failed sign-ins through nginx from one device (127.0.0.2: nginx appends it to X-Forwarded-For, the instances
 * trust one proxy hop), spread by nginx over both instances: the limit is reached at the configured count, not
 * twice it. The same device is refused even with the right password, or with an X-Forwarded-For of its own
 * making; another device (127.0.0.3) signs in.
 */
async function loginLimitAcross(proxyUrl, agent) {
  const device = { localAddress: '127.0.0.2' };
  const answers = [];
  const upstreams = new Set();
  for (let i = 1; i <= LOGIN_LIMIT + 1; i++) {
    const r = await request(proxyUrl, 'POST', '/api/auth/login', {
      ...device,
      body: { username: `nobody-${i}`, password: 'wrong-password' },
    });
    answers.push(r.status);
    if (i <= LOGIN_LIMIT) upstreams.add(servedBy(r));
  }
  const rightPassword = await request(proxyUrl, 'POST', '/api/auth/login', {
    ...device,
    body: { username: agent.username, password: agent.password },
  });
  const forged = await request(proxyUrl, 'POST', '/api/auth/login', {
    ...device,
    headers: { 'x-forwarded-for': '203.0.113.7' },
    body: { username: agent.username, password: agent.password },
  });
  const other = await request(proxyUrl, 'POST', '/api/auth/login', {
    localAddress: '127.0.0.3',
    body: { username: agent.username, password: agent.password },
  });
  const firstRefused = answers.indexOf(429) + 1;
  check(
    'the login limit counts across instances',
    answers.slice(0, LOGIN_LIMIT).every((s) => s === 401) &&
      answers[LOGIN_LIMIT] === 429 &&
      upstreams.size === 2 &&
      rightPassword.status === 429 &&
      forged.status === 429 &&
      other.status === 200,
    `LOGIN_RATE_LIMIT_MAX=${LOGIN_LIMIT}: ${LOGIN_LIMIT} failed sign-ins from 127.0.0.2 through nginx, served ` +
      `by ${upstreams.size} instances, then attempt ${firstRefused || 'none'} refused (429); that device with ` +
      `the right password: ${rightPassword.status}, with a forged X-Forwarded-For: ${forged.status}; ` +
      `another device (127.0.0.3): ${other.status}`,
    {
      answers,
      instances: upstreams.size,
      rightPassword: rightPassword.status,
      forged: forged.status,
      other: other.status,
    },
  );
}

/** What nginx's access log says about retries: requests it tried on two instances, by method. */
function nginxRetries(accessLog) {
  const retried = {};
  let requests = 0;
  for (const line of readFileSync(accessLog, 'utf8').split('\n')) {
    const m = line.match(/^\S+ (\S+) \S+ (\d+) "([^"]*)"/);
    if (!m) continue;
    requests += 1;
    if (m[3].includes(',')) retried[`${m[1]} ${m[2]}`] = (retried[`${m[1]} ${m[2]}`] ?? 0) + 1;
  }
  return { requests, retried };
}

async function burstWithKill(proxy, instances, world, book) {
  const burst = startBurst({ baseUrl: proxy.url, world, book, mode: 'cluster' });
  const acked = () => book.writes.filter((w) => w.outcome === 'acked').length;
  const deadline = performance.now() + 120_000;
  while (acked() < ACKED_BEFORE_KILL && performance.now() < deadline) await sleep(20);
  await sleep(randomInt(0, 2000));
  const victim = pick(instances);
  const survivor = instances.find((i) => i !== victim);
  const writesBefore = book.writes.length;
  const ackedBefore = acked();
  const killedAt = performance.now();
  await victim.kill();
  await sleep(AFTER_KILL_MS);
  await burst.stop();
  const afterKill = book.writes.slice(writesBefore);
  const ackedAfter = afterKill.filter((w) => w.outcome === 'acked').length;
  const errors = {};
  for (const e of book.errors) {
    const what = e.status === 0 ? e.error : e.status;
    errors[what] = (errors[what] ?? 0) + 1;
  }
  const cut = book.writes.filter((w) => w.inFlight);
  const stillUnknown = book.writes.filter((w) => w.outcome === 'unknown' || w.outcome === 'unsent');
  const served = await topUp(proxy.url, world.adminToken, book, world.agents[0], 10);
  const health = await request(proxy.url, 'GET', '/api/health');
  const retries = nginxRetries(proxy.accessLog);
  check(
    'the burst goes on while an instance is killed',
    ackedAfter > 0 && served === 'acked' && health.status === 200 && book.surprises.length === 0,
    `instance ${victim.name} killed (kill -9) after ${ackedBefore} acknowledged writes; in the next ` +
      `${seconds(AFTER_KILL_MS)} ${afterKill.length} writes were sent and ${ackedAfter} acknowledged by ` +
      `${survivor.name}; errors seen by clients: ${JSON.stringify(errors)} (${cut.length} writes cut by the ` +
      `kill, ${cut.filter((w) => w.outcome === 'acked').length} of them acknowledged when sent again, ` +
      `${stillUnknown.length} left without an answer); nginx tried ${JSON.stringify(retries.retried)} on ` +
      `both instances out of ${retries.requests} requests; surprising answers (a 5xx from a server, a valid write refused): ${book.surprises.length}`,
    {
      victim: victim.name,
      ackedBeforeKill: ackedBefore,
      writesAfterKill: afterKill.length,
      ackedAfterKill: ackedAfter,
      clientErrors: errors,
      cutByKill: cut.length,
      leftUnanswered: stillUnknown.length,
      nginxRequests: retries.requests,
      nginxRetried: retries.retried,
      killedAtMs: Math.round(killedAt - started),
    },
  );
}

let ok = false;
try {
  const pgServer = await postgresServer();
  if (!pgServer) {
    throw new Error('no PostgreSQL: set PROOF_DATABASE_URL (or TEST_DATABASE_URL), or install postgresql');
  }
  figures.postgres = pgServer.source;
  const db = await createDatabase(pgServer.url, 'cartela_proof_cluster');
  const env = {
    ...baseEnv(newJwtSecret()), // the same secret on both instances
    DATABASE_URL: db.url,
    TRUST_PROXY: '1',
    LOGIN_RATE_LIMIT_MAX: String(LOGIN_LIMIT),
  };
  console.log(`PostgreSQL: ${pgServer.source}; server: ${figures.server}`);

  // Both at the same moment, on the empty database: each migrates and makes the first admin under the lock.
  const [a, b] = await Promise.all([
    startInstance({ name: 'cluster-A', env }),
    startInstance({ name: 'cluster-B', env }),
  ]);
  await migrationsOnce(db.url, a, b);

  const proxy = await startNginx({
    upstreams: [a.port, b.port],
    name: 'cluster-nginx',
    failTimeout: FAIL_TIMEOUT,
  });
  const book = new Book();
  const world = await makeWorld(proxy.url, book);
  const crossAgent = { username: 'proof-cross', password: 'cross-password-0' };
  expectStatus(
    await request(proxy.url, 'POST', '/api/users/agents', {
      token: world.adminToken,
      body: { ...crossAgent, financialModel: 'virtual-coin' },
    }),
    201,
    'the agent of the session checks',
  );

  await sessionsAcross(a, b, world, crossAgent);
  await signOutsAcross(a, b, crossAgent);
  await passwordChangesAcross(a, b, crossAgent);
  await loginLimitAcross(proxy.url, crossAgent);
  await burstWithKill(proxy, [a, b], world, book);

  const snapshot = await readDatabase({ kind: 'postgres', url: db.url });
  const result = verify(book, snapshot);
  const f = result.figures;
  check(
    'no acknowledged write lost, none half-applied or applied twice',
    f.lost === 0 && f.halfDone === 0 && f.doubled === 0 && f.unexpected === 0,
    `${f.attempted} writes sent, ${f.acknowledged} acknowledged, ${f.found} found, ${f.lost} lost, ` +
      `${f.halfDone} half-done, ${f.doubled} doubled; of the ${f.inFlight} cut by the kill, ` +
      `${f.inFlightApplied} had been applied (whole) before they were sent again or settled`,
    { figures: f },
  );
  check(
    'every balance equals its ledger; the totals are what the games and top-ups add up to',
    f.balancesOff === 0 && f.totalsOff === 0,
    `${f.agents} agents, ${f.ledgerRows} ledger rows, ${f.games} games, ${f.events} events: ` +
      `${f.balancesOff} balances off their ledger, ${f.totalsOff} daily/monthly totals off`,
  );
  if (!result.ok) console.log(describeProblems(result.problems, book.surprises));
  const controls = result.ok ? negativeControls(book, snapshot) : [];
  check(
    'the verification catches faults put in by hand',
    controls.length > 0 && controls.every((c) => c.caught),
    `${controls.filter((c) => c.caught).length}/${controls.length} caught (${controls.map((c) => c.name).join('; ')})`,
  );
  ok = checks.every((c) => c.ok);
  figures.surprises = book.surprises;
  // What the instances logged at warning level or above (a 5xx is logged with its error).
  figures.serverComplaints = Object.fromEntries([a, b].map((i) => [i.name, complaints(i.log)]));
  if (!ok) {
    for (const [name, lines] of Object.entries(figures.serverComplaints)) {
      if (lines.length) console.log(`${name} logged:\n  ${lines.slice(-10).join('\n  ')}`);
    }
    console.log(`nginx's error log ends:\n${tail(proxy.errorLog, 10)}`);
  }
} catch (err) {
  figures.error = String(err?.stack ?? err);
  console.error(`cluster: ${figures.error}`);
} finally {
  await cleanUp();
}

figures.seconds = Math.round((performance.now() - started) / 100) / 10;
figures.ok = ok;
writeFigures('cluster', figures);
const passed = checks.filter((c) => c.ok).length;
const burst = checks.find((c) => c.victim);
const writes = checks.find((c) => c.figures)?.figures;
const said = [
  `${passed}/${checks.length} checks`,
  ...(burst && writes
    ? [
        `${writes.acknowledged}/${writes.attempted} writes acknowledged, ${writes.lost} lost, ${writes.halfDone} ` +
          `half-done, ${writes.doubled} doubled with ${burst.victim} killed mid-burst ` +
          `(${Object.values(burst.clientErrors).reduce((a, b) => a + b, 0)} client errors)`,
      ]
    : []),
  seconds(figures.seconds * 1000),
];
console.log(`\ncluster: ${verdict(ok)} (${said.join('; ')})`);
process.exit(ok ? 0 : 1);
