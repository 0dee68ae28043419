// Decision 085 on the games pages: 'Next game' after a cancel too (the room opens the history then), step 3 says
// the stake and the pattern it repeats, and Start Game waits, saying why, when the coins are too few.
import type { SessionUser } from '@cartela/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '@/i18n';
import type { Routes } from '@/test/utils';
import { adminUser, compileFirst, json, makeUser, openAs, renderApp, signedIn } from '@/test/utils';
import { assignedAnswer, gamesAnswer, makeDetail, makeGame } from '../testing';

const MINE = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20];
const CANCELLED = 'G-20251122-CANCELD1';

function asAgent(routes: Routes = {}, user: SessionUser = makeUser()) {
  return signedIn(user, {
    'GET /api/games/my-games': gamesAnswer([]),
    'GET /api/cartelas/my-cartelas': assignedAnswer(MINE),
    ...routes,
  });
}

const cancelled = makeDetail({
  gameId: CANCELLED,
  status: 'cancelled',
  stake: 50,
  selectedWinningPattern: 'four-corners',
  winningPattern: 'four-corners',
  cartelaNumbers: [2, 3],
  calledNumbers: [],
  totalCalls: 0,
  winners: [],
  winnerCartelaNumber: null,
  cancelReason: 'Wrong cartelas',
});

compileFirst(
  () => import('./games-page'),
  () => import('./game-history-page'),
  () => import('../components/create-game-wizard'),
);

afterEach(async () => {
  await applyLanguage('en');
});

const wizard = async () => within(await screen.findByRole('dialog', { name: 'Create New Game' }));
const chosen = (dialog: ReturnType<typeof within>, title: string) =>
  within(dialog.getByRole('region', { name: title }));

