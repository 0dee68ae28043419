// Reads and writes of voice packs. The bytes of a file are read only by the files route (fileOf); every other
// read leaves the data column alone. Bytes travel as base64 text (encode/decode in SQL): PGlite turns a bytea
// parameter into hex one byte at a time in JavaScript, and parses a bytea answer the same way (seconds and
// hundreds of MB for a large pack, with its one connection held meanwhile).
//
// An upload writes its pack in steps (decision 057): the pack row, marked unfinished (version UNFINISHED), then
// its files a batch per statement, then the finish that gives it its version. Every read here leaves unfinished
// packs out, so a half-written pack is never seen; one left behind by a crash is deleted by dropAbandoned.
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { PackFile } from './pack.js';
import { usableBy } from './policy.js';
import {
  type DefaultPackId,
  type VoicePackRow,
  voicePackFiles,
  voicePackOffers,
  voicePackSelections,
  voicePacks,
} from './schema.js';

type PackUser = Parameters<typeof usableBy>[0];

/** A pack with the agents it is offered to (empty when offered to all) and the paths of its files. */
export interface PackView extends VoicePackRow {
  agentIds: string[];
  paths: string[];
}

/** The version of a pack whose upload has not finished (a finished pack's is 16 hex digits). */
export const UNFINISHED = 'uploading';
/** An unfinished pack whose upload wrote nothing for this long was abandoned (the server stopped meanwhile). */
export const ABANDONED_AFTER_SECONDS = 120;

/** Packs whose upload finished: the only ones any read shows. */
const finished = ne(voicePacks.version, UNFINISHED);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const base64 = (data: Uint8Array) =>
  Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');

export async function packViews(db: DbOrTx, id?: string): Promise<PackView[]> {
  const packs = await db
    .select()
    .from(voicePacks)
    .where(and(id ? eq(voicePacks.id, id) : undefined, finished))
    .orderBy(desc(voicePacks.createdAt), desc(voicePacks.id));
  if (packs.length === 0) return [];
  const ids = packs.map((p) => p.id);
  const [offers, paths] = await Promise.all([
    db
      .select({ packId: voicePackOffers.packId, agentId: voicePackOffers.agentId })
      .from(voicePackOffers)
      .where(inArray(voicePackOffers.packId, ids)),
    db
      .select({ packId: voicePackFiles.packId, path: voicePackFiles.path })
      .from(voicePackFiles)
      .where(inArray(voicePackFiles.packId, ids)),
  ]);
  return packs.map((p) => ({
    ...p,
    agentIds: offers.filter((o) => o.packId === p.id).map((o) => o.agentId),
    paths: paths.filter((f) => f.packId === p.id).map((f) => f.path),
  }));
}

export async function fileList(db: DbOrTx, packId: string) {
  return db
    .select({
      path: voicePackFiles.path,
      size: voicePackFiles.size,
      mime: voicePackFiles.mime,
      sha256: voicePackFiles.sha256,
    })
    .from(voicePackFiles)
    .where(eq(voicePackFiles.packId, packId))
    .orderBy(voicePackFiles.path);
}

