// Custom voice packs (issue 9, docs/decisions/049-custom-voice-packs.md): the admin uploads a hall's own caller as
// a zip with the layout of voices.ts, offers it to all agents or to chosen ones; an agent picks its pack among
// the two default packs the web ships and the custom packs offered to it. The server checks and stores every
// file in the database, so every instance serves it.
import { z } from 'zod';
import { Id, IdParams, IsoDateTime, MessageResponse, nameText, text } from './common.js';
import { defineRoute } from './route.js';

/** The largest zip accepted (the request body): 413 above. */
export const VOICE_PACK_ZIP_MAX_BYTES = 20 * 1024 * 1024;
/** At most this many entries (files and folders) in the zip: 400 above. */
export const VOICE_PACK_MAX_ENTRIES = 200;
/** One file of a pack, unpacked: 413 above (counted while unpacking, never trusting the sizes the zip states). */
export const VOICE_PACK_FILE_MAX_BYTES = 1024 * 1024;
/** Everything the zip unpacks to: 413 above. */
export const VOICE_PACK_TOTAL_MAX_BYTES = 30 * 1024 * 1024;
/** The content types the upload accepts for the zip (browsers on Windows say x-zip-compressed). */
export const VOICE_PACK_ZIP_TYPES = [
  'application/zip',
  'application/x-zip-compressed',
  'application/octet-stream',
] as const;

/** A pack's language: an ISO 639 code ('am', 'en', 'om', 'ti'), optionally with a region ('en-GB'). */
export const VoicePackLanguage = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'A language code such as am or en')
  .describe('ISO 639 language code: am, en, om, ti, ...');

/** Shown to agents in their voice choice: a name that looks like what it is (decision 058). */
const PackName = nameText('Name is required');

/** Who may use a pack: every agent, or the chosen ones. */
export const VoicePackOffer = z.union([
  z.literal('all'),
  z.strictObject({ agentIds: z.array(z.uuid('Not a valid id')).max(10_000) }),
]);
export type VoicePackOffer = z.infer<typeof VoicePackOffer>;

/** A custom pack as the admin manages it. */
export const VoicePack = z
  .object({
    id: Id,
    _id: Id,
    name: z.string(),
    language: z.string(),
    isActive: z.boolean(),
    offeredTo: z.union([z.literal('all'), z.object({ agentIds: z.array(Id) })]),
    fileCount: z.number().int(),
    totalBytes: z.number().int().describe('The size of its files, unpacked'),
    version: z.string().describe("A hash of the pack's files: changes whenever a file does"),
    missing: z
      .array(z.string())
      .describe('Files of a complete pack it does not have (the special sounds it may lack)'),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  })
  .meta({ id: 'VoicePack' });
export type VoicePack = z.infer<typeof VoicePack>;

export const VoicePackFile = z.object({
  path: z.string(),
  size: z.number().int(),
  mime: z.string(),
  sha256: z.string(),
});
export type VoicePackFile = z.infer<typeof VoicePackFile>;

/** What the server made of each entry of an uploaded zip. */
/** Why an entry of an uploaded zip was not stored (the screen words it in the user's language). */
export const VOICE_PACK_REJECTIONS = [
  'NOT_IN_PACK',
  'DUPLICATE',
  'ENCRYPTED',
  'UNKNOWN_COMPRESSION',
  'BROKEN_ENTRY',
  'BROKEN_DATA',
  'NOT_M4A',
  'NOT_MP3',
  'TOO_SMALL',
] as const;
export const VoicePackRejectionCode = z.enum(VOICE_PACK_REJECTIONS);
export type VoicePackRejectionCode = z.infer<typeof VoicePackRejectionCode>;

export const VoicePackRejection = z.object({
  path: z.string(),
  code: VoicePackRejectionCode,
  reason: z.string().describe('The reason in English'),
  bytes: z.number().int().nonnegative().optional().describe("TOO_SMALL: the file's size"),
});
export type VoicePackRejection = z.infer<typeof VoicePackRejection>;

export const VoicePackReport = z
  .object({
    accepted: z.array(z.string()).describe("Stored files, by their path in the pack's layout"),
    missing: z.array(z.string()).describe('Files of a complete pack the zip did not hold (or held rejected)'),
    rejected: z
      .array(VoicePackRejection)
      .describe('Entries not stored, with the reason (not audio, too small, not a file of a pack, ...)'),
  })
  .meta({ id: 'VoicePackReport' });
export type VoicePackReport = z.infer<typeof VoicePackReport>;

export const VoicePackUploadQuery = z.strictObject({
  name: PackName,
  language: VoicePackLanguage.default('am'),
});
export type VoicePackUploadQuery = z.input<typeof VoicePackUploadQuery>;

export const VoicePackUploadResponse = z
  .object({ message: z.string(), pack: VoicePack, report: VoicePackReport })
  .meta({ id: 'VoicePackUploadResponse' });
