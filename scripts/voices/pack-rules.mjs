// The rules a default voice pack keeps (issue 9), checked by the generator after it writes a pack and by the
// test over the committed files: every file of the layout is there, is audio of its format by its header, is
// at least VOICE_MIN_BYTES (smaller downloads count as corrupt in the browser), and a pack is at most 1.5 MB.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_VOICE_PACKS, VOICE_MIN_BYTES, VOICE_PACK_FILES } from '@cartela/contract';

/** A whole pack (its VOICE_PACK_FILES, not the other pack nested under it) is at most this many bytes. */
export const PACK_MAX_BYTES = 1_500_000;

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** The web app's static folder: a pack's baseUrl ('/assets/voices/en/') is a folder under it. */
export const WEB_PUBLIC = path.join(repoRoot, 'apps/web/public');

/** Each default pack with the folder it is written to. */
export const DEFAULT_PACK_DIRS = DEFAULT_VOICE_PACKS.map((pack) => ({
  ...pack,
  dir: path.join(WEB_PUBLIC, pack.baseUrl),
}));

/** The size of an ID3v2 tag at the start of `bytes` (0 when there is none): 10 header bytes + syncsafe size. */
function id3Length(bytes) {
  if (bytes.length < 10 || bytes.toString('latin1', 0, 3) !== 'ID3') return 0;
  const size =
    ((bytes[6] & 0x7f) << 21) | ((bytes[7] & 0x7f) << 14) | ((bytes[8] & 0x7f) << 7) | (bytes[9] & 0x7f);
  const footer = bytes[5] & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

/**
 * What the header says `bytes` is: 'mp3' (an ID3v2 tag or an MPEG audio frame sync, 11 set bits), 'm4a' (an
 * ISO media file: an 'ftyp' box first), or null.
 */
export function audioKind(bytes) {
  if (bytes.length >= 8 && bytes.toString('latin1', 4, 8) === 'ftyp') return 'm4a';
  if (bytes.length >= 3 && bytes.toString('latin1', 0, 3) === 'ID3') return 'mp3';
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0) return 'mp3';
  return null;
}

/**
 * Whether an MP3's first frame (after any ID3v2 tag) is a valid MPEG audio frame header in mono. Null when no
 * frame header is found there.
 */
export function mp3FirstFrame(bytes) {
  const at = id3Length(bytes);
  if (bytes.length < at + 4 || bytes[at] !== 0xff || (bytes[at + 1] & 0xe0) !== 0xe0) return null;
  const layer = (bytes[at + 1] >> 1) & 0x03; // 01 = layer III
  const bitrateIndex = bytes[at + 2] >> 4;
  const sampleRateIndex = (bytes[at + 2] >> 2) & 0x03;
  const channelMode = bytes[at + 3] >> 6; // 11 = single channel
  const valid = layer === 1 && bitrateIndex !== 0 && bitrateIndex !== 15 && sampleRateIndex !== 3;
  return { valid, mono: channelMode === 3 };
}

/** The format a pack file must have: by its extension, as the spec's static assets list names them. */
export function expectedKind(file) {
  return path.extname(file).slice(1).toLowerCase();
}

/**
 * Checks one pack folder against the rules. Returns the files' sizes, the pack's total and every problem found
 * (empty when the pack is good).
 */
export function checkPack(dir) {
  const problems = [];
  const sizes = {};
  let total = 0;
  for (const file of VOICE_PACK_FILES) {
    const full = path.join(dir, file);
    if (!existsSync(full)) {
      problems.push(`${file}: missing`);
      continue;
    }
    const bytes = readFileSync(full);
    sizes[file] = bytes.length;
    total += bytes.length;
    const kind = audioKind(bytes);
    if (kind !== expectedKind(file)) problems.push(`${file}: header says ${kind ?? 'not audio'}`);
    if (kind === 'mp3') {
      const frame = mp3FirstFrame(bytes);
      if (!frame?.valid) problems.push(`${file}: no valid MP3 frame after the header`);
      else if (!frame.mono) problems.push(`${file}: not mono`);
    }
    if (bytes.length < VOICE_MIN_BYTES) problems.push(`${file}: ${bytes.length} bytes < ${VOICE_MIN_BYTES}`);
  }
  if (total > PACK_MAX_BYTES) problems.push(`pack: ${total} bytes > ${PACK_MAX_BYTES}`);
  return { sizes, total, problems };
}
