// The room's event log, POST /api/games/{id}/events: batches applied by core's reducer in one transaction,
// replays answered as the first time, gaps and contradictions refused naming the seq, a batch all or nothing,
// the endpoints and the log on one path, the first call alone and naming no ball, and the log itself append-only.
import { ROOM_OUT_OF_STEP } from '@cartela/core';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { useGamesApp } from '../../test/fixtures.js';
import {
  eventsOf,
  finishOpenGames,
  firstWin,
  type GameCall,
  gameAgent,
  newGame,
  roomState,
  serverState,
} from '../../test/games.js';
import { coinsOf, expectRefusedUnchanged, networkState } from '../../test/network.js';

const { t, asAdmin, a } = useGamesApp({ agent: { coins: 10_000 } });
// A cartela is in one round at a time: each test leaves the file's agent no game in play.
afterEach(() => finishOpenGames(a.as));

type Event = Record<string, unknown> & { seq: number; type: string };
// The room's clock: after the games' creation (an earlier `at` is not believed), a second an event.
let clock = Date.now();
/** An event as the room sends it, at the next second. */
function ev(seq: number, type: string, fields: Record<string, unknown> = {}): Event {
  clock += 1000;
  return { seq, at: new Date(clock).toISOString(), type, ...fields };
}
const send = (id: string, events: Event[], as: GameCall = a.as) =>
  as('POST', `/api/games/${id}/events`, { events });
/** A new game and the order its balls will be called in. */
async function gameWithOrder(body: Record<string, unknown> = {}) {
  const game = await newGame(a.as, body);
  // The room's clock starts with the game: an event dated before its creation would not be believed.
  clock = Math.max(clock, Date.now());
  return { game, order: (await serverState(t.database, game.id)).remaining };
}
const refusal = (id: string, events: Event[], seq: number, reason: string, message: string) =>
  expectRefusedUnchanged(t.database, () => send(id, events), 409, { message, code: 'CONFLICT', reason, seq });
/** The game's first call as the room sends it (session.ts firstCall): alone, naming no ball; expects it applied. */
async function firstCall(id: string, as: GameCall = a.as) {
  const res = await send(id, [ev(1, 'call-next')], as);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ lastSeq: 1, applied: 1 });
  return res.json();
}

