import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { BingoOfflineDB, OFFLINE_DB_VERSION, outboxRange, voiceFileKey } from './offline-db';

let db: BingoOfflineDB | null = null;
afterEach(async () => {
  await db?.delete();
  db = null;
});

/** Opens a database with raw IndexedDB, as a browser would. */
function rawOpen(name: string, version?: number, upgrade?: (db: IDBDatabase) => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, version);
    request.onupgradeneeded = () => upgrade?.(request.result);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Each store's key path and indexes (name: key path), as IndexedDB itself reports them. */
function describeStores(raw: IDBDatabase) {
  const tx = raw.transaction([...raw.objectStoreNames], 'readonly');
  return Object.fromEntries(
    [...raw.objectStoreNames].map((name) => {
      const store = tx.objectStore(name);
      const indexes = [...store.indexNames].map((i) => `${i}: ${JSON.stringify(store.index(i).keyPath)}`);
      return [name, { keyPath: store.keyPath, indexes }];
    }),
  );
}

/** The stores exactly as Dexie 4 made version 1 (read off a database Dexie created, before decision 072). */
const DEXIE_V1_STORES = {
  cartelaPatterns: { keyPath: 'cartelaId', indexes: ['agentId: "agentId"'] },
  gameData: { keyPath: 'gameId', indexes: ['agentId: "agentId"'] },
  outbox: { keyPath: ['gameId', 'seq'], indexes: ['gameId: "gameId"'] },
  voiceFiles: { keyPath: 'id', indexes: [] },
};

describe('BingoOfflineDB', () => {
  it("is version 1 (IndexedDB's 10) with the spec's stores, as Dexie made them", async () => {
    db = new BingoOfflineDB(`offline-${Math.random()}`);
    await db.open();
    db.close();
    const raw = await rawOpen(db.name);
    expect(raw.version).toBe(OFFLINE_DB_VERSION);
    expect(OFFLINE_DB_VERSION).toBe(10);
    expect(describeStores(raw)).toEqual(DEXIE_V1_STORES);
    raw.close();
  });

  it('opens a database Dexie left in a browser unchanged, with its games and outbox', async () => {
    const name = `offline-${Math.random()}`;
    const old = await rawOpen(name, 10, (raw) => {
      raw.createObjectStore('voiceFiles', { keyPath: 'id' });
      raw.createObjectStore('cartelaPatterns', { keyPath: 'cartelaId' }).createIndex('agentId', 'agentId');
      raw.createObjectStore('gameData', { keyPath: 'gameId' }).createIndex('agentId', 'agentId');
      raw.createObjectStore('outbox', { keyPath: ['gameId', 'seq'] }).createIndex('gameId', 'gameId');
    });
    await new Promise<void>((resolve) => {
      const tx = old.transaction(['gameData', 'outbox'], 'readwrite');
      tx.objectStore('gameData').put({ gameId: 'G1', agentId: 'A', calledNumbers: [7] });
      tx.objectStore('outbox').put({ gameId: 'G1', seq: 3, event: { seq: 3, type: 'pause' } });
      tx.oncomplete = () => resolve();
    });
    old.close();

    db = new BingoOfflineDB(name);
    expect((await db.gameData.get('G1'))?.calledNumbers).toEqual([7]);
    expect(await db.outbox.get(['G1', 3])).toMatchObject({ seq: 3 });
    expect((await db.open()).version).toBe(10);
  });

  it("keeps a game's outbox in seq order, apart from other games", async () => {
    db = new BingoOfflineDB(`offline-${Math.random()}`);
    const at = '2026-01-01T10:00:00.000Z';
    await db.outbox.put({ gameId: 'G1', seq: 10, event: { seq: 10, at, type: 'pause' } });
    await db.outbox.put({ gameId: 'G1', seq: 2, event: { seq: 2, at, type: 'call-next', expected: 5 } });
    await db.outbox.put({ gameId: 'G2', seq: 1, event: { seq: 1, at, type: 'finish' } });
    const idb = await db.open();
    const g1 = await idb.getAll('outbox', outboxRange('G1'));
    expect(g1.map((r) => r.seq)).toEqual([2, 10]);
    expect(await idb.countFromIndex('outbox', 'gameId', 'G2')).toBe(1);
    await expect(
      db.outbox.add({ gameId: 'G1', seq: 2, event: { seq: 2, at, type: 'pause' } }),
    ).rejects.toThrow();
  });

  it('keeps a voice file under its pack, version and path, with its bytes and type', async () => {
    db = new BingoOfflineDB(`offline-${Math.random()}`);
    const id = voiceFileKey('default-am', 'v1', 'b-voices/b1.mp3');
    expect(id).toBe('default-am@v1/b-voices/b1.mp3');
    const data = new Uint8Array([1, 2, 3]).buffer;
    await db.voiceFiles.put({ id, name: 'b-voices/b1.mp3', data, type: 'audio/mpeg' });
    const record = await db.voiceFiles.get(id);
    expect(record?.type).toBe('audio/mpeg');
    expect([...new Uint8Array(record!.data as ArrayBuffer)]).toEqual([1, 2, 3]);
    expect(await db.voiceFiles.get(voiceFileKey('default-am', 'v2', 'b-voices/b1.mp3'))).toBeUndefined();
    const [hit, miss] = await db.voiceFiles.bulkGet([id, 'nothing']);
    expect(hit?.name).toBe('b-voices/b1.mp3');
    expect(miss).toBeUndefined();
    expect(await db.voiceFiles.count()).toBe(1);
  });
});
