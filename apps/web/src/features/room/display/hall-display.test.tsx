import type { GameState } from '@cartela/core';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HallMessage, RoomMessage, RoomView } from '../model/types';
import { CARD_7 } from '../testing';
import { RoomDisplay, type RoomDisplayOptions } from './display-page';
import { readHallMessage } from './follow-hall';
import { readMessage } from './follow-room';

type Message = RoomMessage | HallMessage;

/** BroadcastChannel as the display and the room see it: every other channel of the same name gets a message. */
class FakeChannel {
  static open: FakeChannel[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  closed = false;
  readonly sent: Message[] = [];
  constructor(readonly name: string) {
    FakeChannel.open.push(this);
  }
  postMessage(message: Message) {
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

const HALL = 'cartela-hall-agent-1';
const ROUND_1 = 'GAMEROUND01';
const ROUND_2 = 'GAMEROUND02';

type Winner = GameState['winners'][number];
const winner = (cartelaNumber: number): Winner =>
  ({ cartelaNumber, patternId: 'four-corners', lastBall: 65, callCount: 4, at: null }) as Winner;

function makeView(
  gameId: string,
  called: number[],
  { winners = [] as Winner[], status = 'active', stake = 50, prize = 480, players = 12, createdAt = '' } = {},
): RoomView {
  const state = {
    v: 1,
    gameId,
    status,
    patternId: 'four-corners',
    cartelas: [{ cartelaNumber: 7, card: CARD_7 }],
    commitment: 'c0ffee'.repeat(10).slice(0, 64),
    seedHex: null,
    calledNumbers: called,
    remaining: [],
    shuffles: [],
    blocked: [],
    winners,
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
      gameId,
      id: `row-${gameId}`,
      players,
      stake,
      prize,
      patternId: 'four-corners',
      commitment: state.commitment,
      createdAt: createdAt || (gameId === ROUND_1 ? '2025-06-01T10:00:00.000Z' : '2025-06-01T10:30:00.000Z'),
    },
    state,
    lastCallAt: null,
    role: 'caller',
    sync: { kind: 'synced' },
    online: true,
    persisted: true,
  };
}

/** A room's end of its game's channel. */
function room(gameId: string) {
  const channel = new FakeChannel(`cartela-room-${gameId}`);
  return { channel, send: (message: RoomMessage) => act(() => channel.postMessage(message)) };
}

/** The agent's rooms' end of the hall channel. */
function hall() {
  const channel = new FakeChannel(HALL);
  return { channel, send: (message: HallMessage) => act(() => channel.postMessage(message)) };
}

const openChannel = (name: string) => new FakeChannel(name);
const options: RoomDisplayOptions = {
  openChannel,
  openHallChannel: openChannel,
  hall: HALL,
  loadStored: async () => null,
};

/** The game the header shows (its id in full as the title). */
const shows = (gameId: string) => expect(screen.getByTitle(gameId)).toBeInTheDocument();

beforeEach(() => {
  FakeChannel.open = [];
  window.history.replaceState(null, '', `/game/${ROUND_1}/display`);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the hall display follows every round in the one window (decision 083)', () => {
  it('switches to the announced game in place: the address replaced, the same page, the new game followed', () => {
    const agent = hall();
    const first = room(ROUND_1);
    const { container } = render(<RoomDisplay gameId={ROUND_1} options={options} />);
    const page = container.firstElementChild;
    // It asks the agent's rooms which game to show.
    expect(FakeChannel.open.find((c) => c.name === HALL && c !== agent.channel)?.sent).toEqual([
      { type: 'hello' },
    ]);
    first.send({ type: 'view', view: makeView(ROUND_1, [5, 20]) });
    shows(ROUND_1);

    const second = room(ROUND_2);
    agent.send({ type: 'game', gameId: ROUND_2, createdAt: '2025-06-01T10:30:00.000Z' });
    expect(window.location.pathname).toBe(`/game/${ROUND_2}/display`);
    // Its channel: hello to the new round's room, the old round's closed.
    const followed = FakeChannel.open.filter(
      (c) => c.name === `cartela-room-${ROUND_2}` && c !== second.channel,
    );
    expect(followed.at(-1)?.sent).toEqual([{ type: 'hello' }]);
    expect(
      FakeChannel.open
        .filter((c) => c.name === `cartela-room-${ROUND_1}` && c !== first.channel)
        .every((c) => c.closed),
    ).toBe(true);
    second.send({ type: 'view', view: makeView(ROUND_2, [7]) });
    shows(ROUND_2);
    // No reload, no remount: the same element (so fullscreen stays on it).
    expect(container.firstElementChild).toBe(page);
    expect(document.title).toContain('ROUND02');

    // A stale tab of the older round answering a hello does not take the TV back; 'Open display' there does.
    agent.send({ type: 'game', gameId: ROUND_1, createdAt: '2025-06-01T10:00:00.000Z' });
    expect(window.location.pathname).toBe(`/game/${ROUND_2}/display`);
    agent.send({ type: 'show', gameId: ROUND_1 });
    expect(window.location.pathname).toBe(`/game/${ROUND_1}/display`);
  });

  it("keeps the winners with their shares after the celebration, until the next round's first call", () => {
    vi.useFakeTimers();
    const agent = hall();
    const first = room(ROUND_1);
    render(<RoomDisplay gameId={ROUND_1} options={options} />);
    first.send({
      type: 'view',
      view: makeView(ROUND_1, [1, 5, 61, 65], { winners: [winner(7), winner(9)] }),
    });
    first.send({ type: 'celebrate', cartelaNumber: 7 });
    act(() => vi.advanceTimersByTime(8100));
    expect(screen.queryByTestId('claim')).toBeNull();
    const winners = () => screen.getByRole('region', { name: 'Winners' });
    // A tie on a prize of 480: core's prizeShares, 240 each.
    expect(within(winners()).getByText(/Cartela 7: ETB\s240\.00/)).toBeInTheDocument();
    expect(within(winners()).getByText(/Cartela 9: ETB\s240\.00/)).toBeInTheDocument();
    first.send({
      type: 'view',
      view: makeView(ROUND_1, [1, 5, 61, 65], { winners: [winner(7), winner(9)], status: 'finished' }),
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(winners()).toBeInTheDocument();

    // The next round announced, its room not heard yet: the winners stay.
    const second = room(ROUND_2);
    agent.send({ type: 'game', gameId: ROUND_2, createdAt: '2025-06-01T10:30:00.000Z' });
    expect(within(winners()).getByText(/Cartela 7: ETB\s240\.00/)).toBeInTheDocument();
    // Before its first call: the 'Next game' card, the last round's winners under it.
    second.send({ type: 'view', view: makeView(ROUND_2, [], { stake: 30, prize: 270, players: 10 }) });
    const card = screen.getByTestId('next-game');
    expect(within(card).getByText(/Cartela 9: ETB\s240\.00/)).toBeInTheDocument();
    // The first call: the card and the old winners go.
    second.send({ type: 'view', view: makeView(ROUND_2, [12], { stake: 30, prize: 270, players: 10 }) });
    expect(screen.queryByTestId('next-game')).toBeNull();
    expect(screen.queryByRole('region', { name: /Winner/ })).toBeNull();
    expect(screen.getByText('1/75')).toBeInTheDocument();
  });

  it("shows the 'Next game' card with stake, prize, players and pattern before the first call", () => {
    const first = room(ROUND_1);
    render(<RoomDisplay gameId={ROUND_1} options={options} />);
    first.send({ type: 'view', view: makeView(ROUND_1, [], { stake: 30, prize: 270, players: 10 }) });
    const card = within(screen.getByTestId('next-game'));
    expect(card.getByRole('heading', { name: 'Next game' })).toBeInTheDocument();
    expect(card.getByText('Stake').nextElementSibling).toHaveTextContent(/ETB\s30/);
    expect(card.getByText('Prize').nextElementSibling).toHaveTextContent(/ETB\s270/);
    expect(card.getByText('Players').nextElementSibling).toHaveTextContent('10');
    expect(card.getByText('Pattern').nextElementSibling).toHaveTextContent('Four Corners');
    // No round before it: no winners.
    expect(card.queryByRole('region', { name: /Winner/ })).toBeNull();
  });
});

describe("'Claim! Checking...' the moment the claim key is pressed (decision 083)", () => {
  it('shows until a cartela is open, a verdict, or the modal closes', () => {
    const first = room(ROUND_1);
    render(<RoomDisplay gameId={ROUND_1} options={options} />);
    first.send({ type: 'view', view: makeView(ROUND_1, [1, 5, 61, 65]) });
    first.send({ type: 'claim-raised' });
    expect(screen.getByRole('alert')).toHaveTextContent('Claim!');
    expect(screen.getByRole('alert')).toHaveTextContent('Checking...');
    first.send({ type: 'checking', cartelaNumber: 7 });
    expect(screen.queryByTestId('claim-raised')).toBeNull();
    expect(screen.getByTestId('claim')).toHaveTextContent('Checking cartela 7');

    first.send({ type: 'claim-raised' });
    expect(screen.getByTestId('claim-raised')).toBeInTheDocument();
    first.send({ type: 'checking-done' });
    expect(screen.queryByRole('alert')).toBeNull();

    first.send({ type: 'claim-raised' });
    first.send({ type: 'blocked', cartelaNumber: 7 });
    expect(screen.queryByTestId('claim-raised')).toBeNull();
  });

  it('reads the messages of both channels, nothing else', () => {
    expect(readMessage({ type: 'claim-raised' })).toEqual({ type: 'claim-raised' });
    expect(readHallMessage({ type: 'hello' })).toEqual({ type: 'hello' });
    expect(readHallMessage({ type: 'game', gameId: ROUND_2, createdAt: 'x' })).toEqual({
      type: 'game',
      gameId: ROUND_2,
      createdAt: 'x',
    });
    expect(readHallMessage({ type: 'game', gameId: ROUND_2 })).toEqual({
      type: 'game',
      gameId: ROUND_2,
      createdAt: null,
    });
    expect(readHallMessage({ type: 'show', gameId: '../x' })).toBeNull();
    expect(readHallMessage({ type: 'show' })).toBeNull();
    expect(readHallMessage('show')).toBeNull();
  });
});
