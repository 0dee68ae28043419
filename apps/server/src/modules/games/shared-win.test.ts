// Ties split the prize (decision 062): two cartelas that complete the pattern on the same ball are both GOOD
// BINGO, each with its share (core's prizeShares: equal parts, the odd santim to the first confirmed), in the
// game's answers, validate-winner's answer, the reports and the CSV; nobody can win on a later ball.
import type { Card } from '@cartela/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useGamesApp } from '../../test/fixtures.js';
import { firstWin, newGame, serverState } from '../../test/games.js';

// 10.05%: a 20 ETB game pays 2.01 ETB of fee and a prize of 17.99 ETB, an odd number of santim.
const { t, asAdmin, a } = useGamesApp({ agent: { coins: 10_000, commissionPercentage: 10.05 } });
beforeAll(async () => {
  // Cartelas 1 and 2 have the same four corners (one middle number differs: an agent's cards must differ).
  const card: Card = [
    [1, 16, 31, 46, 61],
    [2, 17, 32, 47, 62],
    [3, 18, 0, 48, 63],
    [4, 19, 34, 49, 64],
    [5, 20, 35, 50, 65],
  ];
  const twin = card.map((row) => [...row]);
  twin[1]![1] = 21;
  for (const [n, bingoCard] of [
    [1, card],
    [2, twin],
  ] as const) {
    const res = await asAdmin('PUT', `/api/cartelas/agent/${a.user.id}/cartela/${n}`, { bingoCard });
    expect(res.statusCode, res.body).toBe(200);
  }
});

const post = (id: string, action: string, body?: unknown) => a.as('POST', `/api/games/${id}/${action}`, body);

/**
 * A four-corners game of cartelas 1 and 2, called up to the ball that completes both (in 4 draws of 75 the 75th:
 * the game stays open for it, decision 069).
 */
async function tiedGame() {
  const game = await newGame(a.as, { stake: 10, cartelaNumbers: [1, 2], selectedPattern: 'four-corners' });
  expect(game).toMatchObject({ totalAmount: 20, agentFee: 2.01, prize: 17.99 });
  const win = firstWin(await serverState(t.database, game.id));
  expect(win).not.toBeNull();
  for (let i = 0; i < win!.calls; i++) expect((await post(game.id, 'call-number')).statusCode).toBe(200);
  return game;
}

describe('a shared win', () => {
  it('records both winners on the same ball, each with its share, and stops the calls', async () => {
    const game = await tiedGame();
    // Cartela 2 is confirmed first: it takes the odd santim.
    const first = await post(game.id, 'validate-winner', { cartelaNumber: 2 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      winner: true,
      message: 'GOOD BINGO! Cartela #2 wins',
      prizeShare: 17.99,
      sharedBy: 1,
      game: { winners: [{ cartelaNumber: 2, prizeShare: 17.99 }] },
    });
    const second = await post(game.id, 'validate-winner', { cartelaNumber: 1 });
    expect(second.statusCode, second.body).toBe(200);
    const body = second.json();
    const called = body.game.calledNumbers as number[];
    expect(body).toMatchObject({
      winner: true,
      reason: 'WINNER',
      message: 'GOOD BINGO! Cartela #1 wins: prize shared by 2 winners',
      lastBall: called.at(-1),
      prizeShare: 8.99,
      sharedBy: 2,
    });
    expect(body.game.winners).toEqual([
      expect.objectContaining({ cartelaNumber: 2, lastBall: called.at(-1), prizeShare: 9 }),
      expect.objectContaining({ cartelaNumber: 1, lastBall: called.at(-1), prizeShare: 8.99 }),
    ]);
    // No later ball: the calls stop at the first winner.
    const later = await post(game.id, 'call-number');
    expect(later.statusCode).toBe(409);
    expect(later.json().reason).toBe('WINNER_DECLARED');
    const finished = await post(game.id, 'finish');
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().game).toMatchObject({
      status: 'finished',
      prize: 17.99,
      winnerCartelaNumber: 2,
      winners: [
        { cartelaNumber: 2, prizeShare: 9 },
        { cartelaNumber: 1, prizeShare: 8.99 },
      ],
    });
    const list = await a.as('GET', '/api/games/my-games');
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().games.find((g: { id: string }) => g.id === game.id);
    expect(listed.winners.map((w: { prizeShare: number }) => w.prizeShare)).toEqual([9, 8.99]);
  });

  it('shows the number of winners and the share of each in the reports and the CSV', async () => {
    const game = await tiedGame();
    for (const n of [1, 2]) {
      const res = await post(game.id, 'validate-winner', { cartelaNumber: n });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await post(game.id, 'finish')).statusCode).toBe(200);
    const alone = await newGame(a.as, { stake: 10, cartelaNumbers: [1, 2], selectedPattern: 'four-corners' });

    const report = await a.as('GET', '/api/reports/games?limit=100');
    expect(report.statusCode, report.body).toBe(200);
    const rows = report.json().games as { gameId: string }[];
    expect(rows.find((r) => r.gameId === game.gameId)).toMatchObject({
      prize: 17.99,
      winners: 2,
      prizeShares: [9, 8.99],
    });
    expect(rows.find((r) => r.gameId === alone.gameId)).toMatchObject({ winners: 0, prizeShares: [] });

    const csv = await a.as('GET', '/api/reports/games/export');
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    const header = lines[0]!.split(',');
    const column = (line: string, name: string) => line.split(',')[header.indexOf(name)];
    expect(header).toContain('Winners');
    expect(header).toContain('Prize per winner');
    const tied = lines.find((l) => l.startsWith(game.gameId))!;
    expect(column(tied, 'Winners')).toBe('2');
    expect(column(tied, 'Prize per winner')).toBe('9.00 / 8.99');
    const open = lines.find((l) => l.startsWith(alone.gameId))!;
    expect(column(open, 'Winners')).toBe('0');
    expect(column(open, 'Prize per winner')).toBe('');
  });
});
