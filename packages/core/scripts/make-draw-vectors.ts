/// <reference types="node" />
// Writes packages/core/test-vectors/draw-v1.json with the reference implementation (node:crypto), so the
// published vectors do not come from the code they test. Run: npx tsx packages/core/scripts/make-draw-vectors.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  createHash,
  referenceCommitment,
  referenceDrawOrder,
  referenceGame,
  referenceShuffle,
} from './reference-draw.js';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const seeds = [
  '00'.repeat(32),
  'ff'.repeat(32),
  Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join(''),
  sha('cartela test vector 1'),
  sha('cartela test vector 2'),
  sha('cartela test vector 3'),
];

const vectors = seeds.map((seedHex) => ({
  seedHex,
  commitment: referenceCommitment(seedHex),
  order: referenceDrawOrder(seedHex),
}));

const shuffleSeed = seeds[3]!;
const afterTen = referenceDrawOrder(shuffleSeed).slice(10);
const shuffleVectors = [
  { seedHex: shuffleSeed, k: 1, remaining: afterTen, shuffled: referenceShuffle(shuffleSeed, 1, afterTen) },
  { seedHex: shuffleSeed, k: 2, remaining: afterTen, shuffled: referenceShuffle(shuffleSeed, 2, afterTen) },
  {
    seedHex: seeds[0]!,
    k: 1,
    remaining: Array.from({ length: 75 }, (_, i) => i + 1),
    shuffled: referenceShuffle(
      seeds[0]!,
      1,
      Array.from({ length: 75 }, (_, i) => i + 1),
    ),
  },
];

const games = [
  { seedHex: seeds[4]!, shuffles: [] as number[] },
  { seedHex: seeds[4]!, shuffles: [10, 30] },
  { seedHex: seeds[5]!, shuffles: [0, 0, 74] },
].map((g) => ({
  ...g,
  commitment: referenceCommitment(g.seedHex),
  calls: referenceGame(g.seedHex, g.shuffles),
}));

const doc = {
  algorithm: 'cartela-draw-v1',
  description:
    'Test vectors for the Cartela fair draw (docs/decisions/010-draw-and-shuffle.md). commitment = SHA-256 of the ' +
    '32 seed bytes. order = the call order: Fisher-Yates over [1..75] (i from 74 down to 1, j = u mod (i+1), ' +
    'rejecting u >= floor(2^32/(i+1))*(i+1)) reading big-endian uint32 from HMAC-SHA256(seed, "cartela-draw-v1:" + k), ' +
    'k = 0, 1, ... The k-th shuffle applies the same procedure to the balls not yet called, in their order, with ' +
    'the prefix "cartela-shuffle-v1:" + k + ":". In games, shuffles[i] is the number of calls made before shuffle i+1.',
  vectors,
  shuffleVectors,
  games,
};

const out = path.resolve(import.meta.dirname, '../test-vectors/draw-v1.json');
// Arrays of numbers on one line each, so a vector reads as a call order.
const json = JSON.stringify(doc, null, 2).replace(
  /\[\s+([\d,\s]+?)\s+\]/g,
  (_, inner: string) => `[${inner.split(/,\s*/).join(', ')}]`,
);
writeFileSync(out, `${json}\n`);
console.log(`wrote ${out}`);
