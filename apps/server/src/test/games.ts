// Test helpers for the games suites: the system set, an agent holding cartelas (and coins), calling the API as
// it with extra headers, creating a game, and simulating the draw to find the call that makes a card win.
import { randomBytes } from 'node:crypto';
import { type Card, checkClaim, generateBalancedSet } from '@cartela/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/client.js';
import type { FinancialModelName } from '../db/schema.js';
import { replaceSystemSet } from '../modules/cartelas/index.js';
import { changeCoins } from '../modules/coins/index.js';
import { bearer, createAdmin, createAgent, loginAs } from './helpers.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type GameCall = (
  method: Method,
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

export function gameCaller(app: FastifyInstance, token: string | null): GameCall {
  return (method, url, payload, headers = {}) =>
    app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** The 300 system cartelas (balanced), and a signed-in admin. */
export async function gamesWorld(app: FastifyInstance, database: Database) {
  await database.db.transaction((tx) =>
    replaceSystemSet(tx, generateBalancedSet(300), { resetSettings: true }),
  );
  const admin = await createAdmin(database);
  return { asAdmin: gameCaller(app, await loginAs(app, admin)) };
}

export interface GameAgentOptions {
  financialModel?: FinancialModelName;
  commissionPercentage?: number;
  coins?: number;
  cartelas?: number[];
}

/** An agent holding `cartelas` (1-100 by default, assigned by the admin), with `coins`, signed in. */
export async function gameAgent(
  app: FastifyInstance,
  database: Database,
  asAdmin: GameCall,
  options: GameAgentOptions = {},
) {
  const agent = await createAgent(database, {
    financialModel: options.financialModel ?? 'virtual-coin',
    commissionPercentage: options.commissionPercentage ?? 10,
  });
  const numbers = options.cartelas ?? Array.from({ length: 100 }, (_, i) => i + 1);
  if (numbers.length > 0) {
    const res = await asAdmin('POST', `/api/cartelas/agent/${agent.user.id}/assign`, {
      cartelaNumbers: numbers,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  if (options.coins) {
    await database.db.transaction((tx) =>
      changeCoins(tx, { agentId: agent.user.id, delta: options.coins!, reason: 'top-up', actorId: null }),
    );
  }
  const as = gameCaller(app, await loginAs(app, agent));
  return { user: agent.user, as };
}

export const newKey = () => `key-${randomBytes(8).toString('hex')}`;

/**
 * The first `count` cartela numbers (from 1) that none of the agent's games not over holds: a cartela is in one
 * round at a time (product/draw.md#invariants), so a test that leaves a game running plays the next elsewhere.
 */
export async function freeCartelas(as: GameCall, count = 5): Promise<number[]> {
  const res = await as('GET', '/api/games/my-games?limit=100');
  expect(res.statusCode, res.body).toBe(200);
  const games = res.json().games as { status: string; cartelaNumbers: number[] }[];
  const inPlay = new Set(
    games.filter((g) => g.status === 'active' || g.status === 'paused').flatMap((g) => g.cartelaNumbers),
  );
  const free: number[] = [];
  for (let n = 1; n <= 300 && free.length < count; n++) if (!inPlay.has(n)) free.push(n);
  return free;
}

/**
 * Finishes every game of the agent not over (active or paused): a file's afterEach, so that a test leaves none of
 * its cartelas in play for the next one (a game with calls cannot be cancelled, only finished).
 */
export async function finishOpenGames(as: GameCall): Promise<void> {
  for (let page = 1; ; page++) {
    const res = await as('GET', `/api/games/my-games?limit=100&page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    const { games, totalPages } = res.json() as {
      games: { id: string; status: string }[];
      totalPages: number;
    };
    for (const g of games) {
      if (g.status !== 'active' && g.status !== 'paused') continue;
      const done = await as('POST', `/api/games/${g.id}/finish`);
      expect(done.statusCode, done.body).toBe(200);
    }
    if (page >= totalPages) return;
  }
}

/**
 * Creates a game as the agent (stake 10, full house, the first five cartelas no running game of the agent holds,
 * unless told); expects 201.
 */
export async function newGame(as: GameCall, body: Record<string, unknown> = {}) {
  const res = await as('POST', '/api/games', {
    stake: 10,
    cartelaNumbers: body.cartelaNumbers ?? (await freeCartelas(as)),
    selectedPattern: 'full-house',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().game as GameDetailJson;
}

export interface GameDetailJson {
  id: string;
  gameId: string;
  status: string;
  calledNumbers: number[];
  cartelaNumbers: number[];
  drawCommitment: string;
  drawSeed: string | null;
  lastSeq: number;
  [key: string]: unknown;
}

export interface RoomStateJson {
  status: string;
  patternId: string;
  remaining: number[];
  calledNumbers: number[];
  cartelas: { cartelaNumber: number; card: Card }[];
  seedHex: string | null;
  [key: string]: unknown;
}

/**
 * The room's state of a game as the API gives it: the upcoming order only once the first ball is called (before,
 * `remaining` is empty and `orderSealed` true).
 */
export async function roomState(as: GameCall, id: string) {
  const res = await as('GET', `/api/games/${id}/state`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { lastSeq: number; state: RoomStateJson };
}

/**
 * The game's state as the server keeps it, the upcoming order included whether or not it has been revealed: what
 * a test needs to know which ball comes next (by `_id` or `gameId`).
 */
export async function serverState(database: Database, id: string): Promise<RoomStateJson> {
  const [row] = rowsOf<{ state: RoomStateJson; cartelas: RoomStateJson['cartelas'] }>(
    await database.db.execute(
      sql`SELECT state, cartelas FROM games WHERE id::text = ${id} OR game_id = ${id}`,
    ),
  );
  expect(row, `game ${id}`).toBeDefined();
  return { ...row!.state, cartelas: row!.cartelas, seedHex: null };
}

/**
 * From the room's state, the number of further calls after which some cartela first wins by the claim rule
 * (pattern complete, last ball on the card), and that cartela; null if none wins before the balls run out.
 */
export function firstWin(state: RoomStateJson): { calls: number; cartelaNumber: number } | null {
  const called = [...state.calledNumbers];
  for (let i = 0; i < state.remaining.length; i++) {
    called.push(state.remaining[i]!);
    for (const c of state.cartelas) {
      if (checkClaim({ card: c.card, patternId: state.patternId, calledNumbers: called }).winner) {
        return { calls: i + 1, cartelaNumber: c.cartelaNumber };
      }
    }
  }
  return null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The game's event log as stored. */
export async function eventsOf(database: Database, gameUuid: string) {
  return rowsOf<{
    seq: number;
    type: string;
    action: Record<string, unknown>;
    result: Record<string, unknown>;
  }>(
    await database.db.execute(
      sql`SELECT seq, type, action, result FROM game_events WHERE game_id = ${gameUuid} ORDER BY seq`,
    ),
  );
}
