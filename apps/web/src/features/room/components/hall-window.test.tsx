import type { SessionUser } from '@cartela/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, startSession } from '@/lib/session';
import type { HallMessage, RoomView } from '../model/types';
import { createFakeRoom, makeGameInfo, makeGameState, renderRoom } from '../testing';

const button = (name: string | RegExp) => screen.getByRole('button', { name });

/** The hall window as window.open('', name) gives it: about:blank until a page is loaded in it. */
function fakeWindow() {
  let href = 'about:blank';
  const loads: string[] = [];
  const target = {
    location: {
      get href() {
        return href;
      },
      set href(value: string) {
        loads.push(value);
        href = value;
      },
    },
    focus: vi.fn(),
  };
  return { target, loads };
}

/** The room of round `gameId`, created at `createdAt`. */
function roundRoom(gameId: string, createdAt: string) {
  const state = { ...makeGameState({ calls: 2 }), gameId };
  return createFakeRoom({ game: makeGameInfo({ gameId, createdAt }), state } as Partial<RoomView>);
}

/** What the agent's rooms said on the hall channel (the real BroadcastChannel, as the display hears it). */
function listen(name: string) {
  const heard: HallMessage[] = [];
  const channel = new BroadcastChannel(name);
  channel.onmessage = (event) => heard.push(event.data as HallMessage);
  return { heard, close: () => channel.close() };
}

beforeEach(() => {
  startSession('token', { id: 'agent-1', role: 'agent' } as SessionUser);
});
afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

describe("the hall's one window (decision 083)", () => {
  it('is reused over three rounds: loaded once when new, then focused and told which game to show', async () => {
    const { target, loads } = fakeWindow();
    const open = vi.fn(() => target);
    vi.stubGlobal('open', open);
    const hall = listen('cartela-hall-agent-1');
    const rounds = [
      ['GAME-ROUND-1', '2025-11-23T09:00:00.000Z'],
      ['GAME-ROUND-2', '2025-11-23T09:20:00.000Z'],
      ['GAME-ROUND-3', '2025-11-23T09:40:00.000Z'],
    ] as const;
    for (const [gameId, createdAt] of rounds) {
      renderRoom(roundRoom(gameId, createdAt));
      // The caller's room says which game it runs as it opens.
      await waitFor(() => expect(hall.heard).toContainEqual({ type: 'game', gameId, createdAt }));
      await userEvent.click(button('Open display'));
      cleanup();
    }
    expect(open).toHaveBeenCalledTimes(3);
    expect(open.mock.calls).toEqual([
      ['', 'cartela-hall-agent-1'],
      ['', 'cartela-hall-agent-1'],
      ['', 'cartela-hall-agent-1'],
    ]);
    // Loaded only while it was about:blank: the first round; the next two only focus it and name the game.
    expect(loads).toEqual(['/game/GAME-ROUND-1/display']);
    expect(target.focus).toHaveBeenCalledTimes(2);
    await waitFor(() =>
      expect(hall.heard.filter((m) => m.type === 'show')).toEqual([
        { type: 'show', gameId: 'GAME-ROUND-2' },
        { type: 'show', gameId: 'GAME-ROUND-3' },
      ]),
    );
    hall.close();
  });

  it("answers a display's hello with its game; a viewer tab announces nothing", async () => {
    const display = new BroadcastChannel('cartela-hall-agent-1');
    const heard: HallMessage[] = [];
    display.onmessage = (event) => heard.push(event.data as HallMessage);
    renderRoom(roundRoom('GAME-ROUND-1', '2025-11-23T09:00:00.000Z'));
    await waitFor(() => expect(heard).toHaveLength(1));
    display.postMessage({ type: 'hello' } satisfies HallMessage);
    await waitFor(() => expect(heard).toHaveLength(2));
    expect(heard[1]).toEqual({ type: 'game', gameId: 'GAME-ROUND-1', createdAt: '2025-11-23T09:00:00.000Z' });
    cleanup();

    heard.length = 0;
    renderRoom(createFakeRoom({ calls: 2, role: 'viewer' }));
    display.postMessage({ type: 'hello' } satisfies HallMessage);
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual([]);
    display.close();
  });
});

describe('a claim on the TV the moment it is raised (decision 083)', () => {
  it("tells the display 'raised' when Validate opens, before any cartela, and that it closed", async () => {
    const user = userEvent.setup();
    const room = createFakeRoom({ calls: 4 });
    renderRoom(room);
    await user.click(button('Validate'));
    await waitFor(() => expect(room.claims.at(-1)).toBe('raised'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(room.claims.at(-1)).toBeNull());

    // The claim key too, then the cartela replaces the raised claim.
    await user.keyboard('b');
    await waitFor(() => expect(room.claims.at(-1)).toBe('raised'));
    await user.type(screen.getByLabelText('Cartela number'), '12');
    await user.click(button('Show Bingo Card'));
    await waitFor(() => expect(room.claims.at(-1)).toBe(12));
  });
});
