import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHash, createHmac } from '../scripts/reference-draw.js';
import {
  asciiBytes,
  bytesToHex,
  HmacSha256,
  HmacWordStream,
  hexToBytes,
  hmacSha256,
  sha256,
} from './sha256.js';

const nodeSha = (m: Uint8Array) => createHash('sha256').update(m).digest('hex');
const nodeHmac = (k: Uint8Array, m: Uint8Array) => createHmac('sha256', k).update(m).digest('hex');

describe('sha256', () => {
  it('matches the FIPS 180-4 examples', () => {
    expect(bytesToHex(sha256(asciiBytes('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(bytesToHex(sha256(new Uint8Array(0)))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('matches node:crypto for every length around the block boundaries', () => {
    for (let len = 0; len <= 200; len++) {
      const m = Uint8Array.from({ length: len }, (_, i) => (i * 31 + len) & 255);
      expect(bytesToHex(sha256(m)), `length ${len}`).toBe(nodeSha(m));
    }
  });

  it('matches node:crypto on random messages', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1000 }), (m) => {
        expect(bytesToHex(sha256(m))).toBe(nodeSha(m));
      }),
    );
  });
});

describe('hmacSha256', () => {
  it('matches RFC 4231 test case 2', () => {
    const mac = hmacSha256(asciiBytes('Jefe'), asciiBytes('what do ya want for nothing?'));
    expect(bytesToHex(mac)).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('matches node:crypto for keys shorter than, equal to and longer than a block', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 100 }),
        fc.uint8Array({ maxLength: 300 }),
        (k, m) => {
          expect(bytesToHex(hmacSha256(k, m))).toBe(nodeHmac(k, m));
        },
      ),
    );
  });

  it('computes short messages without allocation, identically to the general path', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ maxLength: 55 }),
        (k, m) => {
          const h = new HmacSha256(k);
          const out = new Int32Array(8);
          h.shortWordsInto(m, m.length, out);
          const bytes = new Uint8Array(32);
          out.forEach((w, i) => {
            bytes.set([w >>> 24, (w >>> 16) & 255, (w >>> 8) & 255, w & 255], i * 4);
          });
          expect(bytesToHex(bytes)).toBe(nodeHmac(k, m));
        },
      ),
    );
  });

  it('streams the words of HMAC(key, prefix + k) as big-endian unsigned integers', () => {
    const key = hexToBytes('11'.repeat(32))!;
    const stream = new HmacWordStream(key, 'p:');
    const expected = [0, 1, 2].flatMap((k) => {
      const mac = createHmac('sha256', key).update(`p:${k}`).digest();
      return Array.from({ length: 8 }, (_, i) => mac.readUInt32BE(i * 4));
    });
    expect(Array.from({ length: 24 }, () => stream.next())).toEqual(expected);
  });
});

describe('hex', () => {
  it('round-trips bytes and rejects what is not hex', () => {
    expect(bytesToHex(hexToBytes('00ff10Ab')!)).toBe('00ff10ab');
    expect(hexToBytes('abc')).toBeNull();
    expect(hexToBytes('zz')).toBeNull();
  });
});
