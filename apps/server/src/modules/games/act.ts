// Acting on a game: runActions, THE path of every action, whether it comes from an endpoint (/call-number,
// /pause, ...) or from the room's event log (events.ts); and the endpoints' actions on it. core's gameReducer
// plans the events on the game as it is (plan.ts), and one write - conditional on the game's last_seq, so it
// holds the row lock and refuses a stale plan - appends them with their seqs and stores the new state and list
// columns. docs/decisions/045-games-server.md
import type {
  CallNumberResponse,
  GameActionResponse,
  GameEvent,
  ValidateWinnerRequest,
  ValidateWinnerResponse,
} from '@cartela/contract';
import {
  blindOf,
  CLAIM_MESSAGES,
  type ClaimReason,
  claimFor,
  getPattern,
  letterOf,
  normalizePatternId,
  type ValidationDecision,
} from '@cartela/core';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { changeCoins } from '../coins/index.js';
import { lockUser } from '../users/index.js';
import { detailOf, type GamesContext, type Out } from './context.js';
import { gameRef } from './ids.js';
import { after, type EventsFor, type Plan, planEvents, writeOf } from './plan.js';
import { can, gameNotFound, gamesOf } from './policy.js';
import { hydrate } from './present.js';
import {
  type EventReader,
  eventReader,
  eventReaderIn,
  lockSnapshot,
  readSnapshot,
  type Snapshot,
  writeGameIn,
} from './queries.js';

/**
 * THE path of every action (the endpoints' and the room's event log). The game is read - from this instance's
 * cache or the database -, the events planned by the reducer, and written in ONE statement that updates the
 * game only if it is still at the last_seq they were planned from (the UPDATE takes the row lock) and appends
 * them. If the game had moved on (another request, another instance), if a refusal or a replay was planned
 * from a cached copy, or if the game ends (its money is counted, coins may come back), the events are planned
 * again in a transaction that takes the locks in the one order every money write takes them (decision 059):
 * the agent's row, then the game's row (SELECT ... FOR NO KEY UPDATE), then - through the triggers - its day's
 * and month's statistics; the coins are written there too. Only the game's own agent acts on it (policy.ts).
 */
export async function runActions(
  ctx: GamesContext,
  agent: UserRow,
  id: string,
  options: { withCards: boolean; batch: boolean; events: EventsFor },
): Promise<{ plan: Plan; snapshot: Snapshot }> {
  const { database, db, cache, writer, users } = ctx;
  const { withCards, batch } = options;
  const owner = gamesOf(agent, 'act');
  const plan = async (snapshot: Snapshot, readEvents: EventReader) => {
    const state = hydrate(snapshot.state, snapshot.drawSeed, snapshot.cartelas);
    // What the events are made from is the game as the agent may know it (no order before the first call).
    const events = options.events(snapshot, blindOf(state));
    return planEvents(readEvents, snapshot, state, events, { batch, nowMs: ctx.now().getTime() });
  };

  const cached = withCards ? undefined : cache.get(gameRef(id).value);
  const snapshot = cached ?? (await readSnapshot(database, id, owner, withCards));
  if (!snapshot || !can(agent, 'act', snapshot)) throw gameNotFound();
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
      countCalls(ctx, fast);
      return { plan: fast, snapshot };
    }
  }

  cache.drop(snapshot.id);
  const locked = await db.transaction(async (tx) => {
    // The lock order of every money write: the agent first (decision 059).
    if (!(await lockUser(tx, owner, 'agent'))) throw gameNotFound();
    const current = await lockSnapshot(tx, id, owner, withCards);
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
          at: new Date(p.nowMs),
        });
      }
    }
    return { plan: p, snapshot: current };
  });
  if (locked.plan.refunded > 0) users.invalidate(agent.id);
  cache.put(after(locked.snapshot, locked.plan));
  countCalls(ctx, locked.plan);
  return locked;
}

/** The balls a plan called, once it is written (GET /api/metrics: calls per second). */
function countCalls({ metrics }: GamesContext, plan: Plan): void {
  let called = 0;
  for (const row of plan.rows) if (row.type === 'call-next') called++;
  if (called > 0) metrics.callsApplied(called);
}

