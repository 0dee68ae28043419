import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '@/i18n';
import { notify } from '@/lib/toast';
import { createFakeRoom, GAME_ID, ORDER, renderRoom } from '../testing';

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const currentBall = () => within(screen.getByRole('region', { name: 'Current Ball' })).getByRole('status');

afterEach(() => {
  vi.useRealTimers();
});

describe('the room: header and board', () => {
  it("shows the game's id, real players and prize, status, sync state, and the five rows of 15", () => {
    const room = createFakeRoom({ calls: 3 });
    renderRoom(room);
    expect(screen.getByRole('heading', { level: 1, name: 'Game Room' })).toBeInTheDocument();
    expect(screen.getByText('Game #00000001')).toHaveAttribute('title', GAME_ID);
    expect(screen.getByText('2 Players')).toBeInTheDocument();
    expect(screen.getByText(/Prize ETB\s36\.00/)).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Synced')).toBeInTheDocument();
    expect(screen.queryByText('Offline Mode')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Games' })).toHaveAttribute('href', '/game');

    const board = screen.getByRole('region', { name: 'Called numbers' });
    expect(board.querySelectorAll('[data-number]')).toHaveLength(75);
    const called = [...board.querySelectorAll('[data-called]')].map((el) =>
      Number(el.getAttribute('data-number')),
    );
    expect(called.sort((a, b) => a - b)).toEqual([1, 5, 61]);
    expect(currentBall()).toHaveTextContent('O-61');
    const recent = within(screen.getByRole('region', { name: 'Recent Calls' })).getAllByRole('listitem');
    expect(recent.map((li) => li.textContent)).toEqual(['B-5', 'B-1']);
  });

  it("says plainly where the sync stands: waiting, offline since, or the server's refusal", async () => {
    const room = createFakeRoom();
    renderRoom(room);
    act(() =>
      room.set({
        online: false,
        sync: { kind: 'pending', waiting: 3, offlineSince: '2025-11-23T07:05:00.000Z', retryAt: null },
      }),
    );
    expect(screen.getByText('Offline Mode')).toBeInTheDocument();
    // 07:05 UTC is 10:05 in Addis Ababa.
    expect(screen.getByText('Offline since 10:05 · 3 actions waiting')).toBeInTheDocument();
    act(() =>
      room.set({
        online: true,
        sync: {
          kind: 'refused',
          seq: 4,
          reason: 'CALL_MISMATCH',
          message: 'The next ball is 9, not 5',
          waiting: 2,
        },
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The server refused action #4: The next ball is 9, not 5',
    );
    await userEvent.click(button('Try again'));
    expect(room.syncs).toBe(1);
  });

  it("shows 'Preloading voices and creating offline game...' while loading, and 'Game Not Found'", () => {
    const room = createFakeRoom({ status: 'loading', state: null, game: null });
    renderRoom(room);
    expect(screen.getByText('Preloading voices and creating offline game...')).toBeInTheDocument();
    act(() => room.set({ status: 'missing' }));
    expect(screen.getByText('Game Not Found')).toBeInTheDocument();
  });

  it('speaks Amharic', async () => {
    await applyLanguage('am');
    renderRoom(createFakeRoom());
    expect(screen.getByRole('heading', { level: 1, name: 'የጨዋታ ክፍል' })).toBeInTheDocument();
    expect(button('ቀጣይ ጥራ')).toBeEnabled();
  });
});

describe('the room: controls', () => {
  it('calls, pauses and resumes through the controller; each ball is heard as it appears', async () => {
    const user = userEvent.setup();
    const room = createFakeRoom();
    const { voice } = renderRoom(room);
    expect(currentBall()).toHaveTextContent('No ball yet');

    await user.click(button('Call Next'));
    expect(room.commands).toEqual([{ type: 'call-next' }]);
    expect(currentBall()).toHaveTextContent('B-1');
    // The first call of the game: 'the game has started', everybody jump, then the ball (decision 060).
    expect(voice.played).toContain('sequence game_started everybody_jump 1');

    await user.click(button('Call Next'));
    expect(currentBall()).toHaveTextContent('B-5');
    expect(voice.played).toContain('number 5');
    expect(screen.getByText('2/75')).toBeInTheDocument();

    await user.click(button('Pause'));
    expect(room.commands.at(-1)).toEqual({ type: 'pause' });
    expect(screen.getByText('Paused')).toBeInTheDocument();
    expect(button('Call Next')).toBeDisabled();
    await user.click(button('Resume'));
    expect(room.commands.at(-1)).toEqual({ type: 'resume' });
    expect(button('Call Next')).toBeEnabled();
    expect(voice.played).toContain('unlock');
  });

  it("shows a refusal's message, from the controller or from core", async () => {
    const user = userEvent.setup();
    const room = createFakeRoom({ calls: 1 });
    renderRoom(room);
    room.refuseNext('call-next', 'GAME_PAUSED', 'The game is paused: resume it to call');
    await user.click(button('Call Next'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to call number');
    expect(alert).toHaveTextContent('The game is paused: resume it to call');
    await user.click(button('Dismiss'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    room.refuseNext('shuffle', 'SHUFFLE_MISMATCH', 'The shuffled order is not the one the seed gives');
    await user.click(button('Shuffle'));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to shuffle numbers');
  });

  it("says a refusal in Amharic in Amharic: core's code is translated, not its English message", async () => {
    const user = userEvent.setup();
    const room = createFakeRoom({ calls: 1 });
    renderRoom(room);
    await applyLanguage('am');
    room.refuseNext('call-next', 'WINNER_DECLARED', 'A winner has been confirmed: finish the game');
    await user.click(screen.getByRole('button', { name: 'ቀጣይ ጥራ' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('አሸናፊ ተረጋግጧል፦ ጨዋታውን ይጨርሱ');
    expect(alert).not.toHaveTextContent('A winner has been confirmed');
    await applyLanguage('en');
  });

  it('shuffles with a 3 s flicker, offline too, and finishes after "Finish Game?"', async () => {
    const user = userEvent.setup();
    const room = createFakeRoom({ calls: 2 });
    renderRoom(room);
    const board = screen.getByRole('region', { name: 'Called numbers' });
    await user.click(button('Shuffle'));
    expect(room.commands).toEqual([{ type: 'shuffle' }]);
    expect(board).toHaveAttribute('data-flicker');
    // The order does not change: the next ball is the committed one.
    expect(room.view.state?.remaining[0]).toBe(ORDER[2]);

    act(() => room.set({ online: false }));
    expect(button('Shuffle')).toBeEnabled();
    await user.click(button('Shuffle'));
    expect(room.commands.at(-1)).toEqual({ type: 'shuffle' });
    expect(room.view.state?.shuffles).toEqual([2, 2]);

    await user.click(button('Finish Game'));
    const dialog = screen.getByRole('dialog', { name: 'Finish Game?' });
    await user.click(within(dialog).getByRole('button', { name: 'Finish Game' }));
    expect(room.commands.at(-1)).toEqual({ type: 'finish' });
    expect(screen.getByText('Finished')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finish Game' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View game history' })).toHaveAttribute(
      'href',
      `/game-history/${GAME_ID}`,
    );
  });

  it('asks before a refresh: Stay in Game or Refresh Anyway', async () => {
    const user = userEvent.setup();
    const room = createFakeRoom({ calls: 2 });
    const { reloads } = renderRoom(room);
    await user.click(button('Refresh'));
    let dialog = screen.getByRole('dialog', { name: 'Reload the game room?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay in Game' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reloads).toHaveLength(0);

    await user.click(button('Refresh'));
    dialog = screen.getByRole('dialog', { name: 'Reload the game room?' });
    await user.click(within(dialog).getByRole('button', { name: 'Refresh Anyway' }));
    expect(reloads).toHaveLength(1);
  });

  it('asks before the page is left while the game runs with calls', () => {
    const room = createFakeRoom();
    renderRoom(room);
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    fireEvent.click(button('Call Next'));
    return waitFor(() => expect(unload()).toBe(true));
  });

  it("opens the hall display at /game/{id}/display in the hall's one window (decision 083)", async () => {
    const target = { location: { href: 'about:blank' }, focus: vi.fn() };
    const open = vi.fn(() => target);
    vi.stubGlobal('open', open);
    renderRoom(createFakeRoom());
    await userEvent.click(button('Open display'));
    expect(open).toHaveBeenCalledWith('', 'cartela-hall-device');
    expect(target.location.href).toBe(`/game/${GAME_ID}/display`);
  });
});

describe('the room: validation', () => {
  it("GOOD BINGO for a real winner: the card, the claim's ball, the progress, then the celebration", async () => {
    const user = userEvent.setup();
    // 1, 5, 61, 65: cartela 7's four corners, completed by the last ball.
    const room = createFakeRoom({ calls: 4 });
    const { voice } = renderRoom(room);
    await user.click(button('Validate'));
    const dialog = screen.getByRole('dialog', { name: 'Validate' });
    expect(dialog).toHaveTextContent('Claim on O-65, ball 4');
    expect(dialog).toHaveTextContent('Winning pattern: Four Corners');
    await user.type(within(dialog).getByLabelText('Cartela number'), '7');
    await user.click(within(dialog).getByRole('button', { name: 'Show Bingo Card' }));

    const modal = screen.getByRole('dialog', { name: 'Cartela #7' });
    // The hall hears that the card checks out while the agent looks at it.
    expect(voice.played).toContain('special winner_cartela');
    expect(within(modal).getByRole('table', { name: 'Cartela 7' })).toBeInTheDocument();
    expect(within(modal).getByTestId('claim-pin')).toHaveTextContent('Claim on O-65, ball 4');
    expect(within(modal).getByRole('progressbar', { name: 'Pattern progress' })).toHaveAttribute(
      'aria-valuenow',
      '4',
    );
    expect(modal).toHaveTextContent('Good bingo: the last ball completed the pattern on the card');
    expect(within(modal).getByTestId('claim-story')).toHaveTextContent('Completed by this ball');
    expect(within(modal).queryByRole('button', { name: 'BLOCK CARTELA' })).not.toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'GOOD BINGO' }));

    expect(room.commands.at(-1)).toEqual({ type: 'validate', cartelaNumber: 7, decision: 'good-bingo' });
    expect(voice.played).toContain('goodBingo');
    const celebration = await screen.findByTestId('winner-celebration');
    expect(celebration).toHaveTextContent('BINGO!');
    expect(celebration).toHaveTextContent('Cartela #7 wins');
    expect(celebration.querySelectorAll('[data-confetti]')).toHaveLength(150);
    expect(button('Call Next')).toBeDisabled();
  });

  it("a number that is not one of the game's cartelas: said on screen and heard in the hall", async () => {
    const user = userEvent.setup();
    const room = createFakeRoom({ calls: 4 });
    const { voice } = renderRoom(room);
    await user.click(button('Validate'));
    await user.type(screen.getByLabelText('Cartela number'), '99');
    await user.click(button('Show Bingo Card'));
    expect(screen.getByRole('dialog', { name: 'Validate' })).toHaveTextContent(
      'Cartela #99 not found in the game',
    );
    expect(voice.played).toContain('special cartela_not_in_game');
  });

  it('BLOCK CARTELA for a card whose pattern is not complete', async () => {
    const user = userEvent.setup();
    const room = createFakeRoom({ calls: 4 });
    const { voice } = renderRoom(room);
    await user.click(button('Validate'));
    await user.type(screen.getByLabelText('Cartela number'), '12');
    await user.click(button('Show Bingo Card'));
    const modal = screen.getByRole('dialog', { name: 'Cartela #12' });
    expect(voice.played).not.toContain('special winner_cartela');
    expect(modal).toHaveTextContent('The pattern is not complete');
    expect(within(modal).getByTestId('claim-pin')).toHaveTextContent('Claim on O-65, ball 4');
    expect(within(modal).queryByTestId('claim-story')).not.toBeInTheDocument();
    expect(within(modal).queryByRole('button', { name: 'GOOD BINGO' })).not.toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'BLOCK CARTELA' }));
    expect(room.commands.at(-1)).toEqual({ type: 'validate', cartelaNumber: 12, decision: 'block' });
    expect(voice.played).toContain('blocked');
    expect(room.view.state?.blocked).toEqual([12]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a late claim: completed on an earlier ball, so no GOOD BINGO; the modal says on which ball', async () => {
    const user = userEvent.setup();
    // The corners were complete on the 4th ball (O-65); the 5th (B-2) is on the card, in no corner.
    const room = createFakeRoom({ calls: 5 });
    renderRoom(room);
    await user.click(button('Validate'));
    await user.type(screen.getByLabelText('Cartela number'), '7');
    await user.click(button('Show Bingo Card'));
    const modal = screen.getByRole('dialog', { name: 'Cartela #7' });
    expect(within(modal).getByTestId('claim-pin')).toHaveTextContent('Claim on B-2, ball 5');
    expect(modal).toHaveTextContent(
      'Late claim: the pattern was completed by an earlier ball, not by the last one',
    );
    expect(within(modal).getByTestId('claim-story')).toHaveTextContent(
      'Completed on ball 4 (O-65), claimed on ball 5',
    );
    expect(within(modal).queryByRole('button', { name: 'GOOD BINGO' })).not.toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'BLOCK CARTELA' }));
    expect(room.commands.at(-1)).toEqual({ type: 'validate', cartelaNumber: 7, decision: 'block' });
  });

  it('the claim key B stops auto call at once, pins the ball on screen and holds every call until the check closes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const room = createFakeRoom({ calls: 4 });
    renderRoom(room);
    await act(async () => fireEvent.click(button('Auto Call')));
    expect(button('Stop Auto')).toBeInTheDocument();
    // A call falls due in the very moment the claim is raised: it is not made.
    await act(async () => {
      fireEvent.keyDown(document.body, { key: 'b' });
      await vi.advanceTimersByTimeAsync(10_000);
    });
    const dialog = screen.getByRole('dialog', { name: 'Validate' });
    expect(dialog).toHaveTextContent('Claim on O-65, ball 4');
    expect(room.commands.filter((c) => c.type === 'call-next')).toHaveLength(0);
    expect(room.view.state?.calledNumbers).toHaveLength(4);
    // Behind the check nothing calls: the button is out of reach (and disabled), Space does nothing.
    expect(screen.getByRole('button', { name: 'Call Next', hidden: true })).toBeDisabled();
    fireEvent.keyDown(document.body, { key: ' ' });
    await act(async () => {
      fireEvent.keyDown(within(dialog).getByLabelText('Cartela number'), { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Auto call stays off: the agent starts it again when the claim is settled.
    expect(button('Auto Call')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(room.commands.filter((c) => c.type === 'call-next')).toHaveLength(0);
    expect(button('Call Next')).toBeEnabled();
  });

  it("says 'Cartela #n not found in the game', 'No ball has been called yet' and asks for a number", async () => {
    const user = userEvent.setup();
    const room = createFakeRoom();
    renderRoom(room);
    await user.click(button('Validate'));
    await user.click(button('Show Bingo Card'));
    expect(screen.getByText('Enter a cartela number')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Cartela number'), '7');
    await user.click(button('Show Bingo Card'));
    expect(screen.getByText('No ball has been called yet')).toBeInTheDocument();
    act(() => room.set({ state: createFakeRoom({ calls: 1 }).view.state }));
    await user.clear(screen.getByLabelText('Cartela number'));
    await user.type(screen.getByLabelText('Cartela number'), '99');
    await user.click(button('Show Bingo Card'));
    expect(screen.getByText('Cartela #99 not found in the game')).toBeInTheDocument();
  });
});

describe('the room: auto call', () => {
  it('rolls the new ball in for 2 s and lights its cell for 1.5 s, even if the game is paused meanwhile', async () => {
    vi.useFakeTimers();
    const room = createFakeRoom();
    renderRoom(room);
    await act(async () => fireEvent.click(button('Call Next')));
    const cell = () =>
      screen.getByRole('region', { name: 'Called numbers' }).querySelector('[data-number="1"]')!;
    expect(currentBall()).toHaveAttribute('data-rolling');
    expect(cell()).toHaveClass('cartela-highlight');
    await act(async () => fireEvent.click(button('Pause')));
    await act(async () => vi.advanceTimersByTime(1499));
    expect(cell()).toHaveClass('cartela-highlight');
    await act(async () => vi.advanceTimersByTime(1));
    expect(cell()).not.toHaveClass('cartela-highlight');
    expect(currentBall()).toHaveAttribute('data-rolling');
    await act(async () => vi.advanceTimersByTime(500));
    expect(currentBall()).not.toHaveAttribute('data-rolling');
  });

  it('keeps its rhythm from the last call (lastCallAt), not from when its timer fired', async () => {
    vi.useFakeTimers();
    const room = createFakeRoom({ calls: 1 });
    // The last ball was called 1 s ago: at 3 s the next is due in 2 s.
    act(() => room.set({ lastCallAt: new Date(Date.now() - 1000).toISOString() }));
    renderRoom(room);
    fireEvent.click(button('Auto Call'));
    expect(button('Stop Auto')).toHaveAttribute('aria-pressed', 'true');

    await act(async () => vi.advanceTimersByTime(1999));
    expect(room.commands).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(1));
    expect(room.commands).toEqual([{ type: 'call-next' }]);

    // The next is due 3 s after that call was recorded.
    await act(async () => vi.advanceTimersByTime(2999));
    expect(room.commands).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(1));
    expect(room.commands).toHaveLength(2);

    // A call recorded late (the data layer says 2.5 s ago, as after a stalled tab) is followed 0.5 s later.
    act(() => room.set({ lastCallAt: new Date(Date.now() - 2500).toISOString() }));
    await act(async () => vi.advanceTimersByTime(499));
    expect(room.commands).toHaveLength(2);
    await act(async () => vi.advanceTimersByTime(1));
    expect(room.commands).toHaveLength(3);

    // Pause stops the timer; resume starts it again a whole interval later.
    fireEvent.click(button('Pause'));
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(room.commands.filter((c) => c.type === 'call-next')).toHaveLength(3);
    fireEvent.click(button('Resume'));
    await act(async () => vi.advanceTimersByTime(2999));
    expect(room.commands.filter((c) => c.type === 'call-next')).toHaveLength(3);
    await act(async () => vi.advanceTimersByTime(1));
    expect(room.commands.filter((c) => c.type === 'call-next')).toHaveLength(4);

    fireEvent.click(button('Stop Auto'));
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(room.commands.filter((c) => c.type === 'call-next')).toHaveLength(4);
  });

  it("goes on when the connection drops mid-run (decision 084); offline, 'Auto (No Network)' starts it locally", async () => {
    vi.useFakeTimers();
    const room = createFakeRoom({ calls: 1 });
    renderRoom(room);
    fireEvent.click(button('Auto Call'));
    await act(async () => vi.advanceTimersByTime(3000));
    expect(room.commands).toHaveLength(1);

    // The network drops: the calls go on every 3 s, kept on the device.
    act(() => room.set({ online: false }));
    await act(async () => vi.advanceTimersByTime(3000));
    expect(room.commands).toHaveLength(2);
    await act(async () => vi.advanceTimersByTime(3000));
    expect(room.commands).toHaveLength(3);
    expect(button('Stop Auto')).toHaveAttribute('aria-pressed', 'true');

    // Stopped by the agent, offline it reads 'Auto (No Network)' and starts again locally.
    fireEvent.click(button('Stop Auto'));
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(room.commands).toHaveLength(3);
    fireEvent.click(button('Auto (No Network)'));
    await act(async () => vi.advanceTimersByTime(0));
    // The last call is long past: the next one at once, then every 3 s, all offline.
    expect(room.commands).toHaveLength(4);
    await act(async () => vi.advanceTimersByTime(3000));
    expect(room.commands).toHaveLength(5);
    expect(button('Stop Auto')).toBeInTheDocument();
  });

  it('runs at the speed chosen in the settings panel (2-6 s, 3 s by default)', async () => {
    vi.useFakeTimers();
    const room = createFakeRoom({ calls: 1 });
    renderRoom(room);
    fireEvent.click(button('Room settings'));
    const speed = screen.getByLabelText('Calling speed') as HTMLSelectElement;
    expect(speed.value).toBe('3000');
    expect([...speed.options].map((o) => o.textContent)).toEqual(['2 s', '3 s', '4 s', '5 s', '6 s']);
    fireEvent.change(speed, { target: { value: '2000' } });
    fireEvent.click(button('Auto Call'));
    await act(async () => vi.advanceTimersByTime(2000));
    await act(async () => vi.advanceTimersByTime(2000));
    expect(room.commands.length).toBeGreaterThanOrEqual(2);
    const before = room.commands.length;
    await act(async () => vi.advanceTimersByTime(1999));
    expect(room.commands).toHaveLength(before);
  });
});

describe('the room after the 75th ball (decision 069)', () => {
  const notice = 'All 75 balls have been called: check any claim, then Finish Game';

  it('stays open for a claim on the last ball: says so, calls no more, Validate and Finish Game work', () => {
    renderRoom(createFakeRoom({ calls: 74 }));
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
    cleanup();
    const room = createFakeRoom({ calls: 75 });
    renderRoom(room);
    expect(screen.getByText(notice)).toBeVisible();
    expect(button('Call Next')).toBeDisabled();
    expect(button('Auto Call')).toBeDisabled();
    expect(button('Validate')).toBeEnabled();
    expect(button('Finish Game')).toBeEnabled();
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(room.commands).toEqual([]);
  });
});

describe('the room: the first call (the order sealed until then)', () => {
  const notice = 'Connect to start the round; once it has started it goes on without the network';

  it('offline: says so near Call Next, and Call Next and Auto are disabled with that reason', async () => {
    const room = createFakeRoom({ sealed: true, online: false });
    renderRoom(room);
    const text = screen.getByText(notice);
    expect(text).toBeVisible();
    for (const name of ['Call Next', 'Auto (No Network)']) {
      const control = button(name);
      expect(control).toBeDisabled();
      expect(control).toHaveAttribute('title', notice);
      expect(control).toHaveAccessibleDescription(notice);
    }
    // Everything else works offline.
    expect(button('Shuffle')).toBeEnabled();
    expect(button('Pause')).toBeEnabled();
    fireEvent.keyDown(document.body, { key: ' ' });
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(room.commands).toEqual([]);

    // The network comes back: the notice goes and Call Next works.
    act(() => room.set({ online: true }));
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
    expect(button('Call Next')).toBeEnabled();
    expect(button('Auto Call')).toBeEnabled();
  });

  it('online: Call Next shows its loading state, then the first ball rolls in and is heard like any other', async () => {
    const user = userEvent.setup();
    const room = createFakeRoom({ sealed: true });
    const { voice } = renderRoom(room);
    const release = room.holdNext('call-next');
    await user.click(button('Call Next'));
    await waitFor(() => expect(button('Call Next')).toHaveAttribute('aria-busy', 'true'));
    expect(currentBall()).toHaveTextContent('No ball yet');

    await act(async () => release());
    await waitFor(() => expect(currentBall()).toHaveTextContent('B-1'));
    expect(currentBall()).toHaveAttribute('data-rolling');
    expect(voice.played).toContain('sequence game_started everybody_jump 1');
    expect(button('Call Next')).not.toHaveAttribute('aria-busy', 'true');
    // From there the room has the order: offline calls go on.
    act(() => room.set({ online: false }));
    await user.click(button('Call Next'));
    expect(currentBall()).toHaveTextContent('B-5');
  });

  it("translates the room's own refusals: the sealed order, a lost answer", async () => {
    await applyLanguage('am');
    const room = createFakeRoom({ sealed: true, online: false });
    renderRoom(room);
    expect(screen.getByText('ዙሩን ለመጀመር ከኔትወርክ ጋር ይገናኙ፤ ዙሩ ከተጀመረ በኋላ ያለ ኔትወርክ ይቀጥላል')).toBeInTheDocument();
    await applyLanguage('en');
    act(() => room.set({ online: true }));
    room.refuseNext('call-next', 'ANSWER_LOST', 'English only');
    await userEvent.click(button('Call Next'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      "The server's answer was lost. The room is asking the server whether it went through: wait a moment.",
    );
    act(() => room.set({ sync: { kind: 'checking', offlineSince: null, retryAt: null } }));
    expect(screen.getByText('Checking with the server...')).toBeInTheDocument();
    expect(button('Call Next')).toBeDisabled();
    expect(button('Shuffle')).toBeDisabled();
  });
});

describe('the room: cancel', () => {
  const openCancel = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(button('Room settings'));
    await user.click(
      within(screen.getByRole('region', { name: 'Room settings' })).getByRole('button', {
        name: 'Cancel game',
      }),
    );
    return screen.findByRole('dialog', { name: 'Cancel this game?' });
  };

  it('before the first call: says the coins come back, sends the reason, toasts and opens the history', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const user = userEvent.setup();
    const room = createFakeRoom({ sealed: true });
    renderRoom(room);
    const dialog = await openCancel(user);
    expect(dialog).toHaveAccessibleDescription("No ball has been called: the game's 2 coins are refunded.");
    const reason = within(dialog).getByLabelText('Reason (optional)');
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('maxLength', '200');
    await user.type(reason, 'Wrong cartelas');
    expect(dialog).toHaveTextContent('186 characters left.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel game' }));

    expect(room.commands.at(-1)).toEqual({ type: 'cancel', reason: 'Wrong cartelas' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/game-history/${GAME_ID}`));
    expect(success).toHaveBeenCalledWith('Game cancelled: 2 coins refunded', expect.anything());
  });

  it('a refusal shows in the dialog; Keep the game closes it; offline it says it needs the network', async () => {
    const user = userEvent.setup();
    const room = createFakeRoom({ sealed: true });
    renderRoom(room);
    let dialog = await openCancel(user);
    room.refuseNext('cancel', 'GAME_STARTED', 'Balls have been called: the game cannot be cancelled.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel game' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to cancel the game');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Balls have been called: the game cannot be cancelled.',
    );
    expect(room.commands.at(-1)).toEqual({ type: 'cancel' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the game' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();

    // Offline it cannot be sent: the dialog says so.
    act(() => room.set({ online: false }));
    // The panel is still open beside the room.
    await user.click(
      within(screen.getByRole('region', { name: 'Room settings' })).getByRole('button', {
        name: 'Cancel game',
      }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Cancel this game?' });
    expect(
      within(dialog).getByText('Cancelling needs the network: connect, then try again.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel game' })).toBeDisabled();
  });

  it('is offered only before the first ball (product/draw.md#cancelling), and never to a viewer', async () => {
    const user = userEvent.setup();
    const room = createFakeRoom({ sealed: true });
    renderRoom(room);
    const controls = screen.getByRole('region', { name: 'Game controls' });
    await user.click(button('Room settings'));
    const panel = screen.getByRole('region', { name: 'Room settings' });
    expect(within(panel).getByRole('button', { name: 'Cancel game' })).toBeInTheDocument();
    expect(within(controls).getByRole('button', { name: 'Cancel game' })).toBeInTheDocument();

    await user.click(button('Call Next'));
    await waitFor(() => expect(currentBall()).toHaveTextContent('B-1'));
    // Once a ball is called the game is played to its end: Cancel is gone from the controls and the panel.
    expect(within(panel).queryByRole('button', { name: 'Cancel game' })).not.toBeInTheDocument();
    expect(within(controls).queryByRole('button', { name: 'Cancel game' })).not.toBeInTheDocument();

    act(() => room.set({ state: createFakeRoom({ sealed: true }).view.state, role: 'viewer' }));
    expect(within(panel).queryByRole('button', { name: 'Cancel game' })).not.toBeInTheDocument();
    expect(within(controls).queryByRole('button', { name: 'Cancel game' })).not.toBeInTheDocument();
  });

  it('speaks Amharic', async () => {
    await applyLanguage('am');
    const user = userEvent.setup();
    renderRoom(createFakeRoom({ sealed: true }));
    await user.click(button('የክፍሉ ቅንብሮች'));
    await user.click(
      within(screen.getByRole('region', { name: 'የክፍሉ ቅንብሮች' })).getByRole('button', { name: 'ጨዋታውን ሰርዝ' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'ይህን ጨዋታ ልሰርዝ?' });
    expect(dialog).toHaveTextContent('ምንም ኳስ አልተጠራም፦ የጨዋታው 2 ሳንቲሞች ተመላሽ ይደረጋሉ።');
  });
});

describe('the room: keyboard and viewer', () => {
  it('Space calls, P pauses and resumes, A toggles auto, V and B validate, H hides the header, S the settings', async () => {
    const room = createFakeRoom();
    renderRoom(room);
    const key = (k: string, init: KeyboardEventInit = {}) =>
      fireEvent.keyDown(document.body, { key: k, ...init });
    key(' ');
    await waitFor(() => expect(room.commands).toEqual([{ type: 'call-next' }]));
    // A call on its way holds the next one (the button is busy): Enter counts once it has landed.
    await waitFor(() => expect(button('Call Next')).not.toHaveAttribute('aria-busy'));
    key('Enter');
    await waitFor(() => expect(room.commands).toHaveLength(2));
    key('p');
    await waitFor(() => expect(screen.getByText('Paused')).toBeInTheDocument());
    key('P');
    await waitFor(() => expect(room.commands.at(-1)).toEqual({ type: 'resume' }));
    key('a');
    expect(button('Stop Auto')).toBeInTheDocument();
    key('a');
    expect(button('Auto Call')).toBeInTheDocument();
    key('h');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    key('H', { ctrlKey: true, shiftKey: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Game Room' })).toBeInTheDocument();
    key('s');
    expect(screen.getByRole('region', { name: 'Room settings' })).toHaveTextContent('Keyboard shortcuts');
    key('s', { ctrlKey: true });
    expect(screen.queryByRole('region', { name: 'Room settings' })).not.toBeInTheDocument();
    key('v');
    expect(await screen.findByRole('dialog', { name: 'Validate' })).toBeInTheDocument();
    // While a dialog is open its keys are its own: typing does not call.
    key(' ');
    expect(room.commands.filter((c) => c.type === 'call-next')).toHaveLength(2);
    fireEvent.keyDown(screen.getByLabelText('Cartela number'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // B, the claim key, opens the same check.
    key('b');
    expect(await screen.findByRole('dialog', { name: 'Validate' })).toBeInTheDocument();
  });

  it('a viewer sees everything and can act on nothing: another tab is calling', async () => {
    const room = createFakeRoom({ calls: 2, role: 'viewer' });
    const { voice } = renderRoom(room);
    expect(
      screen.getByText('Another tab or window is calling this game. This one follows it and cannot call.'),
    ).toBeInTheDocument();
    for (const name of ['Call Next', 'Pause', 'Auto Call', 'Shuffle', 'Finish Game']) {
      expect(button(name)).toBeDisabled();
    }
    fireEvent.keyDown(document.body, { key: ' ' });
    fireEvent.keyDown(document.body, { key: 'p' });
    expect(room.commands).toHaveLength(0);

    // The caller's calls show here as they happen, silently (only the caller's tab speaks).
    act(() => room.set({ state: createFakeRoom({ calls: 3 }).view.state }));
    expect(currentBall()).toHaveTextContent('O-61');
    expect(voice.played.filter((p) => p.startsWith('number') || p.startsWith('sequence'))).toEqual([]);

    // A card can be looked at, but not decided on.
    await userEvent.click(button('Validate'));
    await userEvent.type(screen.getByLabelText('Cartela number'), '7');
    await userEvent.click(button('Show Bingo Card'));
    const modal = screen.getByRole('dialog', { name: 'Cartela #7' });
    expect(within(modal).queryByRole('button', { name: 'BLOCK CARTELA' })).not.toBeInTheDocument();
    expect(within(modal).queryByRole('button', { name: 'GOOD BINGO' })).not.toBeInTheDocument();
  });
});
