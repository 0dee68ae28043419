// The offline game room's model, shared by its three parts (issue 10): the data layer (model/: IndexedDB, the
// outbox and its sync, the one caller per game), the room's screen (pages/, components/) and the hall display
// (display/). The screen and the display only read a RoomView and send RoomCommands; every rule of the game is
// packages/core's reducer, applied by the data layer.
import type { GameState, PatternId } from '@cartela/core';

/** What the room knows of its game besides core's state (from the game's API answer, kept in IndexedDB). */
export interface RoomGameInfo {
  /** The public id ('G7K2M9QX4TB'), the one in the address. */
  gameId: string;
  /** The row's `_id`. */
  id: string;
  players: number;
  /** ETB. */
  stake: number;
  /** ETB. */
  prize: number;
  patternId: PatternId;
  /** SHA-256 of the draw's seed, published at creation (the display shows it). */
  commitment: string;
  createdAt: string;
  /** Virtual coins the game cost (0 for a commission-share agent; absent in records kept before it was kept). */
  coinCost?: number;
}

/** Where the room's actions stand with the server. */
export type SyncStatus =
  /** Every action is on the server. */
  | { kind: 'synced' }
  /** `waiting` actions are in the outbox; `offlineSince` (ISO) when the network is gone, null while sending. */
  | { kind: 'pending'; waiting: number; offlineSince: string | null; retryAt: string | null }
  /**
   * The answer to an action the server makes itself (the first call, a cancel) was lost: the room reads the
   * server's state before anything else (commands wait).
   */
  | { kind: 'checking'; offlineSince: string | null; retryAt: string | null }
  /**
   * The server refused an event (a contradiction): the room keeps its own record, stops syncing this game and
   * shows the server's reason. `waiting` actions stay in the outbox.
   */
  | { kind: 'refused'; seq: number; reason: string; message: string; waiting: number };

/**
 * 'caller': this tab holds the game's lock (Web Locks) and may act; 'viewer': another tab or window holds it,
 * this one follows read-only; 'unknown' while asking.
 */
export type RoomRole = 'caller' | 'viewer' | 'unknown';

export interface RoomView {
  /** 'missing': no such game (404) and none kept locally; 'error': it could not be loaded (message in `error`). */
  status: 'loading' | 'ready' | 'missing' | 'error';
  error: string | null;
  game: RoomGameInfo | null;
  /** Core's state of the game (order mode: `seedHex` null while it runs), as the room last applied it. */
  state: GameState | null;
  /** ISO time of the last call (auto call keeps its rhythm from it). */
  lastCallAt: string | null;
  role: RoomRole;
  sync: SyncStatus;
  online: boolean;
  /** navigator.storage.persist(): true kept, false refused (the room says so), null not asked or unknown. */
  persisted: boolean | null;
}

/**
 * What the screen asks of the room. Every command works offline except the first call of a game whose order is
 * still sealed (the server makes it, code 'ORDER_SEALED' offline) and cancel (the server refunds).
 */
export type RoomCommand =
  | { type: 'call-next' }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'shuffle' }
  | { type: 'validate'; cartelaNumber: number; decision: 'good-bingo' | 'block' }
  | { type: 'finish' }
  | { type: 'cancel'; reason?: string };

/**
 * The answer to a command: done (a cancel adds the server's message and the coins it gave back), or refused
 * with core's code and message ('Game is paused').
 */
export type RoomResult =
  | { ok: true; state: GameState; message?: string; refundedCoins?: number }
  | { ok: false; code: string; message: string };

/** The room as the screen uses it (useRoom(gameId) in model/). */
export interface RoomController {
  view: RoomView;
  dispatch(command: RoomCommand): Promise<RoomResult>;
  /** Sends the outbox now (after 'refused', once more). */
  syncNow(): void;
  /**
   * Tells the hall display which cartela the agent is checking (the validation modal is open), 'raised' while
   * the claim is raised and no cartela is open yet (decision 083), or null once it closes (issue 19). Only the
   * caller's tab speaks to the display.
   */
  showClaim?(claim: number | 'raised' | null): void;
}

/** The BroadcastChannel every tab, window and the hall display of a game share: `cartela-room-${gameId}`. */
export const roomChannelName = (gameId: string) => `cartela-room-${gameId}`;

/** Messages on a room's channel. */
export type RoomMessage =
  /** The caller's view after every change (and in answer to 'hello'). */
  | { type: 'view'; view: RoomView }
  /** A display or viewer that just opened asks for the current view. */
  | { type: 'hello' }
  /** Moments the display shows as the room does: the winner celebration, a blocked cartela. */
  | { type: 'celebrate'; cartelaNumber: number }
  /** `reason`: core's claim verdict when the cartela was blocked ('PATTERN_INCOMPLETE', 'LATE_CLAIM', ...). */
  | { type: 'blocked'; cartelaNumber: number; reason?: string }
  /** The agent opened this cartela in the validation modal: the display shows it being checked (issue 19). */
  | { type: 'checking'; cartelaNumber: number }
  /** The validation modal closed without a decision: the display goes back to the board. */
  | { type: 'checking-done' }
  /** The claim key (B, V) or Validate opened the validation modal: 'Claim! Checking...' (decision 083). */
  | { type: 'claim-raised' };

/**
 * The hall's window and its channel, one per agent on this device (decision 083): 'Open display' reuses the
 * window of this name, and the display follows the game the agent's room announces here.
 */
export const hallChannelName = (userId: string | null | undefined) => `cartela-hall-${userId ?? 'device'}`;

/** Messages on the hall's channel. */
export type HallMessage =
  /** A display that just opened asks which game to show. */
  | { type: 'hello' }
  /**
   * The caller's room of `gameId`, when it opens and in answer to 'hello': the display follows it unless it
   * already shows a newer game (`createdAt`, ISO), a stale tab of an earlier round cannot take the TV back.
   */
  | { type: 'game'; gameId: string; createdAt: string | null }
  /** 'Open display' pressed in the room of `gameId`: the display shows this game, whichever it showed. */
  | { type: 'show'; gameId: string };
