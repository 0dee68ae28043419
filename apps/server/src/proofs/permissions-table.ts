// THE permissions table (issue 21): for every route of the API, who may call it, how to make a meaningful
// request - its path pointing at agent A's own things, a valid body - and what each kind of caller gets.
// permissions.test.ts reads the routes from the OpenAPI document and fails for a route without a row here, and
// for a row whose route the document no longer has.
//
// How to read a row. `access` (and `beforePasswordChange`) is the route's audience as packages/contract declares
// it, written here once more on purpose: the server enforces the contract, so an expectation taken from the
// contract alone would move with it, and a route opened by mistake there would pass. The test checks that the
// two agree, so a change of access is a change of this table too, reviewed as such. What each caller gets is
// derived from it (byAccess below): the four callers without a usable session get 401, a role the route does
// not allow 403 FORBIDDEN, an account with a demo password 403 PASSWORD_CHANGE_REQUIRED except on the routes
// marked beforePasswordChange, everyone else the route's success status. Under the access, the row-level rule
// (`rule`) is the module's own policy (modules/<module>/policy.ts, docs/decisions/070-policy-layer.md), asked for
// each caller the access lets through: agent B asking for A's game gets the games policy's refusal, 404. The
// policy is the server's too, so the matrix proves the server keeps it on every route (a query that forgot it
// answers B, and fails here); each policy's own test states the rule by hand. A row writes down its request,
// its rule and the checks on an allowed answer.
//
// The test also checks, for EVERY row: a refusal's body is the error model { message, code } with the code
// below; the refused callers run first and the database is exactly as it was after them (every table's rows
// compared); no answer to agent B or to super-charlie (B's super agent) holds an identifier of A's side of the
// network (A, its neighbour, super-of-alpha, their games, cartela copies, ledger, earnings, payments, A's voice
// pack) unless the request itself named it; and B's row-level refusal for A's thing is the very answer for a
// thing that does not exist (B cannot even tell it is there).
import type { ErrorCode, Role, RouteAccess } from '@cartela/contract';
import { PATTERN_IDS } from '@cartela/core';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { UserRow } from '../db/schema.js';
import { type AppError, isAppError } from '../errors.js';
import { statementOf } from '../modules/coins/policy.js';
import { can as canOnGame, gameNotFound } from '../modules/games/policy.js';
import { reportScope } from '../modules/reports/policy.js';
import { canUse as canUsePack, notAvailable, voiceFileNotFound } from '../modules/voice-packs/policy.js';
import { aCard, type Req, voicePackZip, type World } from './permissions-world.js';

// ---------------------------------------------------------------------------------------------------------
// Who calls
// ---------------------------------------------------------------------------------------------------------

type Session = 'none' | 'expired' | 'superseded' | 'deactivated' | 'demo-password' | 'valid';

interface Caller {
  /** The role the token claims (null: no token). */
  role: Role | null;
  session: Session;
  about: string;
}

/** Every kind of caller, in the order the allowed ones are tried (the refused ones go first, whatever order). */
export const CALLERS = {
  anonymous: { role: null, session: 'none', about: 'no Authorization header' },
  expired: {
    role: 'agent',
    session: 'expired',
    about: "agent A's claims, signed with the server's secret, exp an hour ago",
  },
  oldPassword: {
    role: 'agent',
    session: 'superseded',
    about: "agent A's token from before A changed its password through the API",
  },
  deactivated: {
    role: 'agent',
    session: 'deactivated',
    about: 'agent-echo: signed in, then deactivated by the admin through the API',
  },
  demoPassword: {
    role: 'agent',
    session: 'demo-password',
    about: 'agent-foxtrot: signed in, must still replace its published demo password',
  },
  admin: { role: 'admin', session: 'valid', about: 'the admin' },
  agentA: { role: 'agent', session: 'valid', about: 'agent-alpha: owns everything the requests point at' },
  agentB: { role: 'agent', session: 'valid', about: 'agent-bravo: another agent, under super-charlie' },
  superOfA: { role: 'super-agent', session: 'valid', about: "super-of-alpha: A's super agent" },
  otherSuper: { role: 'super-agent', session: 'valid', about: "super-charlie: B's super agent" },
} as const satisfies Record<string, Caller>;

