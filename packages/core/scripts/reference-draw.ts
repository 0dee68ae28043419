/// <reference types="node" />
// An independent reference implementation of the draw (product/draw.md#call-order), written
// straight from the text with Node's crypto. Tests compare @cartela/core against it; it also writes the
// published test vectors (make-draw-vectors.ts). Kept deliberately naive: no shared code with src/.
import { createHash, createHmac } from 'node:crypto';

export function referenceCommitment(seedHex: string): string {
  return createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');
}

function byteStream(seedHex: string, prefix: string): () => number {
  const key = Buffer.from(seedHex, 'hex');
  let k = 0;
  let buf = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + 4 > buf.length) {
      buf = Buffer.concat([
        buf.subarray(offset),
        createHmac('sha256', key).update(`${prefix}${k}`, 'ascii').digest(),
      ]);
      k += 1;
      offset = 0;
    }
    const u = buf.readUInt32BE(offset);
    offset += 4;
    return u;
  };
}

function fisherYates(a: number[], next: () => number): number[] {
  for (let i = a.length - 1; i >= 1; i--) {
    const m = i + 1;
    const limit = Math.floor(2 ** 32 / m) * m;
    let u = next();
    while (!(u < limit)) u = next();
    const j = u % m;
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

export function referenceDrawOrder(seedHex: string): number[] {
  const a = Array.from({ length: 75 }, (_, i) => i + 1);
  return fisherYates(a, byteStream(seedHex, 'cartela-draw-v1:'));
}

export function referenceShuffle(seedHex: string, k: number, remaining: readonly number[]): number[] {
  return fisherYates([...remaining], byteStream(seedHex, `cartela-shuffle-v1:${k}:`));
}

/** A whole game: the draw, with shuffle k = i + 1 after shuffles[i] calls, called to the end. */
export function referenceGame(seedHex: string, shuffles: readonly number[]): number[] {
  let upcoming = referenceDrawOrder(seedHex);
  const calls: number[] = [];
  let s = 0;
  while (upcoming.length > 0 || s < shuffles.length) {
    while (s < shuffles.length && shuffles[s] === calls.length) {
      s += 1;
      upcoming = referenceShuffle(seedHex, s, upcoming);
    }
    if (upcoming.length === 0) break;
    calls.push(upcoming.shift()!);
  }
  return calls;
}

export { createHash, createHmac };
