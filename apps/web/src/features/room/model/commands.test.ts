import { type GameState, sealOrder } from '@cartela/core';
import { describe, expect, it } from 'vitest';
import { planCancel, planCommand, toEvent } from './commands';
import type { RoomRecord } from './store';
import { playedGame } from './testing';

const AT = '2026-01-01T10:00:00.000Z';
const ORDER = Array.from({ length: 75 }, (_, i) => i + 1);

/** Cartela 1 holds 1-5 in column B: the any-vertical pattern wins on the fifth ball. */
const game = (calls: number) => playedGame({ patternId: 'any-vertical', order: ORDER, at: AT, calls });

function record(state: GameState, lastSeq = state.calledNumbers.length): RoomRecord {
  return {
    gameId: 'G1',
    agentId: 'u-agent1',
    calledNumbers: state.calledNumbers,
    gameState: {
      state,
      game: {} as RoomRecord['gameState']['game'],
      lastSeq,
      syncedSeq: 0,
      lastCallAt: null,
    },
    createdAt: AT,
    updatedAt: AT,
  };
}

describe('planCommand', () => {
  it('writes a call as the next seq with the ball it expects, and its time as the last call', () => {
    const plan = planCommand(record(game(2)), { type: 'call-next' }, AT);
    expect(plan).toMatchObject({
      kind: 'write',
      event: { gameId: 'G1', seq: 3, event: { seq: 3, at: AT, type: 'call-next', expected: 3 } },
      record: { calledNumbers: [1, 2, 3], updatedAt: AT, gameState: { lastSeq: 3, lastCallAt: AT } },
      moment: null,
    });
  });

  it("refuses with core's code and message, and leaves the first call of a sealed game to the server", () => {
    const paused = planCommand(record(game(1)), { type: 'pause' }, AT);
    expect(paused.kind).toBe('write');
    if (paused.kind !== 'write') throw new Error('not written');
    expect(planCommand(paused.record, { type: 'call-next' }, AT)).toEqual({
      kind: 'refused',
      code: 'GAME_PAUSED',
      message: expect.any(String),
    });
    expect(planCommand(record(sealOrder(game(0))), { type: 'call-next' }, AT)).toEqual({
      kind: 'first-call',
    });
  });

  it('tells the display of a win or a block, with the verdict', () => {
    const won = planCommand(
      record(game(5)),
      { type: 'validate', cartelaNumber: 1, decision: 'good-bingo' },
      AT,
    );
    expect(won).toMatchObject({
      event: { event: { type: 'validate', cartelaNumber: 1, decision: 'good-bingo' } },
      moment: { type: 'celebrate', cartelaNumber: 1 },
    });
    const blocked = planCommand(
      record(game(5)),
      { type: 'validate', cartelaNumber: 2, decision: 'block' },
      AT,
    );
    expect(blocked).toMatchObject({
      moment: { type: 'blocked', cartelaNumber: 2, reason: 'PATTERN_INCOMPLETE' },
    });
  });
});

describe('planCancel', () => {
  it("asks core first, and sends the reason trimmed (none when it's empty)", () => {
    expect(planCancel(game(0), '  Power cut  ', AT)).toMatchObject({
      kind: 'cancel',
      reason: 'Power cut',
      state: { status: 'cancelled', cancelReason: 'Power cut' },
    });
    expect(planCancel(game(0), '   ', AT)).toMatchObject({ kind: 'cancel', reason: '' });
    // Once a ball is called the game is played to its end (product/draw.md#cancelling).
    expect(planCancel(game(1), 'Power cut', AT)).toMatchObject({ kind: 'refused', code: 'GAME_STARTED' });
    const won = planCommand(
      record(game(5)),
      { type: 'validate', cartelaNumber: 1, decision: 'good-bingo' },
      AT,
    );
    if (won.kind !== 'write') throw new Error('not written');
    expect(planCancel(won.state, undefined, AT)).toMatchObject({ kind: 'refused', code: expect.any(String) });
  });
});

describe('toEvent', () => {
  it("keeps what the server checks, and refuses an action with no event (cancel is the server's)", () => {
    expect(toEvent(4, AT, { type: 'shuffle', at: AT })).toEqual({ seq: 4, at: AT, type: 'shuffle' });
    expect(toEvent(1, AT, { type: 'call-next', at: AT })).toEqual({ seq: 1, at: AT, type: 'call-next' });
    expect(() => toEvent(5, AT, { type: 'cancel', at: AT })).toThrow('No event for cancel');
  });
});
