// A running game through the real HTTP stack: every action and its refusals (paused, finished, winner
// declared, the 75th call), validate-winner by the claim rule, cancel before the first call (refunded) and its
// refusal after one, the story of a finished game and its fairness (the revealed seed reproduces the calls), the
// reads, and who may do what.
import type { GameDetail } from '@cartela/contract';
import { type Card, checkClaim, drawOrder, GAME_STARTED, seedCommitment, verifyGame } from '@cartela/core';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { useGamesApp } from '../../test/fixtures.js';
import {
  eventsOf,
  finishOpenGames,
  firstWin,
  type GameCall,
  gameAgent,
  gameCaller,
  newGame,
  serverState,
} from '../../test/games.js';
import { createSuperAgent, loginAs } from '../../test/helpers.js';
import { coinsOf, expectRefusedUnchanged } from '../../test/network.js';

const { t, asAdmin, a } = useGamesApp({ agent: { coins: 10_000 } });
// A cartela is in one round at a time: each test leaves the file's agent no game in play.
afterEach(() => finishOpenGames(a.as));

const post = (as: GameCall, id: string, action: string, body?: unknown) =>
  as('POST', `/api/games/${id}/${action}`, body);
const call = (id: string) => post(a.as, id, 'call-number');
const detail = async (id: string, as: GameCall = a.as): Promise<GameDetail> => {
  const res = await as('GET', `/api/games/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().game;
};
/** Expects a 409 refusal by the game rule `reason`, with its message, changing nothing. */
const refusedBy = (request: () => ReturnType<GameCall>, reason: string, message: string) =>
  expectRefusedUnchanged(t.database, request, 409, { message, code: 'CONFLICT', reason });

describe('call-number', () => {
  it('calls the balls in the committed order, one event each; after the 75th a last-ball claim, then the finish', async () => {
    // A game where a cartela holds the last ball of the draw (nearly always: 5 cards of 24 numbers).
    let game = await newGame(a.as);
    let state = await serverState(t.database, game.gameId);
    while (!state.cartelas.some((c) => c.card.flat().includes(state.remaining[74]!))) {
      expect((await post(a.as, game.id, 'cancel')).statusCode).toBe(200);
      game = await newGame(a.as);
      state = await serverState(t.database, game.gameId);
    }
    const order = state.remaining;
    const first = await call(game.gameId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      number: order[0],
      letter: 'BINGO'[Math.floor((order[0]! - 1) / 15)],
      calledNumbers: [order[0]],
      remaining: 74,
      status: 'active',
    });
    for (let i = 1; i < 74; i++) expect((await call(game.id)).json().number).toBe(order[i]);
    const last = await call(game.gameId);
    expect(last.json()).toMatchObject({
      number: order[74],
      remaining: 0,
      status: 'active',
      calledNumbers: order,
    });
    await refusedBy(() => call(game.gameId), 'NO_NUMBERS_LEFT', 'All 75 balls have been called');

    // The card the last ball completed wins (a full house: every number called, the last one on it) ...
    const holder = state.cartelas.find((c) => c.card.flat().includes(order[74]!))!;
    const claim = await post(a.as, game.id, 'validate-winner', { cartelaNumber: holder.cartelaNumber });
    expect(claim.statusCode, claim.body).toBe(200);
    expect(claim.json()).toMatchObject({ winner: true, lastBall: order[74] });
    // ... and the agent finishes: the seed is published.
    expect((await post(a.as, game.id, 'finish')).statusCode).toBe(200);
    const done = await detail(game.gameId);
    expect(done).toMatchObject({ status: 'finished', finishReason: 'agent', totalCalls: 75 });
    expect(done.finishedAt).not.toBeNull();
    expect(done.drawSeed).toMatch(/^[0-9a-f]{64}$/);
    const events = await eventsOf(t.database, game.id);
    expect(events.slice(0, 75).map((e) => e.result.number)).toEqual(order);
    await refusedBy(() => call(game.gameId), 'GAME_OVER', 'The game is finished');
  });
});

describe('call-number with a seq: a retry after a lost answer', () => {
  it('answers a call sent again with its seq as the first time, never with a second ball; a gap is refused', async () => {
    const game = await newGame(a.as);
    const order = (await serverState(t.database, game.id)).remaining;
    const callAs = (seq: number) => post(a.as, game.id, 'call-number', { seq });
    const first = await callAs(game.lastSeq + 1);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      number: order[0],
      letter: 'BINGO'[Math.floor((order[0]! - 1) / 15)],
      calledNumbers: [order[0]],
      remaining: 74,
      status: 'active',
    });
    const again = await callAs(game.lastSeq + 1);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await detail(game.id)).toMatchObject({ totalCalls: 1, lastSeq: 1 });

    // Later calls too; and a retry of an older call answers the game as that call left it.
    expect((await call(game.id)).json().number).toBe(order[1]);
    const third = await callAs(3);
    expect(third.json()).toMatchObject({ number: order[2], calledNumbers: order.slice(0, 3), remaining: 72 });
    expect((await callAs(3)).json()).toEqual(third.json());
    expect((await callAs(1)).json()).toEqual(first.json());
    expect(await detail(game.id)).toMatchObject({
      totalCalls: 3,
      lastSeq: 3,
      calledNumbers: order.slice(0, 3),
    });
    const events = await eventsOf(t.database, game.id);
    expect(events.map((e) => [e.seq, e.type, e.result.number])).toEqual([
      [1, 'call-next', order[0]],
      [2, 'call-next', order[1]],
      [3, 'call-next', order[2]],
    ]);

    // A seq past the next one leaves a gap; the seq of another action is not a call's.
    await expectRefusedUnchanged(t.database, () => callAs(5), 409, {
      message: 'Event 5 leaves a gap: the next event of this game is 4',
      code: 'CONFLICT',
      reason: 'EVENT_GAP',
      seq: 5,
    });
    expect((await post(a.as, game.id, 'pause')).statusCode).toBe(200);
    await expectRefusedUnchanged(t.database, () => callAs(4), 409, {
      message: 'Event 4 was already applied with a different action',
      code: 'CONFLICT',
      reason: 'EVENT_CONFLICT',
      seq: 4,
    });
  });
});

describe('pause, resume, finish, cancel: each transition and its refusal', () => {
  it('pause stops calls, resume restarts them; each refuses the wrong state', async () => {
    const game = await newGame(a.as);
    await refusedBy(() => post(a.as, game.id, 'resume'), 'GAME_NOT_PAUSED', 'The game is not paused');
    const paused = await post(a.as, game.gameId, 'pause');
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ message: 'Game paused', game: { status: 'paused', lastSeq: 1 } });
    await refusedBy(() => call(game.id), 'GAME_PAUSED', 'The game is paused: resume it to call');
    await refusedBy(() => post(a.as, game.id, 'pause'), 'GAME_ALREADY_PAUSED', 'The game is already paused');
    // Shuffling is allowed while paused.
    expect((await post(a.as, game.id, 'shuffle-numbers')).json()).toMatchObject({
      message: 'Numbers shuffled',
      game: { status: 'paused', shuffles: [{ afterCalls: 0 }] },
    });
    const resumed = await post(a.as, game.id, 'resume');
    expect(resumed.json()).toMatchObject({ message: 'Game resumed', game: { status: 'active', lastSeq: 3 } });
    expect((await call(game.id)).statusCode).toBe(200);
  });

  it('finish works from active and from paused, reveals the seed, and nothing is allowed after it', async () => {
    const game = await newGame(a.as);
    await call(game.id);
    await post(a.as, game.id, 'pause');
    const finished = await post(a.as, game.id, 'finish');
    expect(finished.statusCode, finished.body).toBe(200);
    const g = finished.json().game;
    expect(g).toMatchObject({ status: 'finished', finishReason: 'agent', totalCalls: 1 });
    expect(seedCommitment(g.drawSeed)).toBe(g.drawCommitment);
    for (const action of ['call-number', 'pause', 'resume', 'shuffle-numbers', 'finish', 'cancel']) {
      await refusedBy(() => post(a.as, game.id, action), 'GAME_OVER', 'The game is finished');
    }
    await refusedBy(
      () => post(a.as, game.id, 'validate-winner', { cartelaNumber: 1 }),
      'GAME_OVER',
      'The game is finished',
    );
  });

  it('a cancelled game refuses everything with GAME_OVER and shows its seed', async () => {
    const game = await newGame(a.as);
    const cancelled = await post(a.as, game.id, 'cancel');
    expect(cancelled.json().game).toMatchObject({ status: 'cancelled', finishReason: null });
    expect(cancelled.json().game.drawSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(cancelled.json().game.finishedAt).not.toBeNull();
    for (const action of ['call-number', 'pause', 'finish', 'cancel']) {
      await refusedBy(() => post(a.as, game.id, action), 'GAME_OVER', 'The game is cancelled');
    }
  });
});

describe('cancel and coins', () => {
  it('a game cancelled before its first call gives its coins back through the ledger', async () => {
    const b = await gameAgent(t.app, t.database, asAdmin, { coins: 100 });
    const game = await newGame(b.as, { stake: 50, cartelaNumbers: [1, 2, 3] }); // fee 15 ETB: 15 coins
    expect(await coinsOf(t.database, b.user.id)).toMatchObject({ balance: 85 });
    await post(b.as, game.id, 'shuffle-numbers'); // a shuffle is not a call
    const res = await post(b.as, game.id, 'cancel');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Game cancelled: 15 coins refunded');
    const coins = await coinsOf(t.database, b.user.id);
    expect(coins).toMatchObject({ balance: 100, ledgerSum: 100 });
    expect(coins.ledger.map((r) => [r.reason, r.delta, r.before, r.after])).toEqual([
      ['top-up', 100, 0, 100],
      ['refund', 15, 85, 100],
      ['game', -15, 100, 85],
    ]);
    const refunds = await t.database.db.execute(
      sql`SELECT game_id, actor_id, notes FROM coin_ledger WHERE agent_id = ${b.user.id} AND reason = 'refund'`,
    );
    const [refund] = (refunds as unknown as { rows: Record<string, string>[] }).rows;
    expect(refund).toEqual({
      game_id: game.id,
      actor_id: b.user.id,
      notes: `Game ${game.gameId} cancelled before its first call`,
    });
    expect((await eventsOf(t.database, game.id)).at(-1)).toMatchObject({
      type: 'cancel',
      result: { status: 'cancelled', refundedCoins: 15 },
    });
    expect((await b.as('GET', '/api/auth/me')).json().user.virtualCoins).toBe(100);
  });

  it('a game with a call cannot be cancelled: the game stays, and Finish keeps its fee', async () => {
    const b = await gameAgent(t.app, t.database, asAdmin, { coins: 100 });
    const game = await newGame(b.as, { stake: 50, cartelaNumbers: [1, 2, 3] });
    await post(b.as, game.id, 'call-number');
    await refusedBy(() => post(b.as, game.id, 'cancel'), 'GAME_STARTED', GAME_STARTED);
    await refusedBy(
      () => post(b.as, game.id, 'cancel', { reason: 'wrong stake' }),
      'GAME_STARTED',
      GAME_STARTED,
    );
    expect(await detail(game.id, b.as)).toMatchObject({ status: 'active', totalCalls: 1, coinCost: 15 });
    const finished = await post(b.as, game.id, 'finish');
    expect(finished.json().game).toMatchObject({
      status: 'finished',
      totalCalls: 1,
      coinCost: 15,
      agentFee: 15,
    });
    const coins = await coinsOf(t.database, b.user.id);
    expect(coins).toMatchObject({ balance: 85, ledgerSum: 85 });
    expect(coins.ledger.map((r) => [r.reason, r.delta])).toEqual([
      ['top-up', 100],
      ['game', -15],
    ]);
  });

  it('a commission-share game is cancelled without any coin movement', async () => {
    const b = await gameAgent(t.app, t.database, asAdmin, { financialModel: 'commission-share' });
    const game = await newGame(b.as);
    expect((await post(b.as, game.id, 'cancel')).json().message).toBe('Game cancelled');
    expect((await coinsOf(t.database, b.user.id)).ledger).toEqual([]);
  });
});

/** A game of cartelas 1-20 with `pattern`, called until a cartela first wins; returns it and the winner. */
async function gameUpToWin(pattern: string) {
  for (;;) {
    const game = await newGame(a.as, {
      cartelaNumbers: Array.from({ length: 20 }, (_, i) => i + 1),
      selectedPattern: pattern,
    });
    const state = await serverState(t.database, game.id);
    const win = firstWin(state);
    if (!win) continue; // practically never: some card completes its pattern before the balls run out
    for (let i = 0; i < win.calls; i++) expect((await call(game.id)).statusCode).toBe(200);
    return { game, state, winner: win.cartelaNumber };
  }
}

const cardOf = (state: { cartelas: { cartelaNumber: number; card: Card }[] }, n: number) =>
  state.cartelas.find((c) => c.cartelaNumber === n)!.card;

describe('validate-winner', () => {
  it('a winner is recorded as GOOD BINGO: calls and shuffles stop, cancel is refused, finish is allowed', async () => {
    const { game, winner } = await gameUpToWin('four-corners');
    const res = await post(a.as, game.id, 'validate-winner', {
      cartelaNumber: winner,
      claimedPattern: 'corners',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const called = body.game.calledNumbers as number[];
    expect(body).toMatchObject({
      winner: true,
      reason: 'WINNER',
      message: `GOOD BINGO! Cartela #${winner} wins`,
      cartelaNumber: winner,
      patternId: 'four-corners',
      lastBall: called.at(-1),
      recorded: 'good-bingo',
      game: {
        winnerCartelaNumber: winner,
        winners: [
          {
            cartelaNumber: winner,
            patternId: 'four-corners',
            lastBall: called.at(-1),
            callCount: called.length,
          },
        ],
        validations: [
          { cartelaNumber: winner, decision: 'good-bingo', reason: 'WINNER', callCount: called.length },
        ],
      },
    });
    const message = 'A winner has been confirmed: finish the game';
    await refusedBy(() => call(game.id), 'WINNER_DECLARED', message);
    await refusedBy(() => post(a.as, game.id, 'shuffle-numbers'), 'WINNER_DECLARED', message);
    await refusedBy(
      () => post(a.as, game.id, 'cancel'),
      'WINNER_DECLARED',
      'A game with a confirmed winner cannot be cancelled',
    );
    await refusedBy(
      () => post(a.as, game.id, 'validate-winner', { cartelaNumber: winner }),
      'ALREADY_WINNER',
      `Cartela #${winner} is already confirmed as a winner`,
    );
    const finished = await post(a.as, game.id, 'finish');
    expect(finished.json().game).toMatchObject({ status: 'finished', winnerCartelaNumber: winner });
  });

  it('a late claim (the last ball is not on the card) is recorded as a block, and stays blocked', async () => {
    const { game, winner } = await gameUpToWin('four-corners');
    // Call on until the last ball is not on the winning card.
    let state = await serverState(t.database, game.id);
    const completedOn = { ball: state.calledNumbers.at(-1)!, callCount: state.calledNumbers.length };
    while (cardOf(state, winner).flat().includes(state.calledNumbers.at(-1)!)) {
      await call(game.id);
      state = await serverState(t.database, game.id);
    }
    expect(
      checkClaim({
        card: cardOf(state, winner),
        patternId: 'four-corners',
        calledNumbers: state.calledNumbers,
      }).reason,
    ).toBe('LATE_CLAIM');
    const res = await post(a.as, game.id, 'validate-winner', { cartelaNumber: winner });
    expect(res.json()).toMatchObject({
      winner: false,
      reason: 'LATE_CLAIM',
      message:
        'Cartela blocked - not a winner yet! (Late claim: the pattern was completed by an earlier ball, not by the last one)',
      recorded: 'block',
      game: {
        blocked: [winner],
        winners: [],
        validations: [{ cartelaNumber: winner, decision: 'block', reason: 'LATE_CLAIM', completedOn }],
      },
    });
    await refusedBy(
      () => post(a.as, game.id, 'validate-winner', { cartelaNumber: winner }),
      'CARTELA_BLOCKED',
      `Cartela #${winner} is blocked in this game`,
    );
  });

  it('a card completed on call k and claimed on call k+1, with a ball on the card outside the pattern, is a late claim', async () => {
    // A game whose ball after the first win is on the winning card: not a corner, they are all called by then.
    // The games that do not are cancelled before their first call (and refunded).
    for (;;) {
      const game = await newGame(a.as, {
        cartelaNumbers: Array.from({ length: 20 }, (_, i) => i + 1),
        selectedPattern: 'four-corners',
      });
      const state = await serverState(t.database, game.id);
      const win = firstWin(state);
      const next = win ? state.remaining[win.calls] : undefined;
      if (!win || next === undefined || !cardOf(state, win.cartelaNumber).flat().includes(next)) {
        expect((await post(a.as, game.id, 'cancel')).statusCode).toBe(200);
        continue;
      }
      const k = win.calls;
      const card = cardOf(state, win.cartelaNumber);
      expect([card[0]![0], card[0]![4], card[4]![0], card[4]![4]]).not.toContain(next);
      for (let i = 0; i < k + 1; i++) expect((await call(game.id)).statusCode).toBe(200);
      const res = await post(a.as, game.id, 'validate-winner', { cartelaNumber: win.cartelaNumber });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        winner: false,
        reason: 'LATE_CLAIM',
        lastBall: next,
        recorded: 'block',
        game: {
          blocked: [win.cartelaNumber],
          winners: [],
          validations: [
            {
              cartelaNumber: win.cartelaNumber,
              decision: 'block',
              reason: 'LATE_CLAIM',
              callCount: k + 1,
              lastBall: next,
              completedOn: { ball: state.remaining[k - 1], callCount: k },
            },
          ],
        },
      });
      return;
    }
  });

  it('an incomplete card is recorded as a block; the game goes on', async () => {
    const game = await newGame(a.as, { cartelaNumbers: [1, 2, 3] });
    await call(game.id);
    const res = await post(a.as, game.id, 'validate-winner', {
      cartelaNumber: 2,
      claimedPattern: 'full-house',
    });
    expect(res.json()).toMatchObject({
      winner: false,
      reason: 'PATTERN_INCOMPLETE',
      message: 'Cartela blocked - not a winner yet! (The pattern is not complete)',
      cartelaNumber: 2,
      patternId: 'full-house',
      recorded: 'block',
      game: { status: 'active', blocked: [2] },
    });
    expect((await call(game.id)).statusCode).toBe(200);
  });

  it("agents-own is the agent's word: recorded as GOOD BINGO (MANUAL)", async () => {
    const game = await newGame(a.as, { cartelaNumbers: [4, 5], selectedPattern: 'agents-own' });
    await call(game.id);
    const res = await post(a.as, game.id, 'validate-winner', { cartelaNumber: 5 });
    expect(res.json()).toMatchObject({
      winner: true,
      reason: 'MANUAL',
      message: "GOOD BINGO! Cartela #5 is recorded as the winner (agent's own pattern)",
      recorded: 'good-bingo',
      game: { winnerCartelaNumber: 5 },
    });
  });

  it('refuses a claim it cannot judge, and a claimed pattern that is not the game', async () => {
    const game = await newGame(a.as, { cartelaNumbers: [1, 2] });
    await refusedBy(
      () => post(a.as, game.id, 'validate-winner', { cartelaNumber: 1 }),
      'NO_BALL_CALLED',
      'No ball has been called yet',
    );
    await call(game.id);
    await refusedBy(
      () => post(a.as, game.id, 'validate-winner', { cartelaNumber: 7 }),
      'CARTELA_NOT_IN_GAME',
      'Cartela #7 not found in the game',
    );
    await expectRefusedUnchanged(
      t.database,
      () => post(a.as, game.id, 'validate-winner', { cartelaNumber: 1, claimedPattern: 'x-pattern' }),
      400,
      {
        message: 'claimedPattern: This game is played with Full House, not X Pattern',
        code: 'VALIDATION_FAILED',
        field: 'claimedPattern',
      },
    );
    await expectRefusedUnchanged(
      t.database,
      () => post(a.as, game.id, 'validate-winner', { cartelaNumber: 1, claimedPattern: 'nope' }),
      400,
    );
  });

  it('is allowed while paused (the agent pauses when a player shouts)', async () => {
    const game = await newGame(a.as, { cartelaNumbers: [1, 2] });
    await call(game.id);
    await post(a.as, game.id, 'pause');
    expect((await post(a.as, game.id, 'validate-winner', { cartelaNumber: 1 })).json().recorded).toBe(
      'block',
    );
  });
});