/**
 * One action of an endpoint: one event, dated by the server's clock, with the next seq or the one the client
 * numbered it with (a retry of it is then a replay).
 */
function act(
  ctx: GamesContext,
  agent: UserRow,
  id: string,
  type: 'call-next' | 'pause' | 'resume' | 'shuffle' | 'finish' | 'cancel',
  options: { reason?: string; seq?: number } = {},
) {
  const at = ctx.now().toISOString();
  const { reason } = options;
  return runActions(ctx, agent, id, {
    withCards: false,
    batch: false,
    events: (snapshot): GameEvent[] => {
      const seq = options.seq ?? snapshot.lastSeq + 1;
      return [type === 'cancel' && reason ? { seq, at, type, reason } : { seq, at, type }];
    },
  });
}

const ACTION_MESSAGES = {
  pause: 'Game paused',
  resume: 'Game resumed',
  shuffle: 'Numbers shuffled',
  finish: 'Game finished',
} as const;

/** Pause, resume, shuffle or finish: the game as it now is, with the action's message. */
export async function simpleAction(
  ctx: GamesContext,
  agent: UserRow,
  id: string,
  type: keyof typeof ACTION_MESSAGES,
): Promise<Out<typeof GameActionResponse>> {
  const { snapshot } = await act(ctx, agent, id, type);
  return { message: ACTION_MESSAGES[type], game: await detailOf(ctx, snapshot.id, gamesOf(agent, 'read')) };
}

/** A call; with `seq`, sent again after a lost answer, the answer of that call (never a second ball). */
export async function callNumber(
  ctx: GamesContext,
  agent: UserRow,
  id: string,
  seq?: number,
): Promise<Out<typeof CallNumberResponse>> {
  const { plan, snapshot } = await act(ctx, agent, id, 'call-next', seq === undefined ? {} : { seq });
  const { state } = plan;
  if (plan.applied === 0 && seq !== undefined) {
    // A replay (the log checked it was a call): the game as that call left it.
    const [stored] = await eventReader(ctx.database)(snapshot.id, seq, seq);
    const number = Number(stored!.result.number);
    const calledNumbers = state.calledNumbers.slice(0, state.calledNumbers.indexOf(number) + 1);
    return {
      number,
      letter: letterOf(number),
      calledNumbers,
      remaining: state.calledNumbers.length + state.remaining.length - calledNumbers.length,
      status: stored!.result.status === 'finished' ? 'finished' : 'active',
    };
  }
  const number = state.calledNumbers.at(-1)!;
  return {
    number,
    letter: letterOf(number),
    calledNumbers: state.calledNumbers,
    remaining: state.remaining.length,
    status: state.status,
  };
}

export async function cancel(
  ctx: GamesContext,
  agent: UserRow,
  id: string,
  reason?: string,
): Promise<Out<typeof GameActionResponse>> {
  const { snapshot, plan } = await act(ctx, agent, id, 'cancel', reason === undefined ? {} : { reason });
  // Only a game without calls can be cancelled (core's reducer), so its coins come back whole.
  const message = plan.refunded > 0 ? `Game cancelled: ${plan.refunded} coins refunded` : 'Game cancelled';
  return { message, game: await detailOf(ctx, snapshot.id, gamesOf(agent, 'read')) };
}

/** A validation's answer text. */
function verdictMessage(n: number, reason: ClaimReason, decision: ValidationDecision): string {
  if (decision === 'good-bingo') {
    return reason === 'MANUAL'
      ? `GOOD BINGO! Cartela #${n} is recorded as the winner (agent's own pattern)`
      : `GOOD BINGO! Cartela #${n} wins`;
  }
  return `Cartela blocked - not a winner yet! (${CLAIM_MESSAGES[reason]})`;
}

export async function validateWinner(
  ctx: GamesContext,
  agent: UserRow,
  id: string,
  { cartelaNumber: n, claimedPattern }: z.output<typeof ValidateWinnerRequest>,
): Promise<Out<typeof ValidateWinnerResponse>> {
  const at = ctx.now().toISOString();
  const { snapshot, plan } = await runActions(ctx, agent, id, {
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
  const game = await detailOf(ctx, snapshot.id, gamesOf(agent, 'read'));
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
}
