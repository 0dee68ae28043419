// The draw's first invariant (docs/product/draw.md#invariants): before the first call, NOTHING the agent can
// obtain depends on the order. Two worlds are built alike - the same system cards, the same agent, coins, voice
// pack, cartelas, stake and pattern - and differ only in the seeds their games are drawn from (ModuleDeps
// drawSeed, injected). The same requests go to both, and every answer must be the same: status, headers and
// body, once what is random by nature is masked (ids, tokens, times, each game's commitment, and the seed and
// order of a game that is over, which the draw reveals on purpose).
//
// The requests: every route of packages/contract the agent may call, each with the permissions table's own
// request (a new route gets a row there, or the permissions proof fails, so it is covered here without editing
// this file), run twice around a catalogue of every event type in the room's events batch with every expected
// ball, refused ones included; then the public check and the metrics. Only the first call itself is left out:
// it is where the order comes out, and from then on there is no undo (draw-no-undo.test.ts).
import { createHash } from 'node:crypto';
import { drawOrder, generateBalancedSet, seedCommitment } from '@cartela/core';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceSystemSet } from '../modules/cartelas/index.js';
import { type GameCall, type GameDetailJson, gameCaller, newGame } from '../test/games.js';
import {
  createAdmin,
  createAgent,
  createSuperAgent,
  loginAs,
  startTestApp,
  type TestApp,
} from '../test/helpers.js';
import { CONTRACT_ROUTES } from './contract-routes.js';
import { byAccess, PERMISSIONS } from './permissions-table.js';
import { type Method, type Req, voicePackZip, type World } from './permissions-world.js';

const ROUTES = [...CONTRACT_ROUTES].map(([key, route]) => ({ key, route }));

/**
 * The one request that is not asked of the two worlds: the first call, whose answer carries the order by design
 * (product/draw.md#sealed-until-the-first-call). What it may not do - be undone - is draw-no-undo.test.ts's.
 */
const FIRST_CALL = 'POST /api/games/:id/call-number';

/** The same system cards in both worlds (each agent's cartela is a copy of the system card). */
const CARDS = generateBalancedSet(300);

const hex = (text: string) => createHash('sha256').update(text).digest('hex');

interface Twin {
  name: string;
  t: TestApp;
  /** The seed of each game, in the order the games were created. */
  seeds: string[];
  asAdmin: GameCall;
  asAgent: GameCall;
  agent: { user: { id: string; username: string }; password: string; token: string };
  superAgent: { user: { id: string; username: string }; password: string };
  /** The game the catalogue is about: cartelas 1-5, no ball called, ever. */
  probe: GameDetailJson;
  finished: GameDetailJson;
  packId: string;
  nextCartela: number;
}

async function buildTwin(name: string): Promise<Twin> {
  const seeds: string[] = [];
  // Each world's games draw from seeds of their own: the i-th game of one world and of the other differ in
  // nothing but this.
  const t = await startTestApp({
    drawSeed: () => {
      const seed = hex(`${name}:${seeds.length}`);
      seeds.push(seed);
      return seed;
    },
  });
  await t.database.db.transaction((tx) => replaceSystemSet(tx, CARDS, { resetSettings: true }));
  const admin = await createAdmin(t.database, { username: 'flow-admin', password: 'flow-admin-pass' });
  const asAdmin = gameCaller(t.app, await loginAs(t.app, admin));
  const agentMade = await createAgent(t.database, {
    username: 'flow-agent',
    password: 'flow-agent-pass',
    financialModel: 'virtual-coin',
  });
  const superAgent = await createSuperAgent(t.database, {
    username: 'flow-super',
    password: 'flow-super-pass',
  });
  const ok = async (res: Promise<LightMyRequestResponse>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBeLessThan(300);
    return r.json();
  };
  await ok(
    asAdmin('POST', `/api/cartelas/agent/${agentMade.user.id}/assign`, {
      cartelaNumbers: Array.from({ length: 300 }, (_, i) => i + 1),
    }),
  );
  await ok(
    asAdmin('POST', `/api/users/agents/${agentMade.user.id}/add-coins`, { coins: 5_000, etbAmount: 500 }),
  );
  const up = await ok(
    asAdmin('POST', '/api/voice-packs?name=flow-pack&language=am', voicePackZip(), {
      'content-type': 'application/zip',
    }),
  );
  await ok(
    asAdmin('PUT', `/api/voice-packs/${up.pack.id}`, { offeredTo: { agentIds: [agentMade.user.id] } }),
  );
  // The agent's copies of the cards as world one made them (an assignment may draw a card anew).
  if (name !== 'one') {
    const mine = (await one.t.database.db.execute(
      sql`SELECT cartela_number, card FROM agent_cartelas ORDER BY cartela_number`,
    )) as unknown as { rows: { cartela_number: number; card: number[][] }[] };
    for (const row of mine.rows) {
      await t.database.db.execute(
        sql`UPDATE agent_cartelas SET card = ${JSON.stringify(row.card)}::jsonb WHERE cartela_number = ${row.cartela_number}`,
      );
    }
  }
  const token = await loginAs(t.app, agentMade);
  const asAgent = gameCaller(t.app, token);
  const finished = await newGame(asAgent, { cartelaNumbers: [300], selectedPattern: 'any-one-line' });
  await ok(asAgent('POST', `/api/games/${finished.id}/finish`));
  const probe = await newGame(asAgent, { cartelaNumbers: [1, 2, 3, 4, 5], selectedPattern: 'any-one-line' });
  return {
    name,
    t,
    seeds,
    asAdmin,
    asAgent,
    agent: { user: agentMade.user, password: agentMade.password, token },
    superAgent,
    probe,
    finished,
    packId: up.pack.id,
    nextCartela: 6,
  };
}

