// Planning a game's events, before anything is written: core's reducer applies them in order on the game as it
// is, the log's rules are checked (a replay must be the action stored under its seq; no gap), and the plan says
// what to write - the rows of the log, the new state and list columns, coins to give back. Pure but for reading
// stored events to compare a replay with. Used by runActions (act.ts), the one path of every action.
// docs/decisions/045-games-server.md
import type { GameEvent } from '@cartela/contract';
import {
  blindOf,
  type GameAction,
  type GameError,
  type GameState,
  gameReducer,
  withOrderOf,
} from '@cartela/core';
import { AppError } from '../../errors.js';
import { storable } from './present.js';
import type { EventReader, GameColumns, GameWrite, NewEvent, Snapshot, StoredEvent } from './queries.js';

/** A refusal of the reducer: 409 with its message, and its code as `reason` (and the event's seq in a batch). */
function refused(error: GameError, seq?: number): AppError {
  return new AppError('CONFLICT', seq === undefined ? error.message : `Event ${seq}: ${error.message}`, {
    reason: error.code,
    ...(seq === undefined ? {} : { seq }),
  });
}

/** How far past the server's clock a room's clock may run and still be believed. */
const ROOM_CLOCK_AHEAD_MS = 60_000;

/**
 * When an event happened, for the story: the room's `at` when it is plausible - not before the game's creation nor
 * before the game's previous action, not after the server's now plus a minute -, otherwise the server's time of
 * receipt (never before the previous action). A room cannot date a call in 2099 or a finish in 1970.
 */
export function storyTime(
  sent: string,
  game: { createdAt: string | null; previousAt: string | null },
  nowMs: number,
): { at: string; clock: 'room' | 'server' } {
  const t = Date.parse(sent);
  const created = game.createdAt === null ? Number.NEGATIVE_INFINITY : Date.parse(game.createdAt);
  const previous = game.previousAt === null ? Number.NEGATIVE_INFINITY : Date.parse(game.previousAt);
  const lower = Math.max(created, previous);
  if (Number.isFinite(t) && t >= lower && t <= nowMs + ROOM_CLOCK_AHEAD_MS) {
    return { at: new Date(t).toISOString(), clock: 'room' };
  }
  return { at: new Date(Math.max(nowMs, lower)).toISOString(), clock: 'server' };
}

/** The reducer's action for an event, at the moment the story keeps (`at` in UTC). */
function toAction(event: GameEvent, at: string): GameAction {
  switch (event.type) {
    case 'call-next':
      return event.expected === undefined
        ? { type: event.type, at }
        : { type: event.type, at, expected: event.expected };
    case 'shuffle':
      return event.remaining === undefined
        ? { type: event.type, at }
        : { type: event.type, at, remaining: event.remaining };
    case 'validate':
      return { type: event.type, at, cartelaNumber: event.cartelaNumber, decision: event.decision };
    case 'cancel':
      return event.reason ? { type: event.type, at, reason: event.reason } : { type: event.type, at };
    default:
      return { type: event.type, at };
  }
}

/** What an event produced, kept beside it in the log. */
function producedBy(action: GameAction, after: GameState): Record<string, unknown> {
  switch (action.type) {
    case 'call-next':
      return { number: after.calledNumbers.at(-1), status: after.status };
    case 'shuffle':
      // The hall's moment: the order is as it was (product/draw.md#shuffles).
      return { afterCalls: after.shuffles.at(-1) };
    case 'validate': {
      const v = after.validations.at(-1)!;
      return { decision: v.decision, reason: v.reason };
    }
    default:
      return { status: after.status };
  }
}

const sameOrder = (a: readonly unknown[], b: unknown) =>
  Array.isArray(b) && a.length === b.length && a.every((n, i) => n === b[i]);

/**
 * Whether a replayed event is the one stored under its seq. The moment (`at`) is not compared: the same action
 * at the same place in the log has the same outcome, and the first recorded moment stays. A call's `expected`
 * must be the ball that was called; a shuffle's order, the one it produced.
 */
