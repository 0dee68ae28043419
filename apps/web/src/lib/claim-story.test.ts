import { checkClaim } from '@cartela/core';
import { describe, expect, it } from 'vitest';
import { claimStory } from './claim-story';

// Columns B I N G O; the centre is free.
const CARD = [
  [1, 16, 31, 46, 61],
  [2, 17, 32, 47, 62],
  [3, 18, 0, 48, 63],
  [4, 19, 33, 49, 64],
  [5, 20, 34, 50, 65],
];
const judged = (calledNumbers: number[]) => {
  const claim = checkClaim({ card: CARD, patternId: 'four-corners', calledNumbers });
  return { reason: claim.reason, callCount: calledNumbers.length, completedOn: claim.completedOn };
};

describe('why a claim won or lost on its ball (product/draw.md#the-claim-rule)', () => {
  it('a winner was completed by its own ball', () => {
    expect(claimStory(judged([1, 61, 5, 65]))).toEqual({ kind: 'completed-here' });
  });

  it('a late claim names the earlier call and ball that completed it, and the call it was claimed on', () => {
    // The corners were complete on the 4th ball (O-65); the 5th is on the card but in no corner.
    expect(claimStory(judged([1, 61, 5, 65, 2]))).toEqual({
      kind: 'completed-earlier',
      call: 4,
      ball: 'O-65',
      claimed: 5,
    });
    // Off the card altogether: late all the same.
    expect(claimStory(judged([1, 61, 5, 65, 70, 75]))).toMatchObject({ call: 4, claimed: 6 });
  });

  it('says nothing of an incomplete pattern, nor of a game recorded before completedOn was kept', () => {
    expect(claimStory(judged([1, 61, 5]))).toBeNull();
    expect(claimStory({ reason: 'LATE_CLAIM', callCount: 21 })).toBeNull();
    expect(claimStory({ reason: 'WINNER', callCount: 21, completedOn: null })).toBeNull();
  });
});
