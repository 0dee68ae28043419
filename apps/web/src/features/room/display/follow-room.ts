// The hall display's link to the game room (issue 10): the room's BroadcastChannel, so it works offline on one
// computer, plus the game's last state kept in IndexedDB for a display that reopens before the room answers.
// Framework-free; the React glue is use-room-display.ts.
import type { GameState } from '@cartela/core';
import { offlineDb } from '@/lib/offline-db';
import { type RoomGameInfo, type RoomMessage, type RoomView, roomChannelName } from '../model/types';

/** The part of a BroadcastChannel the display uses (a fake one in tests). */
export interface RoomChannel {
  postMessage(message: RoomMessage): void;
  close(): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

/**
 * A moment the display shows over the board, as the room does: a claim raised ('Claim! Checking...', decision
 * 083), the cartela being checked (issue 19), then its verdict (the celebration, or blocked with core's reason).
 */
export type DisplayMoment =
  | {
      kind: 'checking' | 'celebrate' | 'blocked';
      cartelaNumber: number;
      reason?: string;
    }
  | { kind: 'raised' };

export interface FollowRoomOptions {
  /** Opens the game's channel (BroadcastChannel by default; null where the browser has none). */
  openChannel?: (name: string) => RoomChannel | null;
  /** The game's last state kept by the room (IndexedDB by default), or null. */
  loadStored?: (gameId: string) => Promise<RoomView | null>;
  /** The room's view: `live` from the room itself, or not (the stored state, until the room answers). */
  onView: (view: RoomView, live: boolean) => void;
  onMoment: (moment: DisplayMoment) => void;
  /** The validation modal closed without a decision: a 'checking' moment ends. */
  onCheckingDone?: () => void;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isCartelaNumber = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/** A message from the channel as the display understands it, or null (anything else is ignored). */
export function readMessage(data: unknown): RoomMessage | null {
  if (!isObject(data)) return null;
  switch (data.type) {
    case 'view':
      return isObject(data.view) ? { type: 'view', view: data.view as unknown as RoomView } : null;
    case 'celebrate':
    case 'checking':
      return isCartelaNumber(data.cartelaNumber)
        ? { type: data.type, cartelaNumber: data.cartelaNumber }
        : null;
    case 'blocked':
      if (!isCartelaNumber(data.cartelaNumber)) return null;
      return typeof data.reason === 'string' && /^[A-Z_]{1,40}$/.test(data.reason)
        ? { type: 'blocked', cartelaNumber: data.cartelaNumber, reason: data.reason }
        : { type: 'blocked', cartelaNumber: data.cartelaNumber };
    case 'checking-done':
      return { type: 'checking-done' };
    case 'claim-raised':
      return { type: 'claim-raised' };
    case 'hello':
      return { type: 'hello' };
    default:
      return null;
  }
}

/**
 * The view a display can show from what the room keeps in IndexedDB (`gameData`, keyed by gameId:
 * `gameState.state` is core's state; `gameState.game`, when there, the game's info).
 */
export function viewFromStored(record: unknown): RoomView | null {
  if (!isObject(record) || !isObject(record.gameState)) return null;
  const state = record.gameState.state;
  if (!isObject(state) || !Array.isArray(state.calledNumbers)) return null;
  const game = isObject(record.gameState.game) ? (record.gameState.game as unknown as RoomGameInfo) : null;
  return {
    status: 'ready',
    error: null,
    game,
    state: state as unknown as GameState,
    lastCallAt: null,
    role: 'viewer',
    sync: { kind: 'synced' },
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
    persisted: null,
  };
}

async function loadFromIndexedDb(gameId: string): Promise<RoomView | null> {
  const db = offlineDb();
  if (!db) return null;
  return viewFromStored(await db.gameData.get(gameId));
}

function openBroadcastChannel(name: string): RoomChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : (new BroadcastChannel(name) as RoomChannel);
}

/**
 * Follows the room of `gameId`: says hello on open (the room answers with its view), reports every view and
 * moment, and meanwhile reads the stored state, shown only if the room has not answered yet. Returns the
 * function that stops following.
 */
export function followRoom(gameId: string, options: FollowRoomOptions): () => void {
  const {
    openChannel = openBroadcastChannel,
    loadStored = loadFromIndexedDb,
    onView,
    onMoment,
    onCheckingDone,
  } = options;
  let stopped = false;
  let live = false;
  const channel = openChannel(roomChannelName(gameId));
  if (channel) {
    channel.onmessage = (event) => {
      const message = readMessage(event.data);
      if (stopped || !message) return;
      if (message.type === 'view') {
        live = true;
        onView(message.view, true);
      } else if (message.type === 'checking-done') {
        onCheckingDone?.();
      } else if (message.type === 'claim-raised') {
        onMoment({ kind: 'raised' });
      } else if (message.type === 'blocked') {
        onMoment({ kind: 'blocked', cartelaNumber: message.cartelaNumber, reason: message.reason });
      } else if (message.type !== 'hello') {
        onMoment({ kind: message.type, cartelaNumber: message.cartelaNumber });
      }
    };
    channel.postMessage({ type: 'hello' });
  }
  loadStored(gameId).then(
    (view) => {
      if (view && !stopped && !live) onView(view, false);
    },
    (error) => console.warn('The hall display could not read the stored game', error),
  );
  return () => {
    stopped = true;
    if (channel) {
      channel.onmessage = null;
      channel.close();
    }
  };
}
