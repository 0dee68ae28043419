import type { GameState } from '@cartela/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import jsQR from 'jsqr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '@/i18n';
import type { RoomMessage, RoomView } from '../model/types';
import { CARD_7, CARD_12 } from '../testing';
import { CONFETTI_PIECES } from './components/moments';
import { patternCells } from './components/pattern-cells';
import { qrModules } from './components/verify-qr';
import { RoomDisplay } from './display-page';
import { readMessage, viewFromStored } from './follow-room';
import am from './i18n/am.json';
import en from './i18n/en.json';

/** BroadcastChannel as the display and the room see it: every other channel of the same name gets a message. */
class FakeChannel {
  static open: FakeChannel[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  closed = false;
  readonly sent: RoomMessage[] = [];
  constructor(readonly name: string) {
    FakeChannel.open.push(this);
  }
  postMessage(message: RoomMessage) {
    this.sent.push(message);
    for (const other of FakeChannel.open) {
      if (other !== this && other.name === this.name && !other.closed) {
        other.onmessage?.({ data: structuredClone(message) } as MessageEvent);
      }
    }
  }
  close() {
    this.closed = true;
  }
}

function makeView(called: number[], overrides: Partial<RoomView> = {}): RoomView {
  const state = {
    v: 1,
    gameId: 'G7K2M9QX4TB',
    status: 'active',
    patternId: 'four-corners',
    cartelas: [],
    commitment: 'c0ffee'.repeat(10).slice(0, 64),
    seedHex: null,
    calledNumbers: called,
    remaining: [],
    shuffles: [],
    blocked: [],
    winners: [],
    validations: [],
    finishReason: null,
    createdAt: null,
    updatedAt: null,
    finishedAt: null,
  } as unknown as GameState;
  return {
    status: 'ready',
    error: null,
    game: {
      gameId: 'G7K2M9QX4TB',
      id: 'row-1',
      players: 120,
      stake: 50,
      prize: 480,
      patternId: 'four-corners',
      commitment: state.commitment,
      createdAt: '2025-06-01T10:00:00.000Z',
    },
    state,
    lastCallAt: null,
    role: 'caller',
    sync: { kind: 'synced' },
    online: true,
    persisted: true,
    ...overrides,
  };
}

/** The game room's end of the channel. */
function room(gameId = 'G7K2M9QX4TB') {
  const channel = new FakeChannel(`cartela-room-${gameId}`);
  return {
    channel,
    send: (message: RoomMessage) => act(() => channel.postMessage(message)),
  };
}

/** The view with cartelas 7 and 8 (cards of the room's fakes) in the game. */
function withCard(view: RoomView): RoomView {
  return {
    ...view,
    state: {
      ...view.state!,
      cartelas: [
        { cartelaNumber: 7, card: CARD_7 },
        { cartelaNumber: 8, card: CARD_12 },
      ],
    },
  };
}

const openChannel = (name: string) => new FakeChannel(name);
const nothingStored = async () => null;

beforeEach(() => {
  FakeChannel.open = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the hall display', () => {
  it("says hello on the game's channel and waits for the room", () => {
    const caller = room();
    render(<RoomDisplay gameId="G7K2M9QX4TB" options={{ openChannel, loadStored: nothingStored }} />);
    expect(screen.getByText('Waiting for the game room...')).toBeInTheDocument();
    const display = FakeChannel.open.find((c) => c !== caller.channel)!;
    expect(display.name).toBe('cartela-room-G7K2M9QX4TB');
    expect(display.sent).toEqual([{ type: 'hello' }]);
  });

  it('follows every view of the room: board, current ball, last calls, pattern, prize, players, id, commitment', async () => {
    const caller = room();
    render(<RoomDisplay gameId="G7K2M9QX4TB" options={{ openChannel, loadStored: nothingStored }} />);
    caller.send({ type: 'view', view: makeView([5, 20, 33]) });

    const board = screen.getByRole('region', { name: 'Called numbers' });
    expect(
      within(board)
        .getAllByRole('listitem')
        .filter((li) => li.dataset.called),
    ).toHaveLength(3);
    expect(within(board).getByLabelText('N-33 ✓')).toBeInTheDocument();
    expect(within(board).getByLabelText('B-6')).not.toHaveAttribute('data-called');
    const current = screen.getByRole('region', { name: 'Current ball' });
    expect(current).toHaveTextContent('N33');
    const recent = screen.getByRole('region', { name: 'Last calls' });
    expect(
      within(recent)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['I20', 'B5']);
    expect(screen.getByText('Four Corners')).toBeInTheDocument();
    expect(screen.getByText('2M9QX4TB')).toHaveAttribute('title', 'G7K2M9QX4TB');
    expect(screen.getByText('120')).toBeInTheDocument();
    expect(screen.getByText(/480/)).toBeInTheDocument();
    expect(screen.getByText('3/75')).toBeInTheDocument();
    expect(screen.getByText(makeView([]).game!.commitment)).toBeInTheDocument();

    caller.send({ type: 'view', view: makeView([5, 20, 33, 70, 1, 2, 3]) });
    expect(screen.getByRole('region', { name: 'Current ball' })).toHaveTextContent('B3');
    expect(
      within(screen.getByRole('region', { name: 'Last calls' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['B2', 'B1', 'O70', 'N33', 'I20']);
    expect(screen.getByText('7/75')).toBeInTheDocument();
  });

  it('ignores what is not a room message and other games', () => {
    const caller = room();
    const other = room('OTHERGAME01');
    render(<RoomDisplay gameId="G7K2M9QX4TB" options={{ openChannel, loadStored: nothingStored }} />);
    act(() => {
      caller.channel.postMessage({ type: 'nonsense' } as unknown as RoomMessage);
      caller.channel.postMessage({ type: 'celebrate', cartelaNumber: -1 });
    });
    other.send({ type: 'view', view: makeView([9]) });
    expect(screen.getByText('Waiting for the game room...')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the winner celebration for 8 s with 150 confetti pieces', () => {
    vi.useFakeTimers();
    const caller = room();
    render(<RoomDisplay gameId="G7K2M9QX4TB" options={{ openChannel, loadStored: nothingStored }} />);
    caller.send({ type: 'view', view: makeView([1, 2, 3]) });
    caller.send({ type: 'celebrate', cartelaNumber: 42 });
    const overlay = screen.getByRole('alert');
    expect(overlay).toHaveTextContent('BINGO!');
    expect(overlay).toHaveTextContent('Cartela 42 wins');
    expect(screen.getByTestId('confetti').children).toHaveLength(CONFETTI_PIECES);
    expect(CONFETTI_PIECES).toBe(150);
    act(() => vi.advanceTimersByTime(7900));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows 'Cartela blocked' when the room blocks one, and a later moment replaces it", () => {
    vi.useFakeTimers();
    const caller = room();
    render(<RoomDisplay gameId="G7K2M9QX4TB" options={{ openChannel, loadStored: nothingStored }} />);
    caller.send({ type: 'blocked', cartelaNumber: 7 });
    expect(screen.getByRole('alert')).toHaveTextContent('Cartela blocked');
    expect(screen.getByRole('alert')).toHaveTextContent('Cartela 7');
    caller.send({ type: 'celebrate', cartelaNumber: 8 });
    expect(screen.getByRole('alert')).toHaveTextContent('Cartela 8 wins');
    act(() => vi.advanceTimersByTime(8100));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the cartela being checked (its card, the called numbers, the pattern), then the verdict with the reason (issue 19)', () => {
    vi.useFakeTimers();
    const caller = room();
    render(<RoomDisplay gameId="G7K2M9QX4TB" options={{ openChannel, loadStored: nothingStored }} />);
    // Cartela 7: corners 1, 61, 5, 65; 1 and 61 called, the last ball (20) on the card.
    const view = withCard(makeView([1, 61, 20]));
    caller.send({ type: 'view', view });
    caller.send({ type: 'checking', cartelaNumber: 7 });
    const claim = screen.getByTestId('claim');
    expect(claim).toHaveAttribute('data-verdict', 'checking');
    expect(claim).toHaveTextContent('Checking cartela 7');
    expect(claim).toHaveTextContent('Checking...');
    // The ball the claim is judged on, and its place in the calls.
    expect(within(claim).getByTestId('claim-pin')).toHaveTextContent('Claim on I-20, ball 3');
    const cells = within(claim).getAllByRole('cell');
    expect(cells).toHaveLength(25);
    const called = cells.filter((c) => c.hasAttribute('data-called')).map((c) => c.textContent);
    expect(called).toEqual(['1', '61', 'FREE', '20']);
    const pattern = cells.filter((c) => c.hasAttribute('data-in-pattern')).map((c) => c.textContent);
    expect(pattern).toEqual(['1', '61', '5', '65']);

    // Blocked: the card stays, with the reason in words.
    const blocked = { ...view, state: { ...view.state!, blocked: [7] } };
    caller.send({ type: 'view', view: blocked });
    caller.send({ type: 'blocked', cartelaNumber: 7, reason: 'PATTERN_INCOMPLETE' });
    expect(screen.getByTestId('claim')).toHaveAttribute('data-verdict', 'blocked');
    expect(screen.getByTestId('claim')).toHaveTextContent('Cartela blocked');
    expect(screen.getByTestId('claim')).toHaveTextContent('Pattern not complete');
    // With the verdict shown, the heading no longer says it is being checked.
    expect(screen.getByTestId('claim')).toHaveTextContent('Cartela 7');
    expect(screen.getByTestId('claim')).not.toHaveTextContent('Checking cartela 7');
    caller.send({ type: 'blocked', cartelaNumber: 7, reason: 'LATE_CLAIM' });
    expect(screen.getByTestId('claim')).toHaveTextContent(
      'Late claim: an earlier ball completed the pattern',
    );
  });

  it('a late claim says on which ball the card was completed, as the room recorded it, while the hall calls on', () => {
    vi.useFakeTimers();
    const caller = room();
    render(<RoomDisplay gameId="G7K2M9QX4TB" options={{ openChannel, loadStored: nothingStored }} />);
    // Cartela 7's corners complete on the 4th ball (O-65); the claim comes on the 5th (B-2, on the card, in no
    // corner), and the hall has called the 6th since.
    const view = withCard(makeView([1, 61, 5, 65, 2, 3]));
    const late = {
      ...view,
      state: {
        ...view.state!,
        blocked: [7],
        validations: [
          {
            cartelaNumber: 7,
            decision: 'block',
            reason: 'LATE_CLAIM',
            callCount: 5,
            lastBall: 2,
            completedOn: { ball: 65, callCount: 4 },
            at: null,
          },
        ],
      },
    } as RoomView;
    caller.send({ type: 'view', view: late });
    caller.send({ type: 'blocked', cartelaNumber: 7, reason: 'LATE_CLAIM' });
    const claim = screen.getByTestId('claim');
    expect(within(claim).getByTestId('claim-pin')).toHaveTextContent('Claim on B-2, ball 5');
    expect(within(claim).getByTestId('claim-story')).toHaveTextContent(
      'Completed on ball 4 (O-65), claimed on ball 5',
    );
    const called = within(claim)
      .getAllByRole('cell')
      .filter((c) => c.hasAttribute('data-called'))
      .map((c) => c.textContent);
    expect(called).not.toContain('3');
  });

  it('a closed modal takes the claim off the TV; a win shows GOOD BINGO with the prize (shared on a tie)', () => {
    vi.useFakeTimers();
    const caller = room();
    render(<RoomDisplay gameId="G7K2M9QX4TB" options={{ openChannel, loadStored: nothingStored }} />);
    const view = withCard(makeView([1, 61, 5, 65]));
    caller.send({ type: 'view', view });
    caller.send({ type: 'checking', cartelaNumber: 7 });
    expect(screen.getByTestId('claim')).toBeInTheDocument();
    caller.send({ type: 'checking-done' });
    expect(screen.queryByTestId('claim')).toBeNull();

    const won = {
      ...view,
      state: {
        ...view.state!,
        winners: [{ cartelaNumber: 7, patternId: 'four-corners', lastBall: 65, callCount: 4, at: null }],
      },
    } as RoomView;
    caller.send({ type: 'view', view: won });
    caller.send({ type: 'celebrate', cartelaNumber: 7 });
    // The modal closes after the decision: that must not take the verdict off the screen.
    caller.send({ type: 'checking-done' });
    const claim = screen.getByTestId('claim');
    expect(claim).toHaveAttribute('data-verdict', 'good');
    expect(claim).toHaveTextContent('GOOD BINGO');
    expect(within(claim).getByTestId('claim-story')).toHaveTextContent('Completed by this ball');
    expect(claim).toHaveTextContent(/Prize: ETB\s*480/);
    expect(within(claim).getByTestId('confetti').children).toHaveLength(CONFETTI_PIECES);

    const tie = {
      ...won,
      state: {
        ...won.state!,
        winners: [
          ...won.state!.winners,
          { cartelaNumber: 8, patternId: 'four-corners', lastBall: 65, callCount: 4, at: null },
        ],
      },
    } as RoomView;
    caller.send({ type: 'view', view: tie });
    caller.send({ type: 'celebrate', cartelaNumber: 7 });
    expect(screen.getByTestId('claim')).toHaveTextContent(/Prize: ETB\s*240/);
    act(() => vi.advanceTimersByTime(8100));
    expect(screen.queryByTestId('claim')).toBeNull();
  });

  it("reopens from the room's stored state, and the room's own view replaces it", async () => {
    const caller = room();
    const stored = viewFromStored({ gameId: 'G7K2M9QX4TB', gameState: { state: makeView([10, 11]).state } });
    render(<RoomDisplay gameId="G7K2M9QX4TB" options={{ openChannel, loadStored: async () => stored }} />);
    expect(await screen.findByText('2/75')).toBeInTheDocument();
    expect(screen.getByText(/Last saved state of the game/)).toBeInTheDocument();
    caller.send({ type: 'view', view: makeView([10, 11, 12]) });
    expect(screen.getByText('3/75')).toBeInTheDocument();
    expect(screen.queryByText(/Last saved state of the game/)).toBeNull();
  });

  it('never lets a late stored state overwrite the live one', async () => {
    const caller = room();
    let resolve!: (view: RoomView | null) => void;
    const loadStored = () => new Promise<RoomView | null>((r) => (resolve = r));
    render(<RoomDisplay gameId="G7K2M9QX4TB" options={{ openChannel, loadStored }} />);
    caller.send({ type: 'view', view: makeView([1, 2, 3, 4]) });
    await act(async () => resolve(makeView([1])));
    expect(screen.getByText('4/75')).toBeInTheDocument();
  });

  it('closes its channel when it goes', () => {
    const { unmount } = render(
      <RoomDisplay gameId="G7K2M9QX4TB" options={{ openChannel, loadStored: nothingStored }} />,
    );
    unmount();
    expect(FakeChannel.open.every((c) => c.closed)).toBe(true);
  });

  it('speaks Amharic too', async () => {
    room();
    await act(() => applyLanguage('am'));
    render(<RoomDisplay gameId="G7K2M9QX4TB" options={{ openChannel, loadStored: nothingStored }} />);
    expect(await screen.findByText('የጨዋታ ክፍሉን በመጠበቅ ላይ...')).toBeInTheDocument();
  });
});

describe('the display helpers', () => {
  it("draw a pattern's cells from core's masks", () => {
    const corners = patternCells('four-corners')!;
    expect(corners.example).toBe(false);
    expect([0, 4, 20, 24].every((i) => corners.mask & (1 << i))).toBe(true);
    expect(corners.mask.toString(2).replace(/0/g, '')).toHaveLength(4);
    expect(patternCells('any-two-lines')).toMatchObject({ example: true });
    expect(patternCells('agents-own')).toBeNull();
    expect(patternCells('nonsense')).toBeNull();
  });

  it('have every text in English and Amharic', () => {
    const keys = (texts: object, prefix = ''): string[] =>
      Object.entries(texts).flatMap(([key, value]) =>
        typeof value === 'object' ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
      );
    expect(keys(am).sort()).toEqual(keys(en).sort());
  });

  it('read only well-formed messages and stored records', () => {
    expect(readMessage({ type: 'hello' })).toEqual({ type: 'hello' });
    expect(readMessage({ type: 'blocked', cartelaNumber: 3 })).toEqual({ type: 'blocked', cartelaNumber: 3 });
    expect(readMessage({ type: 'blocked', cartelaNumber: 3, reason: 'LATE_CLAIM' })).toEqual({
      type: 'blocked',
      cartelaNumber: 3,
      reason: 'LATE_CLAIM',
    });
    expect(readMessage({ type: 'checking', cartelaNumber: 3 })).toEqual({
      type: 'checking',
      cartelaNumber: 3,
    });
    expect(readMessage({ type: 'checking', cartelaNumber: 0 })).toBeNull();
    expect(readMessage({ type: 'checking-done' })).toEqual({ type: 'checking-done' });
    expect(readMessage({ type: 'view' })).toBeNull();
    expect(readMessage('view')).toBeNull();
    expect(viewFromStored(undefined)).toBeNull();
    expect(viewFromStored({ gameState: { state: { calledNumbers: 'x' } } })).toBeNull();
    expect(viewFromStored({ gameState: { state: makeView([4]).state } })?.state?.calledNumbers).toEqual([4]);
  });
});

/** What a phone's camera reads from the modules: each module 4 x 4 pixels, black on white. */
function decode(modules: boolean[][]): string | null {
  const scale = 4;
  const size = modules.length * scale;
  const pixels = new Uint8ClampedArray(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const v = modules[Math.floor(y / scale)]![Math.floor(x / scale)] ? 0 : 255;
      pixels.set([v, v, v, 255], (y * size + x) * 4);
    }
  }
  return jsQR(pixels, size, size)?.data ?? null;
}

describe("the hall display's QR code of the public check (decision 074)", () => {
  it('appears with the first call: the address of /verify/<game id>, which a camera reads back', async () => {
    const caller = room();
    render(<RoomDisplay gameId="G7K2M9QX4TB" options={{ openChannel, loadStored: nothingStored }} />);
    caller.send({ type: 'view', view: makeView([]) });
    expect(screen.queryByRole('region', { name: 'Check this game' })).not.toBeInTheDocument();

    caller.send({ type: 'view', view: makeView([5]) });
    const section = screen.getByRole('region', { name: 'Check this game' });
    const address = `${location.origin}/verify/G7K2M9QX4TB`;
    const qr = within(section).getByRole('img', { name: `QR code of ${address}` });
    expect(qr).toHaveAttribute('data-qr', address);
    expect(within(section).getByText('G7K2M9QX4TB')).toBeInTheDocument();
    expect(within(section).getByText(address)).toBeInTheDocument();
    expect(decode(qrModules(address))).toBe(address);
    // A quiet zone of 4 white modules all round.
    const modules = qrModules(address);
    expect(modules.slice(0, 4).flat().some(Boolean)).toBe(false);
    expect(modules.flatMap((row) => row.slice(0, 4)).some(Boolean)).toBe(false);
  });

  it('points at PUBLIC_URL once the server has told it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ publicUrl: 'http://192.168.1.10:3000' }))),
    );
    const caller = room();
    render(<RoomDisplay gameId="G7K2M9QX4TB" options={{ openChannel, loadStored: nothingStored }} />);
    caller.send({ type: 'view', view: makeView([5, 20]) });
    await waitFor(() =>
      expect(screen.getByText('http://192.168.1.10:3000/verify/G7K2M9QX4TB')).toBeInTheDocument(),
    );
  });

  it('shows no QR for a game the server has not given an id (an offline one)', () => {
    const caller = room('offline_1');
    render(<RoomDisplay gameId="offline_1" options={{ openChannel, loadStored: nothingStored }} />);
    const view = makeView([5, 20]);
    caller.send({
      type: 'view',
      view: {
        ...view,
        game: { ...view.game!, gameId: 'offline_1' },
        state: { ...view.state!, gameId: 'offline_1' },
      },
    });
    expect(screen.getByText('2/75')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Check this game' })).not.toBeInTheDocument();
  });

  it('says it in Amharic too', async () => {
    await act(() => applyLanguage('am'));
    const caller = room();
    render(<RoomDisplay gameId="G7K2M9QX4TB" options={{ openChannel, loadStored: nothingStored }} />);
    caller.send({ type: 'view', view: makeView([5]) });
    expect(screen.getByRole('region', { name: am.verify.title })).toBeInTheDocument();
    expect(en.verify.title).toBe('Check this game');
  });
});
