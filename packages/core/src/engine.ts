// The game engine: a pure reducer (state + action -> new state or a typed error). The server and the offline
// game room apply the same actions to the same plain-JSON state; docs/decisions/013-game-engine.md explains
// the choices (seed or pre-computed order, what a GOOD BINGO does, when a card may be blocked).
import { isCartelaNumber, NUMBER_MAX } from './bingo.js';
import { cloneCard, validateCard } from './cartela.js';
import { drawOrder, isCommitment, isSeedHex, seedCommitment, verifyGame } from './draw.js';
import {
  type ClaimReason,
  type ClaimResult,
  checkClaim,
  normalizePatternId,
  type PatternId,
} from './patterns.js';
import type { GameCartela } from './wincheck.js';

export type GameStatus = 'active' | 'paused' | 'finished' | 'cancelled';

export interface GameWinner {
  cartelaNumber: number;
  patternId: PatternId;
  /** The ball that completed the win (the last ball when GOOD BINGO was confirmed). */
  lastBall: number;
  /** How many balls had been called. */
  callCount: number;
  at: string | null;
}

export interface GameValidation {
  cartelaNumber: number;
  decision: ValidationDecision;
  /** The automatic verdict at the time (MANUAL for agents-own). */
  reason: ClaimReason;
  callCount: number;
  lastBall: number;
  /**
   * The latest call that completed the pattern on the card (core's checkClaim), kept so the history can say
   * why a late claim lost ('completed on ball 20, claimed on ball 21'). Absent in games recorded before it.
   */
  completedOn?: { ball: number; callCount: number } | null;
  at: string | null;
}

export type ValidationDecision = 'good-bingo' | 'block';

/** The whole state of one game, as plain JSON (IndexedDB in the room, a JSON column on the server). */
export interface GameState {
  v: 1;
  gameId: string;
  status: GameStatus;
  patternId: PatternId;
  /** The game's cartelas and their cards, as they were when the game was created. */
  cartelas: GameCartela[];
  /** SHA-256 of the seed, published at creation. */
  commitment: string;
  /**
   * The secret seed when this copy of the state may know it (the server's copy; a room that created the game
   * itself), or null when the state is driven by a pre-computed order (see redactSeed and the decision record).
   */
  seedHex: string | null;
  /** Balls called so far, in call order. */
  calledNumbers: number[];
  /**
   * Balls not yet called, in the order they will be called. Together with calledNumbers: exactly 1-75, except in a
   * copy whose order is sealed (see orderSealed).
   */
  remaining: number[];
  /**
   * True in a copy made for the room before the first call (sealOrder): `remaining` is empty because no call may
   * be revealed while the game can still be cancelled with a refund. Such a copy cannot call; the first call is
   * made by whoever holds the order (the server), and its answer carries the order.
   */
  orderSealed?: boolean;
  /**
   * Every shuffle, as how many balls had been called when it happened. A shuffle is the hall's moment (the balls
   * mix on screen): it does not change the order committed at creation (product/draw.md#shuffles).
   */
  shuffles: number[];
  /**
   * Games recorded before that revision: the shuffles that reordered the balls not yet called (their call counts,
   * what verifyGame replays). Absent or empty for every game since.
   */
  legacyShuffles?: number[];
  /**
   * True when the order may have been seen though no ball is recorded (a game restored from a backup taken
   * before its first call): it can no longer be cancelled (product/draw.md#invariants).
   */
  orderShown?: boolean;
  /** Why the game was cancelled, as the agent said it (null when it was not cancelled or no reason was given). */
  cancelReason?: string | null;
  /** Cartelas blocked after a false or late claim: they cannot win later in this game. */
  blocked: number[];
  /** Confirmed GOOD BINGOs (more than one only when several cards won on the same ball). */
  winners: GameWinner[];
  /** Every validation, in order, for the history and disputes. */
  validations: GameValidation[];
  /** 'all-called': a game of before decision 069, which the 75th call finished. */
  finishReason: 'agent' | 'all-called' | null;
  createdAt: string | null;
  updatedAt: string | null;
  finishedAt: string | null;
}

interface Timed {
  /** When it happened (ISO 8601), recorded in the state; the reducer itself never reads a clock. */
  at?: string;
}

export interface CreateGameAction extends Timed {
  type: 'create';
  gameId: string;
  patternId: string;
  cartelas: readonly GameCartela[];
  /** Drive the draw from the seed (the commitment and order are derived from it)... */
  seedHex?: string;
  /** ...or from a pre-computed order of the 75 balls plus its commitment (the seed stays elsewhere). */
  order?: readonly number[];
  commitment?: string;
}