function sameContent(stored: StoredEvent, event: GameEvent, state: GameState): boolean {
  if (stored.type !== event.type) return false;
  switch (event.type) {
    case 'call-next':
      return event.expected === undefined || event.expected === stored.result.number;
    case 'shuffle': {
      // A blind copy has no order to compare with, as the reducer ignores it there.
      if (event.remaining === undefined || state.orderSealed) return true;
      // Before 2026-11-26 a shuffle's result was the new order. Since, the order after a shuffle is the committed
      // order from that point (a shuffle changes nothing of it).
      if (Array.isArray(stored.result.remaining)) return sameOrder(event.remaining, stored.result.remaining);
      const order = [...state.calledNumbers, ...state.remaining];
      return sameOrder(event.remaining, order.slice(Number(stored.result.afterCalls)));
    }
    case 'validate':
      return event.cartelaNumber === stored.action.cartelaNumber && event.decision === stored.action.decision;
    default:
      return true;
  }
}

/** The list columns of a game row for a state (`nowMs`: the finish time of a game over without one). */
function columnsOf(state: GameState, lastSeq: number, nowMs: number): GameColumns {
  const over = state.status === 'finished' || state.status === 'cancelled';
  return {
    state: storable(state),
    status: state.status,
    totalCalls: state.calledNumbers.length,
    winnerCartela: state.winners[0]?.cartelaNumber ?? null,
    lastSeq,
    finishedAt: over ? new Date(state.finishedAt ?? nowMs).toISOString() : null,
  };
}

/** What a list of events does to a game, planned by the reducer before anything is written. */
export interface Plan {
  state: GameState;
  lastSeq: number;
  /** Events applied now (replays not counted). */
  applied: number;
  /** The rows to append to the log. */
  rows: NewEvent[];
  /** Coins to give back (a game cancelled before its first call). */
  refunded: number;
  /** The game ends in this plan (finished or cancelled): its money moves, so it is written under the agent's lock. */
  ends: boolean;
  /** The server's time the plan was made at (the clock's). */
  nowMs: number;
}

/**
 * The first call of a game, as the room or an endpoint asks for it: it names no ball (the server draws it) and
 * ends its batch (what follows it is sent once its answer has come). Checked on the request alone, before the
 * game is read, so its refusal is the same for every seed; null when the event may be the first call.
 */
function firstCallProblem(event: GameEvent, isLast: boolean): AppError | null {
  if (event.type !== 'call-next') return null;
  if (event.expected !== undefined) {
    return new AppError('CONFLICT', `Event ${event.seq}: ${FIRST_CALL_NAMES_NO_BALL}`, {
      reason: 'FIRST_CALL_NAMES_NO_BALL',
      seq: event.seq,
    });
  }
  if (!isLast) {
    return new AppError('CONFLICT', `Event ${event.seq}: ${FIRST_CALL_ENDS_BATCH}`, {
      reason: 'FIRST_CALL_ENDS_BATCH',
      seq: event.seq,
    });
  }
  return null;
}

const FIRST_CALL_NAMES_NO_BALL =
  'The first call of a game names no ball: the server draws it. Reload the room to take the game as the server has it';
const FIRST_CALL_ENDS_BATCH =
  'The first call of a game ends its batch: send what follows once it is answered';

/**
 * Plans `events` on the game as `snapshot` shows it, in order, with core's reducer. An event whose seq is
 * already in the log is a replay: it must be the same action (sameContent) and changes nothing. The next seq
 * must be lastSeq + 1 (no gap). Any refusal throws: nothing of the batch is written.
 *
 * Before the first call, every event is planned on the game's blind copy (core's blindOf: no order, no seed),
 * so whatever it answers - accepted, refused, its message - is the same for every seed, and nobody learns a
 * ball before the first call (product/draw.md#invariants). The first call itself is planned on the game: it
 * names no ball and is the last event of its batch (firstCallProblem), so nothing decided after it can refuse
 * the batch and take the call back. From then on the order is out, and there is no undo.
 */
