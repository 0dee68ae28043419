// Test helpers for the agents, coins and super agents suites: calling the API as someone, the money state of
// the database (to prove that a refused request changed nothing), and the balance = sum of ledger check.
import type { RouteDef } from '@cartela/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/client.js';
import { bearer, createAdmin, createAgent, createSuperAgent, loginAs } from './helpers.js';

export type Call = (
  method: RouteDef['method'],
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

/** Calls the API with the token (none when null). */
export function caller(app: FastifyInstance, token: string | null): Call {
  return (method, url, payload) =>
    app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** An admin, an agent and a super agent, signed in, and a caller for each (and one without a token). */
export async function signedInCallers(app: FastifyInstance, database: Database) {
  const [admin, agent, superAgent] = await Promise.all([
    createAdmin(database),
    createAgent(database),
    createSuperAgent(database),
  ]);
  return {
    admin,
    asAdmin: caller(app, await loginAs(app, admin)),
    asAgent: caller(app, await loginAs(app, agent)),
    asSuperAgent: caller(app, await loginAs(app, superAgent)),
    anonymous: caller(app, null),
  };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Everything the network's and the games' use cases write: users (without updated_at), ledger, agreements,
 * earnings, games and their event log. Two equal snapshots mean a request changed nothing.
 */
export async function networkState(database: Database): Promise<unknown> {
  const q = async (query: ReturnType<typeof sql>) => rowsOf(await database.db.execute(query));
  return {
    users: await q(sql`
      SELECT id, username, password_hash, role, is_active, contact, financial_model, virtual_coins,
             commission_percentage, system_commission_share, platform_commission_rate, total_earnings,
             winning_patterns, notes, token_version, deleted_at
      FROM users ORDER BY id`),
    ledger: await q(sql`SELECT * FROM coin_ledger ORDER BY id`),
    agreements: await q(sql`
      SELECT id, agent_id, super_agent_id, super_agent_commission_rate, notes, is_active, ended_at
      FROM super_agent_agreements ORDER BY id`),
    earnings: await q(sql`SELECT * FROM super_agent_earnings ORDER BY id`),
    games: await q(sql`SELECT * FROM games ORDER BY id`),
    gameEvents: await q(sql`SELECT * FROM game_events ORDER BY game_id, seq`),
  };
}

/** Runs the request, expects its refusal, and that the database is exactly as it was. */
export async function expectRefusedUnchanged(
  database: Database,
  request: () => Promise<LightMyRequestResponse>,
  status: number,
  body?: Record<string, unknown>,
): Promise<void> {
  const before = await networkState(database);
  const res = await request();
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  if (body) expect(res.json()).toEqual(body);
  expect(await networkState(database)).toEqual(before);
}

/** The agent's balance, the sum of its ledger deltas, and its ledger rows (by balance before, then after). */
export async function coinsOf(database: Database, agentId: string) {
  const [user] = rowsOf<{ virtual_coins: string | number }>(
    await database.db.execute(sql`SELECT virtual_coins FROM users WHERE id = ${agentId}`),
  );
  const ledger = rowsOf<{ delta: string; balance_before: string; balance_after: string; reason: string }>(
    await database.db.execute(sql`
      SELECT delta, balance_before, balance_after, reason FROM coin_ledger
      WHERE agent_id = ${agentId} ORDER BY balance_before, balance_after`),
  ).map((r) => ({
    delta: Number(r.delta),
    before: Number(r.balance_before),
    after: Number(r.balance_after),
    reason: r.reason,
  }));
  return {
    balance: Number(user!.virtual_coins),
    ledgerSum: ledger.reduce((sum, r) => sum + r.delta, 0),
    ledger,
  };
}

/** A route's path with every `:param` filled with a (random, well-formed) id. */
export const pathOf = (route: RouteDef) =>
  route.path.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000');
