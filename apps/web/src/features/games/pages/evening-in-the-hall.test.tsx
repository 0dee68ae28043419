// Issue 19 on the games pages: 'Next game' prefills the wizard (from the room's navigation state and from a
// finished game of the list), the admin's link to a running game opens its history, the history lists every
// claim and says a running game is in progress, and 'Added 1 assigned cartela' reads right in both languages.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '@/app/routes';
import { applyLanguage } from '@/i18n';
import { nextGameState } from '@/lib/next-game';
import { queryClient } from '@/lib/query-client';
import { ToasterHost } from '@/lib/toast';
import type { Routes } from '@/test/utils';
import { adminUser, compileFirst, json, makeUser, openAs, renderApp, signedIn } from '@/test/utils';
import { assignedAnswer, gamesAnswer, makeDetail, makeGame } from '../testing';

const MINE = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20];

function asAgent(routes: Routes = {}) {
  return signedIn(makeUser(), {
    'GET /api/games/my-games': gamesAnswer([]),
    'GET /api/cartelas/my-cartelas': assignedAnswer(MINE),
    ...routes,
  });
}

compileFirst(
  () => import('./games-page'),
  () => import('./game-history-page'),
  () => import('../components/create-game-wizard'),
);

afterEach(async () => {
  await applyLanguage('en');
});

