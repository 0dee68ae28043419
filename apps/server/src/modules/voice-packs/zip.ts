// Reading an uploaded zip without trusting it. The central directory (at the end of the zip) lists the entries;
// each one is unpacked by Node's zlib in the thread pool (never on the event loop), its output capped at what the
// limits still allow (maxOutputLength), so a zip bomb (a few KB that unpack to gigabytes, or sizes that lie) is
// stopped at the limit, never unpacked whole. Only the entries the caller asks for are unpacked: an unexpected
// entry costs nothing. docs/decisions/049-custom-voice-packs.md, 057-one-user-cannot-stall-the-hall.md
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import type { VoicePackRejection } from '@cartela/contract';
import { AppError } from '../../errors.js';

/** zlib's inflate of a raw deflate stream (what a zip entry holds), in the thread pool. */
const inflate = promisify(inflateRaw);

export interface ZipLimits {
  maxEntries: number;
  /** One entry, unpacked. */
  maxFileBytes: number;
  /** Every unpacked entry together. */
  maxTotalBytes: number;
}

export interface ZipEntry {
  /** The name as the zip stores it ('b-voices/b1.mp3'), checked to be a safe relative path. */
  name: string;
  isDirectory: boolean;
  /** 0 stored, 8 deflate; anything else cannot be unpacked. */
  method: number;
  encrypted: boolean;
  compressedSize: number;
  /** As the zip states it: checked before unpacking, and the real size is counted while unpacking. */
  declaredSize: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_MARK = 0xffffffff;

const notZip = (detail: string) =>
  new AppError('VALIDATION_FAILED', `The file is not a zip archive (${detail})`, { field: 'body' });
const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * A name that stays inside the pack: relative, '/' separators, no '..' or '.' segment, no drive letter, no control
 * character. Anything else is an attempt to write outside a folder (path traversal) and refuses the whole zip.
 */
export function unsafePath(name: string): boolean {
  if (name.length === 0 || name.length > 255) return true;
  if (name.includes('\\') || name.startsWith('/') || /^[A-Za-z]:/.test(name)) return true;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) return true;
  const segments = name.replace(/\/$/, '').split('/');
  return segments.some((s) => s === '..' || s === '.' || s === '');
}

/** The entries of the zip's central directory. Refuses (400) what is not a zip, too many entries, unsafe names. */
export function readZipEntries(zip: Uint8Array, limits: Pick<ZipLimits, 'maxEntries'>): ZipEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  if (zip.length < 22) throw notZip('too short');
  // The end of central directory record: in the last 22 + 65,535 (comment) bytes.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw notZip('no central directory');
  const count = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || cdOffset === ZIP64_MARK) throw notZip('ZIP64 archives are not accepted');
  if (count > limits.maxEntries) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The zip holds ${count} entries; a voice pack has at most ${limits.maxEntries}`,
      { field: 'body' },
    );
  }
  if (cdOffset + cdSize > eocd) throw notZip('broken central directory');

  const decoder = new TextDecoder('utf-8', { fatal: false });
  const entries: ZipEntry[] = [];
  let at = cdOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL) throw notZip('broken central directory');
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const declaredSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localHeaderOffset = view.getUint32(at + 42, true);
    if (at + 46 + nameLength > eocd) throw notZip('broken central directory');
    const name = decoder.decode(zip.subarray(at + 46, at + 46 + nameLength));
    if (compressedSize === ZIP64_MARK || declaredSize === ZIP64_MARK || localHeaderOffset === ZIP64_MARK) {
      throw notZip('ZIP64 archives are not accepted');
    }
    if (unsafePath(name)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `The zip holds an unsafe path: "${name.slice(0, 80)}" (absolute, with "..", or with backslashes)`,
        { field: 'body' },
      );
    }
    entries.push({
      name,
      isDirectory: name.endsWith('/'),
      method,
      encrypted: (flags & 1) === 1,
      compressedSize,
      declaredSize,
      localHeaderOffset,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Counts unpacked bytes across the entries of one zip. */
export class UnpackBudget {
  total = 0;
  constructor(readonly limits: ZipLimits) {}

  /** The most the next entry may unpack to: a file's limit, or what is left of the total when that is less. */
  get room(): number {
    return Math.min(this.limits.maxFileBytes, this.limits.maxTotalBytes - this.total);
  }

  /** Counts one entry's unpacked size: 413 past a file's limit or past the total's. */
  add(name: string, bytes: number): void {
    if (bytes > this.limits.maxFileBytes) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `${name} unpacks to more than ${mb(this.limits.maxFileBytes)}: each file of a voice pack is at most ${mb(this.limits.maxFileBytes)}`,
      );
    }
    this.total += bytes;
    if (this.total > this.limits.maxTotalBytes) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `The zip unpacks to more than ${mb(this.limits.maxTotalBytes)}: a voice pack is at most ${mb(this.limits.maxTotalBytes)}`,
      );
    }
  }
}

/** Why an entry is not stored: its code (the screen words it) and the reason in English. */
export type Rejection = Omit<VoicePackRejection, 'path'>;
const BROKEN_ENTRY: Rejection = { code: 'BROKEN_ENTRY', reason: 'broken zip entry' };
const BROKEN_DATA: Rejection = { code: 'BROKEN_DATA', reason: 'broken compressed data' };

/**
 * The bytes of one entry, unpacked within the budget (413 past a limit, whatever the zip states). A broken
 * entry (bad compressed data, an unknown method, encryption) is returned as an error text, not thrown: the
 * report lists it as rejected. A stored entry's bytes are a view of the zip (no copy); a deflated one's are
 * inflated in the thread pool, the output capped at the budget's room, so the event loop only waits.
 */
export async function unpackEntry(
  zip: Uint8Array,
  entry: ZipEntry,
  budget: UnpackBudget,
): Promise<{ data: Uint8Array } | { error: Rejection }> {
  if (entry.encrypted) return { error: { code: 'ENCRYPTED', reason: 'encrypted' } };
  if (entry.method !== 0 && entry.method !== 8)
    return { error: { code: 'UNKNOWN_COMPRESSION', reason: `unknown compression (method ${entry.method})` } };
  // Refuse at once what the zip admits is too large; what it hides is caught below.
  if (entry.declaredSize > budget.limits.maxFileBytes) budget.add(entry.name, entry.declaredSize);
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const local = entry.localHeaderOffset;
  if (local + 30 > zip.length || view.getUint32(local, true) !== LOCAL) return { error: BROKEN_ENTRY };
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  const end = start + entry.compressedSize;
  if (end > zip.length) return { error: BROKEN_ENTRY };
  const compressed = zip.subarray(start, end);

  if (entry.method === 0) {
    budget.add(entry.name, compressed.length);
    return { data: compressed };
  }
  const room = budget.room;
  let data: Uint8Array;
  try {
    // zlib stops with ERR_BUFFER_TOO_LARGE as soon as its output passes the cap (it checks each 16 KB it makes).
    data = await inflate(compressed, { maxOutputLength: Math.max(1, room) });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') budget.add(entry.name, room + 1); // throws
    return { error: BROKEN_DATA };
  }
  budget.add(entry.name, data.length);
  return { data };
}
