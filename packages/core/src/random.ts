// Sources of randomness. Production code uses the platform CSPRNG (crypto.getRandomValues, in browsers and
// Node 20+); tests and reproducible generation use a deterministic HMAC-SHA256 stream. Math.random is never used.
import { CoreError } from './errors.js';
import { bytesToHex, HmacWordStream, hexToBytes } from './sha256.js';

/** A source of independent, uniformly distributed unsigned 32-bit integers. */
export interface RandomSource {
  /** An integer in [0, 2^32), uniformly distributed. */
  nextUint32(): number;
}

interface WebCrypto {
  getRandomValues<T extends Uint8Array | Uint32Array>(array: T): T;
}

function webCrypto(): WebCrypto {
  const c = (globalThis as { crypto?: Partial<WebCrypto> }).crypto;
  if (!c || typeof c.getRandomValues !== 'function') {
    throw new CoreError(
      'NO_CSPRNG',
      'No cryptographically secure random source (globalThis.crypto) is available',
    );
  }
  return c as WebCrypto;
}

/** `n` bytes from the platform CSPRNG. */
export function randomBytes(n: number): Uint8Array {
  const out = new Uint8Array(n);
  const c = webCrypto();
  // getRandomValues fills at most 65536 bytes per call.
  for (let i = 0; i < n; i += 65536) c.getRandomValues(out.subarray(i, Math.min(n, i + 65536)));
  return out;
}

/** The platform CSPRNG as a RandomSource, read 1 KiB at a time. */
export function cryptoRandomSource(): RandomSource {
  const buf = new Uint32Array(256);
  let pos = buf.length;
  return {
    nextUint32() {
      if (pos === buf.length) {
        webCrypto().getRandomValues(buf);
        pos = 0;
      }
      return buf[pos++]!;
    },
  };
}

let shared: RandomSource | undefined;
/** The default source for card generation: one shared CSPRNG-backed source. */
export function defaultRandom(): RandomSource {
  shared ??= cryptoRandomSource();
  return shared;
}

/**
 * A deterministic source: the words of HMAC-SHA256(key = seed bytes, "cartela-random-v1:" + label + ":" + k)
 * for k = 0, 1, 2, ... Same seed and label, same sequence: for tests, published examples and reproducible sets.
 */
export function seededRandomSource(seedHex: string, label = ''): RandomSource {
  const key = hexToBytes(seedHex);
  if (!key || key.length === 0)
    throw new CoreError('INVALID_SEED', 'The seed must be a non-empty hex string');
  if (!/^[\x20-\x7e]{0,20}$/.test(label))
    throw new CoreError('INVALID_LABEL', 'A label is up to 20 ASCII characters');
  const stream = new HmacWordStream(key, `cartela-random-v1:${label}:`);
  return { nextUint32: () => stream.next() };
}

const TWO_32 = 0x100000000;

/**
 * A uniform integer in [0, m) for 1 <= m <= 2^32, without modulo bias: integers at or above
 * floor(2^32 / m) * m are rejected and another is read (the rule of the published draw algorithm).
 */
export function randomBelow(random: RandomSource, m: number): number {
  if (!Number.isInteger(m) || m < 1 || m > TWO_32)
    throw new CoreError('INVALID_RANGE', `randomBelow: bad m ${m}`);
  const limit = Math.floor(TWO_32 / m) * m;
  for (;;) {
    const u = random.nextUint32();
    if (u < limit) return u % m;
  }
}

/** Shuffles `items` in place with Fisher-Yates (i from the end down to 1, j uniform in [0, i]). */
export function shuffleInPlace<T>(items: T[], random: RandomSource): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomBelow(random, i + 1);
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
  return items;
}

/** A fresh 32-byte game seed from the CSPRNG, as 64 lower-case hex characters. */
export function randomSeedHex(): string {
  return bytesToHex(randomBytes(32));
}