describe('the story of a finished game and its fairness', () => {
  it('keeps calls with their times, shuffles, validations and finishReason; the seed reproduces it all', async () => {
    const game = await newGame(a.as, { cartelaNumbers: [1, 2, 3, 4, 5, 6] });
    const createdOrder = (await serverState(t.database, game.id)).remaining;
    for (let i = 0; i < 5; i++) await call(game.id);
    await post(a.as, game.id, 'shuffle-numbers');
    for (let i = 0; i < 3; i++) await call(game.id);
    await post(a.as, game.id, 'validate-winner', { cartelaNumber: 3 });
    await post(a.as, game.id, 'shuffle-numbers');
    await call(game.id);
    const before = await detail(game.id);
    expect(before.drawSeed).toBeNull();
    await post(a.as, game.id, 'finish');

    const g = await detail(game.gameId);
    expect(g).toMatchObject({ status: 'finished', finishReason: 'agent', totalCalls: 9, lastSeq: 13 });
    expect(g.calls.map((c) => c.number)).toEqual(g.calledNumbers);
    const times = g.calls.map((c) => Date.parse(c.at ?? ''));
    for (const time of times) expect(time).toBeGreaterThan(0);
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    expect(g.shuffles.map((s) => s.afterCalls)).toEqual([5, 8]);
    for (const s of g.shuffles) expect(Date.parse(s.at ?? '')).toBeGreaterThan(0);
    expect(g.validations).toMatchObject([{ cartelaNumber: 3, decision: 'block', callCount: 8 }]);
    // The shuffles were the hall's moments: the calls are the committed order, shuffles or not (decision 055).
    expect(g.shuffles.map((s) => s.reordered)).toEqual([false, false]);
    expect(g.calledNumbers).toEqual(createdOrder.slice(0, 9));

    // Anyone can check it with core: the seed is the one committed to, and it gives exactly these calls.
    const seedHex = g.drawSeed!;
    expect(seedCommitment(seedHex)).toBe(g.drawCommitment);
    expect(drawOrder(seedHex)).toEqual(createdOrder);
    const reordered = g.shuffles.filter((s) => s.reordered).map((s) => s.afterCalls);
    const check = verifyGame({
      commitment: g.drawCommitment,
      seedHex,
      calls: g.calledNumbers,
      shuffles: reordered,
    });
    expect(check.ok).toBe(true);
    // Replaying the shuffles as reorderings, or another seed, does not verify.
    const wrong = { commitment: g.drawCommitment, seedHex, calls: g.calledNumbers };
    expect(verifyGame({ ...wrong, shuffles: [5, 8] }).ok).toBe(false);
    expect(verifyGame({ ...wrong, seedHex: seedHex.replace(/^./, (c) => (c === '0' ? '1' : '0')) }).ok).toBe(
      false,
    );
  });
});

