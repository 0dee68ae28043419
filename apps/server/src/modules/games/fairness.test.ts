// Issue 18, 'The draw cannot be steered': the agent who runs a draw and sees its screen cannot choose its outcome.
// A shuffle no longer changes the committed order; no answer reveals a call before it is called while a refund
// is still possible; the story keeps the server's time beside the room's; a cancelled game keeps its reason; the
// spec's create payload is accepted and kept. Each test failed on the code before this issue.
import { drawOrder, GAME_STARTED, verifyGame } from '@cartela/core';
import { afterEach, describe, expect, it } from 'vitest';
import { useGamesApp } from '../../test/fixtures.js';
import { finishOpenGames, type GameCall, newGame, roomState, serverState } from '../../test/games.js';
import { coinsOf, expectRefusedUnchanged } from '../../test/network.js';

const { t, asAdmin, a } = useGamesApp({ agent: { coins: 10_000 } });
// A cartela is in one round at a time: each test leaves the file's agent no game in play.
afterEach(() => finishOpenGames(a.as));

const post = (id: string, action: string, body?: unknown) => a.as('POST', `/api/games/${id}/${action}`, body);
const ok = async (res: Promise<Awaited<ReturnType<GameCall>>>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
};
const game = async (id: string) => (await ok(a.as('GET', `/api/games/${id}`))).game;

describe('a shuffle is the hall’s moment: it never changes the committed order', () => {
  it('however many shuffles, before and during the game, the calls follow the order of the seed', async () => {
    const g = await newGame(a.as, { cartelaNumbers: [1, 2, 3, 4, 5, 6, 7, 8] });
    // The red team's move: shuffle again and again before the first call...
    for (let i = 0; i < 12; i++) await ok(post(g.id, 'shuffle-numbers'));
    for (let i = 0; i < 4; i++) await ok(post(g.id, 'call-number'));
    // ...and in the middle of the game.
    for (let i = 0; i < 6; i++) await ok(post(g.id, 'shuffle-numbers'));
    for (let i = 0; i < 4; i++) await ok(post(g.id, 'call-number'));
    const finished = (await ok(post(g.id, 'finish'))).game;

    expect(finished.calledNumbers).toEqual(drawOrder(finished.drawSeed).slice(0, 8));
    expect(finished.shuffles).toHaveLength(18);
    expect(finished.shuffles.map((s: { afterCalls: number }) => s.afterCalls)).toEqual([
      ...Array(12).fill(0),
      ...Array(6).fill(4),
    ]);
    for (const s of finished.shuffles) expect(s.reordered).toBe(false);
    // The verifier needs no shuffle: none reordered anything.
    expect(
      verifyGame({
        commitment: finished.drawCommitment,
        seedHex: finished.drawSeed,
        calls: finished.calledNumbers,
      }).ok,
    ).toBe(true);
  });
});