export type CallerName = keyof typeof CALLERS;
export const CALLER_NAMES = Object.keys(CALLERS) as CallerName[];

/** An answer: a success status, or a refusal with the code of its { message, code } body (and its message). */
export interface Outcome {
  status: number;
  code?: ErrorCode;
  message?: string;
}

/** The audiences of packages/contract's routes. */
const PUBLIC: RouteAccess = 'public';
const SIGNED_IN: RouteAccess = 'authenticated';
const ADMIN: RouteAccess = ['admin'];
const AGENT: RouteAccess = ['agent'];
const AGENT_OR_ADMIN: RouteAccess = ['agent', 'admin'];
const SUPER_AGENT: RouteAccess = ['super-agent'];

/**
 * What a caller gets from a route by its `access` alone (apps/server/src/plugins/auth.ts, in its order): the
 * token first (missing 401 UNAUTHORIZED; expired or from before a password change 401 TOKEN_EXPIRED; its account
 * deactivated 401 ACCOUNT_INACTIVE), then the role (403 FORBIDDEN), then the demo password (403
 * PASSWORD_CHANGE_REQUIRED but on the few routes that let the account replace it). A public route never reads
 * the token.
 */
export function byAccess(
  caller: CallerName,
  route: { access: RouteAccess; beforePasswordChange?: boolean; success: number },
): Outcome {
  const { role, session } = CALLERS[caller] as Caller;
  if (route.access === 'public') return { status: route.success };
  if (session === 'none') return { status: 401, code: 'UNAUTHORIZED' };
  if (session === 'expired' || session === 'superseded') return { status: 401, code: 'TOKEN_EXPIRED' };
  if (session === 'deactivated') return { status: 401, code: 'ACCOUNT_INACTIVE' };
  if (route.access !== 'authenticated' && !route.access.includes(role!)) {
    return { status: 403, code: 'FORBIDDEN' };
  }
  if (session === 'demo-password' && !route.beforePasswordChange) {
    return { status: 403, code: 'PASSWORD_CHANGE_REQUIRED' };
  }
  return { status: route.success };
}

// ---------------------------------------------------------------------------------------------------------
// The rows
// ---------------------------------------------------------------------------------------------------------

export interface RowContext {
  w: World;
  caller: CallerName;
  /** What the row's `target` made ('' without one). */
  target: string;
}

export interface Row {
  /** Who may call the route: packages/contract's `access` (the test checks they agree). */
  access: RouteAccess;
  /** The contract's beforePasswordChange: callable by an account that must still replace a demo password. */
  beforePasswordChange?: true;
  /** A throwaway made before the row's first request, for a route that ends or destroys what it touches. */
  target?: (w: World) => Promise<string>;
  /** The request: the path pointing at A's things, a valid body. */
  request: (ctx: RowContext) => Req | Promise<Req>;
  /**
   * The row-level rule: the route's module policy asked for the caller (and what the request points at), its
   * refusal, or null when it allows. Asked only of a caller the access lets through.
   */
  rule?: (who: PolicyUser, ctx: { w: World; caller: CallerName }) => AppError | null;
  /** A sign-out ends the session it is sent with: each allowed caller sends a new session of its own. */
  freshSession?: true;
  /** Checks of an allowed caller's answer (its status is already checked). */
  check?: (res: LightMyRequestResponse, ctx: RowContext) => void | Promise<void>;
}

/** Who the policies judge: the caller's user. */
type PolicyUser = Pick<UserRow, 'id' | 'role'>;

/** The refusal a policy throws, or null when it lets the caller through. */
function refusalOf(decide: () => unknown): AppError | null {
  try {
    decide();
    return null;
  } catch (err) {
    if (isAppError(err)) return err;
    throw err;
  }
}

/**
 * What the caller gets from the row: byAccess, and for a caller the access lets through, the refusal of the
 * row's rule or the success status. `rowLevel`: the answer is the rule's refusal, which must not tell A's thing
 * from nothing.
 */