describe('reads: by either id, the cards, the lists', () => {
  it('finds a game by gameId (any letter case) or _id; an unknown one is 404, a malformed one 400', async () => {
    const game = await newGame(a.as);
    for (const id of [game.gameId, game.gameId.toLowerCase(), game.id, game.id.toUpperCase()]) {
      expect((await detail(id)).id).toBe(game.id);
    }
    for (const id of ['G0000000000', '00000000-0000-4000-8000-000000000000', 'offline_123']) {
      const res = await a.as('GET', `/api/games/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Game not found', code: 'NOT_FOUND' });
    }
    expect((await a.as('GET', '/api/games/a.b')).statusCode).toBe(400);
    expect((await call('G0000000000')).statusCode).toBe(404);
  });

  it("serves the game's cards as copied from the agent's own at creation, not later edits", async () => {
    const b = await gameAgent(t.app, t.database, asAdmin, { cartelas: [11, 12, 13], coins: 10 });
    const mine = (await b.as('GET', '/api/cartelas/my-cartelas')).json().assignedCartelas as {
      cartelaNumber: number;
      bingoCard: Card;
    }[];
    const game = await newGame(b.as, { cartelaNumbers: [13, 11] });
    const res = await b.as('GET', `/api/games/${game.gameId}/cartelas`);
    expect(res.statusCode).toBe(200);
    const own = (n: number) => mine.find((c) => c.cartelaNumber === n)!.bingoCard;
    expect(res.json()).toEqual({
      cartelas: [
        { cartelaNumber: 11, bingoCard: own(11) },
        { cartelaNumber: 13, bingoCard: own(13) },
      ],
    });
    // The admin gives cartela 11 a new arrangement: the running game keeps the card it was sold with.
    await asAdmin('POST', `/api/cartelas/agent/${b.user.id}/cartela/11/generate`);
    const one = await b.as('GET', `/api/games/${game.id}/cartela/11`);
    expect(one.json()).toEqual({ cartela: { cartelaNumber: 11, bingoCard: own(11) } });
    const missing = await b.as('GET', `/api/games/${game.id}/cartela/12`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Cartela #12 not found in the game');
  });

  it('lists my games newest first, 10 a page by default, paginated with total and totalPages', async () => {
    const b = await gameAgent(t.app, t.database, asAdmin, { financialModel: 'commission-share' });
    const empty = (await b.as('GET', '/api/games/my-games')).json();
    expect(empty).toEqual({ games: [], page: 1, limit: 10, total: 0, totalPages: 0 });
    const made: string[] = [];
    // Each on its own cartela: the games are all running, and a cartela is in one round at a time.
    for (let i = 0; i < 12; i++)
      made.push((await newGame(b.as, { stake: i + 1, cartelaNumbers: [i + 1] })).gameId);
    const newestFirst = [...made].reverse();
    const p1 = (await b.as('GET', '/api/games/my-games')).json();
    expect(p1).toMatchObject({ page: 1, limit: 10, total: 12, totalPages: 2 });
    expect(p1.games.map((g: { gameId: string }) => g.gameId)).toEqual(newestFirst.slice(0, 10));
    const p2 = (await b.as('GET', '/api/games/my-games?page=2')).json();
    expect(p2.games.map((g: { gameId: string }) => g.gameId)).toEqual(newestFirst.slice(10));
    const small = (await b.as('GET', '/api/games/my-games?page=3&limit=5')).json();
    expect(small).toMatchObject({ page: 3, limit: 5, total: 12, totalPages: 3 });
    expect(small.games).toHaveLength(2);
    expect((await b.as('GET', '/api/games/my-games?page=9')).json().games).toEqual([]);
    // A list item has no story and no seed while running.
    expect(p1.games[0]).not.toHaveProperty('calls');
    expect(p1.games[0].drawSeed).toBeNull();
    for (const q of ['page=0', 'limit=101', 'limit=x', 'other=1']) {
      expect((await b.as('GET', `/api/games/my-games?${q}`)).statusCode, q).toBe(400);
    }
  });

  it('the admin lists every game, 20 a page', async () => {
    const b = await gameAgent(t.app, t.database, asAdmin, { financialModel: 'commission-share' });
    for (let n = 1; n <= 21; n++) await newGame(b.as, { cartelaNumbers: [n] });
    const res = await asAdmin('GET', '/api/games/all');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, limit: 20 });
    expect(body.total).toBeGreaterThan(20);
    expect(body.games).toHaveLength(20);
    const times = body.games.map((g: { createdAt: string }) => Date.parse(g.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect((await a.as('GET', '/api/games/all')).statusCode).toBe(403);
    expect((await asAdmin('GET', '/api/games/my-games')).statusCode).toBe(403);
  });
});

describe('who may read and act', () => {
  it('another agent gets 404 everywhere, the admin reads but cannot act (403), no token is 401', async () => {
    const game = await newGame(a.as, { cartelaNumbers: [1, 2] });
    await call(game.id);
    const other = await gameAgent(t.app, t.database, asAdmin);
    const sa = await createSuperAgent(t.database);
    const asSuper = gameCaller(t.app, await loginAs(t.app, sa));
    const anonymous = gameCaller(t.app, null);
    const reads = ['', '/state', '/cartelas', '/cartela/1'];
    const actions = ['call-number', 'pause', 'resume', 'shuffle-numbers', 'finish', 'cancel'];

    for (const path of reads) {
      const res = await other.as('GET', `/api/games/${game.gameId}${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toBe('Game not found');
      expect((await anonymous('GET', `/api/games/${game.gameId}${path}`)).statusCode, path).toBe(401);
      expect((await asSuper('GET', `/api/games/${game.gameId}${path}`)).statusCode, path).toBe(403);
    }
    const events = { events: [{ seq: 2, at: new Date().toISOString(), type: 'call-next' }] };
    for (const action of actions) {
      await expectRefusedUnchanged(t.database, () => post(other.as, game.id, action), 404);
      await expectRefusedUnchanged(t.database, () => post(asAdmin, game.id, action), 403);
      await expectRefusedUnchanged(t.database, () => post(anonymous, game.id, action), 401);
    }
    await expectRefusedUnchanged(t.database, () => post(other.as, game.id, 'events', events), 404);
    await expectRefusedUnchanged(t.database, () => post(asAdmin, game.id, 'events', events), 403);
    await expectRefusedUnchanged(
      t.database,
      () => post(other.as, game.id, 'validate-winner', { cartelaNumber: 1 }),
      404,
    );
    await expectRefusedUnchanged(
      t.database,
      () => post(asAdmin, game.id, 'validate-winner', { cartelaNumber: 1 }),
      403,
    );

    // The admin reads the game, its cards and one card; not the room's state (the agent's).
    expect((await detail(game.gameId, asAdmin)).agentUsername).toBe(a.user.username);
    expect((await asAdmin('GET', `/api/games/${game.id}/cartelas`)).statusCode).toBe(200);
    expect((await asAdmin('GET', `/api/games/${game.id}/cartela/2`)).statusCode).toBe(200);
    expect((await asAdmin('GET', `/api/games/${game.id}/state`)).statusCode).toBe(403);
    // The other agent's list does not show it.
    expect((await other.as('GET', '/api/games/my-games')).json().total).toBe(0);
  });
});
