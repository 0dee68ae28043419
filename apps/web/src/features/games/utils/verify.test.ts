import { drawOrder, seedCommitment } from '@cartela/core';
import { describe, expect, it } from 'vitest';
import { COMMITMENT, drawnCalls, makeDetail, makeShuffle, SEED } from '../testing';
import { verifyRecordedGame } from './verify';

describe('verifying a game in the browser', () => {
  it('confirms every call of a game whose shuffles left the order as it was (since 2026-11-26)', () => {
    const game = makeDetail({
      calledNumbers: drawnCalls(40),
      shuffles: [makeShuffle(0), makeShuffle(12), makeShuffle(12), makeShuffle(30)],
    });
    const result = verifyRecordedGame(game)!;
    expect(result.verdict).toEqual({ kind: 'ok' });
    expect(result.calls.every((c) => c.status === 'ok' && c.expected === c.number)).toBe(true);
  });

  it('replays only the shuffles recorded before 2026-11-26 that reordered the balls', () => {
    const game = makeDetail({
      calledNumbers: drawnCalls(40, [12, 30]),
      shuffles: [
        makeShuffle(5),
        makeShuffle(12, { reordered: true, at: null, receivedAt: null, clock: 'server' }),
        makeShuffle(30, { reordered: true }),
      ],
    });
    const result = verifyRecordedGame(game)!;
    expect(result.verdict).toEqual({ kind: 'ok' });
    expect(result.computed).toBe(COMMITMENT);
    expect(result.commitmentMatches).toBe(true);
    expect(result.calls).toHaveLength(40);
    expect(result.calls.every((c) => c.status === 'ok' && c.expected === c.number)).toBe(true);
  });

  it('stops at the first call that is not the seed’s, saying what the seed gives there', () => {
    const honest = drawnCalls(30, [12]);
    const tampered = [...honest];
    // Swap calls 20 and 25: the same balls, in another order.
    [tampered[19], tampered[24]] = [honest[24]!, honest[19]!];
    const result = verifyRecordedGame(makeDetail({ calledNumbers: tampered }))!;
    expect(result.verdict).toEqual({ kind: 'mismatch', index: 20, actual: honest[24], expected: honest[19] });
    expect(result.calls.slice(0, 19).every((c) => c.status === 'ok')).toBe(true);
    expect(result.calls[19]).toEqual({
      index: 20,
      number: honest[24],
      status: 'mismatch',
      expected: honest[19],
    });
    expect(result.calls.slice(20).every((c) => c.status === 'unchecked')).toBe(true);
  });

  it('finds a call that the recorded shuffle does not explain', () => {
    // The calls of an honest old game with a reordering shuffle after 12, recorded as if there had been none.
    const result = verifyRecordedGame(makeDetail({ calledNumbers: drawnCalls(20, [12]), shuffles: [] }))!;
    expect(result.verdict).toMatchObject({ kind: 'mismatch', index: 13 });
    // Or as a shuffle of today, which changes nothing: the check does not replay it, and finds the same call.
    const today = verifyRecordedGame(
      makeDetail({ calledNumbers: drawnCalls(20, [12]), shuffles: [makeShuffle(12)] }),
    )!;
    expect(today.verdict).toMatchObject({ kind: 'mismatch', index: 13 });
  });

  it('refuses a seed that is not the committed one, and still shows where its order and the calls part', () => {
    const other = 'aa'.repeat(32);
    const result = verifyRecordedGame(makeDetail({ drawSeed: other }))!;
    expect(result.verdict).toEqual({ kind: 'commitment' });
    expect(result.computed).toBe(seedCommitment(other));
    expect(result.commitmentMatches).toBe(false);
    const first = result.calls.findIndex((c) => c.status !== 'ok');
    expect(result.calls[first]).toMatchObject({ status: 'mismatch', expected: drawOrder(other)[first] });
    expect(result.mismatch).toMatchObject({ index: first + 1, expected: drawOrder(other)[first] });
  });

  it('has nothing to check while the seed is secret', () => {
    expect(verifyRecordedGame(makeDetail({ drawSeed: null }))).toBeNull();
  });

  it('reports a seed that is not a seed instead of throwing', () => {
    const result = verifyRecordedGame(makeDetail({ drawSeed: 'not-a-seed' }))!;
    expect(result.verdict.kind).toBe('invalid');
    expect(result.computed).toBeNull();
    expect(SEED).toHaveLength(64);
  });
});