describe('POST /api/games/{id}/events', () => {
  it('applies a batch in order and answers the room state without the seed', async () => {
    const { game, order } = await gameWithOrder();
    // The first call's answer is the first to carry the order.
    expect((await firstCall(game.gameId)).state).toMatchObject({
      calledNumbers: [order[0]],
      remaining: order.slice(1),
    });
    const res = await send(game.gameId, [
      ev(2, 'call-next', { expected: order[1] }),
      ev(3, 'pause'),
      ev(4, 'resume'),
      ev(5, 'call-next'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.lastSeq).toBe(5);
    expect(body.applied).toBe(4);
    expect(body.state).toMatchObject({
      v: 1,
      gameId: game.gameId,
      status: 'active',
      patternId: 'full-house',
      seedHex: null,
      calledNumbers: order.slice(0, 3),
      remaining: order.slice(3),
    });
    expect(body.state.cartelas).toHaveLength(5);
    // The room's moments are what the state and the story keep.
    expect(body.state.updatedAt).toBe(new Date(clock).toISOString());
    const detail = (await a.as('GET', `/api/games/${game.id}`)).json().game;
    expect(detail.calls.map((c: { at: string }) => c.at)).toEqual([
      new Date(clock - 4000).toISOString(),
      new Date(clock - 3000).toISOString(),
      new Date(clock).toISOString(),
    ]);
    const log = await eventsOf(t.database, game.id);
    expect(log.map((e) => [e.seq, e.type, e.result.number ?? e.result.status])).toEqual([
      [1, 'call-next', order[0]],
      [2, 'call-next', order[1]],
      [3, 'pause', 'paused'],
      [4, 'resume', 'active'],
      [5, 'call-next', order[2]],
    ]);
    expect(log[0]!.action).toEqual({
      type: 'call-next',
      at: new Date(clock - 4000).toISOString(),
      clock: 'room',
    });
    expect(log[1]!.action).toEqual({
      type: 'call-next',
      at: new Date(clock - 3000).toISOString(),
      expected: order[1],
      clock: 'room',
    });
  });

  it('the first call names no ball and ends its batch: refused otherwise, and nothing of the batch is applied', async () => {
    const { game, order } = await gameWithOrder();
    const namesNoBall =
      'The first call of a game names no ball: the server draws it. Reload the room to take the game as the server has it';
    // The right ball or a wrong one: the same refusal.
    for (const expected of [order[0], order[1]]) {
      await refusal(
        game.id,
        [ev(1, 'call-next', { expected })],
        1,
        'FIRST_CALL_NAMES_NO_BALL',
        `Event 1: ${namesNoBall}`,
      );
    }
    const endsBatch = 'The first call of a game ends its batch: send what follows once it is answered';
    await refusal(
      game.id,
      [ev(1, 'pause'), ev(2, 'resume'), ev(3, 'call-next'), ev(4, 'call-next')],
      3,
      'FIRST_CALL_ENDS_BATCH',
      `Event 3: ${endsBatch}`,
    );
    await refusal(
      game.id,
      [ev(1, 'call-next'), ev(2, 'pause')],
      1,
      'FIRST_CALL_ENDS_BATCH',
      `Event 1: ${endsBatch}`,
    );
    // What comes before it in its batch is applied with it.
    const res = await send(game.id, [ev(1, 'shuffle'), ev(2, 'call-next')]);
    expect(res.json()).toMatchObject({ lastSeq: 2, applied: 2, state: { calledNumbers: [order[0]] } });
    // Once a ball is out, a batch holds calls like any other event.
    const on = await send(game.id, [
      ev(3, 'call-next', { expected: order[1] }),
      ev(4, 'call-next'),
      ev(5, 'pause'),
    ]);
    expect(on.json()).toMatchObject({ lastSeq: 5, applied: 3, state: { calledNumbers: order.slice(0, 3) } });
  });

  it('the endpoints and the log share one sequence: each endpoint action is the next event', async () => {
    const { game, order } = await gameWithOrder();
    await a.as('POST', `/api/games/${game.id}/call-number`);
    const res = await send(game.id, [ev(2, 'call-next', { expected: order[1] })]);
    expect(res.json()).toMatchObject({ lastSeq: 2, applied: 1 });
    await a.as('POST', `/api/games/${game.id}/pause`);
    expect((await roomState(a.as, game.id)).lastSeq).toBe(3);
    // A room that missed the endpoint's event cannot reuse its seq for something else.
    await refusal(
      game.id,
      [ev(3, 'call-next')],
      3,
      'EVENT_CONFLICT',
      'Event 3 was already applied with a different action',
    );
    // But it may replay what happened, the ball called included.
    const replay = await send(game.id, [
      ev(1, 'call-next', { expected: order[0] }),
      ev(3, 'pause'),
      ev(4, 'resume'),
    ]);
    expect(replay.json()).toMatchObject({ lastSeq: 4, applied: 1, state: { status: 'active' } });
  });

  it('a replayed batch changes nothing and is answered as the first time (its moments need not match)', async () => {
    const { game, order } = await gameWithOrder();
    const batch = [ev(1, 'call-next'), ev(2, 'shuffle'), ev(3, 'call-next')];
    // The first call alone (it ends its batch), then the rest.
    expect((await send(game.id, batch.slice(0, 1))).json()).toMatchObject({ lastSeq: 1, applied: 1 });
    const first = await send(game.id, batch.slice(1));
    expect(first.json()).toMatchObject({ lastSeq: 3, applied: 2 });
    const before = await networkState(t.database);
    const again = await send(game.id, batch);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), applied: 0 });
    const later = await send(
      game.id,
      batch.map((e) => ({ ...e, at: '2026-11-24T00:00:00.000Z' })),
    );
    expect(later.json()).toEqual({ ...first.json(), applied: 0 });
    // An older room may send a shuffle with the order after it: the committed order, unchanged (decision 055).
    expect((await send(game.id, [ev(2, 'shuffle', { remaining: order.slice(1) })])).json().applied).toBe(0);
    expect(await networkState(t.database)).toEqual(before);
    // Replays and new events in one batch: only the new ones count.
    const mixed = await send(game.id, [ev(3, 'call-next'), ev(4, 'pause')]);
    expect(mixed.json()).toMatchObject({ lastSeq: 4, applied: 1, state: { status: 'paused' } });
    // The same seq twice in one batch is a replay of the first.
    const twice = await send(game.id, [ev(5, 'resume'), ev(5, 'resume')]);
    expect(twice.json()).toMatchObject({ lastSeq: 5, applied: 1 });
  });

  it('refuses a replay with different content, naming the seq, and applies nothing of the batch', async () => {
    const { game, order } = await gameWithOrder({ cartelaNumbers: [1, 2] });
    await firstCall(game.id);
    const blocked = await send(game.id, [ev(2, 'validate', { cartelaNumber: 1, decision: 'block' })]);
    expect(blocked.json()).toMatchObject({ lastSeq: 2, applied: 1 });
    await refusal(
      game.id,
      [
        ev(1, 'call-next', { expected: order[0] }),
        ev(2, 'validate', { cartelaNumber: 1, decision: 'good-bingo' }),
      ],
      2,
      'EVENT_CONFLICT',
      'Event 2 was already applied with a different action',
    );
    const conflict = 'was already applied with a different action';
    await refusal(game.id, [ev(1, 'pause')], 1, 'EVENT_CONFLICT', `Event 1 ${conflict}`);
    await refusal(
      game.id,
      [ev(1, 'call-next', { expected: order[1] })],
      1,
      'EVENT_CONFLICT',
      `Event 1 ${conflict}`,
    );
    await refusal(
      game.id,
      [ev(2, 'validate', { cartelaNumber: 2, decision: 'block' })],
      2,
      'EVENT_CONFLICT',
      `Event 2 ${conflict}`,
    );
    await refusal(
      game.id,
      [ev(3, 'call-next'), ev(4, 'pause'), ev(4, 'finish')],
      4,
      'EVENT_CONFLICT',
      `Event 4 ${conflict}`,
    );
    await refusal(
      game.id,
      [ev(3, 'shuffle'), ev(3, 'shuffle', { remaining: [1, 2] })],
      3,
      'EVENT_CONFLICT',
      `Event 3 ${conflict}`,
    );
  });

  it('refuses a gap, naming the seq, and applies nothing of the batch', async () => {
    const { game } = await gameWithOrder();
    await refusal(
      game.id,
      [ev(2, 'call-next')],
      2,
      'EVENT_GAP',
      'Event 2 leaves a gap: the next event of this game is 1',
    );
    await refusal(
      game.id,
      [ev(1, 'pause'), ev(2, 'resume'), ev(4, 'call-next')],
      4,
      'EVENT_GAP',
      'Event 4 leaves a gap: the next event of this game is 3',
    );
    expect((await roomState(a.as, game.id)).lastSeq).toBe(0);
    await firstCall(game.id);
    await refusal(
      game.id,
      [ev(2, 'call-next'), ev(3, 'call-next'), ev(5, 'call-next')],
      5,
      'EVENT_GAP',
      'Event 5 leaves a gap: the next event of this game is 4',
    );
    expect((await roomState(a.as, game.id)).lastSeq).toBe(1);
  });

  it('refuses a call that contradicts the committed order (CALL_MISMATCH), naming the seq but not the ball', async () => {
    const { game, order } = await gameWithOrder();
    await firstCall(game.id);
    await refusal(
      game.id,
      [ev(2, 'call-next', { expected: order[2] })],
      2,
      'CALL_MISMATCH',
      `Event 2: ${ROOM_OUT_OF_STEP}`,
    );
    await refusal(
      game.id,
      [ev(2, 'call-next', { expected: order[1] }), ev(3, 'call-next', { expected: order[1] })],
      3,
      'CALL_MISMATCH',
      `Event 3: ${ROOM_OUT_OF_STEP}`,
    );
  });

  it('is atomic: one refused event (a call while paused) and nothing of the batch is applied', async () => {
    const { game } = await gameWithOrder();
    // Before the first call: the call ends the batch, refused, and the pause before it is not applied.
    await refusal(
      game.id,
      [ev(1, 'pause'), ev(2, 'call-next')],
      2,
      'GAME_PAUSED',
      'Event 2: The game is paused: resume it to call',
    );
    await refusal(
      game.id,
      [ev(1, 'finish'), ev(2, 'finish')],
      2,
      'GAME_OVER',
      'Event 2: The game is finished',
    );
    expect(await eventsOf(t.database, game.id)).toEqual([]);
    // After it, in a batch of calls; and a shuffle's order is judged once the order is out (before, judging it
    // would tell the order).
    await firstCall(game.id);
    await refusal(
      game.id,
      [ev(2, 'call-next'), ev(3, 'pause'), ev(4, 'call-next'), ev(5, 'resume')],
      4,
      'GAME_PAUSED',
      'Event 4: The game is paused: resume it to call',
    );
    await refusal(
      game.id,
      [ev(2, 'call-next'), ev(3, 'shuffle', { remaining: [1, 2, 3] })],
      3,
      'SHUFFLE_MISMATCH',
      'Event 3: A shuffle no longer changes the order of the balls',
    );
    expect((await eventsOf(t.database, game.id)).map((e) => e.seq)).toEqual([1]);
  });

  it('judges validations by the claim rule: a GOOD BINGO for a card that does not win is refused', async () => {
    const { game } = await gameWithOrder({ cartelaNumbers: [1, 2] });
    await firstCall(game.id);
    await refusal(
      game.id,
      [ev(2, 'validate', { cartelaNumber: 1, decision: 'good-bingo' })],
      2,
      'NOT_A_WINNER',
      'Event 2: The pattern is not complete',
    );
    // Its cartelas are in play until it is over.
    expect((await send(game.id, [ev(2, 'finish')])).statusCode).toBe(200);
    // The real winner, confirmed through the log, stops calls like the endpoint's.
    const won = await newGame(a.as, {
      cartelaNumbers: Array.from({ length: 20 }, (_, i) => i + 1),
      selectedPattern: 'any-one-line',
    });
    const state = await serverState(t.database, won.id);
    const win = firstWin(state)!;
    await firstCall(won.id);
    const calls = Array.from({ length: win.calls - 1 }, (_, i) =>
      ev(i + 2, 'call-next', { expected: state.remaining[i + 1] }),
    );
    const res = await send(won.id, [
      ...calls,
      ev(win.calls + 1, 'validate', { cartelaNumber: win.cartelaNumber, decision: 'good-bingo' }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().state.winners).toMatchObject([{ cartelaNumber: win.cartelaNumber }]);
    await refusal(
      won.id,
      [ev(win.calls + 2, 'call-next')],
      win.calls + 2,
      'WINNER_DECLARED',
      `Event ${win.calls + 2}: A winner has been confirmed: finish the game`,
    );
    const finished = await send(won.id, [ev(win.calls + 2, 'finish')]);
    const detail = (await a.as('GET', `/api/games/${won.id}`)).json().game;
    expect(detail).toMatchObject({ status: 'finished', winnerCartelaNumber: win.cartelaNumber });
    // Once the game is over, the room's state carries the seed too (redactSeed keeps it).
    expect(finished.json().state.seedHex).toBe(detail.drawSeed);
  });

  it('a cancel through the log refunds like the endpoint (before the first call)', async () => {
    const b = await gameAgent(t.app, t.database, asAdmin, { coins: 20 });
    const game = await newGame(b.as, { stake: 20, cartelaNumbers: [1, 2, 3] }); // 6 coins
    const res = await send(game.id, [ev(1, 'pause'), ev(2, 'cancel')], b.as);
    expect(res.json()).toMatchObject({ lastSeq: 2, state: { status: 'cancelled' } });
    expect(await coinsOf(t.database, b.user.id)).toMatchObject({ balance: 20, ledgerSum: 20 });
    // A replay of the cancel does not refund twice.
    await send(game.id, [ev(2, 'cancel')], b.as);
    expect(await coinsOf(t.database, b.user.id)).toMatchObject({ balance: 20, ledgerSum: 20 });
  });

  it.each([
    ['no events', { events: [] }, 'events: Send at least one event'],
    [
      'seq 0',
      { events: [{ seq: 0, at: '2026-11-23T08:00:00Z', type: 'pause' }] },
      'events.0.seq: seq starts at 1',
    ],
    [
      'a time that is not ISO 8601',
      { events: [{ seq: 1, at: 'yesterday', type: 'pause' }] },
      'events.0.at: at is an ISO 8601 date-time',
    ],
    ['an unknown type', { events: [{ seq: 1, at: '2026-11-23T08:00:00Z', type: 'reveal-seed' }] }, undefined],
    ['the create action', { events: [{ seq: 1, at: '2026-11-23T08:00:00Z', type: 'create' }] }, undefined],
    [
      'a field of another type',
      { events: [{ seq: 1, at: '2026-11-23T08:00:00Z', type: 'pause', cartelaNumber: 1 }] },
      undefined,
    ],
    [
      'a ball out of range',
      { events: [{ seq: 1, at: '2026-11-23T08:00:00Z', type: 'call-next', expected: 76 }] },
      undefined,
    ],
    [
      '201 events',
      {
        events: Array.from({ length: 201 }, (_, i) => ({
          seq: i + 1,
          at: '2026-11-23T08:00:00Z',
          type: 'pause',
        })),
      },
      undefined,
    ],
  ])('answers 400 for %s', async (_name, payload, message) => {
    const { game } = await gameWithOrder();
    const before = await networkState(t.database);
    const res = await a.as('POST', `/api/games/${game.id}/events`, payload);
    expect(res.statusCode, res.body).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect(await networkState(t.database)).toEqual(before);
  });
});

describe('the event log is append-only', () => {
  it('refuses to update or delete an event', async () => {
    const { game } = await gameWithOrder();
    await a.as('POST', `/api/games/${game.id}/call-number`);
    await expect(
      t.database.db.execute(sql`UPDATE game_events SET type = 'pause' WHERE game_id = ${game.id}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`DELETE FROM game_events WHERE game_id = ${game.id}`),
    ).rejects.toThrow();
    expect(await eventsOf(t.database, game.id)).toHaveLength(1);
  });
});
