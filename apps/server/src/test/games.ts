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

/** An agent holding `cartelas` (1-20 by default, assigned by the admin), with `coins`, signed in. */
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
  const numbers = options.cartelas ?? Array.from({ length: 20 }, (_, i) => i + 1);
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

/** Creates a game as the agent (stake 10, cartelas 1-5, full house unless told); expects 201. */
export async function newGame(as: GameCall, body: Record<string, unknown> = {}) {
  const res = await as('POST', '/api/games', {
    stake: 10,
    cartelaNumbers: [1, 2, 3, 4, 5],
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
