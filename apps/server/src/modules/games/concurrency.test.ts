// Concurrency: coins are never spent twice by creations racing each other, and actions racing on one game
// queue on its row (each gets the next ball and the next seq). On PostgreSQL the requests really run in
// parallel, through a pool of connections; PGlite has one connection and runs them one after the other.
import { describe, expect, it } from 'vitest';
import { useGamesApp } from '../../test/fixtures.js';
import { eventsOf, gameAgent, newGame, newKey, serverState } from '../../test/games.js';
import { coinsOf } from '../../test/network.js';

const { t, asAdmin } = useGamesApp();

describe('concurrent creations', () => {
  it('60 creations by an agent whose coins pay for exactly 17 create exactly 17; the rest are 402', async () => {
    // Each game: 5 cartelas x 10 ETB, 10% = 5 ETB = 5 coins; 85 coins pay for 17. Each its own five cartelas (a
    // cartela is in one round at a time), so only the coins refuse.
    const a = await gameAgent(t.app, t.database, asAdmin, {
      coins: 85,
      cartelas: Array.from({ length: 300 }, (_, i) => i + 1),
    });
    const body = (i: number) => ({
      stake: 10,
      cartelaNumbers: Array.from({ length: 5 }, (_, k) => 5 * i + k + 1),
      selectedPattern: 'full-house',
    });
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        // Half with a key of their own, half without: keys do not change the count.
        a.as('POST', '/api/games', body(i), i % 2 ? { 'idempotency-key': newKey() } : {}),
      ),
    );
    const created = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(created).toHaveLength(17);
    expect(refused).toHaveLength(43);
    for (const r of refused)
      expect(r.json()).toEqual({ message: 'Insufficient virtual coins', code: 'INSUFFICIENT_COINS' });
    expect(new Set(created.map((r) => r.json().gameId)).size).toBe(17);

    const coins = await coinsOf(t.database, a.user.id);
    expect(coins).toMatchObject({ balance: 0, ledgerSum: 0 });
    const charges = coins.ledger.filter((r) => r.reason === 'game');
    expect(charges).toHaveLength(17);
    for (const r of charges) expect(r.delta).toBe(-5);
    // Each charge takes the balance the previous one left: 85 -> 80 -> ... -> 0.
    expect(charges.map((r) => r.before).sort((x, y) => y - x)).toEqual(
      Array.from({ length: 17 }, (_, i) => 85 - 5 * i),
    );
    const listed = (await a.as('GET', '/api/games/my-games?limit=100')).json();
    expect(listed.total).toBe(17);
  });
});

describe('concurrent actions on one game', () => {
  it('20 concurrent call-number requests get the first 20 balls of the order, once each, seq 1-20', async () => {
    const a = await gameAgent(t.app, t.database, asAdmin, { coins: 100 });
    const game = await newGame(a.as);
    const order = (await serverState(t.database, game.id)).remaining;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => a.as('POST', `/api/games/${game.id}/call-number`)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const balls = answers.map((r) => r.json().number as number);
    expect([...balls].sort((x, y) => x - y)).toEqual(order.slice(0, 20).sort((x, y) => x - y));
    const log = await eventsOf(t.database, game.id);
    expect(log.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(log.map((e) => e.result.number)).toEqual(order.slice(0, 20));
  });

  it('two devices sending the same batch at once: it is applied once, both are answered alike', async () => {
    const a = await gameAgent(t.app, t.database, asAdmin, { coins: 100 });
    const game = await newGame(a.as);
    const at = '2026-11-23T08:00:00.000Z';
    const sendAtOnce = (events: unknown[]) =>
      Promise.all(Array.from({ length: 6 }, () => a.as('POST', `/api/games/${game.id}/events`, { events })));
    // The first call alone (it ends its batch), then ten more: each batch applied once.
    const first = await sendAtOnce([{ seq: 1, at, type: 'call-next' }]);
    expect(first.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(first.map((r) => r.json().applied).sort()).toEqual([0, 0, 0, 0, 0, 1]);
    expect(new Set(first.map((r) => JSON.stringify(r.json().state))).size).toBe(1);
    const events = Array.from({ length: 10 }, (_, i) => ({ seq: i + 2, at, type: 'call-next' }));
    const answers = await sendAtOnce(events);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.map((r) => r.json().applied).sort()).toEqual([0, 0, 0, 0, 0, 10]);
    expect(new Set(answers.map((r) => JSON.stringify(r.json().state))).size).toBe(1);
    expect(await eventsOf(t.database, game.id)).toHaveLength(11);
  });

  it('a cancel racing with calls: either it comes first and refunds, or it is refused and the game goes on', async () => {
    const a = await gameAgent(t.app, t.database, asAdmin, { coins: 100 });
    let played = 0;
    for (let round = 0; round < 5; round++) {
      const game = await newGame(a.as, { stake: 10, cartelaNumbers: [1, 2] }); // 2 coins
      const [cancel, ...calls] = await Promise.all([
        a.as('POST', `/api/games/${game.id}/cancel`),
        ...Array.from({ length: 3 }, () => a.as('POST', `/api/games/${game.id}/call-number`)),
      ]);
      const called = calls.filter((r) => r.statusCode === 200).length;
      if (cancel!.statusCode === 200) {
        // No call before it: the coins come back, and every call after it finds the game over.
        expect(called).toBe(0);
        expect(cancel!.json().message).toBe('Game cancelled: 2 coins refunded');
        for (const r of calls) expect(r.json().reason).toBe('GAME_OVER');
      } else {
        // A call came first: the game is played on (every call answered), and finished keeps its coins.
        expect(cancel!.statusCode, cancel!.body).toBe(409);
        expect(cancel!.json().reason).toBe('GAME_STARTED');
        expect(called).toBe(3);
        const finished = await a.as('POST', `/api/games/${game.id}/finish`);
        expect(finished.json().game).toMatchObject({ status: 'finished', totalCalls: 3, coinCost: 2 });
        played++;
      }
    }
    const coins = await coinsOf(t.database, a.user.id);
    expect(coins.balance).toBe(coins.ledgerSum);
    expect(coins.balance).toBe(100 - 2 * played);
  });
});