export async function nameTaken(db: DbOrTx, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: voicePacks.id })
    .from(voicePacks)
    .where(
      and(
        sql`lower(${voicePacks.name}) = lower(${name})`,
        exceptId ? sql`${voicePacks.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether a write failed on the unique index of names (directly, or wrapped by Drizzle). */
export function isNameIndexViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'voice_packs_name_lower_key') return true;
  }
  return false;
}

/**
 * The first step of an upload: the pack's row, unfinished (no read shows it), its name taken (a concurrent upload
 * of the same name fails on the unique index).
 */
export async function startPack(
  db: DbOrTx,
  pack: { name: string; language: string; fileCount: number; totalBytes: number },
): Promise<string> {
  const [row] = await db
    .insert(voicePacks)
    .values({ ...pack, version: UNFINISHED })
    .returning({ id: voicePacks.id });
  if (!row) throw new Error('voice pack insert returned nothing');
  return row.id;
}

/**
 * Writes files of an unfinished pack in ONE statement (the caller keeps batches small), and marks the pack as
 * still being written (updated_at), so that dropAbandoned leaves it alone. Answers how many files went in: 0 when
 * the pack is no longer there to receive them.
 */
export async function insertFiles(db: DbOrTx, packId: string, files: readonly PackFile[]): Promise<number> {
  const values = files.map(
    (f) =>
      sql`(${f.path}, ${f.mime}, CAST(${f.data.length} AS integer), ${f.sha256}, decode(${base64(f.data)}, 'base64'))`,
  );
  const result = await db.execute(sql`
    WITH pack AS (
      UPDATE voice_packs SET updated_at = now() WHERE id = ${packId} AND version = ${UNFINISHED} RETURNING id)
    INSERT INTO voice_pack_files (pack_id, path, mime, size, sha256, data)
    SELECT pack.id, f.path, f.mime, f.size, f.sha256, f.data
    FROM pack, (VALUES ${sql.join(values, sql`, `)}) AS f (path, mime, size, sha256, data)
    RETURNING 1`);
  return rowsOf(result).length;
}

/**
 * The last step of an upload: the pack gets its version and shows, if every one of its `fileCount` files is
 * stored (the readiness rule was checked on exactly those). False when the pack is gone or incomplete.
 */
export async function finishPack(
  db: DbOrTx,
  packId: string,
  pack: { version: string; fileCount: number },
): Promise<boolean> {
  const rows = await db
    .update(voicePacks)
    .set({ version: pack.version, updatedAt: new Date() })
    .where(
      and(
        eq(voicePacks.id, packId),
        eq(voicePacks.version, UNFINISHED),
        sql`(SELECT count(*) FROM ${voicePackFiles} WHERE ${voicePackFiles.packId} = ${packId}) = ${pack.fileCount}`,
      ),
    )
    .returning({ id: voicePacks.id });
  return rows.length > 0;
}

/** Deletes an unfinished pack and what it holds (a failed upload's cleanup). */
export async function dropUnfinished(db: DbOrTx, packId: string): Promise<void> {
  await db.delete(voicePacks).where(and(eq(voicePacks.id, packId), eq(voicePacks.version, UNFINISHED)));
}

/**
 * Deletes the packs whose upload stopped without finishing or failing (the server stopped in the middle): nothing
 * written to them for ABANDONED_AFTER_SECONDS. Frees their names and space.
 */
export async function dropAbandoned(db: DbOrTx): Promise<void> {
  await db
    .delete(voicePacks)
    .where(
      and(
        eq(voicePacks.version, UNFINISHED),
        sql`${voicePacks.updatedAt} < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})`,
      ),
    );
}

/** Locks the pack for the rest of the transaction; null when there is none. */
export async function lockPack(tx: Tx, id: string): Promise<VoicePackRow | null> {
  const [row] = await tx
    .select()
    .from(voicePacks)
    .where(and(eq(voicePacks.id, id), finished))
    .for('update');
  return row ?? null;
}

export async function updatePack(
  tx: Tx,
  id: string,
  patch: Partial<Pick<VoicePackRow, 'name' | 'isActive' | 'offeredToAll'>>,
): Promise<void> {
  await tx
    .update(voicePacks)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(voicePacks.id, id));
}

export async function replaceOffers(tx: Tx, packId: string, agentIds: readonly string[]): Promise<void> {
  await tx.delete(voicePackOffers).where(eq(voicePackOffers.packId, packId));
  if (agentIds.length > 0) {
    await tx.insert(voicePackOffers).values(agentIds.map((agentId) => ({ packId, agentId })));
  }
}

/** Which of these ids are agents that are not deleted. */
export async function existingAgents(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.role, 'agent'), isNull(users.deletedAt)));
  return new Set(rows.map((r) => r.id));
}

/** Deletes the pack; its files, offers and the agents' choices of it go with it (ON DELETE CASCADE). */
export async function deletePack(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .delete(voicePacks)
    .where(and(eq(voicePacks.id, id), finished))
    .returning({ id: voicePacks.id });
  return rows.length > 0;
}

/** The custom packs the user may use (policy.ts), by name. */
export async function packsUsableBy(db: DbOrTx, user: PackUser) {
  return db
    .select({
      id: voicePacks.id,
      name: voicePacks.name,
      language: voicePacks.language,
      version: voicePacks.version,
    })
    .from(voicePacks)
    .where(and(finished, usableBy(user)))
    .orderBy(voicePacks.name, voicePacks.id);
}

export async function selectionOf(
  db: DbOrTx,
  userId: string,
): Promise<{ defaultPack: DefaultPackId | null; packId: string | null } | null> {
  const [row] = await db
    .select({ defaultPack: voicePackSelections.defaultPack, packId: voicePackSelections.packId })
    .from(voicePackSelections)
    .where(eq(voicePackSelections.userId, userId));
  return row ?? null;
}

export async function saveSelection(
  db: DbOrTx,
  userId: string,
  choice: { defaultPack: DefaultPackId; packId?: never } | { packId: string; defaultPack?: never },
): Promise<void> {
  const values = { defaultPack: choice.defaultPack ?? null, packId: choice.packId ?? null };
  await db
    .insert(voicePackSelections)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: voicePackSelections.userId, set: { ...values, updatedAt: new Date() } });
}

/** One file's bytes, of a pack the user may use (policy.ts): else nothing, as if there were no such pack. */
export async function fileOf(
  db: DbOrTx,
  packId: string,
  path: string,
  user: PackUser,
): Promise<{ mime: string; sha256: string; data: Uint8Array } | null> {
  const [row] = await db
    .select({
      mime: voicePackFiles.mime,
      sha256: voicePackFiles.sha256,
      data: sql<string>`encode(${voicePackFiles.data}, 'base64')`,
    })
    .from(voicePackFiles)
    .innerJoin(voicePacks, eq(voicePacks.id, voicePackFiles.packId))
    .where(and(eq(voicePackFiles.packId, packId), eq(voicePackFiles.path, path), finished, usableBy(user)));
  // PostgreSQL breaks base64 into lines of 76 characters; Buffer.from skips the line breaks.
  return row ? { mime: row.mime, sha256: row.sha256, data: Buffer.from(row.data, 'base64') } : null;
}
