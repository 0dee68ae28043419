#!/usr/bin/env node
// The crash proof (issue 21): kill -9 during a burst of money-moving writes, on PostgreSQL and on the embedded
// database; after a restart every acknowledged write is there exactly once, nothing half-done is, and every
// balance equals its ledger. docs/RELIABILITY.md.
//
// Per database: a server on a fresh database (PostgreSQL: a new database on PROOF_DATABASE_URL or
// TEST_DATABASE_URL, else a throwaway server; embedded: a new DATA_DIR under .tmp/proof/), the world made through
// the API (agents with coins and cartelas, a super agent), then ROUNDS times: the burst (proof/support.mjs
// startBurst: top-ups, game creations, event batches with calls and claims, finishes and cancels), kill -9 at a
// random moment once it is going, a restart on the same data, the checks that it serves again (sessions made
// before the crash still work; what the kill cut off is sent again as its client would - a batch only after a
// look that it was applied whole or not at all -; a new write works). The next round's burst runs on that
// restarted server. At the end a clean stop, and everything the client was ever told, against the database
// (proof/support.mjs verify), which must also catch faults put in by hand into the same snapshot.
//
// `node proof/crash.mjs` (the built server; PROOF_FROM_SOURCE=1 runs the sources). PROOF_CRASH_ROUNDS=3.
// Figures in .tmp/proof/crash.json; the last line says PASS or FAIL; exit 0 only on PASS.
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  Book,
  baseEnv,
  cleanUp,
  complaints,
  createDatabase,
  describeProblems,
  dropConnections,
  fromSource,
  makeWorld,
  negativeControls,
  newJwtSecret,
  onCleanUp,
  postgresServer,
  proofDir,
  randomInt,
  readDatabase,
  request,
  seconds,
  settleInFlight,
  sleep,
  startBurst,
  startInstance,
  topUp,
  verdict,
  verify,
  writeFigures,
} from './support.mjs';

const ROUNDS = Number(process.env.PROOF_CRASH_ROUNDS ?? 3);
/** The kill comes once this many writes of the round were acknowledged, then after 0-1.5 s more. */
const ACKED_BEFORE_KILL = 40;

const started = performance.now();
const figures = {
  proof: 'crash',
  at: new Date().toISOString(),
  server: fromSource ? 'sources (PROOF_FROM_SOURCE=1)' : 'apps/server/dist',
  rounds: ROUNDS,
  databases: {},
};
let ok = true;

