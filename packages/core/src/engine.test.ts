import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateCartela } from './cartela.js';
import { drawOrder, seedCommitment, shuffleRemaining, verifyGame } from './draw.js';
import {
  applyActions,
  blindOf,
  canCall,
  claimFor,
  createGame,
  FIRST_CALL_NEEDS_NETWORK,
  type GameAction,
  type GameResult,
  type GameState,
  gameReducer,
  lastBall,
  ROOM_OUT_OF_STEP,
  redactSeed,
  sealOrder,
  withOrderOf,
} from './engine.js';
import { PATTERN_IDS } from './pattern-ids.js';
import { checkClaim } from './patterns.js';
import { seededRandomSource } from './random.js';
import { bytesToHex } from './sha256.js';
import { CARD, OTHER } from './testing/cards.js';
import { findWinners } from './wincheck.js';

const SEED = '5eed'.repeat(16);
const ORDER = drawOrder(SEED);
const ALL = Array.from({ length: 75 }, (_, i) => i + 1);

const CARTELAS = [
  { cartelaNumber: 12, card: CARD },
  { cartelaNumber: 40, card: OTHER },
];

function ok(result: GameResult): GameState {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.state;
}
function errorCode(result: GameResult): string {
  if (result.ok) throw new Error('expected an error');
  return result.error.code;
}

/** A game whose draw is a chosen order (the commitment is of an unrelated seed: the engine cannot tell). */
function gameWithOrder(order: number[], patternId = 'four-corners'): GameState {
  return ok(
    createGame({ gameId: 'g1', patternId, cartelas: CARTELAS, order, commitment: seedCommitment(SEED) }),
  );
}
/** The order that calls `first` first, then the rest ascending. */
const orderStarting = (first: number[]) => [...first, ...ALL.filter((n) => !first.includes(n))];
const call = (s: GameState, times = 1) => {
  let state = s;
  for (let i = 0; i < times; i++) state = ok(gameReducer(state, { type: 'call-next' }));
  return state;
};

function deepFreeze<T>(x: T): T {
  if (x && typeof x === 'object') {
    for (const v of Object.values(x)) deepFreeze(v);
    Object.freeze(x);
  }
  return x;
}

