import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, makeUser, mockApi, renderApp, storeSession } from '@/test/utils';
import { makeDetail } from '../testing';

function withGame(answer: Response) {
  storeSession(makeUser());
  mockApi({ 'GET /api/auth/me': json(200, { user: makeUser() }), 'GET /api/games/G-ROOM-00000001': answer });
}

beforeAll(async () => {
  await import('./game-room-page');
}, 30_000);

describe('/game/{gameId} until the room arrives', () => {
  it('shows the game: id, status, players, prize, pattern and calls so far', async () => {
    withGame(
      json(200, {
        game: makeDetail({
          gameId: 'G-ROOM-00000001',
          status: 'active',
          numberOfPlayers: 9,
          prize: 162,
          selectedWinningPattern: 'plus',
          calledNumbers: [5, 40],
          totalCalls: 2,
          drawSeed: null,
          finishedAt: null,
        }),
      }),
    );
    renderApp('/game/G-ROOM-00000001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Game Room' })).toBeInTheDocument();
    expect(await screen.findByText('Game #00000001')).toBeInTheDocument();
    const fact = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Status')).toBe('Active');
    expect(fact('Players')).toBe('9');
    expect(fact('Prize')).toMatch(/ETB\s162\.00/);
    expect(fact('Pattern')).toBe('Plus');
    expect(fact('Calls so far')).toBe('2');
    expect(screen.getByRole('link', { name: 'Back to Games' })).toHaveAttribute('href', '/game');
    expect(screen.queryByRole('link', { name: 'View game history' })).not.toBeInTheDocument();
  });

  it('leads to the history of a game that is over', async () => {
    withGame(json(200, { game: makeDetail({ gameId: 'G-ROOM-00000001', status: 'finished' }) }));
    renderApp('/game/G-ROOM-00000001');
    expect(await screen.findByRole('link', { name: 'View game history' })).toHaveAttribute(
      'href',
      '/game-history/G-ROOM-00000001',
    );
  });

  it("says 'Game Not Found' for a game that is not there", async () => {
    withGame(json(404, { message: 'Game not found', code: 'NOT_FOUND' }));
    renderApp('/game/G-ROOM-00000001');
    const missing = (await screen.findByRole('heading', { name: 'Game Not Found' })).parentElement!;
    expect(within(missing).getByRole('link', { name: 'Back to Games' })).toHaveAttribute('href', '/game');
  });
});
