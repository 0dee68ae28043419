import type { GameDetail } from '@cartela/contract';
import { seedCommitment, verifyGame } from '@cartela/core';

/** One recorded call against the seed: it matches, it does not (the first that does not), or it was not reached. */
export interface CallCheck {
  /** 1-based position in the call order. */
  index: number;
  number: number;
  status: 'ok' | 'mismatch' | 'unchecked';
  /** The ball the seed gives at this position, where it is known. */
  expected: number | null;
}

export type Verdict =
  | { kind: 'ok' }
  | { kind: 'mismatch'; index: number; actual: number; expected: number | null }
  | { kind: 'commitment' }
  | { kind: 'invalid'; reason: string };

export interface Verification {
  published: string;
  /** SHA-256 of the revealed seed, computed here; null when the seed is not a seed. */
  computed: string | null;
  commitmentMatches: boolean;
  calls: CallCheck[];
  verdict: Verdict;
}

type Verifiable = Pick<GameDetail, 'drawCommitment' | 'drawSeed' | 'calledNumbers' | 'shuffles'>;

/**
 * Checks a finished game in the browser with packages/core, the same code the server draws with: the revealed
 * seed against the published commitment (seedCommitment), then the recorded calls against the order the seed
 * gives (verifyGame). A shuffle leaves that order as it is (product/draw.md#shuffles); only the
 * shuffles of games recorded before, which reordered the balls not yet called (`reordered`), are replayed.
 * Returns null while the seed is still secret.
 */
export function verifyRecordedGame(game: Verifiable): Verification | null {
  const seedHex = game.drawSeed;
  if (seedHex === null) return null;
  const calls = game.calledNumbers;
  const shuffles = game.shuffles.filter((s) => s.reordered).map((s) => s.afterCalls);
  let computed: string | null = null;
  try {
    computed = seedCommitment(seedHex);
  } catch {
    computed = null;
  }
  const commitmentMatches = computed !== null && computed === game.drawCommitment.toLowerCase();
  const result = verifyGame({ commitment: game.drawCommitment, seedHex, calls, shuffles });

  const unchecked = (from: number): CallCheck[] =>
    calls
      .slice(from)
      .map((number, i) => ({ index: from + i + 1, number, status: 'unchecked', expected: null }));

  if (result.ok) {
    return {
      published: game.drawCommitment,
      computed,
      commitmentMatches,
      calls: calls.map((number, i) => ({ index: i + 1, number, status: 'ok', expected: result.order[i]! })),
      verdict: { kind: 'ok' },
    };
  }
  if (result.code === 'CALL_MISMATCH' && result.callIndex !== undefined) {
    const at = result.callIndex;
    const expected = expectedAt(game.drawCommitment, seedHex, calls, shuffles, at);
    return {
      published: game.drawCommitment,
      computed,
      commitmentMatches,
      calls: [
        ...calls
          .slice(0, at)
          .map((number, i): CallCheck => ({ index: i + 1, number, status: 'ok', expected: number })),
        { index: at + 1, number: calls[at]!, status: 'mismatch', expected },
        ...unchecked(at + 1),
      ],
      verdict: { kind: 'mismatch', index: at + 1, actual: calls[at]!, expected },
    };
  }
  return {
    published: game.drawCommitment,
    computed,
    commitmentMatches,
    calls: unchecked(0),
    verdict:
      result.code === 'COMMITMENT_MISMATCH'
        ? { kind: 'commitment' }
        : { kind: 'invalid', reason: result.reason },
  };
}

/**
 * The ball the seed gives at position `at` (0-based), the calls before it being right: core's verifier over the
 * calls up to there (with the shuffles made by then) returns the whole order, and this is its next ball.
 */
function expectedAt(
  commitment: string,
  seedHex: string,
  calls: readonly number[],
  shuffles: readonly number[],
  at: number,
): number | null {
  const before = verifyGame({
    commitment,
    seedHex,
    calls: calls.slice(0, at),
    shuffles: shuffles.filter((s) => s <= at),
  });
  return before.ok ? (before.order[at] ?? null) : null;
}