describe('create', () => {
  it('creates an active game from a seed, with its commitment and order', () => {
    const state = ok(
      createGame({ gameId: 'g1', patternId: 'fullhouse', cartelas: CARTELAS, seedHex: SEED, at: 't0' }),
    );
    expect(state).toMatchObject({
      v: 1,
      status: 'active',
      patternId: 'full-house',
      commitment: seedCommitment(SEED),
      seedHex: SEED,
      calledNumbers: [],
      remaining: ORDER,
      createdAt: 't0',
    });
  });

  it('creates a game from a pre-computed order without the seed', () => {
    const state = ok(
      createGame({
        gameId: 'g1',
        patternId: 'plus',
        cartelas: CARTELAS,
        order: ORDER,
        commitment: seedCommitment(SEED),
      }),
    );
    expect(state.seedHex).toBeNull();
    expect(state.remaining).toEqual(ORDER);
  });

  it.each<[string, Partial<Parameters<typeof createGame>[0]>, string]>([
    ['no cartelas', { cartelas: [] }, 'NO_CARTELAS'],
    ['an unknown pattern', { patternId: 'zigzag' }, 'UNKNOWN_PATTERN'],
    ['a cartela number 301', { cartelas: [{ cartelaNumber: 301, card: CARD }] }, 'INVALID_CARTELA'],
    ['a cartela twice', { cartelas: [CARTELAS[0]!, CARTELAS[0]!] }, 'DUPLICATE_CARTELA'],
    ['an invalid card', { cartelas: [{ cartelaNumber: 1, card: [[1]] }] }, 'INVALID_CARD'],
    ['no seed and no order', { seedHex: undefined }, 'MISSING_DRAW'],
    ['a short seed', { seedHex: 'abcd' }, 'INVALID_SEED'],
    ['a wrong commitment', { commitment: '0'.repeat(64) }, 'COMMITMENT_MISMATCH'],
    ['an order that is not the seed’s', { order: [...ORDER].reverse() }, 'ORDER_MISMATCH'],
    [
      'an order that is not a permutation',
      { seedHex: undefined, order: [1, 2, 3], commitment: '0'.repeat(64) },
      'INVALID_ORDER',
    ],
    ['an order without commitment', { seedHex: undefined, order: ORDER }, 'INVALID_COMMITMENT'],
    ['no game id', { gameId: ' ' }, 'INVALID_GAME_ID'],
  ])('refuses %s', (_, patch, code) => {
    expect(
      errorCode(
        createGame({ gameId: 'g1', patternId: 'full-house', cartelas: CARTELAS, seedHex: SEED, ...patch }),
      ),
    ).toBe(code);
  });

  it('refuses to create over an existing game and to act on no game', () => {
    const state = gameWithOrder(ORDER);
    expect(
      errorCode(
        gameReducer(state, {
          type: 'create',
          gameId: 'x',
          patternId: 'plus',
          cartelas: CARTELAS,
          seedHex: SEED,
        }),
      ),
    ).toBe('GAME_EXISTS');
    expect(errorCode(gameReducer(null, { type: 'call-next' }))).toBe('NO_GAME');
  });

  it('copies the cards: changing the input later does not change the game', () => {
    const card = CARD.map((r) => [...r]);
    const state = ok(
      createGame({ gameId: 'g', patternId: 'plus', cartelas: [{ cartelaNumber: 1, card }], seedHex: SEED }),
    );
    card[0]![0] = 9;
    expect(state.cartelas[0]!.card[0]![0]).toBe(1);
  });
});

describe('calling', () => {
  it('calls the balls in draw order', () => {
    const state = call(gameWithOrder(ORDER), 3);
    expect(state.calledNumbers).toEqual(ORDER.slice(0, 3));
    expect(state.remaining).toEqual(ORDER.slice(3));
    expect(lastBall(state)).toBe(ORDER[2]);
  });

  it('calls only while active and not paused', () => {
    const paused = ok(gameReducer(gameWithOrder(ORDER), { type: 'pause' }));
    expect(paused.status).toBe('paused');
    expect(canCall(paused)).toBe(false);
    expect(errorCode(gameReducer(paused, { type: 'call-next' }))).toBe('GAME_PAUSED');
    expect(errorCode(gameReducer(paused, { type: 'pause' }))).toBe('GAME_ALREADY_PAUSED');
    const resumed = ok(gameReducer(paused, { type: 'resume' }));
    expect(resumed.status).toBe('active');
    expect(errorCode(gameReducer(resumed, { type: 'resume' }))).toBe('GAME_NOT_PAUSED');
    expect(call(resumed).calledNumbers).toHaveLength(1);
  });

  it('after the 75th call stays open for a claim on the last ball, calls no more, and finishes when told', () => {
    const state = call(gameWithOrder(ORDER), 75);
    expect(state).toMatchObject({ status: 'active', finishReason: null, remaining: [] });
    expect(state.calledNumbers).toEqual(ORDER);
    expect(canCall(state)).toBe(false);
    expect(errorCode(gameReducer(state, { type: 'call-next' }))).toBe('NO_NUMBERS_LEFT');
    const finished = ok(gameReducer(state, { type: 'finish' }));
    expect(finished).toMatchObject({ status: 'finished', finishReason: 'agent' });
  });

  it('checks the expected ball when replaying a recorded game', () => {
    const state = gameWithOrder(ORDER);
    expect(ok(gameReducer(state, { type: 'call-next', expected: ORDER[0] })).calledNumbers).toEqual([
      ORDER[0],
    ]);
    expect(errorCode(gameReducer(state, { type: 'call-next', expected: ORDER[1] }))).toBe('CALL_MISMATCH');
  });
});

