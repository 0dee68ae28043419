// Decision 085, the room between rounds: who won stays on screen after the celebration with each winner's share,
// the header's prize says the share after a tie, 'Game finished' is said, leaving and reloading say what is
// true (nothing is lost; leaving stops the hall's calls), and the room tells the agent when the TV's QR code
// points at an address no phone can open.
import { type GameAction, type GameState, gameReducer } from '@cartela/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '@/i18n';
import { notify } from '@/lib/toast';
import { CARD_7, createFakeRoom, GAME_ID, makeGameInfo, makeGameState, renderRoom } from '../testing';

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const winnersPanel = () => screen.queryByRole('region', { name: /^Winners?$/ });
const winnerItems = () =>
  within(winnersPanel()!)
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace(/\s/g, ' '));

/** Cartela 12's card has cartela 7's four corners: both complete them on the 4th ball (1, 5, 61, 65). */
const TWIN = CARD_7.map((row, r) => row.map((n, c) => (r === 1 && c === 1 ? 21 : n)));

/** Cartelas 7 and 12 both won on the 4th ball, both confirmed: a tie (decision 062). */
function tiedState(): GameState {
  let state = makeGameState({
    calls: 4,
    cartelas: [
      { cartelaNumber: 7, card: CARD_7 },
      { cartelaNumber: 12, card: TWIN },
    ],
  });
  for (const n of [7, 12]) {
    const action: GameAction = { type: 'validate', cartelaNumber: n, decision: 'good-bingo' };
    const result = gameReducer(state, action);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
  }
  return state;
}

afterEach(async () => {
  vi.useRealTimers();
  await applyLanguage('en');
});

describe('who won stays in the room until the next round', () => {
  it('keeps a Winners panel with the cartela and its prize after the 8 s celebration, and after Finish Game', async () => {
    vi.useFakeTimers();
    await import('./winner-celebration');
    const room = createFakeRoom({ calls: 4, game: makeGameInfo({ prize: 240 }) });
    renderRoom(room);
    expect(winnersPanel()).toBeNull();

    // GOOD BINGO for cartela 7 (four corners on the 4th ball).
    await act(async () => {
      await room.controller().dispatch({ type: 'validate', cartelaNumber: 7, decision: 'good-bingo' });
    });
    expect(screen.getByTestId('winner-celebration')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(8000));
    expect(screen.queryByTestId('winner-celebration')).not.toBeInTheDocument();
    expect(winnersPanel()).toHaveAccessibleName('Winner');
    expect(winnerItems()).toEqual(['Cartela #7: ETB 240.00']);

    // Finished, the room still says who won, beside Next game.
    await act(async () => fireEvent.click(button('Finish Game')));
    const dialog = screen.getByRole('dialog', { name: 'Finish Game?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Finish Game' })));
    expect(screen.getByText('Finished')).toBeInTheDocument();
    expect(winnerItems()).toEqual(['Cartela #7: ETB 240.00']);
    // The next round comes first among the controls once the game is over (on a phone, in view).
    const controls = screen.getByRole('region', { name: 'Game controls' });
    expect(controls.querySelector('a, button')).toHaveTextContent('Next game');
  });

  it("after a tie: each winner's share in the panel, and the header's prize says it ('2 winners, ETB 120.00 each')", async () => {
    const room = createFakeRoom({ state: tiedState(), game: makeGameInfo({ prize: 240 }) });
    renderRoom(room);
    expect(winnersPanel()).toHaveAccessibleName('Winners');
    expect(winnerItems()).toEqual(['Cartela #7: ETB 120.00', 'Cartela #12: ETB 120.00']);
    expect(winnersPanel()).toHaveTextContent(
      /The prize of ETB\s240\.00 is shared by 2 winners on the same ball/,
    );
    expect(screen.getByText(/^Prize ETB\s240\.00 · 2 winners, ETB\s120\.00 each$/)).toBeInTheDocument();

    // The odd santim goes to the first confirmed (core's prizeShares): the shares are named.
    act(() => room.set({ game: makeGameInfo({ prize: 240.01 }) }));
    expect(winnerItems()).toEqual(['Cartela #7: ETB 120.01', 'Cartela #12: ETB 120.00']);
    expect(
      screen.getByText(/^Prize ETB\s240\.01 · 2 winners: ETB\s120\.01 \/ ETB\s120\.00$/),
    ).toBeInTheDocument();

    await applyLanguage('am');
    expect(await screen.findByRole('region', { name: 'አሸናፊዎች' })).toBeInTheDocument();
  });

  it('a lone winner: the header shows the whole prize', () => {
    const state = gameReducer(makeGameState({ calls: 4 }), {
      type: 'validate',
      cartelaNumber: 7,
      decision: 'good-bingo',
    });
    if (!state.ok) throw new Error(state.error.message);
    renderRoom(createFakeRoom({ state: state.state, game: makeGameInfo({ prize: 240 }) }));
    expect(screen.getByText(/^Prize ETB\s240\.00$/)).toBeInTheDocument();
  });
});