export function expectedOf(
  row: Row,
  caller: CallerName,
  w: World,
  success: number,
): { outcome: Outcome; rowLevel: boolean } {
  const outcome = byAccess(caller, {
    access: row.access,
    beforePasswordChange: row.beforePasswordChange === true,
    success,
  });
  if (outcome.status >= 400 || !row.rule) return { outcome, rowLevel: false };
  const who = { id: w.idOf(caller)!, role: CALLERS[caller].role! };
  const refusal = row.rule(who, { w, caller });
  if (!refusal) return { outcome, rowLevel: false };
  return {
    outcome: { status: refusal.status, code: refusal.code, message: refusal.message },
    rowLevel: true,
  };
}

/** The JSON answer. */
const body = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json() as T;

type Listed = { agentId: string }[];

/** Each listed row belongs to the caller (and there is at least one). */
function allOwn(list: Listed, ctx: RowContext) {
  expect(list.length, `${ctx.caller} has rows to list`).toBeGreaterThan(0);
  expect(new Set(list.map((r) => r.agentId))).toEqual(new Set([ctx.w.idOf(ctx.caller)]));
}

/** The games policy on a game of A (every game a row points at is A's). */
const gamesRule =
  (action: 'read' | 'act'): Row['rule'] =>
  (who, { w }) =>
    canOnGame(who, action, { agentId: w.users.a.user.id }) ? null : gameNotFound();

/** A read of A's game (`path` after its id): whom the games policy lets read it (A, the admin), others 404. */
const readOfGameOfA = (path: string, access: RouteAccess, action: 'read' | 'act' = 'read'): Row => ({
  access,
  request: ({ w }) => ({ url: `/api/games/${w.a.game.id}${path}` }),
  rule: gamesRule(action),
});

/**
 * An action on a fresh game of A (its own, so that the action is allowed and ends or changes only it): whom the
 * games policy does not let act on it (B) is told the game does not exist, and its refusal changed nothing (the
 * database is compared).
 */
const actionOnGameOfA = (
  action: string,
  game: { calls?: number; paused?: boolean } = {},
  payload?: unknown,
): Row => ({
  access: AGENT,
  target: (w) => w.freshGameOfA(game),
  request: ({ target }) => ({ url: `/api/games/${target}/${action}`, payload }),
  rule: gamesRule('act'),
});

/** The agent a report request names: none for A (it reads its own), A for the others (the admin reads A's). */
const namedAgent = ({ w, caller }: { w: World; caller: CallerName }) =>
  caller === 'agentA' ? undefined : w.users.a.user.id;
const reportUrl = (path: string, ctx: RowContext) => {
  const named = namedAgent(ctx);
  return named === undefined ? path : `${path}?agentId=${named}`;
};
/** The reports policy: naming an agent is the admin's (B asking for A's report is a 400). */
const reportsRule: Row['rule'] = (who, ctx) => refusalOf(() => reportScope(who, namedAgent(ctx)));

/** The coins policy: naming an agent is the admin's (B asking for A's statement is a 400, as for anyone's). */
const statementRule: Row['rule'] = (who, ctx) => refusalOf(() => statementOf(who, namedAgent(ctx)));

const uniqueName = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