describe('shuffle', () => {
  it("is the hall's moment: recorded with its call count, the committed order unchanged (product/draw.md#shuffles)", () => {
    const state = call(
      ok(createGame({ gameId: 'g', patternId: 'plus', cartelas: CARTELAS, seedHex: SEED })),
      5,
    );
    const shuffled = ok(gameReducer(state, { type: 'shuffle' }));
    expect(shuffled.remaining).toEqual(ORDER.slice(5));
    expect(shuffled.shuffles).toEqual([5]);
    const twice = ok(gameReducer(shuffled, { type: 'shuffle' }));
    expect(twice.remaining).toEqual(ORDER.slice(5));
    expect(twice.shuffles).toEqual([5, 5]);
    // However many shuffles, the next ball is the committed one: shuffling gives nobody a choice.
    let many = state;
    for (let i = 0; i < 50; i++) many = ok(gameReducer(many, { type: 'shuffle' }));
    expect(ok(gameReducer(many, { type: 'call-next' })).calledNumbers.at(-1)).toBe(ORDER[5]);
  });

  it("works the same without the seed (the room), and refuses an old room's different order", () => {
    const state = call(gameWithOrder(ORDER), 5);
    expect(ok(gameReducer(state, { type: 'shuffle' })).remaining).toEqual(ORDER.slice(5));
    expect(ok(gameReducer(state, { type: 'shuffle', remaining: ORDER.slice(5) })).remaining).toEqual(
      ORDER.slice(5),
    );
    const other = shuffleRemaining(SEED, 1, ORDER.slice(5));
    expect(errorCode(gameReducer(state, { type: 'shuffle', remaining: other }))).toBe('SHUFFLE_MISMATCH');
  });
});

describe('sealOrder', () => {
  it('hides the order until the first call, and the sealed copy cannot call', () => {
    const state = ok(createGame({ gameId: 'g', patternId: 'plus', cartelas: CARTELAS, seedHex: SEED }));
    const sealed = sealOrder(state);
    expect(sealed.remaining).toEqual([]);
    expect(sealed.orderSealed).toBe(true);
    expect(gameReducer(sealed, { type: 'call-next' })).toEqual({
      ok: false,
      error: { code: 'ORDER_SEALED', message: FIRST_CALL_NEEDS_NETWORK },
    });
    // Everything but calling works on the sealed copy (pause, shuffle, cancel).
    const paused = ok(gameReducer(ok(gameReducer(sealed, { type: 'shuffle' })), { type: 'pause' }));
    expect(paused.status).toBe('paused');
    // After the first call (no refund any more) or once over, nothing is hidden.
    const called = call(state);
    expect(sealOrder(called)).toBe(called);
    const cancelled = ok(gameReducer(state, { type: 'cancel', reason: '  wrong cartelas  ' }));
    expect(sealOrder(cancelled)).toBe(cancelled);
    expect(cancelled.cancelReason).toBe('wrong cartelas');
    expect(ok(gameReducer(state, { type: 'cancel' })).cancelReason).toBeNull();
  });
});

describe('games recorded before shuffles stopped reordering', () => {
  it('reveal their seed when the recorded calls follow the old shuffles (legacyShuffles)', () => {
    // Played under the old rule: 5 calls, a reordering shuffle, 3 calls.
    const reordered = shuffleRemaining(SEED, 1, ORDER.slice(5));
    const calls = [...ORDER.slice(0, 5), ...reordered.slice(0, 3)];
    const base = ok(gameReducer(gameWithOrder(ORDER), { type: 'finish' }));
    const old: GameState = {
      ...base,
      calledNumbers: calls,
      remaining: reordered.slice(3),
      shuffles: [5],
      legacyShuffles: [5],
    };
    expect(ok(gameReducer(old, { type: 'reveal-seed', seedHex: SEED })).seedHex).toBe(SEED);
    // The same calls without the legacy marker do not match the committed order.
    const { legacyShuffles: _l, ...unmarked } = old;
    expect(errorCode(gameReducer(unmarked, { type: 'reveal-seed', seedHex: SEED }))).toBe('SEED_MISMATCH');
  });
});