describe("'Game finished'", () => {
  it('is said once Finish Game went through, in English and Amharic; not when it is refused', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const user = userEvent.setup();
    const room = createFakeRoom({ calls: 3 });
    renderRoom(room);
    const finish = async () => {
      await user.click(button(/^(Finish Game|ጨዋታውን ጨርስ)$/));
      const dialog = screen.getByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: /^(Finish Game|ጨዋታውን ጨርስ)$/ }));
    };
    room.refuseNext('finish', 'INTERNAL', 'Something went wrong');
    await finish();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to finish game');
    expect(success).not.toHaveBeenCalled();

    await applyLanguage('am');
    await finish();
    await waitFor(() => expect(success).toHaveBeenCalledWith('ጨዋታው ተጠናቋል'));
    await applyLanguage('en');
    expect(success).toHaveBeenCalledTimes(1);
  });
});

describe('leaving and reloading say what is true: nothing is lost (the game is kept on this device)', () => {
  it("asks in the room's own dialog, not the browser's, before Back leaves a running game: the hall's calls stop", async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const user = userEvent.setup();
    const room = createFakeRoom({ calls: 2 });
    renderRoom(room);
    const location = screen.getByTestId('location');

    await user.click(screen.getByRole('link', { name: 'Back to Games' }));
    let dialog = screen.getByRole('dialog', { name: 'Leave the game room?' });
    expect(dialog).toHaveAccessibleDescription(
      'Nothing is lost: the game is kept on this device and you can come back to it from Game Management. While you are away no ball is called and the hall hears nothing.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Stay in Game' }));
    expect(location).toHaveTextContent(`/game/${GAME_ID}`);

    // Start New Game in the settings leaves the room too: the same question.
    await user.click(button('Room settings'));
    await user.click(
      within(screen.getByRole('region', { name: 'Room settings' })).getByRole('link', {
        name: 'Start New Game',
      }),
    );
    dialog = screen.getByRole('dialog', { name: 'Leave the game room?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave the room' }));
    await waitFor(() => expect(location).toHaveTextContent(/^\/game$/));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks nothing when nothing stops: before the first call, and once the game is over', async () => {
    const user = userEvent.setup();
    renderRoom(createFakeRoom());
    await user.click(screen.getByRole('link', { name: 'Back to Games' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/game$/);
  });

  it("a refresh says the page reloads and nothing is lost, not 'Game Data Will Be Lost'", async () => {
    const user = userEvent.setup();
    const { reloads } = renderRoom(createFakeRoom({ calls: 2 }));
    await user.click(button('Refresh'));
    const dialog = screen.getByRole('dialog', { name: 'Reload the game room?' });
    expect(dialog).toHaveTextContent('Nothing is lost: the calls made so far are kept on this device');
    expect(dialog).not.toHaveTextContent(/lost!/);
    await user.click(within(dialog).getByRole('button', { name: 'Refresh Anyway' }));
    expect(reloads).toHaveLength(1);
  });
});

describe("the TV's QR code and PUBLIC_URL", () => {
  it("tells the agent when the QR code points at this computer's own address, which no phone opens", async () => {
    // jsdom's page is http://localhost:3000, and no PUBLIC_URL was heard from the server.
    renderRoom(createFakeRoom({ calls: 1 }));
    expect(screen.getByTestId('public-url-hint')).toHaveTextContent(
      `Players' phones cannot open ${location.origin}/verify, this computer's own address: set PUBLIC_URL so the TV's QR code works.`,
    );
  });

  it('says nothing once the server gave a PUBLIC_URL', async () => {
    localStorage.setItem('cartela.publicUrl', 'http://192.168.1.10:3000');
    renderRoom(createFakeRoom({ calls: 1 }));
    // Also after the room asked the server again (it cannot be reached here: what was heard stands).
    await act(async () => {});
    expect(screen.queryByTestId('public-url-hint')).not.toBeInTheDocument();
  });

  it('says nothing in a tab that only follows the game', () => {
    renderRoom(createFakeRoom({ calls: 1, role: 'viewer' }));
    expect(screen.queryByTestId('public-url-hint')).not.toBeInTheDocument();
  });
});
