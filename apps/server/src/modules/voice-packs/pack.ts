// What makes an uploaded zip a voice pack: its entries matched to the pack's layout (contract voices.ts), each
// file real audio by its header and at least VOICE_MIN_BYTES, and the readiness rule of the browser's voice
// manager (all 75 number calls and at least 8 special sounds) for the pack to be stored at all.
//
// Checking keeps no file: each entry is unpacked, checked, hashed and dropped, so an upload holds the zip and one
// file at a time. The files are unpacked again, a few at a time, as they are written (readFiles). Unpacking and
// hashing run in the thread pool: the event loop, and the database, are free while a zip is checked.
// docs/decisions/057-one-user-cannot-stall-the-hall.md
import { createHash, webcrypto } from 'node:crypto';
import {
  NUMBER_VOICE_PATHS,
  SPECIAL_SOUNDS,
  VOICE_MIN_BYTES,
  VOICE_PACK_FILE_MAX_BYTES,
  VOICE_PACK_FILES,
  VOICE_PACK_MAX_ENTRIES,
  VOICE_PACK_TOTAL_MAX_BYTES,
  VOICE_READY_SPECIALS,
  type VoicePackReport,
} from '@cartela/contract';
import { AppError } from '../../errors.js';
import {
  type Rejection,
  readZipEntries,
  UnpackBudget,
  unpackEntry,
  type ZipEntry,
  type ZipLimits,
} from './zip.js';

export type VoiceMime = 'audio/mpeg' | 'audio/mp4';

/** A file of the pack with its bytes, as it is written. */
export interface PackFile {
  path: string;
  mime: VoiceMime;
  data: Uint8Array;
  sha256: string;
}

/** A file that passed every check: what is known of it without keeping its bytes. */
export interface CheckedFile {
  path: string;
  mime: VoiceMime;
  sha256: string;
  size: number;
  /** Where it is in the zip, to unpack it again when it is written. */
  entry: ZipEntry;
}

export interface CheckedPack {
  /** In the layout's order. */
  files: CheckedFile[];
  report: VoicePackReport;
  /** A hash of every file's path and content: the pack's version. */
  version: string;
  totalBytes: number;
}

const PACK_LIMITS: ZipLimits = {
  maxEntries: VOICE_PACK_MAX_ENTRIES,
  maxFileBytes: VOICE_PACK_FILE_MAX_BYTES,
  maxTotalBytes: VOICE_PACK_TOTAL_MAX_BYTES,
};

/** SHA-256 in hex, computed in the thread pool (Web Crypto's digest), not on the event loop. */
async function sha256Hex(data: Uint8Array): Promise<string> {
  return Buffer.from(await webcrypto.subtle.digest('SHA-256', data)).toString('hex');
}

/** The canonical path of each file of a pack, by its lower-case spelling (a zip made on Windows may differ in case). */
const CANONICAL = new Map(VOICE_PACK_FILES.map((p) => [p.toLowerCase(), p]));
const SPECIAL_FILES = new Set<string>(SPECIAL_SOUNDS.map((s) => s.file));

export const mimeOf = (path: string): VoiceMime => (path.endsWith('.m4a') ? 'audio/mp4' : 'audio/mpeg');

/** An MPEG audio frame header: 11 sync bits, then a version, layer, bitrate and sample rate that exist. */
function isMpegFrame(b: Uint8Array, i: number): boolean {
  if (b[i] !== 0xff || ((b[i + 1] ?? 0) & 0xe0) !== 0xe0) return false;
  const version = ((b[i + 1] ?? 0) >> 3) & 3;
  const layer = ((b[i + 1] ?? 0) >> 1) & 3;
  const bitrate = (b[i + 2] ?? 0) >> 4;
  const sampleRate = ((b[i + 2] ?? 0) >> 2) & 3;
  return version !== 1 && layer !== 0 && bitrate !== 15 && sampleRate !== 3;
}

/** MP3: an ID3v2 tag ('ID3', a version, four 7-bit size bytes) or an MPEG audio frame at the start. */
export function looksLikeMp3(b: Uint8Array): boolean {
  if (b[0] === 0x49 && b[1] === 0x44 && b[2] === 0x33) {
    return (b[3] ?? 0xff) < 0xff && [6, 7, 8, 9].every((i) => ((b[i] ?? 0x80) & 0x80) === 0);
  }
  return isMpegFrame(b, 0);
}

/** M4A (MPEG-4 audio): the file starts with an 'ftyp' box. */
export function looksLikeM4a(b: Uint8Array): boolean {
  return b[4] === 0x66 && b[5] === 0x74 && b[6] === 0x79 && b[7] === 0x70;
}

/** Why a file of the pack is not accepted, or null when it is. */
export function audioProblem(path: string, data: Uint8Array): Rejection | null {
  const m4a = path.endsWith('.m4a');
  if (m4a ? !looksLikeM4a(data) : !looksLikeMp3(data)) {
    return m4a
      ? { code: 'NOT_M4A', reason: 'not M4A audio (no ftyp box)' }
      : { code: 'NOT_MP3', reason: 'not MP3 audio (no ID3 tag or MPEG frame)' };
  }
  if (data.length < VOICE_MIN_BYTES) {
    return {
      code: 'TOO_SMALL',
      reason: `${data.length.toLocaleString('en')} bytes: a voice file has at least ${VOICE_MIN_BYTES.toLocaleString('en')}`,
      bytes: data.length,
    };
  }
  return null;
}

