// The draw's second invariant (docs/product/draw.md#invariants): once an answer has carried a call - the first
// call's answer carries the whole order, for the offline room - nothing ends the game but playing it: a
// confirmed winner, or Finish. No cancel, no refund, no route that undoes it. Tried every way in: every route of
// packages/contract, as the agent, the admin and the agent's super agent, each pointed at a game whose first ball
// is out (the permissions table's requests, so a new route is tried without editing this file); the cancel
// through the endpoint and through the room's events batch in every shape (next seq, after a refused batch,
// under a seq already used, while paused); deactivating and deleting the agent, taking back and editing the
// game's cartelas; and a restore of a backup taken before the first call.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from '../db/backup.js';
import { gameCaller } from '../test/games.js';
import { loginAs, startTestApp, type TestApp } from '../test/helpers.js';
import { CONTRACT_ROUTES } from './contract-routes.js';
import { byAccess, type CallerName, PERMISSIONS } from './permissions-table.js';
import { buildWorld, type Method, type World } from './permissions-world.js';

const ROUTES = [...CONTRACT_ROUTES].map(([key, route]) => ({ key, route }));

/** The routes that play a game to its end: the only ways a started game may end. */
const PLAYS = new Set(['POST /api/games/:id/finish']);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

let t: TestApp;
let w: World;
let tried = 0;

beforeAll(async () => {
  t = await startTestApp();
  w = await buildWorld(t);
}, 180_000);

afterAll(async () => {
  console.info(`draw no undo: ${tried} ways tried on games whose first ball was out`);
  await t?.close();
});

interface Seen {
  status: string;
  calls: number;
  refunds: number;
  coins: number;
}

async function seen(id: string): Promise<Seen> {
  const [game] = rowsOf<{ status: string; calls: number; agent_id: string }>(
    await t.database.db.execute(
      sql`SELECT status, total_calls AS calls, agent_id FROM games WHERE id = ${id}`,
    ),
  );
  const [ledger] = rowsOf<{ refunds: number }>(
    await t.database.db.execute(
      sql`SELECT count(*)::int AS refunds FROM coin_ledger WHERE game_id = ${id} AND reason = 'refund'`,
    ),
  );
  return {
    status: game!.status,
    calls: game!.calls,
    refunds: ledger!.refunds,
    coins: await w.coinsOf(game!.agent_id),
  };
}

/** A game of A whose first ball is out (its answer carried the order). */
async function started(): Promise<{ id: string; gameId: string }> {
  const id = await w.freshGameOfA({ calls: 1 });
  const [row] = rowsOf<{ game_id: string }>(
    await t.database.db.execute(sql`SELECT game_id FROM games WHERE id = ${id}`),
  );
  return { id, gameId: row!.game_id };
}

/** The game was not undone: not cancelled, nothing refunded, its calls kept; over only if `mayEnd`. */
function expectNotUndone(before: Seen, after: Seen, how: string, mayEnd: boolean) {
  expect(after.status, how).not.toBe('cancelled');
  if (!mayEnd) expect(['active', 'paused'], how).toContain(after.status);
  expect(after.refunds, `${how}: a refund`).toBe(0);
  expect(after.calls, `${how}: its calls`).toBeGreaterThanOrEqual(before.calls);
}

/** Ends the game by playing it, so the next try has cartelas free. */
async function finish(id: string) {
  const res = await w.send('agentA', 'POST', { url: `/api/games/${id}/finish` });
  expect([200, 404, 409]).toContain(res.statusCode);
}

/** Every running game of A finished (a row may have made one), so the next try has cartelas free. */
async function finishAll() {
  const running = rowsOf<{ id: string }>(
    await t.database.db.execute(
      sql`SELECT id FROM games WHERE agent_id = ${w.users.a.user.id} AND status IN ('active', 'paused')`,
    ),
  );
  for (const { id } of running) await finish(id);
}

const CALLERS: CallerName[] = ['agentA', 'admin', 'superOfA'];

