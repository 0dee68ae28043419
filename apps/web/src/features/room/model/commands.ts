// What a command of the screen comes to (decision 050), without I/O: core's reducer applied to the kept record,
// and, when it accepts, the next record with its event for the server's log (seq = lastSeq + 1).
import type { GameEvent } from '@cartela/contract';
import { type GameAction, type GameState, gameReducer } from '@cartela/core';
import type { OutboxRecord } from '@/lib/offline-db';
import type { RoomRecord } from './store';
import type { RoomCommand, RoomMessage } from './types';

type Refused = { kind: 'refused'; code: string; message: string };

export type CommandPlan =
  | Refused
  /** The order is sealed until the first call: the server makes that one, and its answer brings the order. */
  | { kind: 'first-call' }
  /** Write `record` and `event` in one transaction; then the display hears `moment` (a win, a block). */
  | { kind: 'write'; record: RoomRecord; event: OutboxRecord; state: GameState; moment: RoomMessage | null };

/** The event of the log for an action the reducer accepted. */
export function toEvent(seq: number, at: string, action: GameAction): GameEvent {
  switch (action.type) {
    case 'call-next':
      return action.expected === undefined
        ? { seq, at, type: 'call-next' }
        : { seq, at, type: 'call-next', expected: action.expected };
    case 'validate':
      return {
        seq,
        at,
        type: 'validate',
        cartelaNumber: action.cartelaNumber,
        decision: action.decision,
      };
    case 'pause':
    case 'resume':
    case 'shuffle':
    case 'finish':
      return { seq, at, type: action.type };
    default:
      throw new Error(`No event for ${action.type}`);
  }
}

function toAction(
  command: Exclude<RoomCommand, { type: 'cancel' }>,
  state: GameState,
  at: string,
): GameAction {
  switch (command.type) {
    case 'call-next':
      // The ball the room expects: the server checks the order with it.
      return { type: 'call-next', at, expected: state.remaining[0] };
    case 'validate':
      return { type: 'validate', at, cartelaNumber: command.cartelaNumber, decision: command.decision };
    default:
      return { type: command.type, at };
  }
}

/** A command (all but cancel, which the server makes) on the kept record, at `at`. */
export function planCommand(
  record: RoomRecord,
  command: Exclude<RoomCommand, { type: 'cancel' }>,
  at: string,
): CommandPlan {
  const data = record.gameState;
  const action = toAction(command, data.state, at);
  const result = gameReducer(data.state, action);
  if (!result.ok) {
    if (result.error.code === 'ORDER_SEALED') return { kind: 'first-call' };
    return { kind: 'refused', code: result.error.code, message: result.error.message };
  }
  const seq = data.lastSeq + 1;
  const next: RoomRecord = {
    ...record,
    calledNumbers: result.state.calledNumbers,
    updatedAt: at,
    gameState: {
      ...data,
      state: result.state,
      lastSeq: seq,
      lastCallAt: action.type === 'call-next' ? at : data.lastCallAt,
    },
  };
  let moment: RoomMessage | null = null;
  if (command.type === 'validate') {
    if (command.decision === 'good-bingo')
      moment = { type: 'celebrate', cartelaNumber: command.cartelaNumber };
    else {
      const reason = result.state.validations.at(-1)?.reason;
      moment = { type: 'blocked', cartelaNumber: command.cartelaNumber, ...(reason ? { reason } : {}) };
    }
  }
  return {
    kind: 'write',
    record: next,
    event: { gameId: record.gameId, seq, event: toEvent(seq, at, action) },
    state: result.state,
    moment,
  };
}

/**
 * A cancel, asked of core's reducer before the server is (product/draw.md#cancelling): the cancelled state the
 * room keeps once the server agrees, and the reason as sent (trimmed; none when empty).
 */
export function planCancel(
  state: GameState,
  reason: string | undefined,
  at: string,
): Refused | { kind: 'cancel'; state: GameState; reason: string } {
  const text = reason?.trim() ?? '';
  const local = gameReducer(state, text ? { type: 'cancel', at, reason: text } : { type: 'cancel', at });
  if (!local.ok) return { kind: 'refused', code: local.error.code, message: local.error.message };
  return { kind: 'cancel', state: local.state, reason: text };
}