export const PERMISSIONS: Record<string, Row> = {
  // -- Public: the token is never read, whoever sends one.
  'GET /api/health': { access: PUBLIC, request: () => ({ url: '/api/health' }) },
  // A game as anyone may check it, by its public id (decision 074): no row-level rule, nothing of the network.
  'GET /api/public/games/:gameId': {
    access: PUBLIC,
    request: ({ w }) => ({ url: `/api/public/games/${w.a.game.gameId}` }),
    check: (res, { w }) => {
      const { game } = body<{ game: Record<string, unknown> }>(res);
      expect(game.gameId).toBe(w.a.game.gameId);
      expect(game.seed).toBeNull();
      expect(res.body).not.toContain(w.users.a.user.id);
    },
  },
  'GET /api/public/address': { access: PUBLIC, request: () => ({ url: '/api/public/address' }) },
  'POST /api/auth/login': {
    access: PUBLIC,
    request: ({ w }) => ({
      url: '/api/auth/login',
      payload: { username: w.users.a.user.username, password: w.users.a.password },
    }),
    check: (res, { w }) => expect(body<{ user: { id: string } }>(res).user.id).toBe(w.users.a.user.id),
  },
  'POST /api/super-agents/login': {
    access: PUBLIC,
    request: ({ w }) => ({
      url: '/api/super-agents/login',
      payload: { username: w.users.superOfA.user.username, password: w.users.superOfA.password },
    }),
  },

  // -- Oneself: beforePasswordChange in the contract, so the demo-password account may call them.
  'GET /api/auth/me': {
    access: SIGNED_IN,
    beforePasswordChange: true,
    request: () => ({ url: '/api/auth/me' }),
    check: (res, { w, caller }) => expect(body<{ user: { id: string } }>(res).user.id).toBe(w.idOf(caller)),
  },
  'PUT /api/auth/profile': {
    access: SIGNED_IN,
    beforePasswordChange: true,
    request: () => ({ url: '/api/auth/profile', payload: { language: 'en' } }),
    check: (res, { w, caller }) => expect(body<{ user: { id: string } }>(res).user.id).toBe(w.idOf(caller)),
  },
  'POST /api/auth/logout': {
    access: SIGNED_IN,
    beforePasswordChange: true,
    request: () => ({ url: '/api/auth/logout' }),
    freshSession: true,
  },
  'GET /api/super-agents/profile': {
    access: SUPER_AGENT,
    beforePasswordChange: true,
    request: () => ({ url: '/api/super-agents/profile' }),
    check: (res, { w, caller }) =>
      expect(body<{ superAgent: { id: string } }>(res).superAgent.id).toBe(w.idOf(caller)),
  },

  // -- The system cartelas and their balance (the admin's).
  'GET /api/cartelas': { access: ADMIN, request: () => ({ url: '/api/cartelas' }) },
  'GET /api/cartelas/:id': { access: ADMIN, request: () => ({ url: '/api/cartelas/7' }) },
  'PUT /api/cartelas/:id': {
    access: ADMIN,
    request: () => ({ url: '/api/cartelas/7', payload: { isActive: true } }),
  },
  'PUT /api/cartelas/:id/patterns': {
    access: ADMIN,
    request: () => ({ url: '/api/cartelas/7/patterns', payload: { winningPatterns: [...PATTERN_IDS] } }),
  },
  'PUT /api/cartelas/:id/card': {
    access: ADMIN,
    request: () => ({ url: '/api/cartelas/8/card', payload: { bingoCard: aCard() } }),
  },
  'PUT /api/cartelas/bulk-update-patterns': {
    access: ADMIN,
    request: () => ({
      url: '/api/cartelas/bulk-update-patterns',
      payload: { updates: [{ cartelaNumber: 9, winningPatterns: [...PATTERN_IDS] }] },
    }),
  },
  'POST /api/cartelas/generate': {
    access: ADMIN,
    request: () => ({ url: '/api/cartelas/generate', payload: { count: 1 } }),
  },
  'GET /api/balance/stats': { access: ADMIN, request: () => ({ url: '/api/balance/stats' }) },
  'POST /api/balance/rebalance': {
    access: ADMIN,
    request: () => ({ url: '/api/balance/rebalance', payload: {} }),
  },
  'POST /api/balance/regenerate': {
    access: ADMIN,
    request: () => ({ url: '/api/balance/regenerate', payload: { preserveCartelaNumbers: true } }),
  },

  // -- A's cartela copies (the admin's): A holds 1-20; 18-20 are in no game.
  'GET /api/cartelas/agent/:agentId': {
    access: ADMIN,
    request: ({ w }) => ({ url: `/api/cartelas/agent/${w.users.a.user.id}` }),
    check: (res, ctx) =>
      allOwnOf(body<{ assignedCartelas: Listed }>(res).assignedCartelas, ctx.w.users.a.user.id),
  },
  'POST /api/cartelas/agent/:agentId/assign': {
    access: ADMIN,
    request: ({ w }) => ({
      url: `/api/cartelas/agent/${w.users.a.user.id}/assign`,
      payload: { cartelaNumbers: [250] },
    }),
  },
  'POST /api/cartelas/agent/:agentId/auto-assign': {
    access: ADMIN,
    request: ({ w }) => ({
      url: `/api/cartelas/agent/${w.users.a.user.id}/auto-assign`,
      payload: { count: 1 },
    }),
  },
  'PUT /api/cartelas/agent/:agentId/cartela/:n': {
    access: ADMIN,
    request: ({ w }) => ({
      url: `/api/cartelas/agent/${w.users.a.user.id}/cartela/19`,
      payload: { bingoCard: aCard() },
    }),
  },
  'POST /api/cartelas/agent/:agentId/cartela/:n/generate': {
    access: ADMIN,
    request: ({ w }) => ({ url: `/api/cartelas/agent/${w.users.a.user.id}/cartela/18/generate` }),
  },
  'DELETE /api/cartelas/agent/:agentId/cartela/:n': {
    access: ADMIN,
    request: ({ w }) => ({ url: `/api/cartelas/agent/${w.users.a.user.id}/cartela/20` }),
  },
  // An agent's own copies (two names for one list): each agent sees its own, never another's.
  'GET /api/cartelas/my-cartelas': {
    access: AGENT,
    request: () => ({ url: '/api/cartelas/my-cartelas' }),
    check: (res, ctx) => allOwn(body<{ assignedCartelas: Listed }>(res).assignedCartelas, ctx),
  },
  'GET /api/games/my-cartelas': {
    access: AGENT,
    request: () => ({ url: '/api/games/my-cartelas' }),
    check: (res, ctx) => allOwn(body<{ assignedCartelas: Listed }>(res).assignedCartelas, ctx),
  },

  // -- Agents, coins and users (the admin's).
  'GET /api/users': { access: ADMIN, request: () => ({ url: '/api/users' }) },
  'GET /api/users/agents': { access: ADMIN, request: () => ({ url: '/api/users/agents' }) },
  'POST /api/users/agents': {
    access: ADMIN,
    request: () => ({
      url: '/api/users/agents',
      payload: { username: uniqueName('new-agent'), password: 'a-new-password' },
    }),
  },
  'PUT /api/users/agents/:id': {
    access: ADMIN,
    request: ({ w }) => ({
      url: `/api/users/agents/${w.users.a.user.id}`,
      payload: { contact: '+251 911 000 001' },
    }),
  },
  'POST /api/users/agents/:id/add-coins': {
    access: ADMIN,
    request: ({ w }) => ({
      url: `/api/users/agents/${w.users.a.user.id}/add-coins`,
      payload: { coins: 10, etbAmount: 10 },
    }),
  },
  'DELETE /api/users/agents/:id': {
    access: ADMIN,
    target: (w) => w.throwawayAgent(),
    request: ({ target }) => ({ url: `/api/users/agents/${target}` }),
  },

  // -- Super agents as the admin manages them.
  'GET /api/super-agents': { access: ADMIN, request: () => ({ url: '/api/super-agents' }) },
  'POST /api/super-agents': {
    access: ADMIN,
    request: () => ({
      url: '/api/super-agents',
      payload: { username: uniqueName('new-super'), password: 'a-new-password' },
    }),
  },
  'PUT /api/super-agents/:id': {
    access: ADMIN,
    request: ({ w }) => ({
      url: `/api/super-agents/${w.users.superOfA.user.id}`,
      payload: { contact: '+251 911 000 002' },
    }),
  },
  'POST /api/super-agents/assign-agent': {
    access: ADMIN,
    // A again under super-of-alpha: a new agreement replaces the one in force.
    request: ({ w }) => ({
      url: '/api/super-agents/assign-agent',
      payload: {
        agentId: w.users.a.user.id,
        superAgentId: w.users.superOfA.user.id,
        superAgentCommissionRate: 20,
      },
    }),
  },
  'GET /api/super-agents/agreements': {
    access: ADMIN,
    request: () => ({ url: '/api/super-agents/agreements' }),
  },
  'GET /api/super-agents/:id/earnings': {
    access: ADMIN,
    request: ({ w }) => ({ url: `/api/super-agents/${w.users.superOfA.user.id}/earnings?period=all` }),
  },
  'PUT /api/super-agents/earnings/:id/mark-paid': {
    access: ADMIN,
    target: (w) => w.pendingEarningOnA(),
    request: ({ target }) => ({ url: `/api/super-agents/earnings/${target}/mark-paid`, payload: {} }),
    check: (res) => expect(body<{ earning: { status: string } }>(res).earning.status).toBe('paid'),
  },
  'PUT /api/super-agents/earnings/:id/mark-pending': {
    access: ADMIN,
    target: async (w) => {
      const id = await w.pendingEarningOnA();
      await w.asAdmin('PUT', { url: `/api/super-agents/earnings/${id}/mark-paid`, payload: {} });
      return id;
    },
    request: ({ target }) => ({ url: `/api/super-agents/earnings/${target}/mark-pending` }),
    check: (res) => expect(body<{ earning: { status: string } }>(res).earning.status).toBe('pending'),
  },

  // -- A super agent's own dashboard: the id is the session's. Each sees its own agents, none of the other's.
  'GET /api/super-agents/overview': {
    access: SUPER_AGENT,
    request: () => ({ url: '/api/super-agents/overview' }),
    check: (res, { caller }) =>
      // super-of-alpha has A and share-delta; super-charlie has B.
      expect(body<{ activeAgentsCount: number }>(res).activeAgentsCount).toBe(caller === 'superOfA' ? 2 : 1),
  },
  'GET /api/super-agents/agents': {
    access: SUPER_AGENT,
    request: () => ({ url: '/api/super-agents/agents' }),
    check: (res, { w, caller }) => {
      const ids = body<{ agents: { agentId: { id: string } }[] }>(res).agents.map((l) => l.agentId.id);
      const own = caller === 'superOfA' ? [w.users.a, w.users.shareAgent] : [w.users.b];
      expect(new Set(ids)).toEqual(new Set(own.map((u) => u.user.id)));
    },
  },
  'GET /api/super-agents/earnings': {
    access: SUPER_AGENT,
    request: () => ({ url: '/api/super-agents/earnings?period=month' }),
    check: (res, { w, caller }) => {
      const agents = body<{ payments: Listed }>(res).payments.map((p) => p.agentId);
      const own = caller === 'superOfA' ? [w.users.a, w.users.shareAgent] : [w.users.b];
      // Both had a top-up this month: A under super-of-alpha, B under super-charlie.
      expect(agents).toContain(own[0]!.user.id);
      expect(agents.filter((id) => !own.some((u) => u.user.id === id))).toEqual([]);
    },
  },

  // -- Commission (the admin's): share-delta's settings and payments.
  'GET /api/commission/summary': { access: ADMIN, request: () => ({ url: '/api/commission/summary' }) },
  'GET /api/commission/payments': { access: ADMIN, request: () => ({ url: '/api/commission/payments' }) },
  'GET /api/commission/settings': { access: ADMIN, request: () => ({ url: '/api/commission/settings' }) },
  'PUT /api/commission/settings/:id': {
    access: ADMIN,
    request: ({ w }) => ({
      url: `/api/commission/settings/${w.users.shareAgent.user.id}`,
      payload: { adminCommissionRate: 20 },
    }),
  },
  'POST /api/commission/generate-daily': {
    access: ADMIN,
    // A day with one more counted game: the admin's request creates its payment.
    target: (w) => w.nextShareGameDay(),
    request: ({ target }) => ({ url: '/api/commission/generate-daily', payload: { date: target } }),
    check: (res) => expect(body<{ created: number }>(res).created).toBe(1),
  },
  'PUT /api/commission/payments/:id/mark-paid': {
    access: ADMIN,
    target: (w) => w.pendingPayment(),
    request: ({ target }) => ({ url: `/api/commission/payments/${target}/mark-paid`, payload: {} }),
    check: (res) => expect(body<{ payment: { status: string } }>(res).payment.status).toBe('paid'),
  },
  'PUT /api/commission/payments/:id/mark-pending': {
    access: ADMIN,
    target: async (w) => {
      const id = await w.pendingPayment();
      await w.asAdmin('PUT', { url: `/api/commission/payments/${id}/mark-paid`, payload: {} });
      return id;
    },
    request: ({ target }) => ({ url: `/api/commission/payments/${target}/mark-pending` }),
    check: (res) => expect(body<{ payment: { status: string } }>(res).payment.status).toBe('pending'),
  },

  // -- Statistics: an agent's are its own; B has no finished game, A has.
  'GET /api/stats/agent': {
    access: AGENT,
    request: () => ({ url: '/api/stats/agent?period=week' }),
    check: async (res, { w, caller }) => {
      const stats = body<{ totalGames: number; totalEarnings: number; virtualCoins: number }>(res);
      if (caller === 'agentB') expect([stats.totalGames, stats.totalEarnings]).toEqual([0, 0]);
      else expect(stats.totalGames).toBeGreaterThan(0);
      expect(stats.virtualCoins).toBe(await w.coinsOf(w.idOf(caller)!));
    },
  },
  'GET /api/stats/admin': { access: ADMIN, request: () => ({ url: '/api/stats/admin' }) },
  'GET /api/stats/payments': { access: ADMIN, request: () => ({ url: '/api/stats/payments' }) },

  // -- Games. An agent creates and lists its own; the admin lists all and reads any.
  'POST /api/games': {
    access: AGENT,
    request: () => ({
      url: '/api/games',
      payload: { stake: 10, cartelaNumbers: [1, 2, 3, 4, 5], selectedPattern: 'full-house' },
    }),
    check: (res, { w, caller }) =>
      expect(body<{ game: { agentId: string } }>(res).game.agentId).toBe(w.idOf(caller)),
  },
  'GET /api/games/my-games': {
    access: AGENT,
    request: () => ({ url: '/api/games/my-games' }),
    check: (res, ctx) => allOwn(body<{ games: Listed }>(res).games, ctx),
  },
  'GET /api/games/all': { access: ADMIN, request: () => ({ url: '/api/games/all' }) },
  'GET /api/games/:id': {
    ...readOfGameOfA('', AGENT_OR_ADMIN),
    check: (res, { w }) => expect(body<{ game: { id: string } }>(res).game.id).toBe(w.a.game.id),
  },
  // The room's state is for the game's own agent only (not the admin): the agent that acts on it.
  'GET /api/games/:id/state': readOfGameOfA('/state', AGENT, 'act'),
  'GET /api/games/:id/cartelas': readOfGameOfA('/cartelas', AGENT_OR_ADMIN),
  'GET /api/games/:id/cartela/:n': {
    ...readOfGameOfA('', AGENT_OR_ADMIN),
    // One of the game's own cartelas.
    request: ({ w }) => ({ url: `/api/games/${w.a.game.id}/cartela/${w.a.game.cartelaNumbers[0]}` }),
  },
  'POST /api/games/:id/call-number': actionOnGameOfA('call-number'),
  'POST /api/games/:id/pause': actionOnGameOfA('pause'),
  'POST /api/games/:id/resume': actionOnGameOfA('resume', { paused: true }),
  'POST /api/games/:id/shuffle-numbers': actionOnGameOfA('shuffle-numbers'),
  'POST /api/games/:id/finish': actionOnGameOfA('finish', { calls: 1 }),
  // Before any call: A's coins come back, so B's refusal is also proved to leave A's ledger alone.
  'POST /api/games/:id/cancel': actionOnGameOfA('cancel', {}, { reason: 'the hall closes early' }),
  'POST /api/games/:id/validate-winner': actionOnGameOfA(
    'validate-winner',
    { calls: 1 },
    { cartelaNumber: 1 },
  ),
  'POST /api/games/:id/events': {
    ...actionOnGameOfA('events'),
    request: async ({ w, target }) => ({
      url: `/api/games/${target}/events`,
      payload: {
        events: [{ seq: (await w.lastSeqOf(target)) + 1, at: new Date().toISOString(), type: 'pause' }],
      },
    }),
  },

  // -- Voice packs: the admin manages them; A's pack is offered to A alone.
  'GET /api/voice-packs': { access: ADMIN, request: () => ({ url: '/api/voice-packs' }) },
  'POST /api/voice-packs': {
    access: ADMIN,
    request: () => ({
      url: `/api/voice-packs?name=${uniqueName('new-pack')}&language=am`,
      payload: voicePackZip(),
      headers: { 'content-type': 'application/zip' },
    }),
  },
  'GET /api/voice-packs/:id': {
    access: ADMIN,
    request: ({ w }) => ({ url: `/api/voice-packs/${w.a.pack}` }),
  },
  'PUT /api/voice-packs/:id': {
    access: ADMIN,
    request: ({ w }) => ({
      url: `/api/voice-packs/${w.a.pack}`,
      payload: { offeredTo: { agentIds: [w.users.a.user.id] } },
    }),
  },
  'DELETE /api/voice-packs/:id': {
    access: ADMIN,
    target: (w) => w.throwawayPackOfA(),
    request: ({ target }) => ({ url: `/api/voice-packs/${target}` }),
  },
  'GET /api/voice-packs/available': {
    access: AGENT,
    request: () => ({ url: '/api/voice-packs/available' }),
    check: (res, { w, caller }) => {
      const ids = body<{ packs: { id: string }[] }>(res).packs.map((p) => p.id);
      if (caller === 'agentA') expect(ids).toContain(w.a.pack);
    },
  },
  'PUT /api/voice-packs/selected': {
    access: AGENT,
    request: ({ w }) => ({ url: '/api/voice-packs/selected', payload: { packId: w.a.pack } }),
    // Not offered to B: the server answers as for any pack B may not choose.
    rule: (who, { w }) => (canUsePack(who, w.a.packOffer) ? null : notAvailable()),
  },
  'GET /api/voice-packs/:id/files/*': {
    access: AGENT_OR_ADMIN,
    request: ({ w }) => ({ url: `/api/voice-packs/${w.a.pack}/files/b-voices/b1.mp3` }),
    // Not offered to B: 404, as for a pack that does not exist.
    rule: (who, { w }) => (canUsePack(who, w.a.packOffer) ? null : voiceFileNotFound()),
    check: (res) => expect(res.headers['content-type']).toBe('audio/mpeg'),
  },

  // -- Reports: the admin's of any agent, an agent's of its own.
  'GET /api/reports/games': {
    access: AGENT_OR_ADMIN,
    request: (ctx) => ({ url: reportUrl('/api/reports/games', ctx) }),
    // An agent may not filter by agent (it sees its own games): B asking for A's report is a 400.
    rule: reportsRule,
    check: (res, { w }) => allOwnOf(body<{ games: Listed }>(res).games, w.users.a.user.id),
  },
  'GET /api/reports/games/export': {
    access: AGENT_OR_ADMIN,
    request: (ctx) => ({ url: reportUrl('/api/reports/games/export', ctx) }),
    rule: reportsRule,
    check: (res, { w }) => {
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.body).toContain(w.a.finishedGame.gameId);
    },
  },

  // -- The coin statement: an agent's own, the admin's of the agent it names.
  'GET /api/coins/statement': {
    access: AGENT_OR_ADMIN,
    request: (ctx) => ({ url: reportUrl('/api/coins/statement', ctx) }),
    rule: statementRule,
    check: (res, { w }) => {
      const statement = body<{ agent: { id: string }; rows: { reason: string }[] }>(res);
      expect(statement.agent.id).toBe(w.users.a.user.id);
      expect(statement.rows.map((r) => r.reason)).toContain('top-up');
    },
  },
  'GET /api/coins/statement/export': {
    access: AGENT_OR_ADMIN,
    request: (ctx) => ({ url: reportUrl('/api/coins/statement/export', ctx) }),
    rule: statementRule,
    check: (res) => {
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.body).toContain(',Top-up,,5000,,');
    },
  },

  // -- The operator's metrics (plugins/metrics.ts), registered outside packages/contract (public to the access
  // hook; this row is then its only statement of access): readable from loopback, which app.inject is, whatever
  // the Authorization header says (or from anywhere with METRICS_TOKEN; from elsewhere without it, 404:
  // plugins/metrics.test.ts).
  'GET /api/metrics': {
    access: PUBLIC,
    request: () => ({ url: '/api/metrics' }),
    check: (res) => {
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toContain('cartela_http_request_duration_seconds');
    },
  },
};

/** Every listed row is of this agent (and there is at least one). */
function allOwnOf(list: Listed, agentId: string) {
  expect(list.length).toBeGreaterThan(0);
  expect(new Set(list.map((r) => r.agentId))).toEqual(new Set([agentId]));
}
