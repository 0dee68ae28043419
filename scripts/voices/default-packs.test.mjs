// The committed default packs (issue 9): what a hall downloads on its first visit. `npm run voices` makes them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_VOICE_PACKS, SPECIAL_SOUNDS, VOICE_MIN_BYTES, VOICE_PACK_FILES } from '@cartela/contract';
import { describe, expect, it } from 'vitest';
import {
  audioKind,
  checkPack,
  DEFAULT_PACK_DIRS,
  mp3FirstFrame,
  PACK_MAX_BYTES,
  WEB_PUBLIC,
} from './pack-rules.mjs';

describe('the header checks', () => {
  const mp3Frame = Buffer.from([0xff, 0xfb, 0x50, 0xc4, ...new Array(12).fill(0)]); // MPEG-1 layer III, mono
  const id3 = Buffer.concat([
    Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x02', 'latin1'),
    Buffer.alloc(2),
    mp3Frame,
  ]);
  const m4a = Buffer.from('\x00\x00\x00\x20ftypM4A \x00\x00\x02\x00', 'latin1');

  it('knows an MP3 by its frame sync or its ID3 tag, and an M4A by its ftyp box', () => {
    expect(audioKind(mp3Frame)).toBe('mp3');
    expect(audioKind(id3)).toBe('mp3');
    expect(mp3FirstFrame(id3)).toEqual({ valid: true, mono: true });
    expect(audioKind(m4a)).toBe('m4a');
  });

  it('refuses an HTML page, an empty file and text', () => {
    expect(audioKind(Buffer.from('<!doctype html><html></html>'))).toBeNull();
    expect(audioKind(Buffer.alloc(0))).toBeNull();
    expect(audioKind(Buffer.from('not audio at all'))).toBeNull();
  });

  it('tells a stereo MP3 frame from a mono one', () => {
    const stereo = Buffer.from(mp3Frame);
    stereo[3] = 0x44; // channel mode 01: joint stereo
    expect(mp3FirstFrame(stereo)).toEqual({ valid: true, mono: false });
  });
});

describe.each(DEFAULT_PACK_DIRS)('the default $name pack at $baseUrl', (pack) => {
  const { sizes, total, problems } = checkPack(pack.dir);

  it('is complete, every file real audio of its format, mono when MP3, at least VOICE_MIN_BYTES', () => {
    expect(problems).toEqual([]);
    expect(Object.keys(sizes)).toEqual([...VOICE_PACK_FILES]);
  });

  it('holds the 75 calls and every special sound, each in its spec format', () => {
    expect(VOICE_PACK_FILES).toHaveLength(75 + SPECIAL_SOUNDS.length);
    for (const file of VOICE_PACK_FILES) {
      const bytes = readFileSync(path.join(pack.dir, file));
      expect(audioKind(bytes), file).toBe(file.endsWith('.m4a') ? 'm4a' : 'mp3');
      expect(bytes.length, file).toBeGreaterThanOrEqual(VOICE_MIN_BYTES);
    }
  });

  it(`weighs at most ${PACK_MAX_BYTES} bytes in all`, () => {
    expect(total).toBeLessThanOrEqual(PACK_MAX_BYTES);
  });
});

describe('the default packs', () => {
  it('are served from the web app: Amharic (the default) at /assets/voices/, English and Oromo beneath it', () => {
    expect(DEFAULT_VOICE_PACKS.map((p) => p.baseUrl)).toEqual([
      '/assets/voices/',
      '/assets/voices/en/',
      '/assets/voices/om/',
    ]);
    expect(DEFAULT_PACK_DIRS[0].dir).toBe(path.join(WEB_PUBLIC, 'assets/voices/'));
  });

  it('speak each its own language: no call or speech of one pack is another pack', () => {
    const spoken = VOICE_PACK_FILES.filter(
      (file) => SPECIAL_SOUNDS.find((s) => s.file === file)?.speech !== false,
    );
    for (const [i, a] of DEFAULT_PACK_DIRS.entries()) {
      for (const b of DEFAULT_PACK_DIRS.slice(i + 1)) {
        const same = spoken.filter((file) =>
          readFileSync(path.join(a.dir, file)).equals(readFileSync(path.join(b.dir, file))),
        );
        expect(same, `${a.language} and ${b.language}`).toEqual([]);
      }
    }
  });
});
