// Custom voice packs (docs/decisions/049-custom-voice-packs.md): the pack, its files as bytes in the database (so
// that every instance serves them), the agents it is offered to, and each agent's chosen pack.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, inList, updatedAt } from '../../db/columns.js';
import { userRef, users } from '../users/schema.js';

/** The ids of the packs the web ships (contract DEFAULT_VOICE_PACKS), which an agent may choose too. */
export const DEFAULT_PACK_IDS = ['default-am', 'default-en', 'default-om'] as const;
export type DefaultPackId = (typeof DEFAULT_PACK_IDS)[number];

/** bytea: node-postgres reads a Buffer, PGlite a Uint8Array; both take either. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

export const voicePacks = pgTable(
  'voice_packs',
  {
    id: id(),
    name: text('name').notNull(),
    /** ISO 639 code of the caller's language. */
    language: text('language').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Offered to every agent; when false, only to the agents in voice_pack_offers. */
    offeredToAll: boolean('offered_to_all').notNull().default(true),
    /** A hash of the files (path and sha256 of each): a client's cached copy of another version is stale. */
    version: text('version').notNull(),
    fileCount: integer('file_count').notNull(),
    totalBytes: integer('total_bytes').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('voice_packs_name_lower_key').on(sql`lower(${t.name})`),
    index('voice_packs_created_idx').on(t.createdAt),
    check('voice_packs_name_check', sql`length(${t.name}) BETWEEN 1 AND 64`),
    check('voice_packs_language_check', sql`${t.language} ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$'`),
    check('voice_packs_counts_check', sql`${t.fileCount} >= 0 AND ${t.totalBytes} >= 0`),
  ],
);
export type VoicePackRow = typeof voicePacks.$inferSelect;

/** One file of a pack, by its path in the pack's layout ('b-voices/b1.mp3'). */
export const voicePackFiles = pgTable(
  'voice_pack_files',
  {
    packId: uuid('pack_id')
      .notNull()
      .references(() => voicePacks.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** Hex SHA-256 of data: the file's ETag. */
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ name: 'voice_pack_files_pkey', columns: [t.packId, t.path] }),
    check('voice_pack_files_mime_check', sql`${t.mime} IN (${inList(['audio/mpeg', 'audio/mp4'])})`),
    check('voice_pack_files_size_check', sql`${t.size} = octet_length(${t.data})`),
    check('voice_pack_files_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/** The agents a pack is offered to, when it is not offered to all. */
export const voicePackOffers = pgTable(
  'voice_pack_offers',
  {
    packId: uuid('pack_id')
      .notNull()
      .references(() => voicePacks.id, { onDelete: 'cascade' }),
    agentId: userRef('agent_id', 'cascade'),
  },
  (t) => [
    primaryKey({ name: 'voice_pack_offers_pkey', columns: [t.packId, t.agentId] }),
    index('voice_pack_offers_agent_idx').on(t.agentId),
  ],
);

/**
 * An agent's chosen pack: a default pack by its id, or a custom pack (deleting it deletes the choice, so the
 * agent hears default-am again). No row: default-am.
 */
export const voicePackSelections = pgTable(
  'voice_pack_selections',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    defaultPack: text('default_pack').$type<DefaultPackId>(),
    packId: uuid('pack_id').references(() => voicePacks.id, { onDelete: 'cascade' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('voice_pack_selections_pack_idx').on(t.packId),
    check(
      'voice_pack_selections_one_check',
      sql`(${t.defaultPack} IS NULL) <> (${t.packId} IS NULL) AND (${t.defaultPack} IS NULL OR ${t.defaultPack} IN (${inList(DEFAULT_PACK_IDS)}))`,
    ),
  ],
);