describe('once a ball is out, a game is played to its end', () => {
  it('no route, as the agent, the admin or its super agent, ends it but Finish', async () => {
    for (const { key, route } of ROUTES) {
      const row = PERMISSIONS[key];
      expect(row, `${key} has a row in the permissions table`).toBeDefined();
      for (const caller of CALLERS) {
        if (byAccess(caller, { access: route.access, success: 200 }).status !== 200) continue;
        const game = await started();
        const before = await seen(game.id);
        // The row's request, pointed at the started game wherever it names a game of A.
        let target = row!.target ? await row!.target(w) : '';
        const [isGame] = rowsOf<{ n: number }>(
          await t.database.db.execute(sql`SELECT count(*)::int AS n FROM games WHERE id::text = ${target}`),
        );
        if (isGame!.n > 0) {
          await finish(target);
          target = game.id;
        }
        const pointed = {
          ...w,
          a: { ...w.a, game: { ...w.a.game, id: game.id, gameId: game.gameId } },
        } as World;
        const req = await row!.request({ w: pointed, caller, target });
        const token = row!.freshSession ? w.freshSession(caller) : w.tokens[caller];
        await w.send(caller, route.method as Method, req, token);
        tried++;
        expectNotUndone(before, await seen(game.id), `${caller} ${key}`, PLAYS.has(key));
        await finishAll();
      }
    }
  }, 600_000);

  it('no cancel in any shape: the endpoint, the events batch at the next seq, after a refusal, under a used seq, paused', async () => {
    const game = await started();
    const before = await seen(game.id);
    const lastSeq = () => w.lastSeqOf(game.id);
    const events = async (list: Record<string, unknown>[]) =>
      w.send('agentA', 'POST', {
        url: `/api/games/${game.id}/events`,
        payload: { events: list.map((e) => ({ at: new Date().toISOString(), ...e })) },
      });
    const tries: [string, () => Promise<{ statusCode: number; body: string }>][] = [
      ['POST /cancel', () => w.send('agentA', 'POST', { url: `/api/games/${game.id}/cancel` })],
      [
        'POST /cancel with a reason',
        () =>
          w.send('agentA', 'POST', { url: `/api/games/${game.id}/cancel`, payload: { reason: 'power cut' } }),
      ],
      ['events: cancel', async () => events([{ seq: (await lastSeq()) + 1, type: 'cancel' }])],
      [
        'events: pause then cancel',
        async () => {
          const s = await lastSeq();
          return events([
            { seq: s + 1, type: 'pause' },
            { seq: s + 2, type: 'cancel' },
          ]);
        },
      ],
      [
        'events: a refused batch, then its cancel alone',
        async () => {
          const s = await lastSeq();
          await events([
            { seq: s + 1, type: 'cancel' },
            { seq: s + 2, type: 'call-next', expected: 0 },
          ]);
          return events([{ seq: s + 1, type: 'cancel' }]);
        },
      ],
      ['events: cancel under seq 1 (already used)', () => events([{ seq: 1, type: 'cancel' }])],
      ['events: cancel under the last seq', async () => events([{ seq: await lastSeq(), type: 'cancel' }])],
      [
        'paused, then POST /cancel',
        async () => {
          await w.send('agentA', 'POST', { url: `/api/games/${game.id}/pause` });
          return w.send('agentA', 'POST', { url: `/api/games/${game.id}/cancel` });
        },
      ],
      ['the admin: POST /cancel', () => w.send('admin', 'POST', { url: `/api/games/${game.id}/cancel` })],
    ];
    for (const [how, attempt] of tries) {
      const res = await attempt();
      tried++;
      expect(res.statusCode, `${how}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expectNotUndone(before, await seen(game.id), how, false);
    }
    const refusal = (await w.send('agentA', 'POST', { url: `/api/games/${game.id}/cancel` })).json();
    expect(refusal).toMatchObject({ code: 'CONFLICT', reason: 'GAME_STARTED' });
    await finish(game.id);
    expect((await seen(game.id)).status).toBe('finished');
  });

  it('taking back or editing its cartelas, deactivating or deleting its agent: the game is not undone', async () => {
    const game = await started();
    const before = await seen(game.id);
    const [row] = rowsOf<{ numbers: number[] }>(
      await t.database.db.execute(sql`SELECT cartela_numbers AS numbers FROM games WHERE id = ${game.id}`),
    );
    const a = w.users.a.user.id;
    for (const n of row!.numbers) {
      await w.send('admin', 'DELETE', { url: `/api/cartelas/agent/${a}/cartela/${n}` });
      await w.send('admin', 'PUT', { url: `/api/cartelas/${n}`, payload: { isActive: false } });
      tried += 2;
      expectNotUndone(before, await seen(game.id), `cartela ${n} taken back and turned off`, false);
    }
    await w.send('admin', 'PUT', { url: `/api/users/agents/${a}`, payload: { isActive: false } });
    await w.send('admin', 'DELETE', { url: `/api/users/agents/${a}` });
    tried += 2;
    expectNotUndone(before, await seen(game.id), 'the agent deactivated and deleted', false);
  });
});

describe('a restore brings back no game that can be undone', () => {
  it('a game backed up before its first call cannot be cancelled once restored', async () => {
    const source = await startTestApp();
    const dir = mkdtempSync(path.join(tmpdir(), 'cartela-no-undo-'));
    try {
      const world = await buildWorld(source);
      const id = await world.freshGameOfA();
      const file = path.join(dir, 'before-the-first-call.cartela');
      await backupDatabase(source.database, file);
      // The first call: its answer carries the order.
      const called = await world.send('agentA', 'POST', { url: `/api/games/${id}/call-number` });
      expect(called.statusCode).toBe(200);

      const restored = await startTestApp();
      try {
        await restoreDatabase(restored.database, file);
        const as = gameCaller(restored.app, await loginAs(restored.app, world.users.a));
        const res = await as('POST', `/api/games/${id}/cancel`);
        tried++;
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().reason).toBe('GAME_STARTED');
        // It is played instead: the first call, and Finish.
        expect((await as('POST', `/api/games/${id}/call-number`)).statusCode).toBe(200);
        expect((await as('POST', `/api/games/${id}/finish`)).statusCode).toBe(200);
      } finally {
        await restored.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await source.close();
    }
  }, 180_000);
});