/** Waits until `test()` holds, polling; throws after `ms`. */
async function until(test, ms, what) {
  const deadline = performance.now() + ms;
  while (!test()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/**
 * After a restart: the server answers, sessions signed before the crash still work (the admin's and each
 * agent's), and a new write is acknowledged. Returns the failures (none: it serves again).
 */
async function servesAgain(url, world, book) {
  const failures = [];
  const health = await request(url, 'GET', '/api/health');
  if (health.status !== 200) failures.push(`health ${health.status}`);
  const agents = await request(url, 'GET', '/api/users/agents', { token: world.adminToken });
  if (agents.status !== 200) failures.push(`the admin's session: ${agents.status}`);
  for (const agent of world.agents) {
    const me = await request(url, 'GET', '/api/auth/me', { token: agent.token });
    if (me.status !== 200) failures.push(`${agent.username}'s session: ${me.status}`);
  }
  const outcome = await topUp(url, world.adminToken, book, world.agents[0], 10);
  if (outcome !== 'acked') failures.push(`a new top-up: ${outcome}`);
  return failures;
}

async function crashDatabase(kind, pgServer) {
  const started = performance.now();
  let target;
  let env;
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const db = await createDatabase(pgServer.url, 'cartela_proof_crash');
    target = { kind: 'postgres', url: db.url };
    env = { DATABASE_URL: db.url };
    dropDatabase = () => db.drop();
  } else {
    const dataDir = mkdtempSync(path.join(proofDir, 'crash-embedded-'));
    const remove = () => rmSync(dataDir, { recursive: true, force: true });
    onCleanUp(async () => remove(), remove);
    target = { kind: 'pglite', dataDir };
    env = { DATA_DIR: dataDir };
  }
  // The same secret at every start: a session signed before the crash must still be good after it.
  env = { ...baseEnv(newJwtSecret()), ...env };
  const label = kind === 'postgres' ? `PostgreSQL (${pgServer.source})` : 'embedded (PGlite)';
  console.log(`\n== ${label}`);

  const book = new Book();
  let starts = 0;
  const logs = [];
  const start = async () => {
    const instance = await startInstance({ name: `crash-${kind}-${++starts}`, env });
    logs.push(instance.log);
    return instance;
  };
  let server = await start();
  console.log(`first start ${seconds(server.startMs)}`);
  const world = await makeWorld(server.url, book);
  const rounds = [];
  // Crash after crash: each round's burst runs on the server restarted after the previous kill.
  for (let round = 1; round <= ROUNDS; round++) {
    book.round = round;
    const burstStarted = performance.now();
    const burst = startBurst({ baseUrl: server.url, world, book, mode: 'crash' });
    const ackedThisRound = () => book.writes.filter((w) => w.round === round && w.outcome === 'acked').length;
    await until(() => ackedThisRound() >= ACKED_BEFORE_KILL, 120_000, 'the burst to get going');
    await sleep(randomInt(0, 1500));
    const killedAfterMs = performance.now() - burstStarted;
    await server.kill();
    await burst.stop();
    dropConnections();
    const thisRound = book.writes.filter((w) => w.round === round);
    const cut = thisRound.filter((w) => w.inFlight).length;

    server = await start();
    const serving = await servesAgain(server.url, world, book);
    const settled = await settleInFlight(server.url, book);
    const roundOk = serving.length === 0 && book.halfApplied.length === 0 && book.surprises.length === 0;
    rounds.push({
      round,
      killedAfterMs: Math.round(killedAfterMs),
      writesSent: thisRound.length,
      acknowledged: thisRound.filter((w) => w.outcome === 'acked').length,
      inFlightAtKill: cut,
      restartMs: Math.round(server.startMs),
      servesAgain: serving,
      settled,
      ok: roundOk,
    });
    console.log(
      `round ${round}: kill -9 after ${seconds(killedAfterMs)}, ${thisRound.length} writes sent, ${cut} in flight;` +
        ` restart ${seconds(server.startMs)}, ${serving.length ? 'does NOT serve again' : 'serves again'};` +
        ` re-sent ${settled.creationsResent} creations (${settled.creationsFoundApplied} had been applied)` +
        ` and ${settled.batchesResent} event batches (${settled.batchesFoundApplied} had been applied, none in part:` +
        ` ${book.halfApplied.length} half-applied) - ${verdict(roundOk)}`,
    );
    if (serving.length) console.log(`  ${serving.join('; ')}`);
  }
  // A clean stop, then everything the client was ever told, against the database.
  await server.stop();
  const snapshot = await readDatabase(target);
  await dropDatabase();
  const result = verify(book, snapshot);
  // What the server logged at warning level or above, over every start (a 5xx is logged with its error).
  const logged = logs.flatMap((log) => complaints(log));
  if (!result.ok) console.log(describeProblems(result.problems, book.surprises));
  if (!result.ok && logged.length) console.log(`the server logged:\n  ${logged.slice(-10).join('\n  ')}`);
  // The verification must be able to fail: faults put in by hand into the same snapshot are each caught.
  const controls = result.ok ? negativeControls(book, snapshot) : [];
  const controlsOk = controls.length > 0 && controls.every((c) => c.caught);
  if (result.ok) {
    const missed = controls.filter((c) => !c.caught).map((c) => c.name);
    console.log(
      `controls: ${controls.length - missed.length}/${controls.length} faults put in by hand caught` +
        (missed.length ? ` (missed: ${missed.join('; ')})` : ''),
    );
  }
  const f = result.figures;
  const summary = {
    database: label,
    attempted: f.attempted,
    acknowledged: f.acknowledged,
    foundAfterRestart: f.found,
    lost: f.lost,
    halfDone: f.halfDone,
    doubled: f.doubled,
    balancesOffLedger: f.balancesOff,
    totalsOff: f.totalsOff,
    inFlightAtKills: f.inFlight,
    inFlightApplied: f.inFlightApplied,
    refused: f.refused,
    unsent: f.unsent,
    surprises: book.surprises,
    serverComplaints: logged,
    byKind: f.byKind,
    games: f.games,
    events: f.events,
    ledgerRows: f.ledgerRows,
    restartMs: rounds.map((r) => r.restartMs),
    rounds,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    controls,
    ok: result.ok && rounds.every((r) => r.ok) && controlsOk,
  };
  ok &&= summary.ok;
  console.log(
    `${label}: ${summary.attempted} writes attempted, ${summary.acknowledged} acknowledged, ` +
      `${summary.foundAfterRestart} found after ${ROUNDS} restarts, ${summary.lost} lost, ` +
      `${summary.halfDone} half-done, ${summary.doubled} doubled, ${summary.balancesOffLedger} balances off ` +
      `(${summary.inFlightAtKills} cut by the kills, ${summary.inFlightApplied} of them applied) - ` +
      `${verdict(summary.ok)}`,
  );
  return summary;
}

try {
  const pgServer = await postgresServer();
  if (!pgServer) {
    console.log(
      'crash: no PostgreSQL (PROOF_DATABASE_URL, TEST_DATABASE_URL or Debian postgresql): embedded only.',
    );
  }
  for (const kind of pgServer ? ['postgres', 'embedded'] : ['embedded']) {
    figures.databases[kind] = await crashDatabase(kind, pgServer);
  }
} catch (err) {
  ok = false;
  figures.error = String(err?.stack ?? err);
  console.error(`crash: ${figures.error}`);
} finally {
  await cleanUp();
}

figures.seconds = Math.round((performance.now() - started) / 100) / 10;
figures.ok = ok;
writeFigures('crash', figures);
const parts = Object.entries(figures.databases).map(
  ([kind, d]) =>
    `${kind}: ${d.acknowledged}/${d.attempted} acknowledged, ${d.foundAfterRestart} found, ${d.lost} lost, ` +
    `${d.halfDone} half-done, ${d.balancesOffLedger} balances off`,
);
console.log(
  `\ncrash: ${verdict(ok)} (${ROUNDS} kills per database; ${parts.join('; ')}; ${seconds(figures.seconds * 1000)})`,
);
process.exit(ok ? 0 : 1);
