// Issue 20 point 3, decision 064: a cancelled game moved no money. A game cancelled before its first call shows
// no total, fee, prize or coin cost in the game's answers, the lists, the report and its CSV, and says how many
// coins came back. A game with a call cannot be cancelled (product/draw.md#invariants): it is played to its end,
// and finished it shows its fee and keeps its coins like any other finished game.
import { describe, expect, it } from 'vitest';
import { useGamesApp } from '../../test/fixtures.js';
import { newGame } from '../../test/games.js';

const { as } = useGamesApp({ agent: { coins: 100, commissionPercentage: 10 } }).a;

const json = async (call: Promise<{ statusCode: number; body: string; json: () => unknown }>) => {
  const res = await call;
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
};

describe('a cancelled game moved no money', () => {
  it('cancelled before the first call: 0 total, fee, prize and coin cost everywhere, its 12 coins refunded', async () => {
    // 12 players at ETB 10: total 120, fee 12 (12 coins), prize 108.
    const created = await newGame(as, { cartelaNumbers: Array.from({ length: 12 }, (_, i) => i + 1) });
    expect(created).toMatchObject({ totalAmount: 120, agentFee: 12, prize: 108, coinCost: 12 });
    const cancel = await as('POST', `/api/games/${created.gameId}/cancel`, { reason: 'Wrong stake' });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const money = { totalAmount: 0, agentFee: 0, prize: 0, coinCost: 0, refundedCoins: 12 };
    const { game } = await json(as('GET', `/api/games/${created.gameId}`));
    expect(game).toMatchObject({ status: 'cancelled', stake: 10, numberOfPlayers: 12, ...money });
    const list = await json(as('GET', '/api/games/my-games'));
    const listed = (list.games as { gameId: string }[]).find((g) => g.gameId === created.gameId);
    expect(listed).toMatchObject(money);

    const report = await json(as('GET', '/api/reports/games?status=cancelled'));
    expect((report.games as { gameId: string }[]).find((g) => g.gameId === created.gameId)).toMatchObject({
      totalAmount: 0,
      agentFee: 0,
      prize: 0,
      prizeShares: [],
      refundedCoins: 12,
    });

    const csv = await as('GET', '/api/reports/games/export?status=cancelled');
    expect(csv.statusCode).toBe(200);
    const line = csv.body.split('\r\n').find((l) => l.startsWith(created.gameId))!;
    // Fee, Total, Prize 0.00; Winners 0, no prize per winner; the reason; 12 coins refunded.
    expect(line).toMatch(
      /^G\w+,cancelled,10\.00,12,0,10,0\.00,0\.00,0\.00,0,,[\d-]+,[^,]+,[^,]+,Wrong stake,12$/,
    );

    // The agent dashboard's recent games say the same.
    const stats = await json(as('GET', '/api/stats/agent'));
    const recent = (stats.games as { gameId: string }[]).find((g) => g.gameId === created.gameId);
    expect(recent).toMatchObject({ agentFee: 0, totalAmount: 0 });
  });

  it('a game with a call is not cancelled: refused, it goes on, and finished it shows its fee and keeps its coins', async () => {
    const created = await newGame(as, { cartelaNumbers: Array.from({ length: 12 }, (_, i) => i + 1) });
    expect((await as('POST', `/api/games/${created.gameId}/call-number`)).statusCode).toBe(200);
    const cancel = await as('POST', `/api/games/${created.gameId}/cancel`, { reason: 'Wrong stake' });
    expect(cancel.statusCode, cancel.body).toBe(409);
    expect(cancel.json()).toMatchObject({ code: 'CONFLICT', reason: 'GAME_STARTED' });
    const money = { totalAmount: 120, agentFee: 12, prize: 108, coinCost: 12, refundedCoins: 0 };
    const running = await json(as('GET', `/api/games/${created.gameId}`));
    expect(running.game).toMatchObject({ status: 'active', cancelReason: null, ...money });
    expect((await as('POST', `/api/games/${created.gameId}/finish`)).statusCode).toBe(200);
    const { game } = await json(as('GET', `/api/games/${created.gameId}`));
    expect(game).toMatchObject({ status: 'finished', ...money });
    const report = await json(as('GET', '/api/reports/games?status=finished'));
    expect((report.games as { gameId: string }[]).find((g) => g.gameId === created.gameId)).toMatchObject({
      totalAmount: 120,
      agentFee: 12,
      prize: 108,
      refundedCoins: 0,
    });
  });
});
