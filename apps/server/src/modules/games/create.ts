// Creating a game: the agent's assigned and active cartelas, the economics from core, the coins through
// changeCoins, the seed drawn once the cards are fixed, and the Idempotency-Key that makes a retry answer the
// first request's game. All in one transaction under the agent's row lock. docs/decisions/045-games-server.md
import { createHash, randomUUID } from 'node:crypto';
import type { CreateGameRequest, CreateGameResponse } from '@cartela/contract';
import {
  createGame,
  DEFAULT_COMMISSION_PERCENT,
  etbToSantim,
  gameEconomics,
  getPattern,
  normalizePatternId,
  type PatternId,
} from '@cartela/core';
import type { z } from 'zod';
import type { GameSettings, UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { cartelasAre, readAgentCartelas } from '../cartelas/index.js';
import { changeCoins } from '../coins/index.js';
import { lockUser, percentToDb } from '../users/index.js';
import { detailOf, type GamesContext, type Out } from './context.js';
import { newGameId } from './ids.js';
import { gamesOf } from './policy.js';
import { storable, toGameDetail } from './present.js';
import { findByIdempotencyKey, type GameView, insertGame, openGamesHolding } from './queries.js';

type CreateInput = z.output<typeof CreateGameRequest>;

export const GAME_CREATED = 'Game created successfully!';

/** The wizard's fields a game keeps as sent (product/screens.md#create-game-wizard; decision 055). */
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

/** POST /api/games: a new game of the agent; with an Idempotency-Key already used, the first one's (replayed). */
export async function createGameOf(
  ctx: GamesContext,
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

  const created = await ctx.db.transaction(async (tx): Promise<{ replayOf: string } | { view: GameView }> => {
    // The agent's row lock, as every writer of an agent takes it: creations of one agent queue here, so its
    // coins, its cartelas and an Idempotency-Key are checked by one creation at a time.
    const me = await lockUser(tx, agent.id, 'agent');
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
        `${cartelasAre(missing)} not assigned to you. Please select from your assigned cartelas.`,
        { field: 'cartelaNumbers' },
      );
    }
    const inactive = held.filter((c) => !c.isActive).map((c) => c.cartelaNumber);
    if (inactive.length > 0) {
      throw new AppError('VALIDATION_FAILED', `${cartelasAre(inactive)} inactive and cannot be played`, {
        field: 'cartelaNumbers',
      });
    }

    // A cartela's physical card is in one round at a time: none of these may be in a game not over.
    const inPlay = await openGamesHolding(tx, agent.id, numbers);
    if (inPlay.length > 0) {
      const where = inPlay.map((g) => `${cartelasAre(g.numbers)} in game ${g.gameId}`).join('; ');
      throw new AppError(
        'CONFLICT',
        `${where}, not over yet: finish ${inPlay.length === 1 ? 'it' : 'them'} first`,
        {
          field: 'cartelaNumbers',
          reason: 'CARTELA_IN_PLAY',
        },
      );
    }

    // The agent's commission percentage now, read under its lock, is the game's for good.
    const commissionPercent = me.commissionPercentage ?? percentToDb(DEFAULT_COMMISSION_PERCENT);
    const stakeSantim = etbToSantim(input.stake);
    const economics = gameEconomics({ stake: stakeSantim, players: numbers.length, commissionPercent });
    const coinCost = me.financialModel === 'virtual-coin' ? economics.coinCost : 0;
    const at = ctx.now().toISOString();
    // The seed is drawn after the cards are fixed (decision 013), from node:crypto.
    const seedHex = ctx.drawSeed();
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
        at: view.createdAt,
      });
    }
    return { view };
  });
  if ('replayOf' in created) {
    const game = await detailOf(ctx, created.replayOf, gamesOf(agent, 'read'));
    return { replayed: true, answer: { message: GAME_CREATED, gameId: game.gameId, game } };
  }
  if (created.view.coinCost > 0) ctx.users.invalidate(agent.id);
  // A new game: its answer is what was just written, not read back.
  const game = toGameDetail(created.view, { calls: [], shuffles: [] });
  return { replayed: false, answer: { message: GAME_CREATED, gameId: game.gameId, game } };
}
