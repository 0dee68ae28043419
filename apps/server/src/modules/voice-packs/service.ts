// Use cases of custom voice packs (docs/decisions/049-custom-voice-packs.md): the admin uploads, lists, edits
// and deletes packs; an agent lists the packs it may use and picks one; both read a pack's files. A refused
// upload stores nothing. An upload is checked whole before anything is written, outside the database, then
// written in short steps that no read sees until the last one (decision 057): the embedded database's one
// connection is never held for more than one small statement of it.
import {
  type AvailableVoicePacksResponse,
  customVoicePackFileBase,
  DEFAULT_VOICE_PACK_VERSION,
  DEFAULT_VOICE_PACKS,
  type MessageResponse,
  type SelectVoicePackRequest,
  type UpdateVoicePackRequest,
  VOICE_PACK_FILES,
  type VoicePack,
  type VoicePackDetailResponse,
  type VoicePackResponse,
  type VoicePacksResponse,
  type VoicePackUploadQuery,
  type VoicePackUploadResponse,
} from '@cartela/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { checkPack, readFiles } from './pack.js';
import { notAvailable, voiceFileNotFound } from './policy.js';
import {
  deletePack,
  dropAbandoned,
  dropUnfinished,
  existingAgents,
  fileList,
  fileOf,
  finishPack,
  insertFiles,
  isNameIndexViolation,
  lockPack,
  nameTaken,
  type PackView,
  packsUsableBy,
  packViews,
  replaceOffers,
  saveSelection,
  selectionOf,
  startPack,
  updatePack,
} from './queries.js';
import { DEFAULT_PACK_IDS, type DefaultPackId } from './schema.js';

type UploadInput = z.output<typeof VoicePackUploadQuery>;
type UpdateInput = z.output<typeof UpdateVoicePackRequest>;
type SelectInput = z.output<typeof SelectVoicePackRequest>;

/**
 * The pack an agent hears before choosing one: the Oromo pack for an agent whose interface is in Afaan Oromoo,
 * else the Amharic pack, the product's default for Amharic and English screens alike (decision 078).
 */
const defaultPackOf = (agent: Pick<UserRow, 'language'>): DefaultPackId =>
  agent.language === 'om' ? 'default-om' : 'default-am';
/**
 * The files written by one statement of an upload, at most (or one larger file, up to 1 MB): on the embedded
 * database such a statement takes tens of milliseconds, and other requests' queries run between two of them.
 */
export const UPLOAD_BATCH_BYTES = 512 * 1024;
const packNotFound = () => new AppError('NOT_FOUND', 'Voice pack not found');
const nameTakenError = (name: string) =>
  new AppError('CONFLICT', `A voice pack named "${name}" already exists`, {
    field: 'name',
    reason: 'VOICE_PACK_NAME_TAKEN',
  });
/** The pack being written was deleted as abandoned (its upload stalled for minutes): nothing of it is kept. */
const uploadAbandoned = () =>
  new AppError(
    'CONFLICT',
    'The upload took too long and was abandoned: nothing was stored. Upload the pack again.',
  );
const isDefaultPack = (id: string): id is DefaultPackId =>
  (DEFAULT_PACK_IDS as readonly string[]).includes(id);

export function toVoicePack(view: PackView): VoicePack {
  const stored = new Set(view.paths);
  return {
    id: view.id,
    _id: view.id,
    name: view.name,
    language: view.language,
    isActive: view.isActive,
    offeredTo: view.offeredToAll ? 'all' : { agentIds: [...view.agentIds].sort() },
    fileCount: view.fileCount,
    totalBytes: view.totalBytes,
    version: view.version,
    missing: VOICE_PACK_FILES.filter((p) => !stored.has(p)),
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
  };
}

/** A file as the files route sends it. */
export interface PackFileBytes {
  mime: string;
  sha256: string;
  data: Uint8Array;
}

