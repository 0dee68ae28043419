// The checks behind an upload, one by one: which names stay inside the pack, what counts as audio.
import { describe, expect, it } from 'vitest';
import { audioProblem, looksLikeM4a, looksLikeMp3 } from './pack.js';
import { unsafePath } from './zip.js';

const bytes = (head: number[], size = 10_000) => {
  const data = new Uint8Array(size);
  data.set(head);
  return data;
};

describe('unsafePath', () => {
  it('refuses what could leave the pack and accepts the layout', () => {
    for (const bad of [
      '../a.mp3',
      'a/../../b.mp3',
      '/etc/passwd',
      'C:/x.mp3',
      'a\\b.mp3',
      'a//b.mp3',
      './a.mp3',
      'a\u0000.mp3',
      '',
    ]) {
      expect(unsafePath(bad), JSON.stringify(bad)).toBe(true);
    }
    for (const good of ['b-voices/b1.mp3', 'Goodbingo.m4a', 'My caller/b-voices/', 'a..b.mp3']) {
      expect(unsafePath(good), good).toBe(false);
    }
  });
});

describe('audio by its header', () => {
  it('knows an MP3 by its ID3 tag or an MPEG frame, and nothing else', () => {
    expect(looksLikeMp3(bytes([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0x10, 0]))).toBe(true);
    expect(looksLikeMp3(bytes([0xff, 0xfb, 0x90, 0x64]))).toBe(true); // MPEG-1 layer III, 128 kbit/s, 44.1 kHz
    expect(looksLikeMp3(bytes([0xff, 0xf3, 0x48, 0xc4]))).toBe(true); // MPEG-2 layer III
    expect(looksLikeMp3(bytes([0xff, 0xfb, 0xf0, 0x64]))).toBe(false); // bitrate index 15 does not exist
    expect(looksLikeMp3(bytes([0xff, 0xe9, 0x90, 0x64]))).toBe(false); // reserved version
    expect(looksLikeMp3(bytes([0x49, 0x44, 0x33, 4, 0, 0, 0x80, 0, 0, 0]))).toBe(false); // not a synchsafe size
    expect(looksLikeMp3(new TextEncoder().encode('<!doctype html>'))).toBe(false);
  });

  it("knows an M4A by its 'ftyp' box", () => {
    expect(looksLikeM4a(bytes([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x4d, 0x34, 0x41, 0x20]))).toBe(true);
    expect(looksLikeM4a(bytes([0x49, 0x44, 0x33, 4]))).toBe(false);
  });

  it('gives the reason a file is refused', () => {
    expect(audioProblem('b-voices/b1.mp3', bytes([0xff, 0xfb, 0x90, 0x64], 10_000))).toBeNull();
    expect(audioProblem('b-voices/b1.mp3', bytes([0xff, 0xfb, 0x90, 0x64], 9_999))).toEqual({
      code: 'TOO_SMALL',
      reason: '9,999 bytes: a voice file has at least 10,000',
      bytes: 9_999,
    });
    expect(audioProblem('pause_voice.m4a', bytes([0xff, 0xfb, 0x90, 0x64]))).toEqual({
      code: 'NOT_M4A',
      reason: 'not M4A audio (no ftyp box)',
    });
    expect(audioProblem('winning.mp3', bytes([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70]))).toEqual({
      code: 'NOT_MP3',
      reason: 'not MP3 audio (no ID3 tag or MPEG frame)',
    });
  });
});