describe('no call is revealed before it is called while a refund is possible', () => {
  it('creation, GET /state, the lists and the event log answer without the order until the first call', async () => {
    const created = await ok(
      a.as('POST', '/api/games', { stake: 10, cartelaNumbers: [1, 2, 3], selectedPattern: 'full-house' }),
    );
    const id = created.game.id as string;
    const order = (await serverState(t.database, id)).remaining;
    const secret = JSON.stringify(order.slice(0, 10));
    expect(JSON.stringify(created)).not.toContain(secret.slice(1, -1));

    const before = await roomState(a.as, id);
    expect(before.state.remaining).toEqual([]);
    expect(before.state.orderSealed).toBe(true);
    expect(before.state.seedHex).toBeNull();
    const listed = (await ok(a.as('GET', '/api/games/my-games?limit=100'))).games;
    const answers = [
      await ok(a.as('GET', `/api/games/${id}`)),
      listed.find((x: { id: string }) => x.id === id),
      (await ok(asAdmin('GET', '/api/games/all?limit=100'))).games.find((x: { id: string }) => x.id === id),
      await ok(post(id, 'pause')),
      await ok(post(id, 'shuffle-numbers')),
      await ok(
        a.as('POST', `/api/games/${id}/events`, {
          events: [{ seq: 3, at: new Date().toISOString(), type: 'resume' }],
        }),
      ),
      // The public route anyone may read (decision 074), with or without a session.
      await ok(t.app.inject({ method: 'GET', url: `/api/public/games/${created.gameId}` })),
      await ok(a.as('GET', `/api/public/games/${created.gameId}`)),
    ];
    for (const answer of answers) {
      const text = JSON.stringify(answer);
      expect(text).not.toContain(secret.slice(1, -1));
      expect(text).not.toMatch(/"(drawSeed|seedHex)":"/);
    }
    // The room's copy cannot call: the first ball needs the server.
    const sealed = await ok(
      a.as('POST', `/api/games/${id}/events`, {
        events: [{ seq: 4, at: new Date().toISOString(), type: 'shuffle' }],
      }),
    );
    expect(sealed.state).toMatchObject({ remaining: [], orderSealed: true });

    // The first call's answer carries the order, so the room can go on offline.
    const first = await ok(
      a.as('POST', `/api/games/${id}/events`, {
        events: [{ seq: 5, at: new Date().toISOString(), type: 'call-next' }],
      }),
    );
    expect(first.state.calledNumbers).toEqual([order[0]]);
    expect(first.state.remaining).toEqual(order.slice(1));
    expect(first.state.orderSealed).toBeUndefined();
    expect((await roomState(a.as, id)).state.remaining).toEqual(order.slice(1));
    // Running, the public answer has the calls made and nothing more: no seed, no call to come.
    const running = await t.app.inject({ method: 'GET', url: `/api/public/games/${created.gameId}` });
    expect(running.json().game).toMatchObject({ calledNumbers: [order[0]], seed: null });
    expect(running.body).not.toContain(JSON.stringify(order.slice(1, 6)).slice(1, -1));
    expect(running.body.match(/[0-9a-f]{64}/g)).toEqual([created.game.drawCommitment]);
  });

  it('a cancel before the first call refunds, and its game stays in the history with its reason; after a call it is refused', async () => {
    const g = await newGame(a.as);
    const before = await coinsOf(t.database, a.user.id);
    const cancelled = await ok(post(g.id, 'cancel', { reason: 'Wrong cartelas typed' }));
    expect(cancelled.message).toBe('Game cancelled: 5 coins refunded');
    expect(cancelled.game).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Wrong cartelas typed',
      refundedCoins: 5,
    });
    expect((await coinsOf(t.database, a.user.id)).balance).toBe(before.balance + 5);
    const listed = (await ok(a.as('GET', '/api/games/my-games?limit=100'))).games;
    expect(listed.find((x: { id: string }) => x.id === g.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Wrong cartelas typed',
    });
    const all = (await ok(asAdmin('GET', '/api/games/all?limit=100'))).games;
    expect(all.find((x: { id: string }) => x.id === g.id)).toMatchObject({
      cancelReason: 'Wrong cartelas typed',
    });

    // Without a body, no reason.
    const plain = await newGame(a.as);
    expect((await ok(post(plain.id, 'cancel'))).game).toMatchObject({
      status: 'cancelled',
      cancelReason: null,
      refundedCoins: 5,
    });

    // After a call, no cancel (the order has been seen): refused with or without a reason, changing nothing; the
    // game is played to its end, and finished it keeps its coins.
    const played = await newGame(a.as);
    await ok(post(played.id, 'call-number'));
    for (const body of [undefined, { reason: 'Wrong cartelas typed' }]) {
      await expectRefusedUnchanged(t.database, () => post(played.id, 'cancel', body), 409, {
        message: GAME_STARTED,
        code: 'CONFLICT',
        reason: 'GAME_STARTED',
      });
    }
    expect(await game(played.id)).toMatchObject({ status: 'active', totalCalls: 1, cancelReason: null });
    expect((await ok(post(played.id, 'finish'))).game).toMatchObject({
      status: 'finished',
      coinCost: 5,
      refundedCoins: 0,
    });
    const tooLong = await post((await newGame(a.as)).id, 'cancel', { reason: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('the story keeps the server’s time of receipt and believes the room’s clock only when it can be', () => {
  it('a call dated 2099 and a finish dated 1970 are stored at the server’s time, the room’s kept aside', async () => {
    const g = await newGame(a.as);
    const startedMs = Date.now();
    const plausible = new Date(startedMs + 1000).toISOString();
    // The first call alone (it ends its batch), then the rest.
    const first = await a.as('POST', `/api/games/${g.id}/events`, {
      events: [{ seq: 1, at: plausible, type: 'call-next' }],
    });
    expect(first.statusCode, first.body).toBe(200);
    const res = await a.as('POST', `/api/games/${g.id}/events`, {
      events: [
        { seq: 2, at: '2099-01-01T00:00:00.000Z', type: 'call-next' },
        { seq: 3, at: '2026-01-01T00:00:00.000Z', type: 'call-next' },
        { seq: 4, at: '1970-01-01T00:00:00.000Z', type: 'finish' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const story = await game(g.id);
    const doneMs = Date.now();
    expect(story.calls[0]).toMatchObject({ at: plausible, clock: 'room' });
    for (const c of story.calls.slice(1)) {
      expect(c.clock).toBe('server');
      expect(Date.parse(c.at)).toBeGreaterThanOrEqual(Date.parse(plausible));
      expect(Date.parse(c.at)).toBeLessThanOrEqual(doneMs + 1000);
    }
    for (const c of story.calls) {
      expect(Date.parse(c.receivedAt)).toBeGreaterThanOrEqual(startedMs - 1000);
      expect(Date.parse(c.receivedAt)).toBeLessThanOrEqual(doneMs + 1000);
    }
    // Never before the previous event, never in 1970 or 2099.
    const finishedAt = Date.parse(story.finishedAt);
    expect(finishedAt).toBeGreaterThanOrEqual(Date.parse(story.calls[2].at));
    expect(finishedAt).toBeLessThanOrEqual(doneMs + 1000);
    const report = await ok(a.as('GET', '/api/games/my-games?limit=100'));
    const listed = report.games.find((x: { id: string }) => x.id === g.id);
    expect(Date.parse(listed.finishedAt)).toBe(finishedAt);
  });
});

describe('POST /api/games takes the spec’s create payload as the spec gives it', () => {
  it("accepts gameMode 'specific-pattern' and the wizard's fields, and keeps them on the game", async () => {
    const wizard = {
      moneyLevels: [
        { amount: 10, label: '10 Birr' },
        { amount: 20, label: '20 Birr' },
      ],
      customMoneyLevel: 0,
      commonMoneyLevel: 0,
      voiceSpeed: 1,
    };
    const created = await ok(
      a.as('POST', '/api/games', {
        stake: 20,
        numberOfPlayers: 3,
        cartelaNumbers: [1, 2, 3],
        gameMode: 'specific-pattern',
        enabledPatterns: ['full-house', 'four-corners', 'corners'],
        selectedPattern: 'full-house',
        ...wizard,
      }),
    );
    // Kept as sent; 'corners' is another name of four-corners, kept once.
    expect(created.game).toMatchObject({
      gameMode: 'specific-pattern',
      settings: { enabledPatterns: ['full-house', 'four-corners'], ...wizard },
    });
    expect((await game(created.gameId)).settings.voiceSpeed).toBe(1);
    // Without gameMode: the spec's default. An unknown mode is a 400 that creates nothing.
    const plain = await newGame(a.as);
    expect(plain.gameMode).toBe('specific-pattern');
    const wrong = await a.as('POST', '/api/games', {
      stake: 10,
      cartelaNumbers: [1],
      selectedPattern: 'full-house',
      gameMode: 'anything',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
