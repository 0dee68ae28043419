// The games' use cases, one file each, joined here for the routes: creating a game (create.ts), reading games
// (read.ts), acting on one (act.ts: runActions, the one path of every action) and the room's event log
// (events.ts). Who may read or act on which game is policy.ts's. Every rule of the game is packages/core's
// (gameReducer, createGame, gameEconomics, claimFor). docs/decisions/045-games-server.md
import type { GameEvent, ValidateWinnerRequest } from '@cartela/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import type { ModuleMetrics } from '../../module.js';
import type { UserCache } from '../users/index.js';
import { callNumber, cancel, simpleAction, validateWinner } from './act.js';
import { GameCache } from './cache.js';
import type { GamesContext } from './context.js';
import { createGameOf } from './create.js';
import { applyEvents } from './events.js';
import { randomSeedHex } from './ids.js';
import { publicGame } from './public.js';
import { gameCartela, gameCartelas, getGame, listGamesOf, roomState } from './read.js';
import { GameWriter } from './writer.js';

type Page = { page: number; limit: number };

export function createGamesService({
  database,
  users,
  metrics,
  now,
  drawSeed = randomSeedHex,
  writesInFlight,
}: {
  database: Database;
  users: UserCache;
  metrics: Pick<ModuleMetrics, 'callsApplied' | 'eventBatch'>;
  /** ModuleDeps.now. */
  now: () => Date;
  /** ModuleDeps.drawSeed. */
  drawSeed?: () => string;
  /** GAMES_WRITES_IN_FLIGHT (default 2). */
  writesInFlight?: number;
}) {
  const ctx: GamesContext = {
    database,
    db: database.db,
    users,
    metrics,
    cache: new GameCache(),
    writer: new GameWriter(database, writesInFlight),
    now,
    drawSeed,
  };
  return {
    create: (input: Parameters<typeof createGameOf>[1], agent: UserRow, idempotencyKey: string | null) =>
      createGameOf(ctx, input, agent, idempotencyKey),
    /** An agent's own games, or the admin's every game (policy.ts). */
    list: (user: UserRow, query: Page) => listGamesOf(ctx, user, query),
    get: (user: UserRow, id: string) => getGame(ctx, user, id),
    roomState: (agent: UserRow, id: string) => roomState(ctx, agent, id),
    cartelas: (user: UserRow, id: string) => gameCartelas(ctx, user, id),
    cartela: (user: UserRow, id: string, n: number) => gameCartela(ctx, user, id, n),
    /** Anyone, by the public id (decision 074). */
    publicGame: (gameId: string) => publicGame(ctx, gameId),

    callNumber: (agent: UserRow, id: string, seq?: number) => callNumber(ctx, agent, id, seq),
    pause: (agent: UserRow, id: string) => simpleAction(ctx, agent, id, 'pause'),
    resume: (agent: UserRow, id: string) => simpleAction(ctx, agent, id, 'resume'),
    shuffle: (agent: UserRow, id: string) => simpleAction(ctx, agent, id, 'shuffle'),
    finish: (agent: UserRow, id: string) => simpleAction(ctx, agent, id, 'finish'),
    cancel: (agent: UserRow, id: string, reason?: string) => cancel(ctx, agent, id, reason),
    validateWinner: (agent: UserRow, id: string, body: z.output<typeof ValidateWinnerRequest>) =>
      validateWinner(ctx, agent, id, body),
    events: (agent: UserRow, id: string, events: readonly GameEvent[]) => applyEvents(ctx, agent, id, events),
  };
}

export type GamesService = ReturnType<typeof createGamesService>;