describe('Next game after a cancel', () => {
  it("the cancelled game's history offers Next game: the wizard on Start Game with its stake, pattern and cartelas", async () => {
    asAgent({ [`GET /api/games/${CANCELLED}`]: json(200, { game: cancelled }) });
    renderApp(`/game-history/${CANCELLED}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Next game' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/game$/));
    const dialog = await wizard();
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: /Cartela 2\b/ })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(dialog.getByRole('button', { name: /Cartela 3\b/ })).toHaveAttribute('aria-pressed', 'true');
    const summary = chosen(dialog, 'The same as the last game');
    expect(summary.getByText('Stake per player').nextElementSibling).toHaveTextContent(/ETB\s50\.00/);
    expect(summary.getByText('Winning pattern').nextElementSibling).toHaveTextContent('Four Corners');
    expect(dialog.getByRole('button', { name: /Start Game/ })).toBeEnabled();
  });

  it("a running game's history does not offer it", async () => {
    asAgent({ [`GET /api/games/${CANCELLED}`]: json(200, { game: { ...cancelled, status: 'active' } }) });
    renderApp(`/game-history/${CANCELLED}`);
    expect(await screen.findByText('Game in progress')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Next game' })).not.toBeInTheDocument();
  });

  it('not to the admin, who runs no games', async () => {
    openAs(adminUser(), `/game-history/${CANCELLED}`, {
      [`GET /api/games/${CANCELLED}`]: json(200, { game: cancelled }),
    });
    expect(await screen.findByText('Game #CANCELD1')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Next game' })).not.toBeInTheDocument();
  });

  it('the list offers Next game on a cancelled game as on a finished one', async () => {
    asAgent({
      'GET /api/games/my-games': gamesAnswer([
        makeGame({
          gameId: CANCELLED,
          status: 'cancelled',
          stake: 30,
          selectedWinningPattern: 'four-corners',
          cartelaNumbers: [5, 6],
        }),
      ]),
    });
    renderApp('/game');
    const row = within(await screen.findByRole('row', { name: 'Game CANCELD1' }));
    const user = userEvent.setup();
    await user.click(row.getByRole('button', { name: 'Next game like CANCELD1' }));
    const dialog = await wizard();
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: /Cartela 5\b/ })).toHaveAttribute('aria-pressed', 'true'),
    );
  });
});

describe('step 3 says what it repeats', () => {
  it("an agent's own pattern repeated by Next game is named, with what it means, and each choice can be changed", async () => {
    const user = makeUser({ winningPatterns: ['full-house', 'agents-own'] });
    asAgent(
      {
        'GET /api/games/my-games': gamesAnswer([
          makeGame({
            gameId: 'G-20251122-AGENTOWN',
            status: 'finished',
            stake: 20,
            selectedWinningPattern: 'agents-own',
            cartelaNumbers: [4],
          }),
        ]),
      },
      user,
    );
    renderApp('/game');
    const clicks = userEvent.setup();
    await clicks.click(await screen.findByRole('button', { name: 'Next game like AGENTOWN' }));
    const dialog = await wizard();
    expect(dialog.getByText('Step 3 of 3: Cartelas')).toBeInTheDocument();
    let summary = chosen(dialog, 'The same as the last game');
    expect(summary.getByText('Winning pattern').nextElementSibling).toHaveTextContent("Agent's Own");
    expect(summary.getByText(/you decide every claim yourself/)).toBeInTheDocument();
    expect(summary.getByText('Stake per player').nextElementSibling).toHaveTextContent(/ETB\s20\.00/);

    // Change leads to the step; another stake is no longer 'the same as the last game'.
    await clicks.click(summary.getByRole('button', { name: 'Change the stake' }));
    expect(dialog.getByText('Step 1 of 3: Money Level')).toBeInTheDocument();
    await clicks.click(dialog.getByRole('button', { name: /^ETB\s30$/ }));
    await clicks.click(dialog.getByRole('button', { name: 'Continue' }));
    await clicks.click(dialog.getByRole('button', { name: 'Next' }));
    summary = chosen(dialog, 'This game');
    expect(summary.getByText('Stake per player').nextElementSibling).toHaveTextContent(/ETB\s30\.00/);
    await clicks.click(summary.getByRole('button', { name: 'Change the winning pattern' }));
    expect(dialog.getByRole('combobox', { name: 'Winning pattern' })).toHaveValue('agents-own');

    await applyLanguage('am');
    await clicks.click(dialog.getByRole('button', { name: 'ቀጣይ' }));
    expect(dialog.getByRole('region', { name: 'ይህ ጨዋታ' })).toBeInTheDocument();
  });
});

describe('Start Game with too few coins', () => {
  it('waits and says why beside it: the server would refuse the game', async () => {
    const fetchMock = asAgent({}, makeUser({ virtualCoins: 10 }));
    renderApp('/game');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create New Game' }));
    const dialog = await wizard();
    await user.click(dialog.getByRole('button', { name: /^ETB\s200$/ }));
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    await user.click(dialog.getByRole('button', { name: 'Next' }));
    await user.type(await dialog.findByLabelText('From'), '1');
    await user.type(dialog.getByLabelText('To'), '3{Enter}');
    const start = dialog.getByRole('button', { name: /Start Game/ });
    expect(start).toBeDisabled();
    expect(start).toHaveAccessibleDescription('Not enough coins: this game costs 60, you have 10');
    // One cartela costs 20: still too many.
    await user.click(dialog.getByRole('button', { name: 'Cartela 3' }));
    await user.click(dialog.getByRole('button', { name: 'Cartela 2' }));
    expect(start).toHaveAccessibleDescription('Not enough coins: this game costs 20, you have 10');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('reads the coins again: a top-up since the page opened lets the game start', async () => {
    let me = 0;
    asAgent({
      'GET /api/auth/me': () => {
        me += 1;
        return json(200, { user: makeUser({ virtualCoins: me > 1 ? 1000 : 10 }) });
      },
    });
    renderApp('/game');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create New Game' }));
    const dialog = await wizard();
    await user.click(dialog.getByRole('button', { name: /^ETB\s200$/ }));
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    await user.click(dialog.getByRole('button', { name: 'Next' }));
    await user.click(await dialog.findByRole('button', { name: 'Cartela 1' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: /Start Game/ })).toBeEnabled());
    expect(me).toBe(2);
  });
});