export type VoicePackUploadResponse = z.infer<typeof VoicePackUploadResponse>;

export const VoicePacksResponse = z.object({ packs: z.array(VoicePack) }).meta({ id: 'VoicePacksResponse' });
export const VoicePackResponse = z.object({ pack: VoicePack }).meta({ id: 'VoicePackResponse' });
export const VoicePackDetailResponse = z
  .object({ pack: VoicePack, files: z.array(VoicePackFile) })
  .meta({ id: 'VoicePackDetailResponse' });

export const UpdateVoicePackRequest = z
  .strictObject({
    name: PackName.optional(),
    offeredTo: VoicePackOffer.optional(),
    isActive: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to update')
  .meta({ id: 'UpdateVoicePackRequest' });
export type UpdateVoicePackRequest = z.input<typeof UpdateVoicePackRequest>;

/** A pack an agent may choose: the two default packs, then the custom packs offered to it. */
export const AvailableVoicePack = z.object({
  id: z.string().describe("'default-am', 'default-en' or a custom pack's id"),
  name: z.string(),
  language: z.string(),
  kind: z.enum(['default', 'custom']),
  fileBase: z
    .string()
    .describe("Where its files are: fileBase + 'b-voices/b1.mp3' (a custom pack's need the bearer token)"),
  version: z.string().describe("Changes whenever the pack's files do: a cached copy of another is stale"),
});
export type AvailableVoicePack = z.infer<typeof AvailableVoicePack>;

export const AvailableVoicePacksResponse = z
  .object({
    packs: z.array(AvailableVoicePack),
    selected: z.string().describe("The agent's pack: one of packs (default-am unless it chose another)"),
  })
  .meta({ id: 'AvailableVoicePacksResponse' });
export type AvailableVoicePacksResponse = z.infer<typeof AvailableVoicePacksResponse>;

export const SelectVoicePackRequest = z
  .strictObject({ packId: text().min(1, 'Choose a voice pack').max(64) })
  .meta({ id: 'SelectVoicePackRequest' });
export type SelectVoicePackRequest = z.input<typeof SelectVoicePackRequest>;
export const SelectVoicePackResponse = z
  .object({ selected: z.string() })
  .meta({ id: 'SelectVoicePackResponse' });

const PackFileParams = IdParams.extend({
  '*': text().min(1, 'A file of the pack').max(128).describe("The file's path in the pack: b-voices/b1.mp3"),
});

/**
 * The files route answers the bytes themselves (audio/mpeg for .mp3, audio/mp4 for .m4a) with an ETag; this
 * schema only stands for them in the contract (every route declares an answer).
 */
export const VoicePackFileBytes = z
  .object({})
  .describe('The file itself: audio/mpeg (.mp3) or audio/mp4 (.m4a), not JSON')
  .meta({ id: 'VoicePackFileBytes' });

/** A custom pack's file base: where its files are fetched from, with the bearer token. */
export const customVoicePackFileBase = (id: string) => `/api/voice-packs/${id}/files/`;

const admin = ['admin'] as const;
const agent = ['agent'] as const;

export const voicePackRoutes = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/voice-packs',
    summary:
      'Upload a voice pack: the zip as the request body (Content-Type application/zip, at most 20 MB), name and language in the query',
    access: admin,
    query: VoicePackUploadQuery,
    response: VoicePackUploadResponse,
    status: 201,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/voice-packs',
    summary: 'Every custom voice pack, newest first',
    access: admin,
    response: VoicePacksResponse,
  }),
  available: defineRoute({
    method: 'GET',
    path: '/api/voice-packs/available',
    summary: "The packs the signed-in agent may choose (the two default packs first) and the agent's choice",
    access: agent,
    response: AvailableVoicePacksResponse,
  }),
  select: defineRoute({
    method: 'PUT',
    path: '/api/voice-packs/selected',
    summary: "Choose the signed-in agent's voice pack among those available to it",
    access: agent,
    body: SelectVoicePackRequest,
    response: SelectVoicePackResponse,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/voice-packs/:id',
    summary: 'One custom voice pack with its files',
    access: admin,
    params: IdParams,
    response: VoicePackDetailResponse,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/voice-packs/:id',
    summary: 'Rename a pack, offer it to all agents or to chosen ones, turn it on or off',
    access: admin,
    params: IdParams,
    body: UpdateVoicePackRequest,
    response: VoicePackResponse,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/voice-packs/:id',
    summary: 'Delete a pack with its files (agents who had chosen it hear the default pack again)',
    access: admin,
    params: IdParams,
    response: MessageResponse,
  }),
  file: defineRoute({
    method: 'GET',
    path: '/api/voice-packs/:id/files/*',
    summary:
      'One file of a pack (ETag; Cache-Control private): the admin, and agents it is offered to (others: 404)',
    access: ['admin', 'agent'],
    params: PackFileParams,
    response: VoicePackFileBytes,
  }),
};
