// Use cases of games: creating one (cartelas, economics, coins, the seed), reading them, and acting on them.
// Every action, whether it comes from an endpoint (/call-number, /pause, ...) or from the room's event log
// (/events), goes through ONE path, runActions: core's gameReducer plans the events on the game as it is, and
// one write - conditional on the game's last_seq, so it holds the row lock and refuses a stale plan - appends
// them with their seqs and stores the new state and list columns. Every rule is packages/core's (gameReducer,
// createGame, gameEconomics, claimFor). docs/decisions/045-games-server.md
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type {
  CallNumberResponse,
  CreateGameRequest,
  CreateGameResponse,
  GameActionResponse,
  GameCartelaResponse,
  GameCartelasResponse,
  GameEvent,
  GameEventsResponse,
  GameResponse,
  GamesPage,
  RoomStateResponse,
  ValidateWinnerRequest,
  ValidateWinnerResponse,
} from '@cartela/contract';
import {
  CLAIM_MESSAGES,
  type ClaimReason,
  claimFor,
  createGame,
  DEFAULT_COMMISSION_PERCENT,
  etbToSantim,
  type GameAction,
  type GameError,
  type GameState,
  gameEconomics,
  gameReducer,
  getPattern,
  letterOf,
  normalizePatternId,
  type PatternId,
  type ValidationDecision,
} from '@cartela/core';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { GameSettings, UserRow } from '../../db/schema.js';
import { AppError, isAppError } from '../../errors.js';
import type { ModuleMetrics } from '../../module.js';
import { readAgentCartelas } from '../cartelas/index.js';
import { changeCoins } from '../coins/index.js';
import { percentToDb, type UserCache } from '../users/index.js';
import { GameCache } from './cache.js';
import { gameRef, newGameId } from './ids.js';
import { hydrate, storable, toGame, toGameDetail, toRoomState } from './present.js';
import {
  type EventReader,
  eventReader,
  eventReaderIn,
  eventTimes,
  findByIdempotencyKey,
  findGame,
  findGameWithCards,
  type GameColumns,
  type GameView,
  type GameWrite,
  insertGame,
  listGames,
  lockAgentForGame,
  lockSnapshot,
  type NewEvent,
  readSnapshot,
  type Snapshot,
  type StoredEvent,
  writeGameIn,
} from './queries.js';
import { GameWriter } from './writer.js';

type Out<S extends z.ZodType> = z.output<S>;
type CreateInput = z.output<typeof CreateGameRequest>;

export const GAME_CREATED = 'Game created successfully!';

const gameNotFound = () => new AppError('NOT_FOUND', 'Game not found');