export function createVoicePacksService({ database }: { database: Database }) {
  const { db } = database;

  async function packById(id: string): Promise<VoicePack> {
    const [view] = await packViews(db, id);
    if (!view) throw packNotFound();
    return toVoicePack(view);
  }

  /** The agent ids of an offer, each an agent that exists (400 naming the first that is not). */
  async function checkedAgents(agentIds: readonly string[]): Promise<string[]> {
    const unique = [...new Set(agentIds)];
    const found = await existingAgents(db, unique);
    const unknown = unique.find((id) => !found.has(id));
    if (unknown) {
      throw new AppError('VALIDATION_FAILED', `offeredTo.agentIds: No agent with the id ${unknown}`, {
        field: 'offeredTo.agentIds',
      });
    }
    return unique;
  }

  return {
    async upload(zip: unknown, input: UploadInput): Promise<VoicePackUploadResponse> {
      if (!(zip instanceof Uint8Array)) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the zip itself as the request body (Content-Type: application/zip)',
        );
      }
      if (zip.length === 0) {
        throw new AppError('VALIDATION_FAILED', 'The request body is empty: send the zip', { field: 'body' });
      }
      // Packs whose upload the server never finished (it stopped in the middle) free their names first.
      await dropAbandoned(db);
      // Checked before the zip is unpacked: a taken name is a cheap refusal.
      if (await nameTaken(db, input.name)) throw nameTakenError(input.name);
      // Every check, with no transaction open and no connection held: the zip is read in the thread pool.
      const pack = await checkPack(zip);
      let id: string;
      try {
        id = await startPack(db, {
          name: input.name,
          language: input.language,
          fileCount: pack.files.length,
          totalBytes: pack.totalBytes,
        });
      } catch (err) {
        if (isNameIndexViolation(err)) throw nameTakenError(input.name); // taken meanwhile
        throw err;
      }
      try {
        for await (const files of readFiles(zip, pack, UPLOAD_BATCH_BYTES)) {
          if ((await insertFiles(db, id, files)) !== files.length) throw uploadAbandoned();
        }
        if (!(await finishPack(db, id, { version: pack.version, fileCount: pack.files.length }))) {
          throw uploadAbandoned();
        }
      } catch (err) {
        // Nothing of it was ever shown; if this fails too, dropAbandoned deletes it later.
        await dropUnfinished(db, id).catch(() => {});
        throw err;
      }
      const accepted = pack.report.accepted.length;
      return {
        message: `Voice pack "${input.name}" uploaded: ${accepted} files`,
        pack: await packById(id),
        report: pack.report,
      };
    },

    async list(): Promise<z.input<typeof VoicePacksResponse>> {
      return { packs: (await packViews(db)).map(toVoicePack) };
    },

    async get(id: string): Promise<z.input<typeof VoicePackDetailResponse>> {
      const pack = await packById(id);
      return { pack, files: await fileList(db, id) };
    },

    async update(id: string, input: UpdateInput): Promise<z.input<typeof VoicePackResponse>> {
      const agentIds =
        input.offeredTo && input.offeredTo !== 'all' ? await checkedAgents(input.offeredTo.agentIds) : null;
      await db.transaction(async (tx) => {
        if (!(await lockPack(tx, id))) throw packNotFound();
        if (input.name !== undefined && (await nameTaken(tx, input.name, id)))
          throw nameTakenError(input.name);
        await updatePack(tx, id, {
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
          ...(input.offeredTo === undefined ? {} : { offeredToAll: input.offeredTo === 'all' }),
        });
        if (input.offeredTo !== undefined) await replaceOffers(tx, id, agentIds ?? []);
      });
      return { pack: await packById(id) };
    },

    async remove(id: string): Promise<MessageResponse> {
      const deleted = await db.transaction((tx) => deletePack(tx, id));
      if (!deleted) throw packNotFound();
      return { message: 'Voice pack deleted' };
    },

    async available(agent: UserRow): Promise<AvailableVoicePacksResponse> {
      const [custom, selection] = await Promise.all([packsUsableBy(db, agent), selectionOf(db, agent.id)]);
      const packs: AvailableVoicePacksResponse['packs'] = [
        ...DEFAULT_VOICE_PACKS.map((p) => ({
          id: p.id,
          name: p.name,
          language: p.language,
          kind: 'default' as const,
          fileBase: p.baseUrl,
          version: DEFAULT_VOICE_PACK_VERSION,
        })),
        ...custom.map((p) => ({
          id: p.id,
          name: p.name,
          language: p.language,
          kind: 'custom' as const,
          fileBase: customVoicePackFileBase(p.id),
          version: p.version,
        })),
      ];
      // A choice the agent may no longer use (the pack turned off or no longer offered) is the default pack.
      const fallback = defaultPackOf(agent);
      const chosen = selection?.packId ?? selection?.defaultPack ?? fallback;
      const selected = packs.some((p) => p.id === chosen) ? chosen : fallback;
      return { packs, selected };
    },

    async select(agent: UserRow, input: SelectInput): Promise<{ selected: string }> {
      const { packId } = input;
      if (isDefaultPack(packId)) {
        await saveSelection(db, agent.id, { defaultPack: packId });
        return { selected: packId };
      }
      const usable = await packsUsableBy(db, agent);
      if (!usable.some((p) => p.id === packId)) throw notAvailable();
      await saveSelection(db, agent.id, { packId });
      return { selected: packId };
    },

    /** The admin reads any pack's files; an agent those of a pack it may use (else 404, as for no pack). */
    async file(user: UserRow, packId: string, path: string): Promise<PackFileBytes> {
      const row = await fileOf(db, packId, path, user);
      if (!row) throw voiceFileNotFound();
      return row;
    },
  };
}

export type VoicePacksService = ReturnType<typeof createVoicePacksService>;
