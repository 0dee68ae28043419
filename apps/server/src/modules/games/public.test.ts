// The public game route behind /verify (issue 23, decision 074): anyone may check a game by its public id, without
// a session; it answers nothing of the hall or the network, the seed only once the game is over, is cached and
// limited per client address.
import { checkCallByCall } from '@cartela/core';
import { afterEach, describe, expect, it } from 'vitest';
import { useGamesApp } from '../../test/fixtures.js';
import { finishOpenGames, firstWin, newGame, roomState, serverState } from '../../test/games.js';

const LIMIT = 5;
const { t, a } = useGamesApp({
  agent: { coins: 10_000 },
  env: { PUBLIC_RATE_LIMIT_MAX: String(LIMIT), PUBLIC_URL: 'http://192.168.1.10:3000/' },
});
// A cartela is in one round at a time: each test leaves the file's agent no game in play.
afterEach(() => finishOpenGames(a.as));

let addresses = 0;
/** A client address no other request of this file uses (each has its own rate limit window). */
const newAddress = () => `10.23.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

/** GET as nobody in particular: no session, from `address`. */
const anyone = (url: string, address = newAddress(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress: address, headers });
const publicGame = async (gameId: string) => {
  const res = await anyone(`/api/public/games/${gameId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const post = async (id: string, action: string, body?: unknown) => {
  const res = await a.as('POST', `/api/games/${id}/${action}`, body);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};

/** Every key of the answer: a new one is a decision (decision 074), never an accident. */
const KEYS = [
  'calledNumbers',
  'cartelaCount',
  'claims',
  'commitment',
  'createdAt',
  'finishedAt',
  'gameId',
  'patternId',
  'prize',
  'reorderedAfter',
  'seed',
  'stakesRefunded',
  'stake',
  'startedAt',
  'status',
  'winners',
].sort();

/** Nothing of the hall: no agent id or name, no row id, no user. */
function expectNothingPrivate(text: string, game: { id: string }) {
  expect(text).not.toContain(a.user.id);
  expect(text).not.toContain(a.user.username);
  expect(text).not.toContain(game.id);
  expect(text).not.toMatch(/agent|username|userId|_id|"id"/i);
}

describe('GET /api/public/games/:gameId, before the end', () => {
  it('shows the status, pattern, cartelas, stake, prize, commitment and calls so far, never the seed', async () => {
    const g = await newGame(a.as, {
      stake: 20,
      cartelaNumbers: [1, 2, 3, 4],
      selectedPattern: 'four-corners',
    });
    const order = (await serverState(t.database, g.id)).remaining;

    const sealed = (await publicGame(g.gameId)).json().game;
    expect(Object.keys(sealed).sort()).toEqual(KEYS);
    expect(sealed).toMatchObject({
      gameId: g.gameId,
      status: 'active',
      patternId: 'four-corners',
      cartelaCount: 4,
      stake: 20,
      prize: g.prize,
      commitment: g.drawCommitment,
      calledNumbers: [],
      startedAt: null,
      finishedAt: null,
      seed: null,
      winners: [],
      claims: [],
      reorderedAfter: [],
      stakesRefunded: null,
    });

    for (let i = 0; i < 3; i++) await post(g.id, 'call-number');
    await post(g.id, 'shuffle-numbers');
    const res = await publicGame(g.gameId);
    const running = res.json().game;
    expect(running.calledNumbers).toEqual(order.slice(0, 3));
    expect(Date.parse(running.startedAt)).toBeGreaterThanOrEqual(Date.parse(running.createdAt));
    expect(running.seed).toBeNull();
    // No future call and no seed anywhere in the answer.
    expect(res.body).not.toContain(JSON.stringify(order.slice(3, 8)).slice(1, -1));
    expect(res.body.match(/[0-9a-f]{64}/g)).toEqual([g.drawCommitment]);
    expectNothingPrivate(res.body, g);
    // The same in any letter case, as players type it.
    expect((await publicGame(g.gameId.toLowerCase())).json().game.gameId).toBe(g.gameId);
  });

  it('is cached a few seconds while the game runs, with an ETag the next call changes', async () => {
    const g = await newGame(a.as);
    await post(g.id, 'call-number');
    const first = await publicGame(g.gameId);
    expect(first.headers['cache-control']).toBe('public, max-age=5');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);

    const again = await anyone(`/api/public/games/${g.gameId}`, newAddress(), { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await post(g.id, 'call-number');
    const moved = await anyone(`/api/public/games/${g.gameId}`, newAddress(), { 'if-none-match': etag });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).not.toBe(etag);
    expect(moved.json().game.calledNumbers).toHaveLength(2);
  });
});

describe('GET /api/public/games/:gameId, once the game is over', () => {
  it('a finished game: the seed, every call, the winners and the claims; the calls check against the seed', async () => {
    const g = await newGame(a.as, {
      cartelaNumbers: [1, 2, 3, 4, 5, 6, 7, 8],
      selectedPattern: 'four-corners',
    });
    await post(g.id, 'call-number');
    const win = firstWin((await roomState(a.as, g.id)).state)!;
    for (let i = 0; i < win.calls; i++) await post(g.id, 'call-number');
    const loser = [1, 2, 3, 4, 5, 6, 7, 8].find((n) => n !== win.cartelaNumber)!;
    await post(g.id, 'validate-winner', { cartelaNumber: loser });
    await post(g.id, 'validate-winner', { cartelaNumber: win.cartelaNumber });
    const ended = (await post(g.id, 'finish')).game;

    const res = await publicGame(g.gameId);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const game = res.json().game;
    expect(Object.keys(game).sort()).toEqual(KEYS);
    expect(game).toMatchObject({
      status: 'finished',
      seed: ended.drawSeed,
      calledNumbers: ended.calledNumbers,
      finishedAt: ended.finishedAt,
      winners: [
        {
          cartelaNumber: win.cartelaNumber,
          patternId: 'four-corners',
          callCount: ended.calledNumbers.length,
          lastBall: ended.calledNumbers.at(-1),
          prizeShare: ended.prize,
        },
      ],
      stakesRefunded: null,
    });
    expect(Object.keys(game.winners[0]).sort()).toEqual(
      ['callCount', 'cartelaNumber', 'lastBall', 'patternId', 'prizeShare'].sort(),
    );
    // A winner's pattern was completed on the claim's own call.
    const last = { ball: ended.calledNumbers.at(-1), callCount: ended.calledNumbers.length };
    expect(game.claims).toEqual([
      expect.objectContaining({ cartelaNumber: loser, decision: 'block' }),
      expect.objectContaining({
        cartelaNumber: win.cartelaNumber,
        decision: 'good-bingo',
        reason: 'WINNER',
        completedOn: last,
      }),
    ]);
    expect(Object.keys(game.claims[0]).sort()).toEqual(
      ['callCount', 'cartelaNumber', 'completedOn', 'decision', 'lastBall', 'reason'].sort(),
    );
    const check = checkCallByCall({
      commitment: game.commitment,
      seedHex: game.seed,
      calls: game.calledNumbers,
    });
    expect(check.verdict).toEqual({ kind: 'ok' });
    expectNothingPrivate(res.body, g);
  });

  it('a cancelled game says so, and that the stakes went back; its seed is revealed', async () => {
    const g = await newGame(a.as);
    await post(g.id, 'cancel', { reason: 'Agent Abebe typed the wrong cartelas' });
    const res = await publicGame(g.gameId);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const game = res.json().game;
    expect(game).toMatchObject({ status: 'cancelled', stakesRefunded: true, prize: 0, calledNumbers: [] });
    expect(game.seed).toMatch(/^[0-9a-f]{64}$/);
    // The agent's words stay in the hall.
    expect(res.body).not.toContain('Abebe');
  });
});

describe('what the public route refuses', () => {
  it('an unknown, malformed or private id is a 404 with the error model, never cached', async () => {
    const g = await newGame(a.as);
    for (const id of [
      'GZZZZZZZZZZ',
      'G123',
      'nope',
      g.id,
      encodeURIComponent("G' OR 1=1 --"),
      'x'.repeat(90),
    ]) {
      const res = await anyone(`/api/public/games/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Game not found', code: 'NOT_FOUND' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it(`answers ${LIMIT} requests a window per client address, then 429 with Retry-After; other addresses go on`, async () => {
    const g = await newGame(a.as);
    const address = newAddress();
    for (let i = 0; i < LIMIT; i++) {
      expect((await anyone(`/api/public/games/${g.gameId}`, address)).statusCode).toBe(200);
    }
    const refused = await anyone(`/api/public/games/${g.gameId}`, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Unknown ids count too: guessing is no way around it.
    expect((await anyone('/api/public/games/GZZZZZZZZZZ', address)).statusCode).toBe(429);
    expect((await anyone(`/api/public/games/${g.gameId}`)).statusCode).toBe(200);
  });
});

describe('GET /api/public/address', () => {
  it('tells PUBLIC_URL, without its trailing slash, to anyone', async () => {
    const res = await anyone('/api/public/address');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicUrl: 'http://192.168.1.10:3000' });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});
