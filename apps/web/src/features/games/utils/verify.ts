import type { GameDetail } from '@cartela/contract';
import { type CallByCallCheck, checkCallByCall } from '@cartela/core';

export type { CallCheck } from '@cartela/core';
export type Verification = CallByCallCheck;

type Verifiable = Pick<GameDetail, 'drawCommitment' | 'drawSeed' | 'calledNumbers' | 'shuffles'>;

/**
 * Checks a finished game in the browser with packages/core, the same code the server draws with and the one the
 * public /verify page runs (core's checkCallByCall): the revealed seed against the published commitment, and the
 * recorded calls against the order the seed gives, call by call. A shuffle leaves that order as it is
 * (product/draw.md#shuffles); only the shuffles of games recorded before, which reordered the balls not yet
 * called (`reordered`), are replayed. Returns null while the seed is still secret.
 */
export function verifyRecordedGame(game: Verifiable): Verification | null {
  if (game.drawSeed === null) return null;
  return checkCallByCall({
    commitment: game.drawCommitment,
    seedHex: game.drawSeed,
    calls: game.calledNumbers,
    shuffles: game.shuffles.filter((s) => s.reordered).map((s) => s.afterCalls),
  });
}