describe('validate', () => {
  // Card 12 has the four corners 1, 61, 5, 65.
  const cornersFirst = orderStarting([1, 61, 5, 65, 70]);

  it('refuses before the first ball and for a cartela not in the game, with the spec’s messages', () => {
    const state = gameWithOrder(cornersFirst);
    expect(gameReducer(state, { type: 'validate', cartelaNumber: 12, decision: 'good-bingo' })).toEqual({
      ok: false,
      error: { code: 'NO_BALL_CALLED', message: 'No ball has been called yet' },
    });
    expect(gameReducer(call(state), { type: 'validate', cartelaNumber: 99, decision: 'block' })).toEqual({
      ok: false,
      error: { code: 'CARTELA_NOT_IN_GAME', message: 'Cartela #99 not found in the game' },
    });
  });

  it('confirms a GOOD BINGO when the last ball completes the pattern, then stops calling', () => {
    const state = call(gameWithOrder(cornersFirst), 4);
    const won = ok(
      gameReducer(state, { type: 'validate', cartelaNumber: 12, decision: 'good-bingo', at: 't4' }),
    );
    expect(won.winners).toEqual([
      { cartelaNumber: 12, patternId: 'four-corners', lastBall: 65, callCount: 4, at: 't4' },
    ]);
    expect(won.validations).toEqual([
      {
        cartelaNumber: 12,
        decision: 'good-bingo',
        reason: 'WINNER',
        callCount: 4,
        lastBall: 65,
        completedOn: { ball: 65, callCount: 4 },
        at: 't4',
      },
    ]);
    expect(errorCode(gameReducer(won, { type: 'call-next' }))).toBe('WINNER_DECLARED');
    expect(errorCode(gameReducer(won, { type: 'shuffle' }))).toBe('WINNER_DECLARED');
    expect(errorCode(gameReducer(won, { type: 'cancel' }))).toBe('WINNER_DECLARED');
    expect(errorCode(gameReducer(won, { type: 'validate', cartelaNumber: 12, decision: 'good-bingo' }))).toBe(
      'ALREADY_WINNER',
    );
    expect(ok(gameReducer(won, { type: 'finish' }))).toMatchObject({
      status: 'finished',
      finishReason: 'agent',
    });
  });

  it('confirms a GOOD BINGO completed by the 75th ball (the game stays open for it)', () => {
    // Card 12's last corner, 65, is the very last ball of the draw.
    const lastCorner = [...ALL.filter((n) => n !== 65), 65];
    const all = call(gameWithOrder(lastCorner), 75);
    const won = ok(gameReducer(all, { type: 'validate', cartelaNumber: 12, decision: 'good-bingo' }));
    expect(won.winners).toEqual([
      expect.objectContaining({ cartelaNumber: 12, lastBall: 65, callCount: 75 }),
    ]);
    expect(ok(gameReducer(won, { type: 'finish' }))).toMatchObject({
      status: 'finished',
      finishReason: 'agent',
    });
  });

  it('refuses GOOD BINGO for an incomplete pattern and for a late claim, and explains why', () => {
    const three = call(gameWithOrder(cornersFirst), 3);
    const early = gameReducer(three, { type: 'validate', cartelaNumber: 12, decision: 'good-bingo' });
    expect(early.ok).toBe(false);
    if (!early.ok)
      expect(early.error).toMatchObject({ code: 'NOT_A_WINNER', claim: { reason: 'PATTERN_INCOMPLETE' } });
    const late = gameReducer(call(three, 2), { type: 'validate', cartelaNumber: 12, decision: 'good-bingo' });
    if (!late.ok) expect(late.error).toMatchObject({ code: 'NOT_A_WINNER', claim: { reason: 'LATE_CLAIM' } });
    expect(late.ok).toBe(false);
  });

  it('blocks a false claim, and a blocked cartela cannot win later in the game', () => {
    const three = call(gameWithOrder(cornersFirst), 3);
    const blocked = ok(gameReducer(three, { type: 'validate', cartelaNumber: 12, decision: 'block' }));
    expect(blocked.blocked).toEqual([12]);
    expect(blocked.validations[0]).toMatchObject({ decision: 'block', reason: 'PATTERN_INCOMPLETE' });
    const completed = call(blocked); // 65: the corners are complete now
    expect(claimFor(completed, 12)).toMatchObject({ ok: true, claim: { winner: false, reason: 'BLOCKED' } });
    expect(
      errorCode(gameReducer(completed, { type: 'validate', cartelaNumber: 12, decision: 'good-bingo' })),
    ).toBe('CARTELA_BLOCKED');
    expect(
      errorCode(gameReducer(completed, { type: 'validate', cartelaNumber: 12, decision: 'block' })),
    ).toBe('CARTELA_BLOCKED');
  });

  it('will not block a card that wins with the last ball', () => {
    const state = call(gameWithOrder(cornersFirst), 4);
    expect(errorCode(gameReducer(state, { type: 'validate', cartelaNumber: 12, decision: 'block' }))).toBe(
      'CARTELA_IS_WINNER',
    );
  });

  it('accepts a second winner on the same ball', () => {
    // The two cards share no number, so only agents-own can give them both a win on one ball here.
    const state = call(gameWithOrder(ORDER, 'agents-own'), 1);
    const one = ok(gameReducer(state, { type: 'validate', cartelaNumber: 12, decision: 'good-bingo' }));
    const two = ok(gameReducer(one, { type: 'validate', cartelaNumber: 40, decision: 'good-bingo' }));
    expect(two.winners.map((w) => w.cartelaNumber)).toEqual([12, 40]);
  });

  it('confirms every card that completes on the same ball, then nobody on a later one (decision 062)', () => {
    // TWIN has CARD's four corners (another card: one middle number differs); LATER needs 64 for its last corner.
    const TWIN = CARD.map((row) => [...row]);
    TWIN[1]![1] = 21;
    const LATER = CARD.map((row) => [...row]);
    LATER[4]![4] = 64;
    LATER[3]![4] = 65;
    const game = ok(
      createGame({
        gameId: 'tie',
        patternId: 'four-corners',
        cartelas: [
          { cartelaNumber: 12, card: CARD },
          { cartelaNumber: 7, card: TWIN },
          { cartelaNumber: 30, card: LATER },
        ],
        order: orderStarting([1, 61, 5, 65, 64]),
        commitment: seedCommitment(SEED),
      }),
    );
    const won = call(game, 4);
    const one = ok(gameReducer(won, { type: 'validate', cartelaNumber: 12, decision: 'good-bingo' }));
    const two = ok(gameReducer(one, { type: 'validate', cartelaNumber: 7, decision: 'good-bingo' }));
    expect(two.winners.map((w) => [w.cartelaNumber, w.lastBall, w.callCount])).toEqual([
      [12, 65, 4],
      [7, 65, 4],
    ]);
    // Calls stop after the first winner, so the ball LATER needs is never called in this game...
    expect(errorCode(gameReducer(two, { type: 'call-next' }))).toBe('WINNER_DECLARED');
    expect(errorCode(gameReducer(two, { type: 'validate', cartelaNumber: 30, decision: 'good-bingo' }))).toBe(
      'NOT_A_WINNER',
    );
    // ...and the story keeps both winners to the end.
    const over = ok(gameReducer(two, { type: 'finish' }));
    expect(over.winners.map((w) => w.cartelaNumber)).toEqual([12, 7]);
    expect(over.validations.map((v) => [v.cartelaNumber, v.decision])).toEqual([
      [12, 'good-bingo'],
      [7, 'good-bingo'],
    ]);
  });

  it('lets the agent decide for agents-own, either way', () => {
    const state = call(gameWithOrder(ORDER, 'agents-own'));
    expect(
      ok(gameReducer(state, { type: 'validate', cartelaNumber: 40, decision: 'block' })).blocked,
    ).toEqual([40]);
    const won = ok(gameReducer(state, { type: 'validate', cartelaNumber: 40, decision: 'good-bingo' }));
    expect(won.validations[0]!.reason).toBe('MANUAL');
  });

  it('is allowed while paused (the agent pauses when a player shouts) but not after the game', () => {
    const state = ok(gameReducer(call(gameWithOrder(cornersFirst), 4), { type: 'pause' }));
    expect(gameReducer(state, { type: 'validate', cartelaNumber: 12, decision: 'good-bingo' }).ok).toBe(true);
    const over = ok(gameReducer(state, { type: 'finish' }));
    expect(
      errorCode(gameReducer(over, { type: 'validate', cartelaNumber: 12, decision: 'good-bingo' })),
    ).toBe('GAME_OVER');
  });
});

