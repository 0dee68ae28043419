// Creating a game through the real HTTP stack: the economics of both financial models, the coins taken through
// the ledger, every rule of the request (each refusal changes nothing), the Idempotency-Key, and who may create.
import { etbToSantim, gameEconomics, santimToEtb, seedCommitment } from '@cartela/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useGamesApp } from '../../test/fixtures.js';
import { gameAgent, newGame, newKey, roomState } from '../../test/games.js';
import { coinsOf, expectRefusedUnchanged, networkState, signedInCallers } from '../../test/network.js';

const { t, asAdmin } = useGamesApp();

const agent = (options: Parameters<typeof gameAgent>[3] = {}) =>
  gameAgent(t.app, t.database, asAdmin, options);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('POST /api/games: economics and coins', () => {
  it('creates a virtual-coin game: totals from core, coins taken with one ledger row tied to the game', async () => {
    const a = await agent({ coins: 100, commissionPercentage: 12.5 });
    const res = await a.as('POST', '/api/games', {
      stake: 30,
      cartelaNumbers: [7, 3, 5],
      selectedPattern: 'corners',
      numberOfPlayers: 3,
      moneyLevels: [{ amount: 10, label: '10 Birr' }],
      voiceSpeed: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    // 3 x 30 = 90 ETB; fee 12.5% = 11.25 ETB; prize 78.75; coins ceil(11.25) = 12.
    const expected = gameEconomics({ stake: etbToSantim(30), players: 3, commissionPercent: 12.5 });
    expect(body.message).toBe('Game created successfully!');
    expect(body.gameId).toBe(body.game.gameId);
    expect(body.gameId).toMatch(/^G[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(body.game).toMatchObject({
      _id: body.game.id,
      agentId: a.user.id,
      agentUsername: a.user.username,
      status: 'active',
      gameMode: 'specific-pattern',
      stake: 30,
      numberOfPlayers: 3,
      totalAmount: santimToEtb(expected.totalAmount),
      agentFee: santimToEtb(expected.agentFee),
      prize: santimToEtb(expected.prize),
      commissionPercent: 12.5,
      coinCost: expected.coinCost,
      selectedWinningPattern: 'four-corners',
      winningPattern: 'four-corners',
      cartelaNumbers: [3, 5, 7],
      calledNumbers: [],
      totalCalls: 0,
      winnerCartelaNumber: null,
      winners: [],
      finishReason: null,
      drawSeed: null,
      finishedAt: null,
      calls: [],
      shuffles: [],
      validations: [],
      blocked: [],
      lastSeq: 0,
    });
    expect([body.game.totalAmount, body.game.agentFee, body.game.prize, body.game.coinCost]).toEqual([
      90, 11.25, 78.75, 12,
    ]);
    expect(body.game.drawCommitment).toMatch(/^[0-9a-f]{64}$/);

    const coins = await coinsOf(t.database, a.user.id);
    expect(coins).toMatchObject({ balance: 88, ledgerSum: 88 });
    const [row] = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(
        sql`SELECT delta, balance_before, balance_after, reason, game_id, actor_id, notes FROM coin_ledger
            WHERE agent_id = ${a.user.id} AND reason = 'game'`,
      ),
    );
    expect(row).toMatchObject({ reason: 'game', game_id: body.game.id, actor_id: a.user.id });
    expect(Number(row!.delta)).toBe(-12);
    expect([Number(row!.balance_before), Number(row!.balance_after)]).toEqual([100, 88]);
    expect(row!.notes).toBe(`Game ${body.gameId}`);

    // The stored seed is the one committed to; the room's copy of the state does not carry it.
    const [stored] = rowsOf<{ draw_seed: string; draw_commitment: string; commission_percent: string }>(
      await t.database.db.execute(
        sql`SELECT draw_seed, draw_commitment, commission_percent FROM games WHERE id = ${body.game.id}`,
      ),
    );
    expect(seedCommitment(stored!.draw_seed)).toBe(stored!.draw_commitment);
    expect(Number(stored!.commission_percent)).toBe(12.5);
    const room = await roomState(a.as, body.gameId);
    expect(room.state.seedHex).toBeNull();
    expect(room.state.commitment).toBe(body.game.drawCommitment);
    // No call is revealed before the first one (a cancel would still refund): the order is sealed.
    expect(room.state.remaining).toEqual([]);
    expect(room.state.orderSealed).toBe(true);
  });

  it('the user seen by /api/auth/me has the coins left', async () => {
    const a = await agent({ coins: 50 });
    expect((await a.as('GET', '/api/auth/me')).json().user.virtualCoins).toBe(50);
    await newGame(a.as, { stake: 20, cartelaNumbers: [1, 2] }); // fee 4 ETB: 4 coins
    expect((await a.as('GET', '/api/auth/me')).json().user.virtualCoins).toBe(46);
  });

  it('creates a commission-share game without touching coins (coinCost 0)', async () => {
    const a = await agent({ financialModel: 'commission-share', commissionPercentage: 16.6667 });
    const before = await coinsOf(t.database, a.user.id);
    const game = await newGame(a.as, { stake: 7, cartelaNumbers: [1, 2, 3] });
    // 21 ETB x 16.6667% = 3.500007 -> 3.50 ETB.
    expect(game).toMatchObject({
      totalAmount: 21,
      agentFee: 3.5,
      prize: 17.5,
      coinCost: 0,
      commissionPercent: 16.6667,
    });
    expect(await coinsOf(t.database, a.user.id)).toEqual(before);
  });

  it('keeps the commission percentage of creation when the agent changes it later', async () => {
    const a = await agent({ coins: 10, commissionPercentage: 10 });
    const game = await newGame(a.as, { stake: 10, cartelaNumbers: [1] });
    const profile = await a.as('PUT', '/api/auth/profile', { commissionPercentage: 20 });
    expect(profile.statusCode, profile.body).toBe(200);
    const again = (await a.as('GET', `/api/games/${game.gameId}`)).json().game;
    expect(again).toMatchObject({ commissionPercent: 10, agentFee: 1 });
    // (Cartela 1 is still in the first game's round.)
    expect((await newGame(a.as, { stake: 10, cartelaNumbers: [2] })).commissionPercent).toBe(20);
  });

  it('charges nothing for a 0% game of a virtual-coin agent', async () => {
    const a = await agent({ commissionPercentage: 0 });
    const game = await newGame(a.as, { stake: 10, cartelaNumbers: [1, 2] });
    expect(game).toMatchObject({ agentFee: 0, prize: 20, coinCost: 0 });
    expect((await coinsOf(t.database, a.user.id)).ledger).toEqual([]);
  });

  it('answers 402 Insufficient virtual coins and charges nothing when the coins do not cover the fee', async () => {
    const a = await agent({ coins: 2 });
    // fee 3 ETB: 3 coins, 2 held.
    await expectRefusedUnchanged(
      t.database,
      () =>
        a.as('POST', '/api/games', { stake: 10, cartelaNumbers: [1, 2, 3], selectedPattern: 'full-house' }),
      402,
      { message: 'Insufficient virtual coins', code: 'INSUFFICIENT_COINS' },
    );
    // Exactly enough is enough, down to zero.
    await newGame(a.as, { stake: 10, cartelaNumbers: [1, 2] });
    expect(await coinsOf(t.database, a.user.id)).toMatchObject({ balance: 0, ledgerSum: 0 });
  });
});

describe('POST /api/games: the rules of the request (each refusal changes nothing)', () => {
  let a: Awaited<ReturnType<typeof agent>>;
  beforeAll(async () => {
    a = await agent({ coins: 1000, cartelas: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    // Cartelas 9 and 10 of this agent are switched off (no route does it yet: decision 041).
    await t.database.db.execute(
      sql`UPDATE agent_cartelas SET is_active = false WHERE agent_id = ${a.user.id} AND cartela_number IN (9, 10)`,
    );
  });
  const create = (body: Record<string, unknown>) => () =>
    a.as('POST', '/api/games', { stake: 10, cartelaNumbers: [1, 2], selectedPattern: 'full-house', ...body });

  it.each([
    [
      'a cartela not assigned to the agent',
      { cartelaNumbers: [1, 57] },
      400,
      'Cartela 57 is not assigned to you. Please select from your assigned cartelas.',
      'cartelaNumbers',
    ],
    [
      'several cartelas not assigned',
      { cartelaNumbers: [58, 1, 57, 300] },
      400,
      'Cartelas 57, 58 and 300 are not assigned to you. Please select from your assigned cartelas.',
      'cartelaNumbers',
    ],
    [
      'an inactive cartela',
      { cartelaNumbers: [1, 9] },
      400,
      'Cartela 9 is inactive and cannot be played',
      'cartelaNumbers',
    ],
    [
      'two inactive cartelas',
      { cartelaNumbers: [10, 9, 2] },
      400,
      'Cartelas 9 and 10 are inactive and cannot be played',
      'cartelaNumbers',
    ],
    [
      'a cartela twice',
      { cartelaNumbers: [1, 2, 1] },
      400,
      'cartelaNumbers: Cartela 1 is selected twice',
      'cartelaNumbers',
    ],
    [
      'no cartela',
      { cartelaNumbers: [] },
      400,
      'cartelaNumbers: Select at least one cartela',
      'cartelaNumbers',
    ],
    ['cartela 0', { cartelaNumbers: [0] }, 400, undefined, 'cartelaNumbers.0'],
    ['cartela 301', { cartelaNumbers: [301] }, 400, undefined, 'cartelaNumbers.0'],
    [
      'an unknown pattern',
      { selectedPattern: 'zigzag' },
      400,
      'selectedPattern: Unknown winning pattern',
      'selectedPattern',
    ],
    ['a stake of 0', { stake: 0 }, 400, 'stake: The amount must be at least 1 birr', 'stake'],
    ['a stake with cents', { stake: 10.5 }, 400, 'stake: Must be a whole number', 'stake'],
    ['a stake as text', { stake: '10' }, 400, 'stake: Must be a number', 'stake'],
    [
      'players that do not match the cartelas',
      { numberOfPlayers: 3 },
      400,
      'numberOfPlayers: numberOfPlayers must equal the number of cartelas',
      'numberOfPlayers',
    ],
    ['an offline game', { gameMode: 'offline' }, 400, undefined, 'gameMode'],
    ['an unknown field', { prize: 1000 }, 400, 'prize: Unknown field', undefined],
  ])('refuses %s', async (_name, body, status, message, field) => {
    const before = await networkState(t.database);
    const res = await create(body)();
    expect(res.statusCode, res.body).toBe(status);
    const json = res.json();
    expect(json.code).toBe('VALIDATION_FAILED');
    if (message) expect(json.message).toBe(message);
    expect(json.field).toBe(field);
    expect(await networkState(t.database)).toEqual(before);
  });

  it('refuses a pattern the admin did not enable for the agent', async () => {
    const res = await asAdmin('PUT', `/api/users/agents/${a.user.id}`, { winningPatterns: ['full-house'] });
    expect(res.statusCode, res.body).toBe(200);
    await expectRefusedUnchanged(t.database, create({ selectedPattern: 'four-corners' }), 400, {
      message: 'Four Corners is not one of your winning patterns',
      code: 'VALIDATION_FAILED',
      field: 'selectedPattern',
    });
    await newGame(a.as, { cartelaNumbers: [1] });
  });

  it.each([
    ['empty', ''],
    ['with a space', 'a b'],
    ['too long', 'k'.repeat(129)],
    ['not ASCII', 'clé'],
  ])('refuses an Idempotency-Key %s with 400', async (_name, key) => {
    const before = await networkState(t.database);
    const res = await a.as(
      'POST',
      '/api/games',
      { stake: 10, cartelaNumbers: [1], selectedPattern: 'full-house' },
      { 'idempotency-key': key },
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/^Idempotency-Key: /);
    expect(await networkState(t.database)).toEqual(before);
  });
});

describe('POST /api/games: Idempotency-Key', () => {
  it('answers a retry with the first game (201, marked as a replay) and charges once', async () => {
    const a = await agent({ coins: 100 });
    const key = newKey();
    const body = { stake: 10, cartelaNumbers: [1, 2, 3], selectedPattern: 'full-house' };
    const first = await a.as('POST', '/api/games', body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same request, cartelas in another order and the pattern by an alias: the same game.
    const again = await a.as(
      'POST',
      '/api/games',
      { ...body, cartelaNumbers: [3, 1, 2], selectedPattern: 'fullhouse' },
      { 'idempotency-key': key },
    );
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().gameId).toBe(first.json().gameId);
    expect(again.json().game.id).toBe(first.json().game.id);
    expect(await coinsOf(t.database, a.user.id)).toMatchObject({ balance: 97, ledgerSum: 97 });
    expect((await a.as('GET', '/api/games/my-games')).json().total).toBe(1);

    // Another key is another game.
    const other = await a.as('POST', '/api/games', body, { 'idempotency-key': newKey() });
    expect(other.json().gameId).not.toBe(first.json().gameId);
  });

  it('refuses a key reused for a different game with 409, changing nothing', async () => {
    const a = await agent({ coins: 100 });
    const key = newKey();
    const body = { stake: 10, cartelaNumbers: [1, 2], selectedPattern: 'full-house' };
    expect((await a.as('POST', '/api/games', body, { 'idempotency-key': key })).statusCode).toBe(201);
    for (const changed of [{ stake: 20 }, { cartelaNumbers: [1, 3] }, { selectedPattern: 'four-corners' }]) {
      await expectRefusedUnchanged(
        t.database,
        () => a.as('POST', '/api/games', { ...body, ...changed }, { 'idempotency-key': key }),
        409,
        {
          message:
            'This Idempotency-Key was already used for a different game: send a new key for a new game',
          code: 'CONFLICT',
          reason: 'IDEMPOTENCY_KEY_REUSED',
        },
      );
    }
  });

  it('keys belong to one agent: two agents may use the same key', async () => {
    const [a, b] = await Promise.all([agent({ coins: 10 }), agent({ coins: 10 })]);
    const key = newKey();
    const body = { stake: 10, cartelaNumbers: [1], selectedPattern: 'full-house' };
    const ga = await a.as('POST', '/api/games', body, { 'idempotency-key': key });
    const gb = await b.as('POST', '/api/games', body, { 'idempotency-key': key });
    expect([ga.statusCode, gb.statusCode]).toEqual([201, 201]);
    expect(ga.json().gameId).not.toBe(gb.json().gameId);
  });

  it('20 concurrent retries of one request create one game and charge once', async () => {
    const a = await agent({ coins: 100 });
    const key = newKey();
    const body = { stake: 10, cartelaNumbers: [1, 2, 3, 4, 5], selectedPattern: 'full-house' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => a.as('POST', '/api/games', body, { 'idempotency-key': key })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((r) => r.json().gameId)).size).toBe(1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await coinsOf(t.database, a.user.id)).toMatchObject({ balance: 95, ledgerSum: 95 });
  });

  it('a retry after a refusal (402) is a new attempt: it succeeds once coins are there', async () => {
    const a = await agent({ coins: 0 });
    const key = newKey();
    const body = { stake: 10, cartelaNumbers: [1], selectedPattern: 'full-house' };
    expect((await a.as('POST', '/api/games', body, { 'idempotency-key': key })).statusCode).toBe(402);
    await asAdmin('POST', `/api/users/agents/${a.user.id}/add-coins`, { coins: 1, etbAmount: 1 });
    expect((await a.as('POST', '/api/games', body, { 'idempotency-key': key })).statusCode).toBe(201);
  });
});

describe('POST /api/games: who may create', () => {
  it('is for agents: the admin and a super agent get 403, no token 401', async () => {
    const { asAdmin: admin, asSuperAgent, anonymous } = await signedInCallers(t.app, t.database);
    const body = { stake: 10, cartelaNumbers: [1], selectedPattern: 'full-house' };
    expect((await admin('POST', '/api/games', body)).statusCode).toBe(403);
    expect((await asSuperAgent('POST', '/api/games', body)).statusCode).toBe(403);
    expect((await anonymous('POST', '/api/games', body)).statusCode).toBe(401);
  });
});
