// SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) in plain synchronous TypeScript.
// The draw must be computable in the browser without async WebCrypto and without Node, and fast enough to
// verify a million games, so the HMAC key schedule (inner and outer pad blocks) is compressed once per key.

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const IV = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

// Scratch message schedule, reused by every compression (the code is synchronous, so sharing is safe).
const W = new Int32Array(64);

/** Compresses one 64-byte block, given as 16 big-endian words already in W[0..15], into state. */
function compressW(state: Int32Array): void {
  for (let t = 16; t < 64; t++) {
    const w15 = W[t - 15]!;
    const w2 = W[t - 2]!;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[t] = (W[t - 16]! + s0 + W[t - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + K[t]! + W[t]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/**
 * Hashes `message` starting from `state` (modified in place), as if `prefixLength` bytes (a multiple of 64)
 * had already been compressed into it. Used for plain SHA-256 (IV, 0) and for HMAC (pad state, 64).
 */
function finish(state: Int32Array, prefixLength: number, message: Uint8Array): void {
  const len = message.length;
  let i = 0;
  for (; i + 64 <= len; i += 64) {
    for (let w = 0; w < 16; w++) {
      const p = i + w * 4;
      W[w] = (message[p]! << 24) | (message[p + 1]! << 16) | (message[p + 2]! << 8) | message[p + 3]!;
    }
    compressW(state);
  }
  // Tail, the 0x80 marker and the 64-bit big-endian bit length, in one or two blocks.
  const rest = len - i;
  const tail = new Uint8Array(rest < 56 ? 64 : 128);
  tail.set(message.subarray(i));
  tail[rest] = 0x80;
  const bits = (prefixLength + len) * 8;
  const end = tail.length;
  const hi = Math.floor(bits / 0x100000000);
  tail[end - 8] = hi >>> 24;
  tail[end - 7] = hi >>> 16;
  tail[end - 6] = hi >>> 8;
  tail[end - 5] = hi;
  tail[end - 4] = bits >>> 24;
  tail[end - 3] = bits >>> 16;
  tail[end - 2] = bits >>> 8;
  tail[end - 1] = bits;
  for (let j = 0; j < end; j += 64) {
    for (let w = 0; w < 16; w++) {
      const p = j + w * 4;
      W[w] = (tail[p]! << 24) | (tail[p + 1]! << 16) | (tail[p + 2]! << 8) | tail[p + 3]!;
    }
    compressW(state);
  }
}

function wordsToBytes(words: Int32Array): Uint8Array {
  const out = new Uint8Array(words.length * 4);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    out[i * 4] = w >>> 24;
    out[i * 4 + 1] = w >>> 16;
    out[i * 4 + 2] = w >>> 8;
    out[i * 4 + 3] = w;
  }
  return out;
}

/** SHA-256 of `message`. */
export function sha256(message: Uint8Array): Uint8Array {
  const state = IV.slice();
  finish(state, 0, message);
  return wordsToBytes(state);
}

/**
 * HMAC-SHA256 with one key. The inner and outer pad blocks are compressed once, in the constructor, so a MAC of
 * a short message costs two compressions (the draw computes about ten per game).
 */
export class HmacSha256 {
  private readonly inner = new Int32Array(8);
  private readonly outer = new Int32Array(8);
  private readonly scratch = new Int32Array(8);

  constructor(key: Uint8Array) {
    const k = key.length > 64 ? sha256(key) : key;
    this.inner.set(IV);
    this.outer.set(IV);
    for (const [state, pad] of [
      [this.inner, 0x36363636],
      [this.outer, 0x5c5c5c5c],
    ] as const) {
      for (let w = 0; w < 16; w++) {
        W[w] =
          (((k[w * 4] ?? 0) << 24) |
            ((k[w * 4 + 1] ?? 0) << 16) |
            ((k[w * 4 + 2] ?? 0) << 8) |
            (k[w * 4 + 3] ?? 0)) ^
          pad;
      }
      compressW(state);
    }
  }

  /** The MAC of `message` as 32 bytes. */
  mac(message: Uint8Array): Uint8Array {
    const s = this.inner.slice();
    finish(s, 64, message);
    const o = this.outer.slice();
    finish(o, 64, wordsToBytes(s));
    return wordsToBytes(o);
  }

  /**
   * The MAC of the first `length` (at most 55) bytes of `message`, written into `out` as eight 32-bit words in
   * big-endian byte order (read them with `>>> 0` for the unsigned value). Allocates nothing.
   */
  shortWordsInto(message: Uint8Array, length: number, out: Int32Array): void {
    if (length > 55) throw new RangeError('shortWordsInto: message longer than 55 bytes');
    // Inner hash: one block holding the message, the 0x80 marker and the bit length of pad block + message.
    for (let w = 0; w < 16; w++) {
      let v = 0;
      for (let b = 0; b < 4; b++) {
        const p = w * 4 + b;
        v = (v << 8) | (p < length ? message[p]! : p === length ? 0x80 : 0);
      }
      W[w] = v;
    }
    W[15] = (64 + length) * 8;
    const s = this.scratch;
    s.set(this.inner);
    compressW(s);
    // Outer hash: the 32-byte inner digest, the marker, and the bit length (64 + 32) * 8.
    for (let w = 0; w < 8; w++) W[w] = s[w]!;
    W[8] = 0x80000000 | 0;
    for (let w = 9; w < 15; w++) W[w] = 0;
    W[15] = 768;
    out.set(this.outer);
    compressW(out);
  }
}

/** HMAC-SHA256 of `message` under `key`, as 32 bytes. */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  return new HmacSha256(key).mac(message);
}

/**
 * A stream of unsigned 32-bit integers: the bytes HMAC(key, prefix + 0) || HMAC(key, prefix + 1) || ...
 * (the counter in decimal ASCII) read as consecutive big-endian integers. The draw and the shuffles read it.
 */
export class HmacWordStream {
  private readonly hmac: HmacSha256;
  private readonly message = new Uint8Array(55);
  private readonly prefixLength: number;
  private readonly block = new Int32Array(8);
  private pos = 8;
  private counter = 0;

  constructor(key: Uint8Array, prefix: string) {
    this.hmac = new HmacSha256(key);
    const p = asciiBytes(prefix);
    if (p.length > 40) throw new RangeError('HmacWordStream: prefix too long');
    this.message.set(p);
    this.prefixLength = p.length;
  }

  next(): number {
    if (this.pos === 8) {
      const digits = String(this.counter++);
      let len = this.prefixLength;
      for (let i = 0; i < digits.length; i++) this.message[len++] = digits.charCodeAt(i);
      this.hmac.shortWordsInto(this.message, len, this.block);
      this.pos = 0;
    }
    return this.block[this.pos++]! >>> 0;
  }
}

const HEX = '0123456789abcdef';

/** Lower-case hex of `bytes`. */
export function bytesToHex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += HEX[bytes[i]! >>> 4]! + HEX[bytes[i]! & 15]!;
  return s;
}

function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48; // 0-9
  if (c >= 97 && c <= 102) return c - 87; // a-f
  if (c >= 65 && c <= 70) return c - 55; // A-F
  return -1;
}

/** Bytes of a hex string (either case); null when it is not an even-length hex string. */
export function hexToBytes(hex: string): Uint8Array | null {
  if (hex.length % 2 !== 0) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) {
    const hi = hexDigit(hex.charCodeAt(i * 2));
    const lo = hexDigit(hex.charCodeAt(i * 2 + 1));
    if (hi < 0 || lo < 0) return null;
    out[i] = (hi << 4) | lo;
  }
  return out;
}

/** ASCII bytes of a string made of ASCII characters only (the draw's messages). */
export function asciiBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) throw new RangeError('asciiBytes: non-ASCII character');
    out[i] = c;
  }
  return out;
}
