import 'fake-indexeddb/auto';
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
    expect(db.tables.map((t) => t.name).sort()).toEqual(['cartelaPatterns', 'gameData', 'voiceFiles']);
    expect(db.voiceFiles.schema.primKey.name).toBe('id');
    expect(db.cartelaPatterns.schema.primKey.name).toBe('cartelaId');
    expect(db.gameData.schema.primKey.name).toBe('gameId');
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