/**
 * The folder every entry sits in, when the zip wraps the pack in one ('my-caller/b-voices/b1.mp3'): zipping a
 * folder does that. Only a single top folder that is not itself a folder of the layout.
 */
function wrappingFolder(names: readonly string[]): string {
  const files = names.filter((n) => !n.endsWith('/') && !n.startsWith('__MACOSX/'));
  const first = files[0]?.split('/')[0];
  if (!first || files.some((n) => !n.startsWith(`${first}/`))) return '';
  if (CANONICAL.has(`${first}/`) || first.endsWith('-voices')) return '';
  return `${first}/`;
}

const listed = (paths: readonly string[], max = 5) =>
  paths.length > max ? `${paths.slice(0, max).join(', ')} and ${paths.length - max} more` : paths.join(', ');

/**
 * Checks an uploaded zip and returns what to store with the report, without keeping any file's bytes. Throws
 * (nothing is stored) for a zip that is not one, too large, with too many entries, an unsafe path, a file or a
 * total over the limits, and for a pack the voice manager could not use: a number call missing or rejected, or
 * fewer than 8 special sounds.
 */
export async function checkPack(zip: Uint8Array, limits: ZipLimits = PACK_LIMITS): Promise<CheckedPack> {
  const entries = readZipEntries(zip, limits);
  const budget = new UnpackBudget(limits);
  const top = wrappingFolder(entries.map((e) => e.name));
  const files = new Map<string, CheckedFile>();
  const rejected: VoicePackReport['rejected'] = [];

  for (const entry of entries) {
    if (entry.isDirectory) continue;
    const inner = top && entry.name.startsWith(top) ? entry.name.slice(top.length) : entry.name;
    const path = CANONICAL.get(inner.toLowerCase());
    if (!path) {
      rejected.push({ path: entry.name, code: 'NOT_IN_PACK', reason: 'not a file of a voice pack' });
      continue;
    }
    if (files.has(path)) {
      rejected.push({ path: entry.name, code: 'DUPLICATE', reason: 'the zip holds this file twice' });
      continue;
    }
    const unpacked = await unpackEntry(zip, entry, budget);
    if ('error' in unpacked) {
      rejected.push({ path, ...unpacked.error });
      continue;
    }
    const problem = audioProblem(path, unpacked.data);
    if (problem) {
      rejected.push({ path, ...problem });
      continue;
    }
    const sha256 = await sha256Hex(unpacked.data);
    files.set(path, { path, mime: mimeOf(path), sha256, size: unpacked.data.length, entry });
  }

  const missing = VOICE_PACK_FILES.filter((p) => !files.has(p));
  const missingNumbers = NUMBER_VOICE_PATHS.filter((p) => !files.has(p));
  const specials = [...files.keys()].filter((p) => SPECIAL_FILES.has(p)).length;
  if (missingNumbers.length > 0 || specials < VOICE_READY_SPECIALS) {
    const problems: string[] = [];
    if (missingNumbers.length > 0) {
      problems.push(
        `${missingNumbers.length} of the 75 number calls missing or rejected (${listed(missingNumbers)})`,
      );
    }
    if (specials < VOICE_READY_SPECIALS) {
      problems.push(`${specials} special sounds, at least ${VOICE_READY_SPECIALS} are needed`);
    }
    if (rejected.length > 0) {
      problems.push(
        `rejected: ${listed(
          rejected.map((r) => `${r.path} (${r.reason})`),
          3,
        )}`,
      );
    }
    throw new AppError(
      'VALIDATION_FAILED',
      `The voice pack is incomplete: ${problems.join('; ')}. Nothing was stored.`,
      { field: 'body' },
    );
  }

  const ordered = VOICE_PACK_FILES.flatMap((p) => files.get(p) ?? []);
  const version = createHash('sha256')
    .update(ordered.map((f) => `${f.path}:${f.sha256}`).join('\n'))
    .digest('hex')
    .slice(0, 16);
  return {
    files: ordered,
    report: { accepted: ordered.map((f) => f.path), missing, rejected },
    version,
    totalBytes: ordered.reduce((sum, f) => sum + f.size, 0),
  };
}

/**
 * The checked files with their bytes, unpacked again from the zip a few at a time: each batch holds files of at
 * most `batchBytes` together (or one larger file), in the pack's order. Only the batch being written is in
 * memory; a file that does not unpack as it did when checked stops the upload.
 */
export async function* readFiles(
  zip: Uint8Array,
  pack: CheckedPack,
  batchBytes: number,
  limits: ZipLimits = PACK_LIMITS,
): AsyncGenerator<PackFile[], void, undefined> {
  const budget = new UnpackBudget(limits);
  let batch: PackFile[] = [];
  let bytes = 0;
  for (const file of pack.files) {
    if (batch.length > 0 && bytes + file.size > batchBytes) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    const unpacked = await unpackEntry(zip, file.entry, budget);
    if ('error' in unpacked || unpacked.data.length !== file.size) {
      throw new Error(`${file.path} no longer unpacks as it did when it was checked`);
    }
    batch.push({ path: file.path, mime: file.mime, sha256: file.sha256, data: unpacked.data });
    bytes += file.size;
  }
  if (batch.length > 0) yield batch;
}
