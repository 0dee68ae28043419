import { ballLabel } from '@cartela/core';

/** A claim as the room, the history and the public check know it: core's verdict on the call it was judged on. */
export interface ClaimFacts {
  /** core's ClaimReason: WINNER, LATE_CLAIM, PATTERN_INCOMPLETE, ... */
  reason: string;
  /** How many balls had been called when the claim was judged: the claim's own call. */
  callCount: number;
  /** core's completedOn: the latest call that completed the pattern on the card; absent in older games. */
  completedOn?: { ball: number; callCount: number } | null;
}

/**
 * Why a claim won or lost on its ball (product/draw.md#the-claim-rule): a winner was completed by the claim's own
 * ball; a late claim was completed on an earlier one, named so the player hears which ('Completed on ball 20
 * (B-7), claimed on ball 21'). Null for every other verdict, and for games recorded before core kept it. No
 * React: the public /verify page words it too.
 */
export type ClaimStory =
  | { kind: 'completed-here' }
  | { kind: 'completed-earlier'; call: number; ball: string; claimed: number }
  | null;

export function claimStory(claim: ClaimFacts): ClaimStory {
  const done = claim.completedOn;
  if (!done) return null;
  if (claim.reason === 'WINNER' && done.callCount === claim.callCount) return { kind: 'completed-here' };
  if (claim.reason === 'LATE_CLAIM' && done.callCount < claim.callCount) {
    return {
      kind: 'completed-earlier',
      call: done.callCount,
      ball: ballLabel(done.ball),
      claimed: claim.callCount,
    };
  }
  return null;
}
