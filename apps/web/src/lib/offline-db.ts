import type { GameEvent } from '@cartela/contract';
import type { GameState } from '@cartela/core';
import {
  type DBSchema,
  deleteDB,
  type IDBPDatabase,
  openDB,
  type StoreKey,
  type StoreNames,
  type StoreValue,
} from 'idb';

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

/** The stores of BingoOfflineDB, typed for idb: each store's key and record, and its indexes. */
export interface OfflineSchema extends DBSchema {
  voiceFiles: { key: string; value: VoiceFileRecord };
  cartelaPatterns: { key: number | string; value: CartelaPatternRecord; indexes: { agentId: string } };
  gameData: { key: string; value: GameDataRecord; indexes: { agentId: string } };
  outbox: { key: [string, number]; value: OutboxRecord; indexes: { gameId: string } };
}
export type OfflineStoreName = StoreNames<OfflineSchema>;

/**
 * The IndexedDB version of the stores below. Dexie, which kept this database until decision 072, wrote its
 * version 1 as IndexedDB version 10: a browser that has the database already opens it unchanged, data and all.
 * A later change of stores opens version 20 and adds to `upgrade` what version 20 adds.
 */
export const OFFLINE_DB_VERSION = 10;

/** One store of the database: the few calls the app makes, each in its own transaction. */
export class OfflineStore<Name extends OfflineStoreName> {
  constructor(
    private readonly db: BingoOfflineDB,
    private readonly name: Name,
  ) {}

  async get(key: StoreKey<OfflineSchema, Name>): Promise<StoreValue<OfflineSchema, Name> | undefined> {
    return (await this.db.open()).get(this.name, key);
  }

  async bulkGet(
    keys: StoreKey<OfflineSchema, Name>[],
  ): Promise<(StoreValue<OfflineSchema, Name> | undefined)[]> {
    const tx = (await this.db.open()).transaction(this.name);
    return Promise.all(keys.map((key) => tx.store.get(key)));
  }

  async put(value: StoreValue<OfflineSchema, Name>): Promise<StoreKey<OfflineSchema, Name>> {
    return (await this.db.open()).put(this.name, value);
  }

  /** Adds a record; refused (ConstraintError) when its key is kept already. */
  async add(value: StoreValue<OfflineSchema, Name>): Promise<StoreKey<OfflineSchema, Name>> {
    return (await this.db.open()).add(this.name, value);
  }

  async count(): Promise<number> {
    return (await this.db.open()).count(this.name);
  }
}

/**
 * The browser's offline database (product/draw.md#the-offline-room: BingoOfflineDB, version 1), through idb, a
 * thin promise layer over IndexedDB (decision 072). Version 1 also holds the offline room's outbox (issue 10: no
 * browser had the database before it, so its stores are part of version 1).
 */
export class BingoOfflineDB {
  readonly voiceFiles = new OfflineStore(this, 'voiceFiles');
  readonly cartelaPatterns = new OfflineStore(this, 'cartelaPatterns');
  readonly gameData = new OfflineStore(this, 'gameData');
  readonly outbox = new OfflineStore(this, 'outbox');
  private opening: Promise<IDBPDatabase<OfflineSchema>> | null = null;

  constructor(readonly name = 'BingoOfflineDB') {}

  /** The open database (opened, and on a first visit made, once). */
  open(): Promise<IDBPDatabase<OfflineSchema>> {
    this.opening ??= openDB<OfflineSchema>(this.name, OFFLINE_DB_VERSION, {
      upgrade(db, oldVersion) {
        if (oldVersion < 10) {
          db.createObjectStore('voiceFiles', { keyPath: 'id' });
          db.createObjectStore('cartelaPatterns', { keyPath: 'cartelaId' }).createIndex('agentId', 'agentId');
          db.createObjectStore('gameData', { keyPath: 'gameId' }).createIndex('agentId', 'agentId');
          db.createObjectStore('outbox', { keyPath: ['gameId', 'seq'] }).createIndex('gameId', 'gameId');
        }
      },
      // Another tab opens a newer version: let it, and open again on the next call.
      blocking: () => this.close(),
    });
    return this.opening;
  }

  close(): void {
    const opening = this.opening;
    this.opening = null;
    void opening?.then((db) => db.close());
  }

  /** Closes and deletes the whole database (tests). */
  async delete(): Promise<void> {
    const opening = this.opening;
    this.opening = null;
    if (opening) (await opening).close();
    await deleteDB(this.name);
  }
}

/** The keys of `gameId`'s outbox events from `from` to `to` seq (both included), in seq order. */
export function outboxRange(gameId: string, from = -Infinity, to = Infinity): IDBKeyRange {
  return IDBKeyRange.bound([gameId, from], [gameId, to]);
}

let db: BingoOfflineDB | null | undefined;

/** The one database of this tab, or null where the browser has no IndexedDB (then nothing is kept). */
export function offlineDb(): BingoOfflineDB | null {
  if (db === undefined) db = typeof indexedDB === 'undefined' ? null : new BingoOfflineDB();
  return db;
}
