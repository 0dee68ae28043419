// The set-up most API test files share, one call each at the top of the file: the file's app (started before its
// tests, closed after them), the usual signed-in callers, the games' world and its agent. Built on helpers.ts,
// games.ts and network.ts; what they make is ready inside hooks and tests, not when the file is read.
import { createHmac } from 'node:crypto';
import type { RouteDef } from '@cartela/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RoleName } from '../db/schema.js';
import { type GameAgentOptions, type GameCall, gameAgent, gamesWorld } from './games.js';
import {
  createUser,
  loginAs,
  startTestApp,
  TEST_JWT_SECRET,
  type TestApp,
  type UserInput,
} from './helpers.js';
import { type Call, caller, pathOf, signedInCallers } from './network.js';

/** The file's app: what startTestApp gives, but closed by the fixture itself. */
export type FileApp = Omit<TestApp, 'close'>;
type AppOptions = Parameters<typeof startTestApp>[0];

/** What `get` answers once a beforeAll has made it; a clear failure when read before. */
function ready<T>(get: () => T | undefined, what: string): T {
  const value = get();
  if (value === undefined) throw new Error(`${what} is made in beforeAll: use it inside a hook or a test`);
  return value;
}

/** A function usable from the file's top that forwards to the one a beforeAll makes. */
function forwarding<F extends (...args: never[]) => unknown>(get: () => F | undefined, what: string): F {
  return ((...args: Parameters<F>) => ready(get, what)(...args)) as F;
}

/** A fresh database and the app on it for this file (startTestApp's options), closed after its tests. */
export function useTestApp(options?: AppOptions): FileApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  const app = () => ready(() => started, 'The test app');
  return {
    get app() {
      return app().app;
    },
    get database() {
      return app().database;
    },
    get config() {
      return app().config;
    },
    another: () => app().another(),
  };
}

/**
 * An admin, an agent and a super agent made and signed in before the file's tests (network.ts'
 * signedInCallers): a caller for each, one without a token, and the admin's row and password.
 */
export function useCallers(t: FileApp) {
  let made: Awaited<ReturnType<typeof signedInCallers>> | undefined;
  beforeAll(async () => {
    made = await signedInCallers(t.app, t.database);
  });
  const as = (name: 'asAdmin' | 'asAgent' | 'asSuperAgent') => forwarding<Call>(() => made?.[name], name);
  return {
    asAdmin: as('asAdmin'),
    asAgent: as('asAgent'),
    asSuperAgent: as('asSuperAgent'),
    anonymous: ((method, url, payload) => caller(t.app, null)(method, url, payload)) as Call,
    get admin() {
      return ready(() => made?.admin, 'The admin');
    },
  };
}

/** A new user of the role, straight in the database, and its token from the real login route. */
export async function signedIn(t: FileApp, role: RoleName, input: Omit<UserInput, 'role'> = {}) {
  const who = await createUser(t.database, { ...input, role });
  return { ...who, token: await loginAs(t.app, who) };
}

/** The tokens of a new user of each role, in the same order. */
export async function tokensOf<const R extends readonly RoleName[]>(
  t: FileApp,
  roles: R,
): Promise<{ [K in keyof R]: string }> {
  return Promise.all(roles.map(async (role) => (await signedIn(t, role)).token)) as Promise<{
    [K in keyof R]: string;
  }>;
}

/** Calls the API with a token given per request (none when null or left out). */
export const tokenCaller =
  (t: FileApp) => (method: RouteDef['method'], url: string, token?: string | null, payload?: unknown) =>
    caller(t.app, token ?? null)(method, url, payload);

/** A request as tokenCaller takes it: method, url and, for a write, its body. */
export type TokenRequest = [RouteDef['method'], string, unknown?];

/** Each request is refused: 401 without a token, 403 FORBIDDEN to each of `tokens` (none an admin's). */
export async function expectAdminsOnly(t: FileApp, requests: TokenRequest[], tokens: readonly string[]) {
  const call = tokenCaller(t);
  for (const [method, url, payload] of requests) {
    const anonymous = await call(method, url, null, payload);
    expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHORIZED');
    for (const token of tokens) {
      const res = await call(method, url, token, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do this', code: 'FORBIDDEN' });
    }
  }
}

/** The games suites' world (games.ts): the 300 system cartelas and a signed-in admin, made before the tests. */
function useGamesWorld(t: FileApp): { asAdmin: GameCall } {
  let world: { asAdmin: GameCall } | undefined;
  beforeAll(async () => {
    world = await gamesWorld(t.app, t.database);
  });
  return { asAdmin: forwarding(() => world?.asAdmin, 'The games admin') };
}

/** An agent holding cartelas, with coins, signed in (games.ts' gameAgent), made before the file's tests. */
function useGameAgent(t: FileApp, asAdmin: GameCall, options: GameAgentOptions = {}) {
  let agent: Awaited<ReturnType<typeof gameAgent>> | undefined;
  beforeAll(async () => {
    agent = await gameAgent(t.app, t.database, asAdmin, options);
  });
  return {
    get user() {
      return ready(() => agent?.user, 'The game agent');
    },
    as: forwarding<GameCall>(() => agent?.as, 'The game agent'),
  };
}

/**
 * A games suite's file: its app (startTestApp's options), the games' world (`asAdmin`) and, with `agent`, an agent
 * made by gameAgent with those options (`a`).
 */
export function useGamesApp(options: AppOptions & { agent: GameAgentOptions }): {
  t: FileApp;
  asAdmin: GameCall;
  a: ReturnType<typeof useGameAgent>;
};
export function useGamesApp(options?: AppOptions): { t: FileApp; asAdmin: GameCall };
export function useGamesApp({ agent, ...options }: AppOptions & { agent?: GameAgentOptions } = {}) {
  const t = useTestApp(options);
  const { asAdmin } = useGamesWorld(t);
  return { t, asAdmin, ...(agent ? { a: useGameAgent(t, asAdmin, agent) } : {}) };
}

/**
 * One test per route: each caller of `forbidden` is refused 403 FORBIDDEN, then `anonymous` 401 UNAUTHORIZED (a
 * write is sent an empty body, a GET or DELETE none). `title` names the test, %s the route.
 */
export function itRefuses(
  title: string,
  routes: readonly RouteDef[],
  forbidden: () => Call[],
  anonymous: Call,
) {
  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))(title, async (_name, route) => {
    const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
    for (const [call, status, code] of [
      ...forbidden().map((call) => [call, 403, 'FORBIDDEN'] as const),
      [anonymous, 401, 'UNAUTHORIZED'] as const,
    ]) {
      const res = await call(route.method, pathOf(route), body);
      expect(res.statusCode).toBe(status);
      expect(res.json().code).toBe(code);
    }
  });
}

/** One test per route for the admins' routes: useCallers' agent and super agent (and `others`) get 403, no token 401. */
export function itAdminsOnly(
  routes: readonly RouteDef[],
  callers: Pick<ReturnType<typeof useCallers>, 'asAgent' | 'asSuperAgent' | 'anonymous'>,
  others: () => Call[] = () => [],
) {
  itRefuses(
    '%s: admins only; 403 for agents and super agents, 401 without a token',
    routes,
    () => [callers.asAgent, callers.asSuperAgent, ...others()],
    callers.anonymous,
  );
}

/** An HS256 token over `claims` signed with `secret`: by default what the server would sign, with any claims. */
export function signToken(claims: Record<string, unknown>, secret = TEST_JWT_SECRET): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** The claims of a token (its signature not checked). */
export function claimsOf<T = Record<string, unknown>>(token: string): T {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}
