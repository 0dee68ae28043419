// What the games' use cases share (create.ts, read.ts, act.ts, events.ts): the database, this instance's cache
// and writer of running games, the clock, and a game's answer read back.
import type { GameResponse } from '@cartela/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { ModuleMetrics } from '../../module.js';
import type { UserCache } from '../users/index.js';
import type { GameCache } from './cache.js';
import { gameNotFound } from './policy.js';
import { toGameDetail } from './present.js';
import { eventTimes, findGame } from './queries.js';
import type { GameWriter } from './writer.js';

export type Out<S extends z.ZodType> = z.output<S>;

export interface GamesContext {
  database: Database;
  db: Database['db'];
  /** A write that moved coins invalidates its agent here (the session's balance). */
  users: UserCache;
  metrics: Pick<ModuleMetrics, 'callsApplied' | 'eventBatch'>;
  cache: GameCache;
  writer: GameWriter;
  /** ModuleDeps.now: when a game is created and when the server dates an action (the business times). */
  now: () => Date;
  /** ModuleDeps.drawSeed: a new game's secret seed (64 hex characters). */
  drawSeed: () => string;
}

/** A game with its story, as `scope` may see it (policy.ts gamesOf); not found otherwise. */
export async function detailOf(
  { db }: GamesContext,
  id: string,
  scope: string | null,
): Promise<Out<typeof GameResponse>['game']> {
  const view = await findGame(db, id, scope);
  if (!view) throw gameNotFound();
  return toGameDetail(view, await eventTimes(db, view.id));
}
