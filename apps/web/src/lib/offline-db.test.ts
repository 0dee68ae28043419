import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { BingoOfflineDB, voiceFileKey } from './offline-db';

let db: BingoOfflineDB | null = null;
afterEach(async () => {
  await db?.delete();
  db = null;
});

describe('BingoOfflineDB', () => {
  it("is version 1 with the spec's stores", async () => {
    db = new BingoOfflineDB(`offline-${Math.random()}`);
    await db.open();
    expect(db.verno).toBe(1);
    expect(db.tables.map((t) => t.name).sort()).toEqual([
      'cartelaPatterns',
      'gameData',
      'outbox',
      'voiceFiles',
    ]);
    expect(db.voiceFiles.schema.primKey.name).toBe('id');
    expect(db.cartelaPatterns.schema.primKey.name).toBe('cartelaId');
    expect(db.gameData.schema.primKey.name).toBe('gameId');
    expect(db.outbox.schema.primKey.keyPath).toEqual(['gameId', 'seq']);
  });

  it("keeps a game's outbox in seq order, apart from other games", async () => {
    db = new BingoOfflineDB(`offline-${Math.random()}`);
    const at = '2026-01-01T10:00:00.000Z';
    await db.outbox.bulkPut([
      { gameId: 'G1', seq: 10, event: { seq: 10, at, type: 'pause' } },
      { gameId: 'G1', seq: 2, event: { seq: 2, at, type: 'call-next', expected: 5 } },
      { gameId: 'G2', seq: 1, event: { seq: 1, at, type: 'finish' } },
    ]);
    const g1 = await db.outbox.where('[gameId+seq]').between(['G1', 0], ['G1', Dexie.maxKey]).toArray();
    expect(g1.map((r) => r.seq)).toEqual([2, 10]);
    expect(await db.outbox.where('gameId').equals('G2').count()).toBe(1);
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
  });
});