export type GameAction =
  | CreateGameAction
  | (Timed & {
      type: 'call-next';
      /** When replaying a recorded game: the ball that was called, checked against the draw. */
      expected?: number;
    })
  | (Timed & { type: 'pause' })
  | (Timed & { type: 'resume' })
  | (Timed & {
      type: 'shuffle';
      /**
       * Sent by rooms made before shuffles stopped reordering: the order they expect after it, which must be the
       * order as it is (a shuffle changes nothing of it now).
       */
      remaining?: readonly number[];
    })
  | (Timed & { type: 'validate'; cartelaNumber: number; decision: ValidationDecision })
  | (Timed & { type: 'finish' })
  | (Timed & {
      type: 'cancel' /** Why, in the agent's words (kept in the history and reports). */;
      reason?: string;
    })
  | (Timed & {
      type: 'reveal-seed';
      /** The seed, revealed after the game ended: checked against the commitment and the recorded calls. */
      seedHex: string;
    });

export type GameErrorCode =
  | 'INVALID_ACTION'
  | 'NO_GAME'
  | 'GAME_EXISTS'
  | 'INVALID_GAME_ID'
  | 'UNKNOWN_PATTERN'
  | 'NO_CARTELAS'
  | 'TOO_MANY_CARTELAS'
  | 'INVALID_CARTELA'
  | 'DUPLICATE_CARTELA'
  | 'INVALID_CARD'
  | 'MISSING_DRAW'
  | 'INVALID_SEED'
  | 'INVALID_ORDER'
  | 'INVALID_COMMITMENT'
  | 'COMMITMENT_MISMATCH'
  | 'ORDER_MISMATCH'
  | 'GAME_PAUSED'
  | 'GAME_NOT_PAUSED'
  | 'GAME_ALREADY_PAUSED'
  | 'GAME_OVER'
  | 'WINNER_DECLARED'
  | 'NO_NUMBERS_LEFT'
  | 'CALL_MISMATCH'
  | 'ORDER_SEALED'
  | 'SHUFFLE_MISMATCH'
  | 'CARTELA_NOT_IN_GAME'
  | 'NO_BALL_CALLED'
  | 'CARTELA_BLOCKED'
  | 'ALREADY_WINNER'
  | 'NOT_A_WINNER'
  | 'CARTELA_IS_WINNER'
  | 'GAME_NOT_OVER'
  | 'GAME_STARTED'
  | 'SEED_MISMATCH'
  | 'INTERNAL';

export interface GameError {
  code: GameErrorCode;
  /** An English sentence for the agent (the spec's wording where it has one). */
  message: string;
  /** For NOT_A_WINNER and CARTELA_IS_WINNER: the automatic verdict. */
  claim?: ClaimResult;
}

export type GameResult = { ok: true; state: GameState } | { ok: false; error: GameError };

const fail = (code: GameErrorCode, message: string, claim?: ClaimResult): GameResult => ({
  ok: false,
  error: claim ? { code, message, claim } : { code, message },
});

function isPermutation(values: readonly number[], of: readonly number[]): boolean {
  if (values.length !== of.length) return false;
  const want = new Set(of);
  const seen = new Set<number>();
  for (const v of values) {
    if (!want.has(v) || seen.has(v)) return false;
    seen.add(v);
  }
  return true;
}

const ALL_BALLS = Array.from({ length: NUMBER_MAX }, (_, i) => i + 1);

