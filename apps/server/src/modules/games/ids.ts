// A game's public id: 'G' and 10 characters of Crockford's base32 (no I, L, O, U), 50 random bits from
// node:crypto, e.g. 'G7K2M9QX4TB'. Short enough to read out and type, safe in a URL, never guessable; the web shows
// its last 8 characters (product/draw.md#game-ids). Offline games (issue 10) bring ids of their own
// ('offline_...').
import { randomBytes } from 'node:crypto';
import { isUuid } from '../users/index.js';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const OURS_ANY_CASE = /^g[0-9a-hjkmnp-tv-z]{10}$/i;

/** A new public game id. A collision (1 in 2^50 per pair) is refused by the unique index and drawn again. */
export function newGameId(): string {
  // 256 is a multiple of 32: each byte's low 5 bits are uniform.
  const bytes = randomBytes(10);
  let id = 'G';
  for (const b of bytes) id += CROCKFORD[b & 31];
  return id;
}

/** Whether `id` is a public game id this server makes ('G' + 10 Crockford characters, any letter case). */
export const isPublicGameId = (id: string) => OURS_ANY_CASE.test(id);

/** Which column a path's {id} names: the UUID `_id`, or the public `gameId` (typed in any letter case). */
export function gameRef(id: string): { column: 'id' | 'game_id'; value: string } {
  if (isUuid(id)) return { column: 'id', value: id.toLowerCase() };
  return { column: 'game_id', value: OURS_ANY_CASE.test(id) ? id.toUpperCase() : id };
}

/** A new game's secret seed: 32 random bytes of node:crypto as 64 lower-case hex characters (decision 010). */
export const randomSeedHex = (): string => randomBytes(32).toString('hex');