describe('finish, cancel and the seed', () => {
  it('finishes or cancels a running game once', () => {
    const state = call(gameWithOrder(ORDER), 2);
    const finished = ok(gameReducer(state, { type: 'finish', at: 't9' }));
    expect(finished).toMatchObject({ status: 'finished', finishedAt: 't9', updatedAt: 't9' });
    expect(errorCode(gameReducer(finished, { type: 'finish' }))).toBe('GAME_OVER');
    expect(errorCode(gameReducer(finished, { type: 'cancel' }))).toBe('GAME_OVER');
    expect(errorCode(gameReducer(finished, { type: 'pause' }))).toBe('GAME_OVER');
    const fresh = gameWithOrder(ORDER);
    const cancelled = ok(gameReducer(ok(gameReducer(fresh, { type: 'pause' })), { type: 'cancel' }));
    expect(cancelled.status).toBe('cancelled');
    expect(errorCode(gameReducer(cancelled, { type: 'resume' }))).toBe('GAME_OVER');
  });

  it('cancels only before the first call: after it, the game is played to its end', () => {
    const started = call(gameWithOrder(ORDER), 1);
    for (const s of [started, ok(gameReducer(started, { type: 'pause' }))]) {
      expect(gameReducer(s, { type: 'cancel', reason: 'changed my mind' })).toMatchObject({
        ok: false,
        error: { code: 'GAME_STARTED' },
      });
      expect(ok(gameReducer(s, { type: 'finish' })).status).toBe('finished');
    }
    // A game restored from a backup taken before its first call may have shown its order since.
    const restored = { ...gameWithOrder(ORDER), orderShown: true };
    expect(errorCode(gameReducer(restored, { type: 'cancel' }))).toBe('GAME_STARTED');
  });

  it('tells a room out of step that it is, never which ball is next', () => {
    const state = call(gameWithOrder(ORDER), 3);
    for (let n = 1; n <= 75; n++) {
      const r = gameReducer(state, { type: 'call-next', expected: n });
      if (r.ok) continue;
      expect(r.error).toEqual({ code: 'CALL_MISMATCH', message: ROOM_OUT_OF_STEP });
    }
  });

  it('hides the seed while the game runs and accepts its reveal only at the end, if it matches', () => {
    const seeded = call(
      ok(createGame({ gameId: 'g', patternId: 'plus', cartelas: CARTELAS, seedHex: SEED })),
      3,
    );
    expect(redactSeed(seeded).seedHex).toBeNull();
    const room = redactSeed(seeded); // the room plays on from the order alone
    expect(errorCode(gameReducer(room, { type: 'reveal-seed', seedHex: SEED }))).toBe('GAME_NOT_OVER');
    const over = ok(gameReducer(call(room, 2), { type: 'finish' }));
    expect(errorCode(gameReducer(over, { type: 'reveal-seed', seedHex: 'ab'.repeat(32) }))).toBe(
      'SEED_MISMATCH',
    );
    expect(ok(gameReducer(over, { type: 'reveal-seed', seedHex: SEED })).seedHex).toBe(SEED);
    expect(redactSeed(over)).toBe(over);
  });
});

