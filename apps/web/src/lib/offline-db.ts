import Dexie, { type EntityTable } from 'dexie';

/**
 * A voice file kept for offline use (spec 02 section 3, store voiceFiles: id, name, data, type). `id` is
 * `${packId}@${version}/${path}` (voiceFileKey), so a pack whose files change gets a new version and is
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

/** A game's local state for the offline room (store gameData). */
export interface GameDataRecord {
  gameId: string;
  agentId: string;
  calledNumbers: number[];
  gameState: unknown;
  createdAt: string;
  updatedAt: string;
}

/** The key of a voice file in voiceFiles. */
export function voiceFileKey(packId: string, version: string, path: string): string {
  return `${packId}@${version}/${path}`;
}

/**
 * The browser's offline database (spec 02: BingoOfflineDB, version 1). The offline room adds its own stores in
 * a `this.version(2).stores({...})` here; Dexie keeps the stores of version 1 as they are.
 */
export class BingoOfflineDB extends Dexie {
  voiceFiles!: EntityTable<VoiceFileRecord, 'id'>;
  cartelaPatterns!: EntityTable<CartelaPatternRecord, 'cartelaId'>;
  gameData!: EntityTable<GameDataRecord, 'gameId'>;

  constructor(name = 'BingoOfflineDB') {
    super(name);
    this.version(1).stores({
      voiceFiles: 'id',
      cartelaPatterns: 'cartelaId, agentId',
      gameData: 'gameId, agentId',
    });
  }
}

let db: BingoOfflineDB | null | undefined;

/** The one database of this tab, or null where the browser has no IndexedDB (then nothing is kept). */
export function offlineDb(): BingoOfflineDB | null {
  if (db === undefined) db = typeof indexedDB === 'undefined' ? null : new BingoOfflineDB();
  return db;
}