function create(action: CreateGameAction): GameResult {
  if (typeof action.gameId !== 'string' || action.gameId.trim() === '') {
    return fail('INVALID_GAME_ID', 'A game needs an id');
  }
  const patternId = normalizePatternId(action.patternId);
  if (!patternId) return fail('UNKNOWN_PATTERN', `Unknown winning pattern: ${String(action.patternId)}`);
  if (!Array.isArray(action.cartelas) || action.cartelas.length === 0) {
    return fail('NO_CARTELAS', 'Select at least one cartela');
  }
  if (action.cartelas.length > 300) return fail('TOO_MANY_CARTELAS', 'A game has at most 300 cartelas');
  const seen = new Set<number>();
  const cartelas: GameCartela[] = [];
  for (const c of action.cartelas) {
    if (!isCartelaNumber(c?.cartelaNumber)) {
      return fail('INVALID_CARTELA', `Cartela numbers are whole numbers 1-300: ${String(c?.cartelaNumber)}`);
    }
    if (seen.has(c.cartelaNumber))
      return fail('DUPLICATE_CARTELA', `Cartela ${c.cartelaNumber} is selected twice`);
    seen.add(c.cartelaNumber);
    const check = validateCard(c.card);
    if (!check.ok) return fail('INVALID_CARD', `Cartela ${c.cartelaNumber}: ${check.reason}`);
    cartelas.push({ cartelaNumber: c.cartelaNumber, card: cloneCard(c.card) });
  }

  let seedHex: string | null = null;
  let commitment: string;
  let order: number[];
  if (action.seedHex !== undefined) {
    if (!isSeedHex(action.seedHex)) return fail('INVALID_SEED', 'A game seed is 64 hexadecimal characters');
    seedHex = action.seedHex.toLowerCase();
    commitment = seedCommitment(seedHex);
    order = drawOrder(seedHex);
    if (action.commitment !== undefined && action.commitment.toLowerCase() !== commitment) {
      return fail('COMMITMENT_MISMATCH', 'The seed does not match the commitment');
    }
    if (
      action.order !== undefined &&
      (action.order.length !== order.length || action.order.some((n, i) => n !== order[i]))
    ) {
      return fail('ORDER_MISMATCH', 'The order is not the one the seed gives');
    }
  } else if (action.order !== undefined) {
    if (!Array.isArray(action.order) || !isPermutation(action.order, ALL_BALLS)) {
      return fail('INVALID_ORDER', 'The draw order must contain every ball 1-75 once');
    }
    if (!isCommitment(action.commitment?.toLowerCase())) {
      return fail('INVALID_COMMITMENT', 'A pre-computed order needs the commitment of its seed');
    }
    commitment = action.commitment!.toLowerCase();
    order = [...action.order];
  } else {
    return fail('MISSING_DRAW', 'A game needs a seed or a pre-computed draw order');
  }

  const at = action.at ?? null;
  return {
    ok: true,
    state: {
      v: 1,
      gameId: action.gameId,
      status: 'active',
      patternId,
      cartelas,
      commitment,
      seedHex,
      calledNumbers: [],
      remaining: order,
      shuffles: [],
      blocked: [],
      winners: [],
      validations: [],
      finishReason: null,
      createdAt: at,
      updatedAt: at,
      finishedAt: null,
    },
  };
}

function notRunning(state: GameState): GameResult | null {
  if (state.status === 'finished') return fail('GAME_OVER', 'The game is finished');
  if (state.status === 'cancelled') return fail('GAME_OVER', 'The game is cancelled');
  return null;
}

/** The automatic verdict on a cartela's claim right now, or the reason it cannot be checked. */
export function claimFor(
  state: GameState,
  cartelaNumber: number,
): { ok: true; claim: ClaimResult; cartela: GameCartela } | { ok: false; error: GameError } {
  const cartela = state.cartelas.find((c) => c.cartelaNumber === cartelaNumber);
  if (!cartela) {
    return {
      ok: false,
      error: { code: 'CARTELA_NOT_IN_GAME', message: `Cartela #${cartelaNumber} not found in the game` },
    };
  }
  if (state.calledNumbers.length === 0) {
    return { ok: false, error: { code: 'NO_BALL_CALLED', message: 'No ball has been called yet' } };
  }
  const claim = checkClaim({
    card: cartela.card,
    patternId: state.patternId,
    calledNumbers: state.calledNumbers,
    blocked: state.blocked.includes(cartelaNumber),
  });
  return { ok: true, claim, cartela };
}

function validate(
  state: GameState,
  action: Extract<GameAction, { type: 'validate' }>,
  at: string | null,
): GameResult {
  const stopped = notRunning(state);
  if (stopped) return stopped;
  if (action.decision !== 'good-bingo' && action.decision !== 'block') {
    return fail('INVALID_ACTION', 'A validation is good-bingo or block');
  }
  const n = action.cartelaNumber;
  const found = claimFor(state, n);
  if (!found.ok) return { ok: false, error: found.error };
  const { claim } = found;
  if (state.winners.some((w) => w.cartelaNumber === n)) {
    return fail('ALREADY_WINNER', `Cartela #${n} is already confirmed as a winner`);
  }
  if (state.blocked.includes(n)) return fail('CARTELA_BLOCKED', `Cartela #${n} is blocked in this game`);
  const manual = claim.manual;
  const lastBall = state.calledNumbers[state.calledNumbers.length - 1]!;
  const callCount = state.calledNumbers.length;
  const record: GameValidation = {
    cartelaNumber: n,
    decision: action.decision,
    reason: claim.reason,
    callCount,
    lastBall,
    completedOn: claim.completedOn,
    at,
  };
  if (action.decision === 'good-bingo') {
    if (!manual && !claim.winner) return fail('NOT_A_WINNER', claim.message, claim);
    return {
      ok: true,
      state: {
        ...state,
        winners: [
          ...state.winners,
          { cartelaNumber: n, patternId: state.patternId, lastBall, callCount, at },
        ],
        validations: [...state.validations, record],
        updatedAt: at ?? state.updatedAt,
      },
    };
  }
  // Blocking is for false or late claims; a card that wins now must be confirmed, not blocked by a slip.
  if (!manual && claim.winner) {
    return fail('CARTELA_IS_WINNER', `Cartela #${n} is a winner: confirm it with GOOD BINGO`, claim);
  }
  return {
    ok: true,
    state: {
      ...state,
      blocked: [...state.blocked, n],
      validations: [...state.validations, record],
      updatedAt: at ?? state.updatedAt,
    },
  };
}