/** The permissions table's world, as far as the agent's rows read it, for one twin. */
function worldOf(x: Twin): World {
  const shim = {
    users: { a: { user: x.agent.user, password: x.agent.password }, superOfA: x.superAgent },
    a: {
      game: x.probe,
      finishedGame: x.finished,
      pack: x.packId,
      packOffer: { isActive: true, offeredToAll: false, agentIds: [x.agent.user.id] },
    },
    idOf: (caller: string) => (caller === 'agentA' ? x.agent.user.id : null),
    async lastSeqOf(id: string): Promise<number> {
      const rows = (await x.t.database.db.execute(
        sql`SELECT last_seq FROM games WHERE id = ${id}`,
      )) as unknown as {
        rows: { last_seq: number }[];
      };
      return rows.rows[0]!.last_seq;
    },
    /** A new game of its own cartela with no ball called (whatever calls a row asks for: none before the first). */
    async freshGameOfA(options: { paused?: boolean } = {}): Promise<string> {
      const game = await newGame(x.asAgent, {
        cartelaNumbers: [x.nextCartela++],
        selectedPattern: 'any-one-line',
      });
      if (options.paused)
        expect((await x.asAgent('POST', `/api/games/${game.id}/pause`)).statusCode).toBe(200);
      return game.id;
    },
    async coinsOf(): Promise<number> {
      return 0;
    },
  };
  return shim as unknown as World;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const GAME_ID = /\bG[0-9A-HJKMNP-TV-Z]{10}\b/g;
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/g;
const TIME = /\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?/g;

/** Which of the twin's games are over now (their seed and order are revealed on purpose). */
async function overSeeds(x: Twin): Promise<Set<string>> {
  const result = (await x.t.database.db.execute(
    sql`SELECT draw_seed FROM games WHERE status IN ('finished', 'cancelled')`,
  )) as unknown as { rows: { draw_seed: string }[] };
  return new Set(result.rows.map((r) => r.draw_seed));
}

/** An answer with what is random by nature masked: what is left must be the same in both worlds. */
async function maskedOf(x: Twin, res: LightMyRequestResponse) {
  const over = await overSeeds(x);
  let text = res.body;
  x.seeds.forEach((seed, i) => {
    text = text.replaceAll(seedCommitment(seed), `<commitment-${i}>`);
    if (!over.has(seed)) return;
    // A game over reveals its seed and its order (the room's state lists the balls not called).
    text = text.replaceAll(seed, `<seed-${i}>`).replaceAll(drawOrder(seed).join(','), `<order-${i}>`);
  });
  text = text
    .replace(JWT, '<token>')
    .replace(UUID, '<uuid>')
    .replace(GAME_ID, '<game>')
    .replace(TIME, '<time>');
  const headers = Object.fromEntries(
    Object.entries(res.headers)
      .filter(([name]) => name !== 'date')
      .map(([name, value]) => [
        name,
        String(value)
          .replace(TIME, '<time>')
          .replace(UUID, '<uuid>')
          // A sign-in's device cookie is random by nature.
          .replace(/^(cartela-device-<uuid>)=[^;]+/, '$1=<device>'),
      ]),
  );
  return { status: res.statusCode, headers, body: text };
}

let one: Twin;
let two: Twin;
/** How many requests were compared (the figure for docs/RELIABILITY.md). */
let compared = 0;

beforeAll(async () => {
  one = await buildTwin('one');
  two = await buildTwin('two');
  // The worlds differ in the seeds, hence in the orders, of the game under test.
  expect(drawOrder(one.seeds[1]!)).not.toEqual(drawOrder(two.seeds[1]!));
}, 120_000);

afterAll(async () => {
  console.info(`draw information flow: ${compared} requests compared across two seeds`);
  await Promise.all([one?.t.close(), two?.t.close()]);
});

/** Sends the same request to both worlds (`make` builds it for each) and expects the same answer. */
async function same(
  label: string,
  method: Method,
  make: (x: Twin, w: World) => Req | Promise<Req>,
  token: (x: Twin) => string | null = (x) => x.agent.token,
) {
  const answers = [];
  for (const x of [one, two]) {
    const req = await make(x, worldOf(x));
    const tk = token(x);
    const res = await x.t.app.inject({
      method,
      url: req.url,
      headers: { ...(tk ? { authorization: `Bearer ${tk}` } : {}), ...req.headers },
      ...(req.payload === undefined ? {} : { payload: req.payload as object }),
    });
    answers.push(await maskedOf(x, res));
  }
  compared++;
  expect(answers[1], `${label}: the two seeds answered differently`).toEqual(answers[0]);
  return answers[0]!;
}

/** Every route the agent may call, with the permissions table's request (the first call left out). */
async function everyRoute() {
  const agentRoutes = ROUTES.filter(
    ({ key, route }) =>
      key !== FIRST_CALL && byAccess('agentA', { access: route.access, success: 200 }).status === 200,
  );
  expect(agentRoutes.length).toBeGreaterThan(20);
  for (const { key, route } of agentRoutes) {
    const row = PERMISSIONS[key];
    expect(row, `${key} has a row in the permissions table`).toBeDefined();
    let session: (x: Twin) => string | null = (x) => x.agent.token;
    if (row!.freshSession) {
      // A sign-out ends the session it is sent with: each world signs the agent in anew for it.
      const fresh = new Map<string, string>();
      for (const x of [one, two]) fresh.set(x.name, await loginAs(x.t.app, x.agent as never));
      session = (x) => fresh.get(x.name)!;
    }
    await same(
      key,
      route.method as Method,
      async (_x, w) => {
        const target = row!.target ? await row!.target(w) : '';
        return row!.request({ w, caller: 'agentA', target });
      },
      session,
    );
  }
}

/** The probe's next event number (the same in both worlds, or the comparison failed already). */
async function nextSeq(): Promise<number> {
  return (await worldOf(one).lastSeqOf(one.probe.id)) + 1;
}

const AT = '2026-12-02T08:00:00.000Z';

async function batch(
  label: string,
  events: (seq: number) => Record<string, unknown>[],
  gameOf = (x: Twin) => x.probe.id,
) {
  const seq = await nextSeq();
  return same(label, 'POST', (x) => ({
    url: `/api/games/${gameOf(x)}/events`,
    payload: { events: events(seq).map((e) => ({ at: AT, ...e })) },
  }));
}

describe('before the first call, no answer depends on the order', () => {
  it('every route the agent may call answers alike for two seeds', async () => {
    await everyRoute();
  }, 300_000);

  it('every event of the room, every expected ball, refused or not, answers alike', async () => {
    for (let ball = 1; ball <= 75; ball++) {
      const first = await batch(`call-next expected ${ball}`, (seq) => [
        { seq, type: 'call-next', expected: ball },
      ]);
      expect(first.status).toBe(409);
      await batch(`pause, then call-next expected ${ball}`, (seq) => [
        { seq, type: 'pause' },
        { seq: seq + 1, type: 'call-next', expected: ball },
      ]);
    }
    const ends = await batch('the first call, then more', (seq) => [
      { seq, type: 'call-next' },
      { seq: seq + 1, type: 'call-next' },
    ]);
    expect(ends.status).toBe(409);
    await batch('pause', (seq) => [{ seq, type: 'pause' }]);
    await batch('pause again (refused)', (seq) => [{ seq, type: 'pause' }]);
    await batch('a call while paused', (seq) => [{ seq, type: 'call-next' }]);
    await batch('resume', (seq) => [{ seq, type: 'resume' }]);
    await batch('resume again (refused)', (seq) => [{ seq, type: 'resume' }]);
    await batch('shuffle', (seq) => [{ seq, type: 'shuffle' }]);
    // An old room's shuffle names the order it expects: world one's, world two's, or neither.
    for (const guess of [
      drawOrder(one.seeds[1]!),
      drawOrder(two.seeds[1]!),
      [...Array(75).keys()].map((i) => i + 1),
    ]) {
      await batch('shuffle naming an order', (seq) => [{ seq, type: 'shuffle', remaining: guess }]);
    }
    for (const n of [1, 2, 3, 4, 5, 6]) {
      for (const decision of ['good-bingo', 'block']) {
        await batch(`validate ${n} ${decision}`, (seq) => [
          { seq, type: 'validate', cartelaNumber: n, decision },
        ]);
      }
    }
    await batch('a gap', (seq) => [{ seq: seq + 3, type: 'pause' }]);
    await batch('a replay of event 1 as something else', () => [{ seq: 1, type: 'resume' }]);
    await batch('a replay of event 1 as it was', () => [{ seq: 1, type: 'pause' }]);
    await batch('a call expecting the ball, after a shuffle', (seq) => [
      { seq, type: 'shuffle' },
      { seq: seq + 1, type: 'call-next', expected: drawOrder(one.seeds[1]!)[0] },
    ]);
    // The same through the endpoints that act on the game.
    for (const action of ['pause', 'resume', 'shuffle-numbers', 'resume']) {
      await same(`POST ${action}`, 'POST', (x) => ({ url: `/api/games/${x.probe.id}/${action}` }));
    }
    for (const n of [1, 5, 77]) {
      await same(`validate-winner ${n}`, 'POST', (x) => ({
        url: `/api/games/${x.probe.id}/validate-winner`,
        payload: { cartelaNumber: n },
      }));
    }
  }, 300_000);

  it('ending a game before its first call answers alike (then its seed is out, and masked)', async () => {
    for (const type of ['finish', 'cancel']) {
      const fresh = await Promise.all([one, two].map((x) => worldOf(x).freshGameOfA()));
      const gameOf = (x: Twin) => (x === one ? fresh[0]! : fresh[1]!);
      const seq = await worldOf(one).lastSeqOf(fresh[0]!);
      await same(`events: ${type}`, 'POST', (x) => ({
        url: `/api/games/${gameOf(x)}/events`,
        payload: { events: [{ seq: seq + 1, at: AT, type }] },
      }));
      await same(`${type}: the game after it`, 'GET', (x) => ({ url: `/api/games/${gameOf(x)}` }));
    }
  }, 120_000);

  it('after all that, every route again, the public check and the metrics answer alike', async () => {
    await everyRoute();
    await same(
      'the public check of the probe',
      'GET',
      (x) => ({ url: `/api/public/games/${x.probe.gameId}` }),
      () => null,
    );
    await same('the room state', 'GET', (x) => ({ url: `/api/games/${x.probe.id}/state` }));
    // The counters, not the durations (how long a request took is the one thing that differs by nature).
    const metrics = async (x: Twin) => {
      const res = await x.t.app.inject({ method: 'GET', url: '/api/metrics' });
      expect(res.statusCode).toBe(200);
      return res.body
        .split('\n')
        .filter((line) => !line.startsWith('#') && !/_seconds|_bytes|process_|nodejs_|duration/.test(line))
        .join('\n');
    };
    expect(await metrics(two)).toEqual(await metrics(one));
    // And the probe is still a game without a call, refundable: nothing above has started it.
    const state = (await one.asAgent('GET', `/api/games/${one.probe.id}/state`)).json();
    expect(state.state.calledNumbers).toEqual([]);
  }, 300_000);
});
