// The hall display's link to the agent's rooms (decision 083): the agent-wide hall channel on which the caller's
// room says which game it runs, so one TV window follows every round. Framework-free, like follow-room.ts.
import { type HallMessage, hallChannelName } from '../model/types';

/** The part of a BroadcastChannel the hall's channel uses (a fake one in tests). */
export interface HallChannel {
  postMessage(message: HallMessage): void;
  close(): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

/** What every hall channel's name begins with (the user's id follows). */
const HALL_PREFIX = hallChannelName('');

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isGameId = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value);

/** A message of the hall's channel as the display understands it, or null (anything else is ignored). */
export function readHallMessage(data: unknown): HallMessage | null {
  if (!isObject(data)) return null;
  switch (data.type) {
    case 'hello':
      return { type: 'hello' };
    case 'game':
      if (!isGameId(data.gameId)) return null;
      return {
        type: 'game',
        gameId: data.gameId,
        createdAt: typeof data.createdAt === 'string' ? data.createdAt : null,
      };
    case 'show':
      return isGameId(data.gameId) ? { type: 'show', gameId: data.gameId } : null;
    default:
      return null;
  }
}

/**
 * The hall channel this window belongs to: its name, when 'Open display' made it (the window's name is the
 * channel's, `cartela-hall-<userId>`), else none (a display opened by hand follows its one game).
 */
export function hallOfWindow(): string | null {
  if (typeof window === 'undefined') return null;
  return window.name.length > HALL_PREFIX.length && window.name.startsWith(HALL_PREFIX) ? window.name : null;
}

function openBroadcastChannel(name: string): HallChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : (new BroadcastChannel(name) as HallChannel);
}

export interface FollowHallOptions {
  openChannel?: (name: string) => HallChannel | null;
  /** A room announced its game ('game'), or 'Open display' asked for one ('show'). */
  onGame: (message: Extract<HallMessage, { type: 'game' | 'show' }>) => void;
}

/** Listens to the hall channel `name` and says hello (the caller's room answers with its game). */
export function followHall(name: string, { openChannel = openBroadcastChannel, onGame }: FollowHallOptions) {
  const channel = openChannel(name);
  if (!channel) return () => {};
  let stopped = false;
  channel.onmessage = (event) => {
    const message = readHallMessage(event.data);
    if (stopped || !message || message.type === 'hello') return;
    onGame(message);
  };
  channel.postMessage({ type: 'hello' });
  return () => {
    stopped = true;
    channel.onmessage = null;
    channel.close();
  };
}
