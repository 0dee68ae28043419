// The provably fair draw, version 1 (product/draw.md#call-order and docs/decisions).
// The seed is 32 secret bytes; its SHA-256 (the commitment) is published when the game is created and the seed
// is revealed when it ends, so anyone can recompute the call order and compare it with the recorded calls. Since
// 2026-11-26 a shuffle no longer changes the order (product/draw.md#shuffles; decision 010): shuffleRemaining
// and verifyGame's `shuffles` remain to check the games recorded before, whose shuffles reordered the balls.
import { NUMBER_MAX } from './bingo.js';
import { CoreError } from './errors.js';
import { bytesToHex, HmacWordStream, hexToBytes, sha256 } from './sha256.js';

export const DRAW_VERSION = 1;
export const DRAW_PREFIX = 'cartela-draw-v1:';
export const SHUFFLE_PREFIX = 'cartela-shuffle-v1:';

const SEED_RE = /^[0-9a-fA-F]{64}$/;
const COMMITMENT_RE = /^[0-9a-f]{64}$/;
const TWO_32 = 0x100000000;

/** True for a game seed: 32 bytes as 64 hex characters. */
export function isSeedHex(seedHex: unknown): seedHex is string {
  return typeof seedHex === 'string' && SEED_RE.test(seedHex);
}

/** True for a commitment as published: 64 lower-case hex characters. */
export function isCommitment(value: unknown): value is string {
  return typeof value === 'string' && COMMITMENT_RE.test(value);
}

function seedKey(seedHex: string): Uint8Array {
  if (!isSeedHex(seedHex)) {
    throw new CoreError('INVALID_SEED', 'A game seed is 32 bytes written as 64 hexadecimal characters');
  }
  return hexToBytes(seedHex)!;
}

/** The commitment published at game creation: SHA-256 of the 32 seed bytes, in lower-case hex. */
export function seedCommitment(seedHex: string): string {
  return bytesToHex(sha256(seedKey(seedHex)));
}