/** 'Cartela 5', 'Cartelas 5 and 6', 'Cartelas 1, 2, 3 and 4'; past 10 numbers, 'and N more'. */
function cartelasNamed(numbers: readonly number[]): string {
  if (numbers.length === 1) return `Cartela ${numbers[0]}`;
  const shown = numbers.slice(0, 10);
  const more = numbers.length - shown.length;
  return more > 0
    ? `Cartelas ${shown.join(', ')} and ${more} more`
    : `Cartelas ${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}
const isAre = (numbers: readonly number[]) => (numbers.length === 1 ? 'is' : 'are');

/** The wizard's fields a game keeps as sent (spec 02 section 3; decision 055). */
function settingsOf(input: CreateInput): GameSettings {
  const settings: GameSettings = {};
  if (input.enabledPatterns !== undefined) settings.enabledPatterns = input.enabledPatterns as PatternId[];
  if (input.moneyLevels !== undefined) settings.moneyLevels = input.moneyLevels;
  if (input.customMoneyLevel !== undefined) settings.customMoneyLevel = input.customMoneyLevel;
  if (input.commonMoneyLevel !== undefined) settings.commonMoneyLevel = input.commonMoneyLevel;
  if (input.voiceSpeed !== undefined) settings.voiceSpeed = input.voiceSpeed;
  return settings;
}

/** The same game request, whatever the order of its cartelas or the alias of its pattern. */
function requestHash(input: CreateInput, pattern: PatternId, numbers: readonly number[]): string {
  const canonical = JSON.stringify({ stake: input.stake, numbers, pattern, gameMode: input.gameMode });
  return createHash('sha256').update(canonical).digest('hex');
}

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
      // The hall's moment: the order is as it was (spec 00 'The draw', revised).
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
      if (event.remaining === undefined) return true;
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

/** The list columns of a game row for a state. */
function columnsOf(state: GameState, lastSeq: number): GameColumns {
  const over = state.status === 'finished' || state.status === 'cancelled';
  return {
    state: storable(state),
    status: state.status,
    totalCalls: state.calledNumbers.length,
    winnerCartela: state.winners[0]?.cartelaNumber ?? null,
    lastSeq,
    finishedAt: over ? new Date(state.finishedAt ?? Date.now()).toISOString() : null,
  };
}

/** What a list of events does to a game, planned by the reducer before anything is written. */
interface Plan {
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
}

/**
 * Plans `events` on the game as `snapshot` shows it, in order, with core's reducer. An event whose seq is
 * already in the log is a replay: it must be the same action (sameContent) and changes nothing. The next seq
 * must be lastSeq + 1 (no gap). Any refusal throws: nothing of the batch is written.
 */
async function planEvents(
  readEvents: EventReader,
  snapshot: Snapshot,
  state: GameState,
  events: readonly GameEvent[],
  batch: boolean,
  nowMs: number,
): Promise<Plan> {
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
      if (!stored || !sameContent(stored, event, state)) {
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
    const next = gameReducer(state, action);
    if (!next.ok) throw refused(next.error, batch ? seq : undefined);
    const result = producedBy(action, next.state);
    // Spec 00-decisions: a game cancelled before its first call gives its coins back; after one, it does not.
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
  return { state, lastSeq, applied: rows.length, rows, refunded, ends: over && !wasOver };
}

/** The events to apply, given the game as it is (an endpoint's action takes the next seq). */
type EventsFor = (snapshot: Snapshot, state: GameState) => readonly GameEvent[];

/** A validation's answer text. */
function verdictMessage(n: number, reason: ClaimReason, decision: ValidationDecision): string {
  if (decision === 'good-bingo') {
    return reason === 'MANUAL'
      ? `GOOD BINGO! Cartela #${n} is recorded as the winner (agent's own pattern)`
      : `GOOD BINGO! Cartela #${n} wins`;
  }
  return `Cartela blocked - not a winner yet! (${CLAIM_MESSAGES[reason]})`;
}

/** The write a plan makes of a game. */
const writeOf = (snapshot: Snapshot, plan: Plan): GameWrite => ({
  id: snapshot.id,
  expectSeq: snapshot.lastSeq,
  events: plan.rows,
  ...columnsOf(plan.state, plan.lastSeq),
});

/** The snapshot a plan leaves. */
const after = (snapshot: Snapshot, plan: Plan): Snapshot => ({
  ...snapshot,
  lastSeq: plan.lastSeq,
  state: storable(plan.state),
});

const ACTION_MESSAGES = {
  pause: 'Game paused',
  resume: 'Game resumed',
  shuffle: 'Numbers shuffled',
  finish: 'Game finished',
} as const;