function step(state: GameState | null, action: GameAction): GameResult {
  if (
    action === null ||
    typeof action !== 'object' ||
    typeof (action as { type?: unknown }).type !== 'string'
  ) {
    return fail('INVALID_ACTION', 'Not a game action');
  }
  if (action.type === 'create')
    return state ? fail('GAME_EXISTS', 'The game already exists') : create(action);
  if (!state) return fail('NO_GAME', 'There is no game yet');
  const at = action.at ?? null;
  const touched = (patch: Partial<GameState>): GameResult => ({
    ok: true,
    state: { ...state, ...patch, updatedAt: at ?? state.updatedAt },
  });

  switch (action.type) {
    case 'call-next': {
      const stopped = notRunning(state);
      if (stopped) return stopped;
      if (state.status === 'paused') return fail('GAME_PAUSED', 'The game is paused: resume it to call');
      if (state.winners.length > 0)
        return fail('WINNER_DECLARED', 'A winner has been confirmed: finish the game');
      if (state.orderSealed) return fail('ORDER_SEALED', FIRST_CALL_NEEDS_NETWORK);
      const next = state.remaining[0];
      if (next === undefined) return fail('NO_NUMBERS_LEFT', 'All 75 balls have been called');
      // Says nothing of the ball itself: a refusal must not tell anyone the order (product/draw.md#invariants).
      if (action.expected !== undefined && action.expected !== next) {
        return fail('CALL_MISMATCH', ROOM_OUT_OF_STEP);
      }
      // The 75th call leaves the game running: a card completed by the last ball is claimed and checked like any
      // other, then the agent finishes (decision 069). Games recorded before may say 'all-called'.
      return touched({ calledNumbers: [...state.calledNumbers, next], remaining: state.remaining.slice(1) });
    }
    case 'pause': {
      const stopped = notRunning(state);
      if (stopped) return stopped;
      if (state.status === 'paused') return fail('GAME_ALREADY_PAUSED', 'The game is already paused');
      return touched({ status: 'paused' });
    }
    case 'resume': {
      const stopped = notRunning(state);
      if (stopped) return stopped;
      if (state.status !== 'paused') return fail('GAME_NOT_PAUSED', 'The game is not paused');
      return touched({ status: 'active' });
    }
    case 'shuffle': {
      const stopped = notRunning(state);
      if (stopped) return stopped;
      if (state.winners.length > 0)
        return fail('WINNER_DECLARED', 'A winner has been confirmed: finish the game');
      // The hall's moment only: the committed order stays (a re-shuffle adds no randomness, only a choice).
      if (
        action.remaining !== undefined &&
        !state.orderSealed &&
        !sameOrder(action.remaining, state.remaining)
      ) {
        return fail('SHUFFLE_MISMATCH', 'A shuffle no longer changes the order of the balls');
      }
      return touched({ shuffles: [...state.shuffles, state.calledNumbers.length] });
    }
    case 'validate':
      return validate(state, action, at);
    case 'finish': {
      const stopped = notRunning(state);
      if (stopped) return stopped;
      return touched({ status: 'finished', finishReason: 'agent', finishedAt: at });
    }
    case 'cancel': {
      const stopped = notRunning(state);
      if (stopped) return stopped;
      if (state.winners.length > 0)
        return fail('WINNER_DECLARED', 'A game with a confirmed winner cannot be cancelled');
      // Once a ball is called the order has been seen: the game is played to its end, never undone
      // (product/draw.md#invariants).
      if (state.calledNumbers.length > 0 || state.orderShown) return fail('GAME_STARTED', GAME_STARTED);
      const reason = typeof action.reason === 'string' ? action.reason.trim().slice(0, 200) : '';
      return touched({ status: 'cancelled', finishedAt: at, cancelReason: reason === '' ? null : reason });
    }
    case 'reveal-seed': {
      if (state.status !== 'finished' && state.status !== 'cancelled') {
        return fail('GAME_NOT_OVER', 'The seed is revealed only when the game is over');
      }
      const check = verifyGame({
        commitment: state.commitment,
        seedHex: action.seedHex,
        calls: state.calledNumbers,
        shuffles: state.legacyShuffles ?? [],
      });
      if (!check.ok) return fail('SEED_MISMATCH', check.reason);
      return touched({ seedHex: action.seedHex.toLowerCase() });
    }
    default:
      return fail('INVALID_ACTION', `Unknown action: ${String((action as { type: unknown }).type)}`);
  }
}