export async function planEvents(
  readEvents: EventReader,
  snapshot: Snapshot,
  state: GameState,
  events: readonly GameEvent[],
  options: { batch: boolean; nowMs: number },
): Promise<Plan> {
  const { batch, nowMs } = options;
  let lastSeq = snapshot.lastSeq;
  const wasOver = state.status === 'finished' || state.status === 'cancelled';
  const known = new Map<number, StoredEvent>();
  const replayed = events.filter((e) => e.seq <= snapshot.lastSeq).map((e) => e.seq);
  if (replayed.length > 0) {
    const stored = await readEvents(snapshot.id, Math.min(...replayed), Math.max(...replayed));
    for (const e of stored) known.set(e.seq, e);
  }

  const rows: NewEvent[] = [];
  let refunded = 0;
  for (const event of events) {
    const { seq } = event;
    if (seq <= lastSeq) {
      const stored = known.get(seq);
      if (!stored || !sameContent(stored, event, blindOf(state))) {
        throw new AppError('CONFLICT', `Event ${seq} was already applied with a different action`, {
          reason: 'EVENT_CONFLICT',
          seq,
        });
      }
      continue;
    }
    if (seq !== lastSeq + 1) {
      throw new AppError(
        'CONFLICT',
        `Event ${seq} leaves a gap: the next event of this game is ${lastSeq + 1}`,
        { reason: 'EVENT_GAP', seq },
      );
    }
    const timed = storyTime(
      event.at,
      { createdAt: state.createdAt, previousAt: lastSeq > 0 ? state.updatedAt : null },
      nowMs,
    );
    // An endpoint's action is dated by the server itself.
    const when = batch ? timed : { ...timed, clock: 'server' as const };
    const action = toAction(event, when.at);
    const blind = blindOf(state);
    let next: ReturnType<typeof gameReducer>;
    if (blind === state) next = gameReducer(state, action);
    else {
      const problem = firstCallProblem(event, event === events.at(-1));
      if (problem) throw problem;
      // The first call is drawn from the game itself; anything else is decided without the order.
      next = action.type === 'call-next' ? gameReducer(state, action) : gameReducer(blind, action);
      if (next.ok) next = { ok: true, state: withOrderOf(next.state, state) };
    }
    if (!next.ok) throw refused(next.error, batch ? seq : undefined);
    const result = producedBy(action, next.state);
    // A game cancelled before its first call gives its coins back; after one, it does not
    // (product/draw.md#cancelling).
    if (action.type === 'cancel' && next.state.calledNumbers.length === 0 && snapshot.coinCost > 0) {
      refunded = snapshot.coinCost;
      result.refundedCoins = refunded;
    }
    const { at, type: _type, ...fields } = action as GameAction & { at: string };
    // The room's own time is kept beside the story's when it was not believed.
    const sent = when.clock === 'server' && batch ? { sentAt: event.at } : {};
    const row: NewEvent = {
      seq,
      type: event.type,
      at,
      action: { type: event.type, at, ...fields, clock: when.clock, ...sent },
      result,
    };
    rows.push(row);
    known.set(seq, row);
    state = next.state;
    lastSeq = seq;
  }
  const over = state.status === 'finished' || state.status === 'cancelled';
  return { state, lastSeq, applied: rows.length, rows, refunded, ends: over && !wasOver, nowMs };
}

/** The events to apply, given the game as it is (an endpoint's action takes the next seq). */
export type EventsFor = (snapshot: Snapshot, state: GameState) => readonly GameEvent[];

/** The write a plan makes of a game. */
export const writeOf = (snapshot: Snapshot, plan: Plan): GameWrite => ({
  id: snapshot.id,
  expectSeq: snapshot.lastSeq,
  events: plan.rows,
  ...columnsOf(plan.state, plan.lastSeq, plan.nowMs),
});

/** The snapshot a plan leaves. */
export const after = (snapshot: Snapshot, plan: Plan): Snapshot => ({
  ...snapshot,
  lastSeq: plan.lastSeq,
  state: storable(plan.state),
});
