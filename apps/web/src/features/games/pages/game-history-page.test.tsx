import type { GameDetail } from '@cartela/contract';
import { ballLabel } from '@cartela/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '@/i18n';
import type { Routes } from '@/test/utils';
import { compileFirst, json, makeUser, renderApp, signedIn } from '@/test/utils';
import { cardOf, drawnCalls, makeDetail, makeShuffle } from '../testing';

const GAME_ID = 'G-20251122-HISTORY1';

function withGame(game: GameDetail | Response, routes: Routes = {}) {
  return signedIn(makeUser(), {
    [`GET /api/games/${GAME_ID}`]: game instanceof Response ? game : json(200, { game }),
    ...routes,
  });
}

const winnerCard = cardOf(17);

compileFirst(() => import('./game-history-page'));

describe('/game-history/{gameId}', () => {
  it('shows the game: id, status, cards, the calls in order coloured by column, and its details', async () => {
    const calledNumbers = drawnCalls(30, [12]);
    const game = makeDetail({
      gameId: GAME_ID,
      calledNumbers,
      stake: 30,
      numberOfPlayers: 14,
      selectedWinningPattern: 'x-pattern',
      winningPattern: 'x-pattern',
      gameMode: 'specific-pattern',
      settings: {
        enabledPatterns: ['full-house', 'x-pattern', 'four-corners'],
        moneyLevels: [{ amount: 10, label: '10 Birr' }],
        customMoneyLevel: 0,
        voiceSpeed: 1.5,
      },
    });
    withGame(game);
    renderApp(`/game-history/${GAME_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Game History' })).toBeInTheDocument();
    const id = await screen.findByText('Game #HISTORY1');
    expect(id).toHaveAttribute('title', GAME_ID);
    expect(within(id.parentElement!).getByText('Finished').className).toMatch(/danger/);
    expect(screen.getByRole('link', { name: 'Back to Games' })).toHaveAttribute('href', '/game');
    const stats = within(screen.getByRole('region', { name: 'Game History' }));
    expect(stats.getByText('Game date').nextElementSibling).toHaveTextContent('Nov 22, 2025');
    expect(stats.getByText('Numbers called').nextElementSibling).toHaveTextContent('30');
    expect(stats.getByText('Players').nextElementSibling).toHaveTextContent('14');
    expect(stats.getByText('Money level').nextElementSibling).toHaveTextContent(/ETB\s30\.00/);

    const calls = within(screen.getByRole('list', { name: 'Called numbers' }));
    const items = calls.getAllByRole('listitem').filter((li) => li.getAttribute('aria-label'));
    expect(items.map((li) => li.getAttribute('aria-label'))).toEqual(
      calledNumbers.map((n, i) => `Call ${i + 1}: ${ballLabel(n)}`),
    );
    // Coloured by range: B blue, I red, N slate, G green, O amber.
    const colour = {
      B: 'bg-sky-700',
      I: 'bg-rose-700',
      N: 'bg-violet-600',
      G: 'bg-emerald-700',
      O: 'bg-amber-400',
    };
    for (const [i, n] of calledNumbers.entries()) {
      expect(within(items[i]!).getByText(ballLabel(n)).className).toContain(colour[ballLabel(n)[0] as 'B']);
    }
    // This old game's shuffle reordered the balls: it says so, and the check replays it.
    expect(
      calls.getByText(
        'Recorded before Nov 26, 2026: this shuffle reordered the balls not yet called; the check replays it',
      ),
    ).toBeInTheDocument();

    const details = within(
      screen.getByRole('heading', { name: 'Game details' }).closest('div.rounded-xl')! as HTMLElement,
    );
    const detail = (label: string) =>
      details.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(detail('Game mode')).toBe('Specific pattern');
    expect(detail('Selected pattern')).toBe('X Pattern');
    expect(detail('Patterns offered')).toBe('Full House, X Pattern, Four Corners');
    expect(detail('Voice speed')).toBe('1.5×');
    // No custom money level (0): not shown.
    expect(details.queryByText('Custom money level')).not.toBeInTheDocument();
    expect(detail('Stake per player')).toMatch(/ETB\s30\.00/);
    expect(detail('Players')).toBe('14 cartelas');
    expect(detail('Numbers called')).toBe('30 of 75');
    expect(detail('Status')).toBe('Finished');
    expect(detail('Started')).toMatch(/Nov 22, 2025/);
    expect(detail('Finished')).toMatch(/Nov 22, 2025/);
  });

  it("lists today's shuffles as the hall's moments, and says whose clock each time is", async () => {
    const calledNumbers = drawnCalls(5);
    const at = (s: number) => new Date(Date.parse('2025-11-22T11:02:00.000Z') + s * 1000).toISOString();
    const game = makeDetail({
      gameId: GAME_ID,
      calledNumbers,
      calls: calledNumbers.map((number, i) => ({
        number,
        letter: ballLabel(number)[0] as 'B',
        at: at(i * 3),
        receivedAt: at(i * 3 + 1),
        clock: 'room' as const,
      })),
      shuffles: [
        makeShuffle(0, { at: at(-10), receivedAt: at(-9) }),
        makeShuffle(3, { at: at(8), receivedAt: at(9) }),
      ],
      settings: { customMoneyLevel: 25 },
    });
    // Call 2 reached the server 18 minutes after the room's time; call 4's room clock was not believed.
    game.calls[1] = { ...game.calls[1]!, at: at(3), receivedAt: at(3 + 18 * 60) };
    game.calls[3] = { ...game.calls[3]!, at: at(20 * 60), receivedAt: at(20 * 60), clock: 'server' };
    withGame(game);
    renderApp(`/game-history/${GAME_ID}`);

    const calls = within(await screen.findByRole('list', { name: 'Called numbers' }));
    expect(
      calls.getByText('Balls mixed before the first call; the order did not change'),
    ).toBeInTheDocument();
    expect(calls.getByText('Balls mixed after 3 calls; the order did not change')).toBeInTheDocument();
    const items = calls.getAllByRole('listitem').filter((li) => li.getAttribute('aria-label'));
    expect(items).toHaveLength(5);
    // 11:02 UTC is 2:02 PM in Addis Ababa.
    expect(items[0]).toHaveAttribute(
      'title',
      `Call 1: ${ballLabel(calledNumbers[0]!)} · 2:02:00 PM (room clock)`,
    );

    const user = userEvent.setup();
    await user.click(screen.getByText('Show the time of each call and shuffle'));
    expect(screen.getByText('2:02:00 PM (room clock)')).toBeVisible();
    expect(screen.getByText('called 2:02:03 PM (room), received 2:20:03 PM')).toBeVisible();
    expect(screen.getByText('received by the server at 2:22:00 PM')).toBeVisible();
    expect(screen.getByText('2:02:08 PM (room clock)')).toBeVisible();

    const details = within(
      screen.getByRole('heading', { name: 'Game details' }).closest('div.rounded-xl')! as HTMLElement,
    );
    expect(details.getByText('Custom money level', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      /ETB\s25\.00/,
    );
    expect(details.queryByText('Patterns offered')).not.toBeInTheDocument();
    expect(details.queryByText('Voice speed')).not.toBeInTheDocument();

    // The check replays no shuffle of today: the order is the seed's, and every call follows from it.
    expect(screen.getByText('2 shuffles: the order did not change')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Verified: every one of the 5 calls follows from the seed.')).toBeInTheDocument();
  });

  it('shows why a game was cancelled, and its refund before the first call', async () => {
    withGame(
      makeDetail({
        gameId: GAME_ID,
        status: 'cancelled',
        finishReason: null,
        calledNumbers: [],
        totalCalls: 0,
        shuffles: [],
        coinCost: 5,
        refundedCoins: 5,
        cancelReason: 'Wrong cartelas chosen',
      }),
    );
    renderApp(`/game-history/${GAME_ID}`);
    expect(await screen.findByText('Cancelled before the first call: 5 coins refunded')).toBeInTheDocument();
    expect(screen.getByText('Reason: Wrong cartelas chosen')).toBeInTheDocument();
    const details = within(
      screen.getByRole('heading', { name: 'Game details' }).closest('div.rounded-xl')! as HTMLElement,
    );
    expect(
      details.getByText('Reason for cancelling', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent('Wrong cartelas chosen');
    expect(details.getByText('Cancelled', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByText('No number was called in this game.')).toBeInTheDocument();
  });

  it('says there was no refund for a game cancelled after calls, in English and Amharic', async () => {
    const game = makeDetail({
      gameId: GAME_ID,
      status: 'cancelled',
      finishReason: null,
      calledNumbers: drawnCalls(7),
      totalCalls: 7,
      shuffles: [],
      coinCost: 5,
      refundedCoins: 0,
      cancelReason: null,
    });
    withGame(game);
    renderApp(`/game-history/${GAME_ID}`);
    expect(await screen.findByText('Cancelled after 7 calls: no refund')).toBeInTheDocument();
    expect(screen.getByText('No reason was given.')).toBeInTheDocument();
    await applyLanguage('am');
    expect(await screen.findByText('ከ7 ጥሪዎች በኋላ ተሰርዟል፦ ተመላሽ የለም')).toBeInTheDocument();
  });

  it("shows the winner's card with the free centre and the numbers called up to the win marked", async () => {
    const calledNumbers = drawnCalls(30, [12]);
    const game = makeDetail({
      gameId: GAME_ID,
      calledNumbers,
      winnerCartelaNumber: 17,
      winners: [
        {
          cartelaNumber: 17,
          patternId: 'full-house',
          lastBall: calledNumbers[24]!,
          callCount: 25,
          at: null,
          prizeShare: 216,
        },
      ],
    });
    withGame(game, {
      [`GET /api/games/${GAME_ID}/cartela/17`]: json(200, {
        cartela: { cartelaNumber: 17, bingoCard: winnerCard },
      }),
    });
    renderApp(`/game-history/${GAME_ID}`);

    expect(await screen.findByText('Cartela 17')).toBeInTheDocument();
    expect(screen.getByText('Winning pattern: Full House')).toBeInTheDocument();
    expect(screen.getByText(`Won on ${ballLabel(calledNumbers[24]!)}, call 25`)).toBeInTheDocument();
    const card = await screen.findByRole('table', { name: 'Winning card: cartela 17' });
    const upToWin = new Set(calledNumbers.slice(0, 25));
    const cells = within(card).getAllByRole('cell');
    expect(cells).toHaveLength(25);
    cells.forEach((cell, i) => {
      const value = winnerCard[Math.floor(i / 5)]![i % 5]!;
      if (value === 0) expect(cell).toHaveTextContent('Free');
      else expect(cell.className.includes('bg-success-600'), `cell ${value}`).toBe(upToWin.has(value));
    });
    expect(screen.queryByText('No winner in this game')).not.toBeInTheDocument();
    expect(screen.getByText('Prize ETB 216.00')).toBeInTheDocument();
  });

  it('lists every winner of a shared win with its share of the prize, in English and Amharic', async () => {
    const calledNumbers = drawnCalls(30, [12]);
    const won = { patternId: 'full-house', lastBall: calledNumbers[24]!, callCount: 25, at: null } as const;
    const game = makeDetail({
      gameId: GAME_ID,
      calledNumbers,
      prize: 900.01,
      winnerCartelaNumber: 17,
      winners: [
        { cartelaNumber: 17, ...won, prizeShare: 450.01 },
        { cartelaNumber: 4, ...won, prizeShare: 450 },
      ],
    });
    withGame(game, {
      [`GET /api/games/${GAME_ID}/cartela/17`]: json(200, {
        cartela: { cartelaNumber: 17, bingoCard: winnerCard },
      }),
      [`GET /api/games/${GAME_ID}/cartela/4`]: json(200, {
        cartela: { cartelaNumber: 4, bingoCard: cardOf(4) },
      }),
    });
    renderApp(`/game-history/${GAME_ID}`);

    expect(await screen.findByText('Winners')).toBeInTheDocument();
    expect(screen.getByText('Cartela 17')).toBeInTheDocument();
    expect(screen.getByText('Cartela 4')).toBeInTheDocument();
    expect(screen.getByText('Prize ETB 450.01: shared by 2 winners on the same ball')).toBeInTheDocument();
    expect(screen.getByText('Prize ETB 450.00: shared by 2 winners on the same ball')).toBeInTheDocument();
    await applyLanguage('am');
    expect(await screen.findByText('ሽልማት ብር 450.00፦ በአንድ ኳስ ያሸነፉ 2 አሸናፊዎች ተካፍለውታል')).toBeInTheDocument();
    expect(screen.getByText('አሸናፊዎች')).toBeInTheDocument();
    await applyLanguage('en');
  });

  it("says 'No winner in this game' and 'Game ended without a winner' when nobody won", async () => {
    withGame(makeDetail({ gameId: GAME_ID }));
    renderApp(`/game-history/${GAME_ID}`);
    expect(await screen.findByText('No winner in this game')).toBeInTheDocument();
    expect(screen.getByText('Game ended without a winner')).toBeInTheDocument();
  });

  it("shows 'Game Not Found' with 'Back to Games', and the toast 'Game data not available'", async () => {
    withGame(json(404, { message: 'Game not found', code: 'NOT_FOUND' }));
    renderApp(`/game-history/${GAME_ID}`);
    expect(await screen.findByRole('heading', { name: 'Game Not Found' })).toBeInTheDocument();
    expect(await screen.findByText('Game data not available')).toBeInTheDocument();
    const back = screen.getAllByRole('link', { name: 'Back to Games' });
    expect(back.length).toBeGreaterThan(0);
    await userEvent.setup().click(back.at(-1)!);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/game$/));
  });

  it("toasts 'Failed to load game history' when the server fails, and offers to try again", async () => {
    withGame(json(403, { message: 'You do not have permission to do this.', code: 'FORBIDDEN' }));
    renderApp(`/game-history/${GAME_ID}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load game history')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Failed to load game history')).toHaveLength(2));
  });
});