function sameOrder(a: readonly number[], b: readonly number[]): boolean {
  return Array.isArray(a) && a.length === b.length && a.every((n, i) => n === b[i]);
}

/**
 * Applies an action to a game. Never throws and never changes its arguments: an action the game does not
 * allow (calling while paused, a second GOOD BINGO for a blocked card...) comes back as { ok: false, error }.
 */
export function gameReducer(state: GameState | null, action: GameAction): GameResult {
  try {
    return step(state, action);
  } catch (e) {
    return fail('INTERNAL', e instanceof Error ? e.message : 'Unexpected error');
  }
}

/** Creates a game (gameReducer(null, { type: 'create', ... })). */
export function createGame(params: Omit<CreateGameAction, 'type'>): GameResult {
  return gameReducer(null, { type: 'create', ...params });
}

/** Applies actions in order, stopping at the first error. */
export function applyActions(state: GameState | null, actions: readonly GameAction[]): GameResult {
  let current = state;
  for (const action of actions) {
    const result = gameReducer(current, action);
    if (!result.ok) return result;
    current = result.state;
  }
  return current ? { ok: true, state: current } : fail('NO_GAME', 'There is no game yet');
}

/** Why a game with calls cannot be cancelled (product/draw.md#invariants). */
export const GAME_STARTED =
  'Balls have been called: the game cannot be cancelled. Play it to its end, or finish it';

/** A call that is not the game's next one: the room is behind or ahead of the game, never told which ball. */
export const ROOM_OUT_OF_STEP =
  'The room is out of step with the game: reload the room to take the game as the server has it';

/** What a room says when it must call the first ball without the network. */
export const FIRST_CALL_NEEDS_NETWORK =
  'Connect to start the round; once it has started it goes on without the network';

/**
 * The state without its future order while no ball has been called and the game is not over: then it can still
 * be cancelled with a refund, and seeing the order would make that a free re-roll. Once a ball is called (no
 * refund any more) or the game is over, the state is returned as it is.
 */
export function sealOrder(state: GameState): GameState {
  const over = state.status === 'finished' || state.status === 'cancelled';
  if (over || state.calledNumbers.length > 0) return state;
  return { ...state, remaining: [], orderSealed: true };
}

/**
 * The game as it is known to whoever has not seen its order: before the first call of a game not over, the state
 * without its order and its seed (sealOrder, redactSeed); otherwise the state itself. Whatever is decided on this
 * copy cannot depend on the order, so a request planned on it answers the same for every seed - the draw's first
 * invariant (product/draw.md#invariants). It cannot call: the first call is the server's own, and its answer is
 * the first to carry the order.
 */
export function blindOf(state: GameState): GameState {
  const over = state.status === 'finished' || state.status === 'cancelled';
  if (over || state.calledNumbers.length > 0) return state;
  return { ...state, remaining: [], orderSealed: true, seedHex: null };
}

/**
 * A state reached from blindOf(original) put back on the original's order and seed. Nothing planned on a blind
 * copy calls a ball (it cannot), so the order is the original's untouched.
 */
export function withOrderOf(planned: GameState, original: GameState): GameState {
  if (!planned.orderSealed) return planned;
  const { orderSealed: _sealed, ...rest } = planned;
  return { ...rest, remaining: original.remaining, seedHex: original.seedHex };
}

/** The state without its seed while the game is running (what a player-facing screen may see). */
export function redactSeed(state: GameState): GameState {
  return state.status === 'finished' || state.status === 'cancelled' ? state : { ...state, seedHex: null };
}

/** The last ball called, or null. */
export function lastBall(state: GameState): number | null {
  return state.calledNumbers.length ? state.calledNumbers[state.calledNumbers.length - 1]! : null;
}

/** True when call-next would succeed. */
export function canCall(state: GameState): boolean {
  return state.status === 'active' && state.winners.length === 0 && state.remaining.length > 0;
}
