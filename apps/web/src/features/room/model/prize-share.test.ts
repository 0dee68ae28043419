import { describe, expect, it } from 'vitest';
import { prizeShareOf, winnerShares } from './prize-share';

const winner = (cartelaNumber: number) => ({
  cartelaNumber,
  patternId: 'four-corners' as const,
  lastBall: 65,
  callCount: 4,
  at: null,
});

describe('prizeShareOf (decision 062)', () => {
  it('gives a lone winner the whole prize', () => {
    expect(prizeShareOf({ winners: [winner(7)] }, 900, 7)).toEqual({ amount: 900, sharedBy: 1 });
    expect(prizeShareOf({ winners: [] }, 900, 7)).toEqual({ amount: 900, sharedBy: 1 });
  });

  it('splits it between winners on the same ball, the odd santim to the first confirmed', () => {
    const state = { winners: [winner(7), winner(3)] };
    expect(prizeShareOf(state, 900.01, 7)).toEqual({ amount: 450.01, sharedBy: 2 });
    expect(prizeShareOf(state, 900.01, 3)).toEqual({ amount: 450, sharedBy: 2 });
  });

  it('says what a card not yet confirmed would get as the next winner', () => {
    expect(prizeShareOf({ winners: [winner(7)] }, 900, 3)).toEqual({ amount: 450, sharedBy: 2 });
  });
});

describe('winnerShares (decision 085)', () => {
  it("gives every confirmed winner its part, in the order they were confirmed, by core's prizeShares", () => {
    expect(winnerShares({ winners: [] }, 900)).toEqual([]);
    expect(winnerShares({ winners: [winner(7)] }, 900)).toEqual([{ cartelaNumber: 7, amount: 900 }]);
    expect(winnerShares({ winners: [winner(7), winner(3)] }, 900.01)).toEqual([
      { cartelaNumber: 7, amount: 450.01 },
      { cartelaNumber: 3, amount: 450 },
    ]);
  });
});