describe('the fairness proof', () => {
  it('verifies a real game call by call: the seed matches the commitment and every call follows from it', async () => {
    withGame(makeDetail({ gameId: GAME_ID, calledNumbers: drawnCalls(30, [12]) }));
    renderApp(`/game-history/${GAME_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(
      screen.getByText('Verified: every one of the 30 calls follows from the seed.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The seed matches the commitment')).toBeInTheDocument();
    const checks = within(screen.getByRole('list', { name: 'Each call against the seed' })).getAllByRole(
      'listitem',
    );
    expect(checks).toHaveLength(30);
    expect(checks.every((li) => / matches$/.test(li.getAttribute('aria-label')!))).toBe(true);
  });

  it('reports the first call that the seed does not give, and checks no further', async () => {
    const honest = drawnCalls(30, [12]);
    const tampered = [...honest];
    [tampered[4], tampered[9]] = [honest[9]!, honest[4]!];
    withGame(makeDetail({ gameId: GAME_ID, calledNumbers: tampered }));
    renderApp(`/game-history/${GAME_ID}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Verify' }));
    expect(
      screen.getByText(
        `Not verified: call 5 was ${ballLabel(honest[9]!)}, but the seed gives ${ballLabel(honest[4]!)}.`,
      ),
    ).toBeInTheDocument();
    const checks = within(screen.getByRole('list', { name: 'Each call against the seed' })).getAllByRole(
      'listitem',
    );
    expect(checks.slice(0, 4).every((li) => / matches$/.test(li.getAttribute('aria-label')!))).toBe(true);
    expect(checks[4]).toHaveAttribute(
      'aria-label',
      `Call 5: ${ballLabel(honest[9]!)}, the seed gives ${ballLabel(honest[4]!)}`,
    );
    expect(checks[4]!.className).toContain('ring-danger-600');
    expect(checks.slice(5).every((li) => / not checked$/.test(li.getAttribute('aria-label')!))).toBe(true);
  });

  it('keeps the seed secret while the game runs: no Verify yet', async () => {
    withGame(makeDetail({ gameId: GAME_ID, status: 'active', drawSeed: null, finishedAt: null }));
    renderApp(`/game-history/${GAME_ID}`);
    expect(await screen.findByText('Revealed when the game ends')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
  });
});
