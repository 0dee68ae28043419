// Fakes for the room screen's tests: an in-memory RoomController that applies commands with core's reducer (as
// the data layer does), and a voice manager on fakes whose calls the tests read.
import { type GameAction, type GameCartela, type GameState, gameReducer, sealOrder } from '@cartela/core';
import { render } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { fakeVoiceManager } from '@/voice/testing';
import { VoiceProvider } from '@/voice/use-voice';
import type { VoiceManager } from '@/voice/voice-manager';
import { RoomScreen } from './components/room-screen';
import { CARD_A, CARD_B, playedGame } from './model/testing';
import type { RoomCommand, RoomController, RoomGameInfo, RoomResult, RoomView } from './model/types';

/** B 1-5, I 16-20, N 31-35 (centre free), G 46-50, O 61-65: cartela 7 of the fake game. */
export const CARD_7 = CARD_A;
/** Shares no number with CARD_7: cartela 12. */
export const CARD_12 = CARD_B;

/** The fake game's draw: B 1, 2, 3... so cartela 7's four corners (1, 5, 61, 65) come early. */
export const ORDER: number[] = [1, 5, 61, 65, ...Array.from({ length: 75 }, (_, i) => i + 1)].filter(
  (n, i, all) => all.indexOf(n) === i,
);

export const GAME_ID = 'G-ROOM-00000001';

export function makeGameInfo(overrides: Partial<RoomGameInfo> = {}): RoomGameInfo {
  return {
    gameId: GAME_ID,
    id: 'row-1',
    players: 2,
    stake: 20,
    prize: 36,
    patternId: 'four-corners',
    commitment: 'a'.repeat(64),
    createdAt: '2025-11-23T09:00:00.000Z',
    coinCost: 2,
    ...overrides,
  };
}

/** A game in order mode (as the room gets it from the server), after `calls` calls. */
export function makeGameState({
  patternId = 'four-corners',
  calls = 0,
  order = ORDER,
  cartelas = [
    { cartelaNumber: 7, card: CARD_7 },
    { cartelaNumber: 12, card: CARD_12 },
  ],
}: {
  patternId?: string;
  calls?: number;
  order?: number[];
  cartelas?: GameCartela[];
} = {}): GameState {
  return playedGame({
    gameId: GAME_ID,
    patternId,
    cartelas,
    order,
    at: '2025-11-23T09:00:00.000Z',
    calls,
    callAt: '2025-11-23T09:01:00.000Z',
  });
}

export interface FakeRoom {
  controller(): RoomController;
  subscribe(listener: () => void): () => void;
  /** Every command the screen sent, in order. */
  commands: RoomCommand[];
  /** Change what the room shows (online, role, sync...). */
  set(change: Partial<RoomView>): void;
  /** The next command of this type is refused with this code and message. */
  refuseNext(type: RoomCommand['type'], code: string, message: string): void;
  /** The next command of this type waits until the returned function is called (a slow server). */
  holdNext(type: RoomCommand['type']): () => void;
  readonly view: RoomView;
  syncs: number;
  /** What the screen told the hall display it is checking (showClaim), in order. */
  claims: (number | 'raised' | null)[];
}

/** The state as the server would give it after the first call: the sealed copy with its order (ORDER). */
function unsealed(state: GameState): GameState {
  const { orderSealed: _sealed, ...rest } = state;
  return { ...rest, remaining: ORDER.filter((n) => !state.calledNumbers.includes(n)) };
}

/**
 * A room in memory: commands go through core's reducer like the data layer's (a call is stamped with the
 * clock's time, so fake timers drive `lastCallAt`), refusals come back as core's code and message. `sealed`:
 * a game before its first call, whose order the room does not have (the first call needs the network, as the
 * data layer's; a cancel too).
 */