/** The published Fisher-Yates: for i from the end down to 1, j = the first unbiased u mod (i + 1); swap. */
function fisherYates(a: number[], stream: HmacWordStream): number[] {
  for (let i = a.length - 1; i > 0; i--) {
    const m = i + 1;
    const limit = Math.floor(TWO_32 / m) * m;
    let u = stream.next();
    while (u >= limit) u = stream.next();
    const j = u % m;
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
  return a;
}

/** The order in which the 75 balls are called for this seed (before any shuffle). */
export function drawOrder(seedHex: string): number[] {
  const a = new Array<number>(NUMBER_MAX);
  for (let i = 0; i < NUMBER_MAX; i++) a[i] = i + 1;
  return fisherYates(a, new HmacWordStream(seedKey(seedHex), DRAW_PREFIX));
}

function checkRemaining(remaining: readonly number[]): void {
  const seen = new Set<number>();
  for (const n of remaining) {
    if (!Number.isInteger(n) || n < 1 || n > NUMBER_MAX || seen.has(n)) {
      throw new CoreError('INVALID_REMAINING', 'The remaining balls must be distinct numbers 1-75');
    }
    seen.add(n);
  }
}

/**
 * The k-th shuffle of a game (k = 1, 2, ...): the same Fisher-Yates applied to the balls not yet called, in
 * their current call order, with the message prefix "cartela-shuffle-v1:" + k + ":". Returns a new array.
 */
export function shuffleRemaining(seedHex: string, k: number, remaining: readonly number[]): number[] {
  if (!Number.isSafeInteger(k) || k < 1)
    throw new CoreError('INVALID_SHUFFLE', 'Shuffles are numbered 1, 2, ...');
  checkRemaining(remaining);
  return fisherYates([...remaining], new HmacWordStream(seedKey(seedHex), `${SHUFFLE_PREFIX}${k}:`));
}

export interface VerifyGameInput {
  /** The commitment published when the game was created. */
  commitment: string;
  /** The seed revealed when the game ended. */
  seedHex: string;
  /** The balls in the order they were called (all 75, or fewer when the game ended early). */
  calls: readonly number[];
  /**
   * Games recorded before 2026-11-26 only: for each shuffle k = 1, 2, ... that reordered the balls not yet called,
   * how many balls had been called when it happened. Empty (or absent) for every game since, whose shuffles left
   * the committed order as it was.
   */
  shuffles?: readonly number[];
}

export type VerifyGameCode =
  | 'INVALID_SEED'
  | 'INVALID_COMMITMENT'
  | 'COMMITMENT_MISMATCH'
  | 'INVALID_SHUFFLES'
  | 'TOO_MANY_CALLS'
  | 'CALL_MISMATCH';

export type VerifyGameResult =
  | { ok: true /** The full call order the seed gives, with the shuffles applied. */; order: number[] }
  | {
      ok: false;
      code: VerifyGameCode;
      reason: string /** 0-based index of the first wrong call. */;
      callIndex?: number;
    };

/**
 * Replays the draw over the recorded calls (the seed being a seed): the order the seed gives, with the recorded
 * shuffles of old games applied where they happened, until the first call that differs from it.
 */
function replay(
  seedHex: string,
  calls: readonly number[],
  shuffles: readonly number[],
): { ok: true; order: number[] } | { ok: false; callIndex: number; expected: number } {
  // The upcoming balls in order (from index `next`); each shuffle reorders the balls not yet called.
  let upcoming = drawOrder(seedHex);
  let next = 0;
  let s = 0;
  for (let i = 0; i <= calls.length; i++) {
    while (s < shuffles.length && shuffles[s] === i) {
      s += 1;
      upcoming = shuffleRemaining(seedHex, s, upcoming.slice(next));
      next = 0;
    }
    if (i === calls.length) break;
    const expected = upcoming[next]!;
    if (calls[i] !== expected) return { ok: false, callIndex: i, expected };
    next += 1;
  }
  return { ok: true, order: [...calls, ...upcoming.slice(next)] };
}

/** Why the recorded calls cannot be replayed at all (too many, shuffles out of place), or null. */
function unreplayable(
  calls: readonly number[],
  shuffles: readonly number[],
): { code: VerifyGameCode; reason: string } | null {
  if (calls.length > NUMBER_MAX) {
    return { code: 'TOO_MANY_CALLS', reason: `More than ${NUMBER_MAX} calls were recorded` };
  }
  let previous = 0;
  for (const at of shuffles) {
    if (!Number.isInteger(at) || at < previous || at > calls.length) {
      return {
        code: 'INVALID_SHUFFLES',
        reason: 'Shuffle positions must be non-decreasing call counts within the recorded calls',
      };
    }
    previous = at;
  }
  return null;
}

/**
 * Checks a finished game: the seed matches the commitment, and replaying the draw with the recorded shuffles
 * gives exactly the recorded calls. Never throws.
 */
export function verifyGame(input: VerifyGameInput): VerifyGameResult {
  const { commitment, seedHex, calls } = input;
  const shuffles = input.shuffles ?? [];
  if (!isSeedHex(seedHex)) {
    return { ok: false, code: 'INVALID_SEED', reason: 'The seed is not 32 bytes of hexadecimal' };
  }
  if (typeof commitment !== 'string' || !/^[0-9a-fA-F]{64}$/.test(commitment)) {
    return {
      ok: false,
      code: 'INVALID_COMMITMENT',
      reason: 'The commitment is not a SHA-256 in hexadecimal',
    };
  }
  if (seedCommitment(seedHex) !== commitment.toLowerCase()) {
    return {
      ok: false,
      code: 'COMMITMENT_MISMATCH',
      reason: 'The seed does not match the published commitment',
    };
  }
  const refused = unreplayable(calls, shuffles);
  if (refused) return { ok: false, ...refused };
  const replayed = replay(seedHex, calls, shuffles);
  if (replayed.ok) return replayed;
  const i = replayed.callIndex;
  return {
    ok: false,
    code: 'CALL_MISMATCH',
    reason: `Call ${i + 1} was ${calls[i]} but the seed gives ${replayed.expected}`,
    callIndex: i,
  };
}

/** One recorded call against the seed: it matches, it does not (the first that does not), or it was not reached. */
export interface CallCheck {
  /** 1-based position in the call order. */
  index: number;
  number: number;
  status: 'ok' | 'mismatch' | 'unchecked';
  /** The ball the seed gives at this position, where it is known. */
  expected: number | null;
}

/**
 * The check's conclusion: every call matches a seed that matches its commitment; the seed is not the committed
 * one; the first call that differs from the seed's order; or nothing could be checked (`reason`).
 */
export type FairnessVerdict =
  | { kind: 'ok' }
  | { kind: 'commitment' }
  | { kind: 'mismatch'; index: number; actual: number; expected: number }
  | { kind: 'invalid'; reason: string };

export interface CallByCallCheck {
  /** The commitment published before the first call. */
  published: string;
  /** SHA-256 of the revealed seed, computed here; null when the seed is not a seed. */
  computed: string | null;
  commitmentMatches: boolean;
  /** Every recorded call against the order of the seed given: ok up to the first that differs, then unchecked. */
  calls: CallCheck[];
  /** The first call that differs from the seed's order (whether or not the seed matches its commitment). */
  mismatch: { index: number; actual: number; expected: number } | null;
  verdict: FairnessVerdict;
}

/**
 * The verifier as a person reads it (product/draw.md#the-provably-fair-draw): the seed's SHA-256 against the
 * published commitment, and, apart from it, each recorded call against the order the seed gives, call by call,
 * so a wrong seed still shows where its order and the calls part. The game history's Verify and the public
 * /verify page both show this. Never throws.
 */
export function checkCallByCall(input: VerifyGameInput): CallByCallCheck {
  const { commitment, seedHex, calls } = input;
  const shuffles = input.shuffles ?? [];
  const unchecked = (from: number): CallCheck[] =>
    calls
      .slice(from)
      .map((number, i) => ({ index: from + i + 1, number, status: 'unchecked', expected: null }));
  const computed = isSeedHex(seedHex) ? seedCommitment(seedHex) : null;
  const commitmentMatches = computed !== null && computed === String(commitment).toLowerCase();
  const base = { published: commitment, computed, commitmentMatches };
  const refused =
    computed === null ? { reason: 'The seed is not 32 bytes of hexadecimal' } : unreplayable(calls, shuffles);
  if (refused) {
    return {
      ...base,
      calls: unchecked(0),
      mismatch: null,
      verdict: { kind: 'invalid', reason: refused.reason },
    };
  }
  const replayed = replay(seedHex, calls, shuffles);
  const at = replayed.ok ? calls.length : replayed.callIndex;
  const mismatch = replayed.ok ? null : { index: at + 1, actual: calls[at]!, expected: replayed.expected };
  const checks: CallCheck[] = calls
    .slice(0, at)
    .map((number, i) => ({ index: i + 1, number, status: 'ok', expected: number }));
  if (mismatch)
    checks.push({
      index: mismatch.index,
      number: mismatch.actual,
      status: 'mismatch',
      expected: mismatch.expected,
    });
  checks.push(...unchecked(checks.length));
  const verdict: FairnessVerdict = !commitmentMatches
    ? { kind: 'commitment' }
    : mismatch
      ? { kind: 'mismatch', ...mismatch }
      : { kind: 'ok' };
  return { ...base, calls: checks, mismatch, verdict };
}
