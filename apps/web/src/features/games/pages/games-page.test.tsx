import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FetchMock } from '@/test/utils';
import { adminUser, columnNames, compileFirst, json, makeUser, openAs } from '@/test/utils';
import { gamesAnswer, makeGame } from '../testing';

/** The columns whose name a phone's card shows beside the value: all but the id and the actions. */
const LABELLED = [
  'Status',
  'Players',
  'Stake',
  'Total Amount',
  'Commission',
  'Commission %',
  'Pattern',
  'Calls',
  'Created',
];

/** The page numbers each call of the list asked for. */
const pagesAsked = (fetchMock: FetchMock) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/games/my-games')
    .map((url) => `${url.searchParams.get('page')}/${url.searchParams.get('limit')}`);

compileFirst(
  () => import('./games-page'),
  () => import('../components/create-game-wizard'),
);

describe('/game, Game Management', () => {
  it('lists the games with every column of the spec, each opening its room or its history', async () => {
    const running = makeGame({
      gameId: 'G-20251122-RUNNING1',
      status: 'active',
      numberOfPlayers: 25,
      stake: 50,
      totalAmount: 1250,
      agentFee: 125,
      commissionPercent: 10,
      selectedWinningPattern: 'four-corners',
      totalCalls: 7,
      finishedAt: null,
      drawSeed: null,
    });
    const paused = makeGame({ gameId: 'G-20251122-PAUSED01', status: 'paused', finishedAt: null });
    const over = makeGame({
      gameId: 'G-20251121-FINISHED',
      status: 'finished',
      commissionPercent: 16.6667,
      agentFee: 40,
    });
    const cancelled = makeGame({ gameId: 'G-20251121-CANCELED', status: 'cancelled' });
    const fetchMock = openAs(makeUser(), '/game', {
      'GET /api/games/my-games': gamesAnswer([running, paused, over, cancelled]),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Game Management' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Games' });
    expect(columnNames(table)).toEqual(['Game ID', ...LABELLED, 'Actions']);
    expect(screen.getByText('Showing 4 of 4 games')).toBeInTheDocument();
    expect(pagesAsked(fetchMock)).toEqual(['1/10']);

    // The displayed id is the last 8 characters.
    const first = within(screen.getByRole('row', { name: 'Game RUNNING1' }));
    expect(first.getByRole('link', { name: '#RUNNING1' })).toHaveAttribute(
      'href',
      '/game/G-20251122-RUNNING1',
    );
    expect(first.getByText('Active')).toBeInTheDocument();
    expect(first.getByText('25')).toBeInTheDocument();
    expect(first.getByText(/ETB\s50\.00/)).toBeInTheDocument();
    expect(first.getByText(/ETB\s1,250\.00/)).toBeInTheDocument();
    expect(first.getByText(/ETB\s125\.00/)).toBeInTheDocument();
    expect(first.getByText('10%')).toBeInTheDocument();
    expect(first.getByText('Four Corners')).toBeInTheDocument();
    expect(first.getByText('7')).toBeInTheDocument();
    expect(first.getByText(/Nov 22, 2025/)).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Open game RUNNING1' })).toHaveAttribute(
      'href',
      '/game/G-20251122-RUNNING1',
    );

    expect(
      within(screen.getByRole('row', { name: 'Game PAUSED01' })).getByText('Paused'),
    ).toBeInTheDocument();
    const finished = within(screen.getByRole('row', { name: 'Game FINISHED' }));
    expect(finished.getByText('16.6667%')).toBeInTheDocument();
    expect(finished.getByRole('link', { name: 'History of game FINISHED' })).toHaveAttribute(
      'href',
      '/game-history/G-20251121-FINISHED',
    );
    const gone = within(screen.getByRole('row', { name: 'Game CANCELED' }));
    expect(gone.getByText('Cancelled')).toBeInTheDocument();
    expect(gone.getByRole('link', { name: 'History of game CANCELED' })).toHaveAttribute(
      'href',
      '/game-history/G-20251121-CANCELED',
    );
    // One page: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Pages of games' })).not.toBeInTheDocument();
  });

  it('colours each status as the spec says: active green, finished red, cancelled grey, paused yellow', async () => {
    const winner = {
      cartelaNumber: 3,
      patternId: 'full-house' as const,
      lastBall: 70,
      callCount: 34,
      at: null,
      prizeShare: 216,
    };
    openAs(makeUser(), '/game', {
      'GET /api/games/my-games': gamesAnswer([
        ...(['active', 'finished', 'cancelled', 'paused'] as const).map((status) =>
          makeGame({
            gameId: `G-0000-${status.toUpperCase().padEnd(8, 'X')}`,
            status,
            cancelReason: status === 'cancelled' ? 'Power cut' : null,
            winnerCartelaNumber: status === 'finished' ? 3 : null,
            winners: status === 'finished' ? [winner] : [],
          }),
        ),
        // Finished without a confirmed winner: said apart (product/draw.md#cancelling), red like any finished game.
        makeGame({ gameId: 'G-0000-NOWINNER', status: 'finished', winners: [] }),
      ]),
    });
    const table = await screen.findByRole('table', { name: 'Games' });
    const noWinner = within(screen.getByRole('row', { name: 'Game NOWINNER' }));
    expect(noWinner.getByText('Finished').className).toMatch(/danger/);
    expect(noWinner.getByTestId('no-winner')).toHaveTextContent('No winner');
    expect(within(table).getAllByTestId('no-winner')).toHaveLength(1);
    expect(within(table).getByText('Active').className).toMatch(/success/);
    const finished = within(screen.getByRole('row', { name: 'Game FINISHED' }));
    expect(finished.getByText('Finished').className).toMatch(/danger/);
    expect(within(table).getByText('Cancelled').className).toMatch(/neutral/);
    // Why it was cancelled, on hover.
    expect(within(table).getByText('Cancelled')).toHaveAttribute('title', 'Cancelled: Power cut');
    expect(finished.getByText('Finished')).not.toHaveAttribute('title');
    expect(within(table).getByText('Paused').className).toMatch(/warning/);
  });

  it("says 'Loading games...' and then 'No games found' with 'Create Your First Game'", async () => {
    let answer: (value: Response) => void = () => {};
    openAs(makeUser(), '/game', {
      'GET /api/games/my-games': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    expect(await screen.findByText('Loading games...')).toBeInTheDocument();
    answer(gamesAnswer([]));
    expect(await screen.findByText('No games found')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create Your First Game' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Game' })).toBeInTheDocument();
  });

  it('pages through the games by the address, with five page buttons around the current page', async () => {
    const fetchMock = openAs(makeUser(), '/game?page=6', {
      'GET /api/games/my-games': (() => {
        let n = 0;
        return () => {
          n += 1;
          return gamesAnswer([makeGame({ gameId: `G-PAGE-${String(n).padStart(4, '0')}` })], 0, 87);
        };
      })(),
    });
    const nav = await screen.findByRole('navigation', { name: 'Pages of games' });
    expect(within(nav).getByText('Page 6 of 9 (87 total games)')).toBeInTheDocument();
    const pageButtons = () =>
      within(nav)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent);
    expect(pageButtons()).toEqual(['4', '5', '6', '7', '8']);
    expect(within(nav).getByRole('button', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Showing 1 of 87 games')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(nav).getByText('Page 7 of 9 (87 total games)')).toBeInTheDocument());
    expect(pageButtons()).toEqual(['5', '6', '7', '8', '9']);
    await user.click(within(nav).getByRole('button', { name: 'Page 9' }));
    await waitFor(() => expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled());
    expect(pageButtons()).toEqual(['5', '6', '7', '8', '9']);
    await user.click(within(nav).getByRole('button', { name: 'Page 5' }));
    await user.click(within(nav).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(within(nav).getByText('Page 4 of 9 (87 total games)')).toBeInTheDocument());
    expect(pageButtons()).toEqual(['2', '3', '4', '5', '6']);
    expect(pagesAsked(fetchMock)).toEqual(['6/10', '7/10', '9/10', '5/10', '4/10']);
  });

  it('goes to the last page when the address asks for one past it', async () => {
    const fetchMock = openAs(makeUser(), '/game?page=8', {
      'GET /api/games/my-games': gamesAnswer([], 0, 25),
    });
    await waitFor(() => expect(pagesAsked(fetchMock)).toContain('3/10'));
  });

  it('reloads the list when the browser tab becomes visible again', async () => {
    const fetchMock = openAs(makeUser(), '/game', { 'GET /api/games/my-games': gamesAnswer([makeGame()]) });
    await screen.findByRole('table', { name: 'Games' });
    expect(pagesAsked(fetchMock)).toHaveLength(1);
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    await waitFor(() => expect(pagesAsked(fetchMock)).toHaveLength(2));
  });

  it("says 'Failed to load games' with the reason, and tries again", async () => {
    // A 5xx is asked again twice before the page gives up: each call gets its own answer.
    let answer = () => json(500, { message: 'Database unavailable', code: 'INTERNAL' });
    openAs(makeUser(), '/game', { 'GET /api/games/my-games': () => answer() });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(within(alert).getByText('Failed to load games')).toBeInTheDocument();
    // The spec's toast too.
    await waitFor(() => expect(screen.getAllByText('Failed to load games')).toHaveLength(2));
    expect(within(alert).getByText('Database unavailable')).toBeInTheDocument();
    answer = () => gamesAnswer([makeGame()]);
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Games' })).toBeInTheDocument();
  }, 15_000);

  it("shows the admin every agent's games, 20 a page, with their agents and no wizard", async () => {
    const fetchMock = openAs(adminUser(), '/game', {
      'GET /api/games/all': gamesAnswer(
        [makeGame({ gameId: 'G-ADMIN-0000VIEW', agentUsername: 'hall7' })],
        1,
        1,
        20,
      ),
    });
    const row = within(await screen.findByRole('row', { name: 'Game 0000VIEW' }));
    expect(row.getByText('by hall7')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create New Game' })).not.toBeInTheDocument();
    const url = new URL(
      String(fetchMock.mock.calls.find(([u]) => String(u).includes('/api/games/all'))![0]),
      'http://x',
    );
    expect(url.searchParams.get('limit')).toBe('20');
  });

  it('shows the phone the same games as cards, each with its open button', async () => {
    openAs(makeUser(), '/game', {
      'GET /api/games/my-games': gamesAnswer([makeGame({ gameId: 'G-PHONE-00000001', status: 'active' })]),
    });
    const row = await screen.findByRole('row', { name: 'Game 00000001' });
    // The table folds into cards below md: every value cell carries its column's name for the phone.
    const labels = [...row.querySelectorAll('td[data-label]')].map((td) => td.getAttribute('data-label'));
    expect(labels).toEqual(LABELLED);
    expect(within(row).getByRole('link', { name: 'Open game 00000001' })).toBeInTheDocument();
  });
});
