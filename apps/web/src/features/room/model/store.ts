// Where the room keeps a game: IndexedDB (BingoOfflineDB's gameData and outbox, decision 050) or, in a browser
// without IndexedDB, memory (then nothing survives a reload, and the room still runs).
import { type BingoOfflineDB, type GameDataRecord, type OutboxRecord, outboxRange } from '@/lib/offline-db';
import type { RoomGameInfo } from './types';

export type RoomRecord = GameDataRecord<RoomGameInfo>;

export interface RoomStore {
  load(gameId: string): Promise<RoomRecord | undefined>;
  /** Writes the game's record and adds its event to the outbox, in ONE transaction. */
  commit(record: RoomRecord, event: OutboxRecord): Promise<void>;
  /** The game's first `limit` events waiting for the server, in seq order. */
  outbox(gameId: string, limit: number): Promise<OutboxRecord[]>;
  /** Drops the events up to `seq` (the server has them) and writes the record, in one transaction. */
  acknowledge(record: RoomRecord, seq: number): Promise<void>;
  /** Writes the record alone (a state adopted from the server, a refusal noted); `clearOutbox` empties the outbox. */
  save(record: RoomRecord, options?: { clearOutbox?: boolean }): Promise<void>;
}

/** The game in IndexedDB (BingoOfflineDB's gameData and outbox), each change in one transaction. */
export class IndexedDbRoomStore implements RoomStore {
  constructor(private readonly db: BingoOfflineDB) {}

  async load(gameId: string) {
    return (await this.db.gameData.get(gameId)) as RoomRecord | undefined;
  }

  async commit(record: RoomRecord, event: OutboxRecord) {
    const tx = (await this.db.open()).transaction(['gameData', 'outbox'], 'readwrite');
    // add() refuses an event whose seq is kept already: the whole transaction, record included, is undone.
    await Promise.all([tx.objectStore('gameData').put(record), tx.objectStore('outbox').add(event), tx.done]);
  }

  async outbox(gameId: string, limit: number) {
    return (await this.db.open()).getAll('outbox', outboxRange(gameId), limit);
  }

  async acknowledge(record: RoomRecord, seq: number) {
    const tx = (await this.db.open()).transaction(['gameData', 'outbox'], 'readwrite');
    await Promise.all([
      tx.objectStore('outbox').delete(outboxRange(record.gameId, -Infinity, seq)),
      tx.objectStore('gameData').put(record),
      tx.done,
    ]);
  }

  async save(record: RoomRecord, options: { clearOutbox?: boolean } = {}) {
    const tx = (await this.db.open()).transaction(['gameData', 'outbox'], 'readwrite');
    await Promise.all([
      options.clearOutbox && tx.objectStore('outbox').delete(outboxRange(record.gameId)),
      tx.objectStore('gameData').put(record),
      tx.done,
    ]);
  }
}

/** The same, in memory (no IndexedDB: private windows of some browsers, tests). */
export class MemoryRoomStore implements RoomStore {
  private readonly games = new Map<string, RoomRecord>();
  private readonly events = new Map<string, OutboxRecord[]>();

  private copy<T>(value: T): T {
    return structuredClone(value);
  }

  async load(gameId: string) {
    const record = this.games.get(gameId);
    return record && this.copy(record);
  }

  async commit(record: RoomRecord, event: OutboxRecord) {
    const list = this.events.get(record.gameId) ?? [];
    if (list.some((e) => e.seq === event.seq)) throw new Error(`Event ${event.seq} is already kept`);
    this.games.set(record.gameId, this.copy(record));
    this.events.set(
      record.gameId,
      [...list, this.copy(event)].sort((a, b) => a.seq - b.seq),
    );
  }

  async outbox(gameId: string, limit: number) {
    return this.copy((this.events.get(gameId) ?? []).slice(0, limit));
  }

  async acknowledge(record: RoomRecord, seq: number) {
    this.events.set(
      record.gameId,
      (this.events.get(record.gameId) ?? []).filter((e) => e.seq > seq),
    );
    this.games.set(record.gameId, this.copy(record));
  }

  async save(record: RoomRecord, options: { clearOutbox?: boolean } = {}) {
    if (options.clearOutbox) this.events.delete(record.gameId);
    this.games.set(record.gameId, this.copy(record));
  }
}