describe('Next game (issue 19)', () => {
  it('from the room: /game with the last game in its navigation state opens the wizard on Start Game, each choice kept and editable', async () => {
    asAgent();
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter
          initialEntries={[
            {
              pathname: '/game',
              state: nextGameState({ stake: 50, patternId: 'four-corners', cartelas: [2, 3, 99] }),
            },
          ]}
        >
          <AppRoutes />
        </MemoryRouter>
        <ToasterHost />
      </QueryClientProvider>,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Create New Game' }));
    // Cartela 99 is no longer the agent's: dropped; 2 and 3 stay chosen.
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: /Cartela 2\b/ })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(dialog.getByRole('button', { name: /Cartela 3\b/ })).toHaveAttribute('aria-pressed', 'true');
    expect(dialog.getByRole('button', { name: /Cartela 4\b/ })).toHaveAttribute('aria-pressed', 'false');
    expect(dialog.getByRole('button', { name: /Start Game/ })).toBeEnabled();
    // Back to the pattern and the stake: both as they were, still editable.
    const user = userEvent.setup();
    await user.click(dialog.getByRole('button', { name: 'Back' }));
    expect(dialog.getByRole('combobox')).toHaveValue('four-corners');
    await user.click(dialog.getByRole('button', { name: 'Back' }));
    expect(dialog.getByRole('button', { name: /^ETB\s50$/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('from the list: a finished game offers Next game, which opens the wizard with its stake, pattern and cartelas', async () => {
    asAgent({
      'GET /api/games/my-games': gamesAnswer([
        makeGame({
          gameId: 'G-20251122-FINISHED',
          status: 'finished',
          stake: 30,
          selectedWinningPattern: 'four-corners',
          cartelaNumbers: [5, 6],
        }),
        makeGame({ id: 'row-2', _id: 'row-2', gameId: 'G-20251122-RUNNING1', status: 'active' }),
      ]),
    });
    renderApp('/game');
    const finished = within(await screen.findByRole('row', { name: 'Game FINISHED' }));
    const running = within(screen.getByRole('row', { name: 'Game RUNNING1' }));
    expect(running.queryByRole('button', { name: /Next game/ })).toBeNull();
    const user = userEvent.setup();
    await user.click(finished.getByRole('button', { name: 'Next game like FINISHED' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create New Game' }));
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: /Cartela 5\b/ })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(dialog.getByRole('button', { name: /Cartela 6\b/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(dialog.getByRole('button', { name: 'Back' }));
    expect(dialog.getByRole('combobox')).toHaveValue('four-corners');
  });

  it('the wizard alone still starts empty on the money step', async () => {
    asAgent();
    renderApp('/game');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create New Game' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create New Game' }));
    expect(dialog.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(dialog.getByRole('button', { name: /^ETB\s50$/ })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe("the admin's link to a running game (issue 19)", () => {
  it("opens the game's history (read-only), not the agent's room", async () => {
    openAs(adminUser(), '/game', {
      'GET /api/games/all': gamesAnswer(
        [makeGame({ gameId: 'G-ADMIN-0RUNNING', status: 'active' })],
        1,
        1,
        20,
      ),
    });
    const row = within(await screen.findByRole('row', { name: 'Game 0RUNNING' }));
    for (const link of row.getAllByRole('link'))
      expect(link).toHaveAttribute('href', '/game-history/G-ADMIN-0RUNNING');
  });

  it('an admin who opens /game/{id} lands on its history', async () => {
    openAs(adminUser(), '/game/G-ADMIN-0RUNNING', {
      'GET /api/games/G-ADMIN-0RUNNING': json(200, {
        game: makeDetail({ gameId: 'G-ADMIN-0RUNNING', status: 'active' }),
      }),
    });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/game-history/G-ADMIN-0RUNNING'),
    );
    expect(await screen.findByText('Game in progress')).toBeInTheDocument();
  });
});

describe('the history as dispute evidence (issue 19)', () => {
  const GAME_ID = 'G-20251122-CLAIMS01';
  const withGame = (game: ReturnType<typeof makeDetail>) => {
    signedIn(makeUser(), {
      [`GET /api/games/${GAME_ID}`]: json(200, { game }),
    });
  };

  it('lists every claim: its cartela, the decision, the ball, its time and the reason in words', async () => {
    const game = makeDetail({
      gameId: GAME_ID,
      validations: [
        {
          cartelaNumber: 12,
          decision: 'block',
          reason: 'PATTERN_INCOMPLETE',
          callCount: 9,
          lastBall: 33,
          at: '2025-11-22T15:40:00.000Z',
        },
        {
          cartelaNumber: 40,
          decision: 'block',
          reason: 'LATE_CLAIM',
          callCount: 14,
          lastBall: 70,
          completedOn: { ball: 7, callCount: 12 },
          at: '2025-11-22T15:42:00.000Z',
        },
        {
          cartelaNumber: 17,
          decision: 'good-bingo',
          reason: 'WINNER',
          callCount: 20,
          lastBall: 5,
          completedOn: { ball: 5, callCount: 20 },
          at: '2025-11-22T15:45:00.000Z',
        },
      ],
    });
    withGame(game);
    renderApp(`/game-history/${GAME_ID}`);
    const table = within(await screen.findByRole('table', { name: 'Claims' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Cartela 12');
    expect(rows[0]).toHaveTextContent('Blocked');
    expect(rows[0]).toHaveTextContent('N-33 (call 9)');
    expect(rows[0]).toHaveTextContent('The pattern was not complete');
    expect(rows[1]).toHaveTextContent('Late claim, blocked');
    expect(rows[1]).toHaveTextContent('Claimed too late: the pattern was complete before the last ball');
    // Why, on which ball (product/draw.md#the-claim-rule); a game recorded before it was kept says only the reason.
    expect(within(rows[1]!).getByTestId('claim-story')).toHaveTextContent(
      'Completed on ball 12 (B-7), claimed on ball 14',
    );
    expect(within(rows[0]!).queryByTestId('claim-story')).not.toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Good bingo');
    expect(rows[2]).toHaveTextContent('B-5 (call 20)');
    expect(within(rows[2]!).getByTestId('claim-story')).toHaveTextContent('Completed by this ball');
    expect(rows[2]).toHaveTextContent(/6:45/);
  });

  it("a running or paused game says it is in progress, not 'Game ended without a winner'", async () => {
    withGame(makeDetail({ gameId: GAME_ID, status: 'active' }));
    renderApp(`/game-history/${GAME_ID}`);
    expect(await screen.findByText('Game in progress')).toBeInTheDocument();
    expect(screen.queryByText('Game ended without a winner')).toBeNull();
    expect(screen.getByText('No cartela was checked in this game.')).toBeInTheDocument();
  });

  it('speaks Amharic', async () => {
    withGame(makeDetail({ gameId: GAME_ID, status: 'paused' }));
    renderApp(`/game-history/${GAME_ID}`);
    expect(await screen.findByText('Game paused')).toBeInTheDocument();
    await applyLanguage('am');
    expect(await screen.findByText('ጨዋታው ቆሟል')).toBeInTheDocument();
    expect(screen.getByText('በዚህ ጨዋታ ምንም ካርቴላ አልተረጋገጠም።')).toBeInTheDocument();
  });

  it("'Added 1 assigned cartela' and 'Added 2 assigned cartelas' (plurals, both languages)", async () => {
    const { t } = await import('i18next');
    expect(t('games.wizard.cartelas.addedRange', { count: 1 })).toBe(
      'Added 1 assigned cartela to selection.',
    );
    expect(t('games.wizard.cartelas.addedRange', { count: 2 })).toBe(
      'Added 2 assigned cartelas to selection.',
    );
    await applyLanguage('am');
    expect(t('games.wizard.cartelas.addedRange', { count: 1 })).toBe('1 የተመደበ ካርቴላ ወደ ምርጫው ተጨምሯል።');
    expect(t('games.wizard.cartelas.addedRange', { count: 3 })).toBe('3 የተመደቡ ካርቴላዎች ወደ ምርጫው ተጨምረዋል።');
  });
});
