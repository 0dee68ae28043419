// Reads and writes of voice packs. The bytes of a file are read only by the files route (fileOf); every other
// read leaves the data column alone.
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { PackFile } from './pack.js';
import {
  type DefaultPackId,
  type VoicePackRow,
  voicePackFiles,
  voicePackOffers,
  voicePackSelections,
  voicePacks,
} from './schema.js';

/** A pack with the agents it is offered to (empty when offered to all) and the paths of its files. */
export interface PackView extends VoicePackRow {
  agentIds: string[];
  paths: string[];
}

/** Rows inserted per statement: a pack's files are up to 30 MB together. */
const FILES_PER_INSERT = 16;

export async function packViews(db: DbOrTx, id?: string): Promise<PackView[]> {
  const packs = await db
    .select()
    .from(voicePacks)
    .where(id ? eq(voicePacks.id, id) : undefined)
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

export async function insertPack(
  tx: Tx,
  pack: { name: string; language: string; version: string; totalBytes: number; files: PackFile[] },
): Promise<string> {
  const [row] = await tx
    .insert(voicePacks)
    .values({
      name: pack.name,
      language: pack.language,
      version: pack.version,
      fileCount: pack.files.length,
      totalBytes: pack.totalBytes,
    })
    .returning({ id: voicePacks.id });
  if (!row) throw new Error('voice pack insert returned nothing');
  for (let i = 0; i < pack.files.length; i += FILES_PER_INSERT) {
    await tx.insert(voicePackFiles).values(
      pack.files.slice(i, i + FILES_PER_INSERT).map((f) => ({
        packId: row.id,
        path: f.path,
        mime: f.mime,
        size: f.data.length,
        sha256: f.sha256,
        data: f.data,
      })),
    );
  }
  return row.id;
}

/** Locks the pack for the rest of the transaction; null when there is none. */
export async function lockPack(tx: Tx, id: string): Promise<VoicePackRow | null> {
  const [row] = await tx.select().from(voicePacks).where(eq(voicePacks.id, id)).for('update');
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
  const rows = await tx.delete(voicePacks).where(eq(voicePacks.id, id)).returning({ id: voicePacks.id });
  return rows.length > 0;
}

/** The condition for a pack an agent may use: active and offered to all or to the agent. */
const offeredTo = (agentId: string) =>
  and(
    eq(voicePacks.isActive, true),
    or(
      eq(voicePacks.offeredToAll, true),
      sql`EXISTS (SELECT 1 FROM ${voicePackOffers} WHERE ${voicePackOffers.packId} = ${voicePacks.id} AND ${voicePackOffers.agentId} = ${agentId})`,
    ),
  );

/** The custom packs an agent may use, by name. */
export async function packsOfferedTo(db: DbOrTx, agentId: string) {
  return db
    .select({
      id: voicePacks.id,
      name: voicePacks.name,
      language: voicePacks.language,
      version: voicePacks.version,
    })
    .from(voicePacks)
    .where(offeredTo(agentId))
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

/**
 * One file's bytes, for the admin (any pack) or an agent (a pack it may use: else nothing, as if there were no
 * such pack).
 */
export async function fileOf(db: DbOrTx, packId: string, path: string, agentId: string | null) {
  const [row] = await db
    .select({
      mime: voicePackFiles.mime,
      sha256: voicePackFiles.sha256,
      data: voicePackFiles.data,
    })
    .from(voicePackFiles)
    .innerJoin(voicePacks, eq(voicePacks.id, voicePackFiles.packId))
    .where(
      and(
        eq(voicePackFiles.packId, packId),
        eq(voicePackFiles.path, path),
        agentId ? offeredTo(agentId) : undefined,
      ),
    );
  return row ?? null;
}