export function createGamesService({
  database,
  users,
  metrics,
  writesInFlight,
}: {
  database: Database;
  users: UserCache;
  metrics: Pick<ModuleMetrics, 'callsApplied' | 'eventBatch'>;
  /** GAMES_WRITES_IN_FLIGHT (default 2). */
  writesInFlight?: number;
}) {
  const { db } = database;
  const cache = new GameCache();
  const writer = new GameWriter(database, writesInFlight);
  /** Whose games a user reads: an agent its own, the admin every one. */
  const readerScope = (user: UserRow) => (user.role === 'admin' ? null : user.id);
  const now = () => new Date().toISOString();

  async function detailOf(id: string, scope: string | null): Promise<Out<typeof GameResponse>['game']> {
    const view = await findGame(db, id, scope);
    if (!view) throw gameNotFound();
    return toGameDetail(view, await eventTimes(db, view.id));
  }

  /**
   * THE path of every action (the endpoints' and the room's event log). The game is read - from this instance's
   * cache or the database -, the events planned by the reducer, and written in ONE statement that updates the
   * game only if it is still at the last_seq they were planned from (the UPDATE takes the row lock) and appends
   * them. If the game had moved on (another request, another instance), if a refusal or a replay was planned
   * from a cached copy, or if the game ends (its money is counted, coins may come back), the events are planned
   * again in a transaction that takes the locks in the one order every money write takes them (decision 059):
   * the agent's row, then the game's row (SELECT ... FOR NO KEY UPDATE), then - through the triggers - its day's
   * and month's statistics; the coins are written there too.
   */
  async function runActions(
    agent: UserRow,
    id: string,
    options: { withCards: boolean; batch: boolean; events: EventsFor },
  ): Promise<{ plan: Plan; snapshot: Snapshot }> {
    const { withCards, batch } = options;
    const plan = async (snapshot: Snapshot, readEvents: EventReader) => {
      const state = hydrate(snapshot.state, snapshot.drawSeed, snapshot.cartelas);
      return planEvents(readEvents, snapshot, state, options.events(snapshot, state), batch, Date.now());
    };

    const cached = withCards ? undefined : cache.get(gameRef(id).value);
    const snapshot = cached ?? (await readSnapshot(database, id, agent.id, withCards));
    if (!snapshot || snapshot.agentId !== agent.id) throw gameNotFound();
    let fast: Plan | null = null;
    try {
      fast = await plan(snapshot, eventReader(database));
    } catch (err) {
      if (!cached) throw err; // planned from the database: the refusal stands
    }
    if (fast && !cached && fast.applied === 0) return { plan: fast, snapshot };
    if (fast && fast.applied > 0 && !fast.ends) {
      if (await writer.write(writeOf(snapshot, fast))) {
        cache.put(after(snapshot, fast));
        countCalls(fast);
        return { plan: fast, snapshot };
      }
    }

    cache.drop(snapshot.id);
    const locked = await db.transaction(async (tx) => {
      // The lock order of every money write: the agent first (decision 059).
      if (!(await lockAgentForGame(tx, agent.id))) throw gameNotFound();
      const current = await lockSnapshot(tx, id, agent.id, withCards);
      if (!current) throw gameNotFound();
      const p = await plan(current, eventReaderIn(tx));
      if (p.applied > 0) {
        await writeGameIn(tx, writeOf(current, p));
        if (p.refunded > 0) {
          await changeCoins(tx, {
            agentId: current.agentId,
            delta: p.refunded,
            reason: 'refund',
            actorId: agent.id,
            gameId: current.id,
            notes: `Game ${current.gameId} cancelled before its first call`,
          });
        }
      }
      return { plan: p, snapshot: current };
    });
    if (locked.plan.refunded > 0) users.invalidate(agent.id);
    cache.put(after(locked.snapshot, locked.plan));
    countCalls(locked.plan);
    return locked;
  }

  /** The balls a plan called, once it is written (GET /api/metrics: calls per second). */
  function countCalls(plan: Plan): void {
    let called = 0;
    for (const row of plan.rows) if (row.type === 'call-next') called++;
    if (called > 0) metrics.callsApplied(called);
  }

  /** One action of an endpoint: one event with the next seq. */
  function act(
    agent: UserRow,
    id: string,
    type: 'call-next' | 'pause' | 'resume' | 'shuffle' | 'finish' | 'cancel',
    reason?: string,
  ) {
    const at = now();
    return runActions(agent, id, {
      withCards: false,
      batch: false,
      events: (snapshot): GameEvent[] => [
        type === 'cancel' && reason
          ? { seq: snapshot.lastSeq + 1, at, type, reason }
          : { seq: snapshot.lastSeq + 1, at, type },
      ],
    });
  }

  async function actionAnswer(
    agent: UserRow,
    id: string,
    type: keyof typeof ACTION_MESSAGES,
  ): Promise<Out<typeof GameActionResponse>> {
    const { snapshot } = await act(agent, id, type);
    return { message: ACTION_MESSAGES[type], game: await detailOf(snapshot.id, agent.id) };
  }

  return {
    async create(
      input: CreateInput,
      agent: UserRow,
      idempotencyKey: string | null,
    ): Promise<{ replayed: boolean; answer: Out<typeof CreateGameResponse> }> {
      const pattern = normalizePatternId(input.selectedPattern);
      if (!pattern) {
        throw new AppError('VALIDATION_FAILED', 'selectedPattern: Unknown winning pattern', {
          field: 'selectedPattern',
        });
      }
      const numbers = [...input.cartelaNumbers].sort((a, b) => a - b);
      const hash = idempotencyKey === null ? null : requestHash(input, pattern, numbers);

      const created = await db.transaction(async (tx): Promise<{ replayOf: string } | { view: GameView }> => {
        const me = await lockAgentForGame(tx, agent.id);
        if (!me) throw new AppError('NOT_FOUND', 'Agent not found');
        if (idempotencyKey !== null) {
          const first = await findByIdempotencyKey(tx, agent.id, idempotencyKey);
          if (first) {
            if (first.requestHash !== hash) {
              throw new AppError(
                'CONFLICT',
                'This Idempotency-Key was already used for a different game: send a new key for a new game',
                { reason: 'IDEMPOTENCY_KEY_REUSED' },
              );
            }
            return { replayOf: first.id };
          }
        }
        if (!(me.winningPatterns ?? []).includes(pattern)) {
          throw new AppError(
            'VALIDATION_FAILED',
            `${getPattern(pattern).name} is not one of your winning patterns`,
            { field: 'selectedPattern' },
          );
        }
        const held = await readAgentCartelas(tx, agent.id, numbers);
        const heldNumbers = new Set(held.map((c) => c.cartelaNumber));
        const missing = numbers.filter((n) => !heldNumbers.has(n));
        if (missing.length > 0) {
          throw new AppError(
            'VALIDATION_FAILED',
            `${cartelasNamed(missing)} ${isAre(missing)} not assigned to you. Please select from your assigned cartelas.`,
            { field: 'cartelaNumbers' },
          );
        }
        const inactive = held.filter((c) => !c.isActive).map((c) => c.cartelaNumber);
        if (inactive.length > 0) {
          throw new AppError(
            'VALIDATION_FAILED',
            `${cartelasNamed(inactive)} ${isAre(inactive)} inactive and cannot be played`,
            { field: 'cartelaNumbers' },
          );
        }

        // The agent's commission percentage now, read under its lock, is the game's for good.
        const commissionPercent = me.commissionPercentage ?? percentToDb(DEFAULT_COMMISSION_PERCENT);
        const stakeSantim = etbToSantim(input.stake);
        const economics = gameEconomics({ stake: stakeSantim, players: numbers.length, commissionPercent });
        const coinCost = me.financialModel === 'virtual-coin' ? economics.coinCost : 0;
        const at = now();
        // The seed is drawn after the cards are fixed (decision 013), from node:crypto.
        const seedHex = randomBytes(32).toString('hex');
        const made = createGame({
          gameId: newGameId(),
          patternId: pattern,
          cartelas: held.map((c) => ({ cartelaNumber: c.cartelaNumber, card: c.card })),
          seedHex,
          at,
        });
        if (!made.ok) {
          throw new AppError('VALIDATION_FAILED', made.error.message, { reason: made.error.code });
        }
        const view: GameView = {
          id: randomUUID(),
          gameId: made.state.gameId,
          agentId: agent.id,
          agentUsername: agent.username,
          status: 'active',
          gameMode: input.gameMode,
          settings: settingsOf(input),
          pattern,
          stakeSantim,
          players: numbers.length,
          totalSantim: economics.totalAmount,
          agentFeeSantim: economics.agentFee,
          prizeSantim: economics.prize,
          commissionPercent,
          coinCost,
          cartelaNumbers: numbers,
          totalCalls: 0,
          winnerCartela: null,
          drawCommitment: made.state.commitment,
          drawSeed: seedHex,
          state: storable(made.state),
          lastSeq: 0,
          createdAt: new Date(at),
          updatedAt: new Date(at),
          finishedAt: null,
        };
        // A public id already taken (1 in 2^50 per pair) is drawn again.
        for (let attempt = 0; ; attempt++) {
          const { agentUsername: _name, ...row } = view;
          if (
            await insertGame(tx, {
              ...row,
              cartelas: made.state.cartelas,
              financialModel: me.financialModel ?? 'virtual-coin',
              idempotencyKey,
              requestHash: hash,
            })
          )
            break;
          if (attempt >= 4) throw new Error('Could not draw a free game id');
          view.gameId = newGameId();
          view.state = { ...view.state, gameId: view.gameId };
        }
        // Coins last: a refusal (402) rolls the game back with everything else.
        if (coinCost > 0) {
          await changeCoins(tx, {
            agentId: agent.id,
            delta: -coinCost,
            reason: 'game',
            actorId: agent.id,
            gameId: view.id,
            notes: `Game ${view.gameId}`,
          });
        }
        return { view };
      });
      if ('replayOf' in created) {
        const game = await detailOf(created.replayOf, agent.id);
        return { replayed: true, answer: { message: GAME_CREATED, gameId: game.gameId, game } };
      }
      if (created.view.coinCost > 0) users.invalidate(agent.id);
      // A new game: its answer is what was just written, not read back.
      const game = toGameDetail(created.view, { calls: [], shuffles: [] });
      return { replayed: false, answer: { message: GAME_CREATED, gameId: game.gameId, game } };
    },

    async myGames(agent: UserRow, query: { page: number; limit: number }): Promise<Out<typeof GamesPage>> {
      return page(agent.id, query);
    },

    async allGames(query: { page: number; limit: number }): Promise<Out<typeof GamesPage>> {
      return page(null, query);
    },

    async get(user: UserRow, id: string): Promise<Out<typeof GameResponse>> {
      return { game: await detailOf(id, readerScope(user)) };
    },

    async roomState(agent: UserRow, id: string): Promise<Out<typeof RoomStateResponse>> {
      const view = await findGameWithCards(db, id, agent.id);
      if (!view) throw gameNotFound();
      return {
        lastSeq: view.lastSeq,
        state: toRoomState(hydrate(view.state, view.drawSeed, view.cartelas)),
        game: toGame(view),
      };
    },

    async cartelas(user: UserRow, id: string): Promise<Out<typeof GameCartelasResponse>> {
      const view = await findGameWithCards(db, id, readerScope(user));
      if (!view) throw gameNotFound();
      return { cartelas: view.cartelas.map((c) => ({ cartelaNumber: c.cartelaNumber, bingoCard: c.card })) };
    },

    async cartela(user: UserRow, id: string, n: number): Promise<Out<typeof GameCartelaResponse>> {
      const view = await findGameWithCards(db, id, readerScope(user));
      if (!view) throw gameNotFound();
      const found = view.cartelas.find((c) => c.cartelaNumber === n);
      if (!found) throw new AppError('NOT_FOUND', `Cartela #${n} not found in the game`);
      return { cartela: { cartelaNumber: found.cartelaNumber, bingoCard: found.card } };
    },

    async callNumber(agent: UserRow, id: string): Promise<Out<typeof CallNumberResponse>> {
      const { state } = (await act(agent, id, 'call-next')).plan;
      const number = state.calledNumbers.at(-1)!;
      return {
        number,
        letter: letterOf(number),
        calledNumbers: state.calledNumbers,
        remaining: state.remaining.length,
        status: state.status,
      };
    },

    pause: (agent: UserRow, id: string) => actionAnswer(agent, id, 'pause'),
    resume: (agent: UserRow, id: string) => actionAnswer(agent, id, 'resume'),
    shuffle: (agent: UserRow, id: string) => actionAnswer(agent, id, 'shuffle'),
    finish: (agent: UserRow, id: string) => actionAnswer(agent, id, 'finish'),

    async cancel(agent: UserRow, id: string, reason?: string): Promise<Out<typeof GameActionResponse>> {
      const { snapshot, plan } = await act(agent, id, 'cancel', reason);
      const message =
        plan.refunded > 0
          ? `Game cancelled: ${plan.refunded} coins refunded`
          : snapshot.coinCost > 0
            ? 'Game cancelled: no refund, balls had been called'
            : 'Game cancelled';
      return { message, game: await detailOf(snapshot.id, agent.id) };
    },

    async validateWinner(
      agent: UserRow,
      id: string,
      { cartelaNumber: n, claimedPattern }: z.output<typeof ValidateWinnerRequest>,
    ): Promise<Out<typeof ValidateWinnerResponse>> {
      const at = now();
      const { snapshot, plan } = await runActions(agent, id, {
        withCards: true,
        batch: false,
        events: (current, state) => {
          if (claimedPattern !== undefined && normalizePatternId(claimedPattern) !== state.patternId) {
            throw new AppError(
              'VALIDATION_FAILED',
              `claimedPattern: This game is played with ${getPattern(state.patternId).name}, not ${getPattern(claimedPattern).name}`,
              { field: 'claimedPattern' },
            );
          }
          // The claim rule is core's: a winner (or the agent's word on agents-own) is GOOD BINGO, anything else
          // a block, as the room's buttons do. A claim that cannot be judged is refused by the reducer.
          const found = claimFor(state, n);
          const decision = found.ok && (found.claim.winner || found.claim.manual) ? 'good-bingo' : 'block';
          return [{ seq: current.lastSeq + 1, at, type: 'validate', cartelaNumber: n, decision }];
        },
      });
      // The record the reducer made: the verdict and the ball of the time.
      const v = plan.state.validations.at(-1)!;
      const game = await detailOf(snapshot.id, agent.id);
      // Its share as the winners stand now (decision 062: winners on the same ball split the prize).
      const prizeShare = game.winners.find((w) => w.cartelaNumber === n)?.prizeShare ?? null;
      const sharedBy = game.winners.length;
      const shared = prizeShare !== null && sharedBy > 1 ? `: prize shared by ${sharedBy} winners` : '';
      return {
        winner: v.decision === 'good-bingo',
        reason: v.reason,
        message: `${verdictMessage(n, v.reason, v.decision)}${shared}`,
        cartelaNumber: n,
        patternId: plan.state.patternId,
        lastBall: v.lastBall,
        recorded: v.decision,
        prizeShare,
        sharedBy,
        game,
      };
    },

    async events(
      agent: UserRow,
      id: string,
      events: readonly GameEvent[],
    ): Promise<Out<typeof GameEventsResponse>> {
      let plan: Plan;
      try {
        ({ plan } = await runActions(agent, id, { withCards: true, batch: true, events: () => events }));
      } catch (err) {
        // Refused: the game's rules or its log said no (409), or it is not this agent's game (404). A failure of
        // the server itself is no verdict on the batch: it shows as a 5xx in the request metrics.
        if (isAppError(err)) metrics.eventBatch('refused');
        throw err;
      }
      metrics.eventBatch(plan.applied > 0 ? 'applied' : 'replayed');
      return { lastSeq: plan.lastSeq, applied: plan.applied, state: toRoomState(plan.state) };
    },
  };

  async function page(agentId: string | null, query: { page: number; limit: number }) {
    const { rows, total } = await listGames(db, agentId, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    return {
      games: rows.map(toGame),
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.ceil(total / query.limit),
    };
  }
}

export type GamesService = ReturnType<typeof createGamesService>;