describe('robustness', () => {
  it('refuses unknown and malformed actions with a typed error instead of throwing', () => {
    const state = gameWithOrder(ORDER);
    expect(errorCode(gameReducer(state, { type: 'fly' } as unknown as GameAction))).toBe('INVALID_ACTION');
    expect(errorCode(gameReducer(state, null as unknown as GameAction))).toBe('INVALID_ACTION');
    expect(
      errorCode(
        gameReducer(call(state), {
          type: 'validate',
          cartelaNumber: 12,
          decision: 'maybe',
        } as unknown as GameAction),
      ),
    ).toBe('INVALID_ACTION');
    expect(errorCode(gameReducer({} as GameState, { type: 'call-next' }))).toBe('INTERNAL');
  });

  it('applies a list of actions and stops at the first error', () => {
    const result = applyActions(null, [
      { type: 'create', gameId: 'g', patternId: 'plus', cartelas: CARTELAS, seedHex: SEED },
      { type: 'call-next' },
      { type: 'pause' },
      { type: 'call-next' },
    ]);
    expect(errorCode(result)).toBe('GAME_PAUSED');
  });
});

// Invariants over random sequences of actions, for games driven by the seed and by the order alone.
const actionArb: fc.Arbitrary<GameAction> = fc.oneof(
  { weight: 10, arbitrary: fc.constant<GameAction>({ type: 'call-next' }) },
  { weight: 1, arbitrary: fc.constant<GameAction>({ type: 'pause' }) },
  { weight: 2, arbitrary: fc.constant<GameAction>({ type: 'resume' }) },
  { weight: 1, arbitrary: fc.constant<GameAction>({ type: 'shuffle' }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('validate' as const),
      cartelaNumber: fc.constantFrom(12, 40, 99),
      decision: fc.constantFrom('good-bingo' as const, 'block' as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant<GameAction>({ type: 'finish' }) },
  { weight: 1, arbitrary: fc.constant<GameAction>({ type: 'cancel' }) },
);

describe('engine invariants', () => {
  it('keeps called and remaining a partition of 1-75, never calls a number twice, never mutates, stays JSON', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.constantFrom('four-corners', 'any-one-line', 'full-house', 'agents-own', 'x-pattern'),
        fc.array(actionArb, { maxLength: 120 }),
        (seedBytes, patternId, actions) => {
          const seedHex = Array.from(seedBytes, (b) => b.toString(16).padStart(2, '0')).join('');
          let state = ok(createGame({ gameId: 'g', patternId, cartelas: CARTELAS, seedHex }));
          for (const action of actions) {
            const before = JSON.stringify(state);
            const result = gameReducer(deepFreeze(state), action);
            expect(JSON.stringify(state)).toBe(before);
            if (!result.ok) {
              expect(result.error.code).not.toBe('INTERNAL');
              continue;
            }
            state = result.state;
            expect([...state.calledNumbers, ...state.remaining].sort((a, b) => a - b)).toEqual(ALL);
            expect(new Set(state.calledNumbers).size).toBe(state.calledNumbers.length);
            expect(JSON.parse(JSON.stringify(state))).toEqual(state);
            for (const w of state.winners) expect(state.blocked).not.toContain(w.cartelaNumber);
            if (state.winners.length > 0) {
              expect(state.calledNumbers.length).toBe(state.winners[0]!.callCount);
            }
            if (state.calledNumbers.length === 75) expect(state.status).toBe('finished');
          }
          // Every game the engine produced verifies from its seed.
          expect(
            verifyGame({
              commitment: state.commitment,
              seedHex,
              calls: state.calledNumbers,
              shuffles: state.legacyShuffles ?? [],
            }).ok,
          ).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('plays the same game from the seed and from the pre-computed order', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { maxLength: 80 }), (actions) => {
        let server = ok(
          createGame({ gameId: 'g', patternId: 'any-one-line', cartelas: CARTELAS, seedHex: SEED }),
        );
        let room = ok(
          createGame({
            gameId: 'g',
            patternId: 'any-one-line',
            cartelas: CARTELAS,
            order: ORDER,
            commitment: server.commitment,
          }),
        );
        for (const action of actions) {
          const s = gameReducer(server, action);
          const r = gameReducer(room, action);
          expect(r.ok).toBe(s.ok);
          if (s.ok && r.ok) {
            server = s.state;
            room = r.state;
            expect({ ...room, seedHex: SEED }).toEqual(server);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('the draw invariants (product/draw.md#invariants)', () => {
  const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(bytesToHex);
  const cardsOf = (seed: string, count: number) => {
    const random = seededRandomSource(seed);
    return Array.from({ length: count }, (_, i) => ({ cartelaNumber: i + 1, card: generateCartela(random) }));
  };

  it('before the first call, every action on the blind copy answers the same whatever the seed', () => {
    fc.assert(
      fc.property(
        seedArb,
        seedArb,
        seedArb,
        fc.array(actionArb, { maxLength: 20 }),
        (a, b, cards, actions) => {
          const cartelas = cardsOf(cards, 4);
          let one = ok(createGame({ gameId: 'g', patternId: 'any-one-line', cartelas, seedHex: a }));
          let two = ok(createGame({ gameId: 'g', patternId: 'any-one-line', cartelas, seedHex: b }));
          const same = (s: GameState) => ({ ...s, commitment: '' });
          for (const action of actions) {
            const r1 = gameReducer(blindOf(one), action);
            const r2 = gameReducer(blindOf(two), action);
            expect(r1.ok ? { ok: true, state: same(r1.state) } : r1).toEqual(
              r2.ok ? { ok: true, state: same(r2.state) } : r2,
            );
            if (!r1.ok || !r2.ok) continue;
            // Put back on its order, the game has lost nothing of it.
            one = withOrderOf(r1.state, one);
            two = withOrderOf(r2.state, two);
            expect([...one.calledNumbers, ...one.remaining]).toEqual(drawOrder(a));
            expect(one.seedHex).toBe(a);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a claim is confirmed exactly when core judges it a winner, and exactly the cards the fast check lists', () => {
    fc.assert(
      fc.property(
        seedArb,
        seedArb,
        fc.constantFrom(...PATTERN_IDS.filter((p) => p !== 'agents-own')),
        fc.integer({ min: 1, max: 75 }),
        (seed, cards, patternId, calls) => {
          const cartelas = cardsOf(cards, 12);
          const state = call(ok(createGame({ gameId: 'g', patternId, cartelas, seedHex: seed })), calls);
          const winners = findWinners(cartelas, patternId, state.calledNumbers);
          for (const { cartelaNumber, card } of cartelas) {
            const judged = checkClaim({ card, patternId, calledNumbers: state.calledNumbers }).winner;
            const good = gameReducer(state, { type: 'validate', cartelaNumber, decision: 'good-bingo' });
            expect(good.ok, `cartela ${cartelaNumber} on call ${calls}`).toBe(judged);
            expect(winners.includes(cartelaNumber)).toBe(judged);
            // A winner is never blocked by a slip; anyone else may be.
            const block = gameReducer(state, { type: 'validate', cartelaNumber, decision: 'block' });
            expect(block.ok).toBe(!judged);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
