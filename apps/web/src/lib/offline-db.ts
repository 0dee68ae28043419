import type { GameEvent } from '@cartela/contract';
import type { GameState } from '@cartela/core';
import Dexie, { type EntityTable, type Table } from 'dexie';

/**
 * A voice file kept for offline use (product/draw.md#the-offline-room, store voiceFiles: id, name, data, type).
 * `id` is `${packId}@${version}/${path}` (voiceFileKey), so a pack whose files change gets a new version and is
 * downloaded again; `name` is the file's path inside its pack ('b-voices/b1.mp3').
 */
export interface VoiceFileRecord {
  id: string;
  name: string;
  data: ArrayBuffer | Blob;
  /** MIME type of `data`, as the server sent it ('audio/mpeg'). */
  type: string;
}

/** A cartela's pattern kept for the offline room (store cartelaPatterns). */
export interface CartelaPatternRecord {
  cartelaId: number | string;
  agentId: string;
  pattern: unknown;
  createdAt: string;
}

/**
 * What the offline room keeps of a game in gameData.gameState (docs/decisions/050-offline-room-data.md).
 * `Info` is the room's own description of the game (features/room: RoomGameInfo); lib/ imports no feature.
 */
export interface RoomGameData<Info = unknown> {
  /** Core's state as the room last applied it (order mode: seedHex null while the game runs). */
  state: GameState;
  game: Info;
  /** The seq of the last event the room applied (its outbox holds syncedSeq + 1 ... lastSeq). */
  lastSeq: number;
  /** The seq up to which the server has confirmed the room's events. */
  syncedSeq: number;
  /** ISO time of the last call. */
  lastCallAt: string | null;
  /** Set when the server refused an event: the room stops syncing this game until it is told to try again. */
  refused?: { seq: number; reason: string; message: string } | null;
}

/** A game's local state for the offline room (store gameData, product/draw.md#the-offline-room). */
export interface GameDataRecord<Info = unknown> {
  gameId: string;
  agentId: string;
  /** The balls called, in call order (a copy of gameState.state.calledNumbers, as the spec names it). */
  calledNumbers: number[];
  gameState: RoomGameData<Info>;
  createdAt: string;
  updatedAt: string;
}

/**
 * An event of a game the server has not confirmed yet (store outbox, key [gameId+seq]). Written in the same
 * transaction as the game's new state; removed once the server's answer covers its seq.
 */
export interface OutboxRecord {
  gameId: string;
  seq: number;
  /** The event as POST /api/games/{id}/events takes it. */
  event: GameEvent;
}

/** The key of a voice file in voiceFiles. */
export function voiceFileKey(packId: string, version: string, path: string): string {
  return `${packId}@${version}/${path}`;
}

/**
 * The browser's offline database (product/draw.md#the-offline-room: BingoOfflineDB, version 1). Version 1 also
 * holds the offline room's outbox (issue 10: no browser had the database before it, so its stores are part of
 * version 1). A later change of stores adds a `this.version(2).stores({...})` here; Dexie keeps the stores of
 * version 1 as they are.
 */
export class BingoOfflineDB extends Dexie {
  voiceFiles!: EntityTable<VoiceFileRecord, 'id'>;
  cartelaPatterns!: EntityTable<CartelaPatternRecord, 'cartelaId'>;
  gameData!: EntityTable<GameDataRecord, 'gameId'>;
  outbox!: Table<OutboxRecord, [string, number]>;

  constructor(name = 'BingoOfflineDB') {
    super(name);
    this.version(1).stores({
      voiceFiles: 'id',
      cartelaPatterns: 'cartelaId, agentId',
      gameData: 'gameId, agentId',
      outbox: '[gameId+seq], gameId',
    });
  }
}

let db: BingoOfflineDB | null | undefined;

/** The one database of this tab, or null where the browser has no IndexedDB (then nothing is kept). */
export function offlineDb(): BingoOfflineDB | null {
  if (db === undefined) db = typeof indexedDB === 'undefined' ? null : new BingoOfflineDB();
  return db;
}