export function createFakeRoom(
  change: Partial<RoomView> & { calls?: number; patternId?: string; sealed?: boolean } = {},
) {
  const { calls = 0, patternId, sealed = false, ...rest } = change;
  const initial = makeGameState({ calls, ...(patternId ? { patternId } : {}) });
  let view: RoomView = {
    status: 'ready',
    error: null,
    game: makeGameInfo(patternId ? { patternId: patternId as RoomGameInfo['patternId'] } : {}),
    state: sealed ? sealOrder(initial) : initial,
    lastCallAt: calls > 0 ? new Date().toISOString() : null,
    role: 'caller',
    sync: { kind: 'synced' },
    online: true,
    persisted: true,
    ...rest,
  };
  const listeners = new Set<() => void>();
  const refusals = new Map<RoomCommand['type'], { code: string; message: string }>();
  const holds = new Map<RoomCommand['type'], Promise<void>>();
  let controller: RoomController;

  const set = (next: Partial<RoomView>) => {
    view = { ...view, ...next };
    controller = { ...controller, view };
    for (const listener of listeners) listener();
  };

  const dispatch = async (command: RoomCommand): Promise<RoomResult> => {
    fake.commands.push(command);
    const hold = holds.get(command.type);
    if (hold) {
      holds.delete(command.type);
      await hold;
    }
    const refusal = refusals.get(command.type);
    if (refusal) {
      refusals.delete(command.type);
      return { ok: false, ...refusal };
    }
    const at = new Date().toISOString();
    let state = view.state!;
    if ((command.type === 'call-next' || command.type === 'cancel') && !view.online) {
      if (command.type === 'cancel') {
        return { ok: false, code: 'OFFLINE', message: 'Cancelling a game needs the network' };
      }
      if (state.orderSealed)
        return { ok: false, code: 'ORDER_SEALED', message: 'Connect to start the round' };
    }
    if (command.type === 'call-next' && state.orderSealed) state = unsealed(state);
    const action: GameAction =
      command.type === 'validate'
        ? { type: 'validate', cartelaNumber: command.cartelaNumber, decision: command.decision, at }
        : command.type === 'cancel'
          ? { type: 'cancel', at, ...(command.reason ? { reason: command.reason } : {}) }
          : { type: command.type, at };
    const result = gameReducer(state, action);
    if (!result.ok) return { ok: false, code: result.error.code, message: result.error.message };
    set({ state: result.state, ...(command.type === 'call-next' ? { lastCallAt: at } : {}) });
    if (command.type === 'cancel') {
      const refundedCoins = result.state.calledNumbers.length === 0 ? (view.game?.coinCost ?? 0) : 0;
      const message =
        refundedCoins > 0 ? `Game cancelled: ${refundedCoins} coins refunded` : 'Game cancelled';
      return { ok: true, state: result.state, message, refundedCoins };
    }
    return { ok: true, state: result.state };
  };

  controller = {
    view,
    dispatch,
    syncNow: () => {
      fake.syncs += 1;
    },
    showClaim: (n) => {
      fake.claims.push(n);
    },
  };

  const fake: FakeRoom = {
    controller: () => controller,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    commands: [],
    set,
    refuseNext: (type, code, message) => refusals.set(type, { code, message }),
    holdNext: (type) => {
      let release = () => {};
      holds.set(
        type,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return () => release();
    },
    get view() {
      return view;
    },
    syncs: 0,
    claims: [],
  };
  return fake;
}

function FakeRoomScreen({ room, reload }: { room: FakeRoom; reload: () => void }) {
  const controller = useSyncExternalStore(room.subscribe, room.controller);
  return <RoomScreen controller={controller} reload={reload} />;
}

/** The voice manager on fakes, with every call the room makes recorded in `played`. */
export function fakeRoomVoice() {
  const fakes = fakeVoiceManager();
  const { manager } = fakes;
  const played: string[] = [];
  const record =
    <A extends unknown[]>(name: string, format: (...args: A) => string = () => name) =>
    (...args: A) => {
      played.push(format(...args));
    };
  Object.assign(manager, {
    playNumber: record('number', (n: number) => `number ${n}`),
    playSequence: record('sequence', (items: readonly unknown[]) => `sequence ${items.join(' ')}`),
    goodBingo: record('goodBingo'),
    blocked: record('blocked'),
    playSpecial: record('special', (id: string) => `special ${id}`),
    everybodyJump: record('everybodyJump'),
    unlock: async () => {
      played.push('unlock');
    },
  } satisfies Partial<VoiceManager>);
  return { ...fakes, played };
}

/** Where the router is: the room navigates (to the history after a cancel). */
function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

// The room's dialogs load lazily, right after the room draws (room-screen.tsx): have their module ready before any
// test renders the room, as a browser that has drawn the room has it.
await import('./components/room-dialogs');

/** Renders the room's screen on a fake room and a fake voice. */
export function renderRoom(room: FakeRoom, voice = fakeRoomVoice()) {
  const reloads: number[] = [];
  const ui = (
    <MemoryRouter initialEntries={[`/game/${GAME_ID}`]}>
      <VoiceProvider manager={voice.manager}>
        <FakeRoomScreen room={room} reload={() => reloads.push(Date.now())} />
        <LocationProbe />
      </VoiceProvider>
    </MemoryRouter>
  );
  return { ...render(ui), voice, reloads };
}
