// The server as the room reaches it (decision 050): its game's state, its event log, the cancel, and the user read
// again after money moved. One interface, so each part of the session can be tested with a stand-in.
import type { GameEvent, gameRoutes, RouteResponse } from '@cartela/contract';
import type { GameState } from '@cartela/core';
// biome-ignore lint/style/noRestrictedImports: the room syncs its offline event log itself; nothing here is cached.
import { ApiError, api } from '@/lib/api';
import { loadWholeContract } from '@/lib/contract';
import { updateSessionUser } from '@/lib/session';
import type { RoomGameInfo } from './types';

export type RoomStateAnswer = RouteResponse<typeof gameRoutes.roomState>;
export type EventsAnswer = RouteResponse<typeof gameRoutes.events>;
export type CancelAnswer = RouteResponse<typeof gameRoutes.cancel>;

export interface RoomServer {
  /** GET /api/games/{id}/state: the game as the room may see it (no seed; no order before the first call). */
  state(): Promise<RoomStateAnswer>;
  /** POST /api/games/{id}/events: a batch of the room's event log. */
  events(events: GameEvent[]): Promise<EventsAnswer>;
  /** POST /api/games/{id}/cancel, with the agent's reason when there is one. */
  cancel(reason: string): Promise<CancelAnswer>;
  /** After a confirmed win or a refund: the user's coins and earnings as the server has them now. */
  refreshUser(): Promise<void>;
}

/**
 * A send of the room's events with no answer after this long is no answer (decision 084): a link that hangs
 * (the hall's wifi up, its mobile data gone) rather than fails must not leave the room believing it is online.
 * The outbox sends it again, as after any lost answer (the server's log takes a seq it has once).
 */
export const SEND_TIMEOUT_MS = 15_000;

/** `send`, given up after SEND_TIMEOUT_MS as the network's failure (ApiError status 0, as fetch's own). */
async function withTimeout<T>(send: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
  try {
    return await send(controller.signal);
  } catch (error) {
    if (controller.signal.aborted) throw new ApiError(0, 'NETWORK', '');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The real server, through the app's API client. The room draws its game from the device's copy before it asks
 * the server anything, so the contract's schemas (zod) load after its first paint, with the first call
 * (decision 073); a failed load is a transient failure like the network's.
 */
export function roomServer(gameId: string): RoomServer {
  const params = { id: gameId };
  const routes = async () => (await loadWholeContract()).gameRoutes;
  return {
    state: async () => api((await routes()).roomState, { params }),
    events: async (events) => {
      const route = (await routes()).events;
      return withTimeout((signal) => api(route, { params, body: { events }, signal }));
    },
    cancel: async (reason) => api((await routes()).cancel, { params, body: reason ? { reason } : {} }),
    async refreshUser() {
      try {
        const { authRoutes } = await loadWholeContract();
        const { user } = await api(authRoutes.me);
        updateSessionUser(user);
      } catch {
        // The next session check reads it again.
      }
    },
  };
}

/** A failure worth trying again later: no network, the server down or busy, a signed-out moment. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return (
    error.status === 0 ||
    error.status >= 500 ||
    error.status === 401 ||
    error.status === 408 ||
    error.status === 429 ||
    error.code === 'INVALID_RESPONSE'
  );
}

/** The room's state from the server's answer (the contract's RoomState is core's GameState as JSON). */
export const toGameState = (state: RoomStateAnswer['state']) => state as unknown as GameState;

/** What the room keeps of the game besides core's state. */
export function gameInfo(answer: RoomStateAnswer, gameId: string): RoomGameInfo {
  const { game } = answer;
  return {
    gameId: game.gameId || gameId,
    id: game.id,
    players: game.numberOfPlayers,
    stake: game.stake,
    prize: game.prize,
    patternId: game.selectedWinningPattern,
    commitment: game.drawCommitment,
    createdAt: game.createdAt,
    coinCost: game.coinCost,
  };
}
