// Hostile input, for every route of the contract (issue 21): requests generated from each route's own schemas -
// right but for one field, wrong types, missing and extra fields, huge strings and lists, NaN-like and exponent
// strings, negative and fractional money, NUL, unicode, SQL and script snippets - and raw HTTP abuse below the
// schemas: malformed JSON, wrong content types, bodies over the limit, lying Content-Length, path and query
// abuse, odd headers. Each is sent as a caller the route allows, so it reaches validation and the handler.
// What must hold for every one of them:
//   - no 5xx, ever;
//   - every refusal is JSON in the error model { message, code } with one of the contract's codes;
//   - a refused request (4xx) changes nothing in the database (every table's rows, fingerprinted before and
//     after; an accepted one may, and the baseline then moves).
// The routes come from the contract's route groups, so a route added later is covered without a list to keep.
// HOSTILE_PER_ROUTE (default 25; `npm run proof` runs 200) sets the requests per route, HOSTILE_SEED the
// fast-check seed (fixed by default, printed with any failure). docs/RELIABILITY.md holds the last results.
import { randomUUID } from 'node:crypto';
import type { RouteDef } from '@cartela/contract';
import * as contract from '@cartela/contract';
import fc from 'fast-check';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokedSessions } from '../db/schema.js';
import { AppError } from '../errors.js';
import { startTestApp, type TestApp, usingPostgres } from '../test/helpers.js';
import { CHANGES_ON_REFUSAL } from './fingerprint.js';
import { planOf, type RoutePlan, requestsFor, validRequests } from './hostile-requests.js';
import { HOSTILE_CLOCK, HostileWorld } from './hostile-world.js';

/** A whole number from the environment, or the default; anything else stops the run (a typo is no setting). */
function setting(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isSafeInteger(value) || value < min)
    throw new Error(`${name}=${raw}: a whole number >= ${min}`);
  return value;
}

const PER_ROUTE = setting('HOSTILE_PER_ROUTE', 25, 3);
const SEED = setting('HOSTILE_SEED', 20_210_021, 0);
/** Requests of each route that are plausible in every part, sent first: whatever the seed, the handler is reached. */
const VALID_FIRST = 2;

const isRoute = (value: unknown): value is RouteDef =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;

/** Every route definition the contract exports, inside its route groups (authRoutes, gameRoutes, ...). */
const ROUTES: RouteDef[] = Object.values(contract).flatMap((group) =>
  typeof group === 'object' && group !== null ? Object.values(group).filter(isRoute) : [],
);
const PLANS: RoutePlan[] = ROUTES.map(planOf);

/** A route's own seed, from the run's: each route gets its own stream, and one route can be rerun alone. */
function seedOf(name: string): number {
  let h = SEED | 0;
  for (const char of name) h = Math.imul(h ^ char.charCodeAt(0), 0x01000193);
  return h >>> 0;
}

/**
 * A switch that makes one real route misbehave, for the proof that the proof catches it: the hook runs after
 * validation, just before the route's handler, exactly where a handler's own bug would show.
 */
const sabotage: { route: string | null; how: 'throw' | 'text' | 'write-then-refuse' | null } = {
  route: null,
  how: null,
};

let t: TestApp;
let world: HostileWorld;
const started = Date.now();

beforeAll(async () => {
  t = await startTestApp({
    now: HOSTILE_CLOCK,
    extraRoutes: (app) => {
      HostileWorld.instrument(app);
      app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
        if (!sabotage.how || `${request.method} ${request.routeOptions.url}` !== sabotage.route) return;
        // A bug that only some input meets (a stake over 1,000 birr): the generator has to find it.
        const stake = (request.body as { stake?: unknown } | undefined)?.stake;
        if (sabotage.how === 'throw' && typeof stake === 'number' && stake > 1_000)
          throw new Error('sabotaged: the handler failed');
        if (sabotage.how === 'throw') return;
        if (sabotage.how === 'text') return reply.code(400).type('text/plain').send('bad request');
        await t.database.db
          .insert(revokedSessions)
          .values({ tokenId: randomUUID(), expiresAt: new Date(Date.now() + 3_600_000) });
        throw new AppError('CONFLICT', 'sabotaged: refused after writing');
      });
    },
  });
  world = await HostileWorld.start(t);
}, 120_000);

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

afterAll(async () => {
  if (world) {
    const all = [...world.stats.values()];
    const statuses = new Map<number, number>();
    for (const s of all)
      for (const [status, n] of s.statuses) statuses.set(status, (statuses.get(status) ?? 0) + n);
    const sent = all.reduce((n, s) => n + s.sent, 0);
    const listed = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status} x${n}`);
    // The slowest answers: a request that takes seconds is a finding even when its answer is right.
    const slowest = [...world.stats]
      .sort(([, a], [, b]) => b.slowest.ms - a.slowest.ms)
      .slice(0, 3)
      .map(
        ([name, s]) =>
          `  ${name}: ${Math.round(s.slowest.ms)} ms for\n    ${s.slowest.request.replaceAll('\n', '\n    ')}`,
      );
    console.log(
      `hostile input on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}: ${all.length} routes, ${sent} requests ` +
        `(${PER_ROUTE} per route, seed ${SEED}) in ${secs(Date.now() - started)}; ` +
        `answers: ${listed.join(', ')}\n` +
        `time: answering ${secs(world.time.requests)}, fingerprinting ${secs(world.time.fingerprints)}, ` +
        `healing the world after accepted changes ${secs(world.time.heals)}\n` +
        `slowest answers:\n${slowest.join('\n')}`,
    );
  }
  await t?.close();
});

/** Sends `count` requests to the route: VALID_FIRST plausible ones, then what fast-check generates. */
async function prove(plan: RoutePlan, count: number): Promise<void> {
  await world.resync();
  const seed = seedOf(plan.name);
  const first = Math.min(VALID_FIRST, count);
  for (const request of fc.sample(validRequests(plan, world.real), { seed, numRuns: first })) {
    await world.send(plan, request);
  }
  try {
    await fc.assert(
      fc.asyncProperty(requestsFor(plan, world.real, t.config.bodyLimit), (request) =>
        world.send(plan, request),
      ),
      // The first failure is reported as it is (no shrinking): the request and the answer are in its message,
      // and shrinking would replay requests against a database that has moved on.
      { seed, numRuns: count - first, endOnFailure: true },
    );
  } catch (err) {
    world.invalidate();
    // fast-check's message says where in its run; the judge's (its cause) says what was wrong, and with what.
    const what =
      (err as Error).cause instanceof Error ? `${((err as Error).cause as Error).message}\n\n` : '';
    const rerun = `HOSTILE_SEED=${SEED} HOSTILE_PER_ROUTE=${PER_ROUTE} ... -t '${plan.name}'`;
    throw new Error(
      `${what}${(err as Error).message}\n(run seed ${SEED}, route seed ${seed}; to rerun: ${rerun})`,
      {
        cause: err,
      },
    );
  }
}

describe('hostile input', () => {
  it('covers every route of the contract, each served by the server', () => {
    // 77 routes today: far fewer would mean the contract's exports changed shape and routes went unseen.
    expect(PLANS.length).toBeGreaterThanOrEqual(60);
    for (const { route, name } of PLANS) {
      expect(t.app.hasRoute({ method: route.method, url: route.path }), name).toBe(true);
    }
    // Every table is fingerprinted, and the few a refusal may change are real tables of real routes.
    expect(world.tables.length).toBeGreaterThanOrEqual(15);
    for (const [table, { routes }] of Object.entries(CHANGES_ON_REFUSAL)) {
      expect(world.tables).toContain(table);
      for (const name of routes) expect(PLANS.map((p) => p.name)).toContain(name);
    }
  });

  for (const plan of PLANS) {
    it(
      `${plan.name}: no 5xx, every refusal { message, code }, nothing changed by a refusal`,
      async () => {
        await prove(plan, PER_ROUTE);
        const s = world.statsOf(plan);
        expect(s.sent).toBeGreaterThanOrEqual(PER_ROUTE);
        // The requests got past the access check (the caller is one the route allows; a handler may still
        // answer FORBIDDEN for a row that is not the caller's) ...
        expect(s.pastAccess, 'answers not from the access check').toBeGreaterThan(PER_ROUTE / 4);
        // ... and one at least was valid in every part, so the handler itself met the run.
        expect(s.valid, 'requests valid by the contract').toBeGreaterThan(0);
      },
      // Generous: a request may take seconds (see the slowest answers in the summary); a hang still fails.
      60_000 + PER_ROUTE * 10_000,
    );
  }
});

describe('the hostile input proof itself', () => {
  const createGame = PLANS.find((p) => p.name === 'POST /api/games')!;
  const setSabotage = (how: typeof sabotage.how) => {
    sabotage.route = how ? createGame.name : null;
    sabotage.how = how;
  };

  // A handler that fails on some input it should have handled: the proof must find it, and fail naming the
  // route, the request and the 500.
  it('catches a handler that throws on some input (a 500)', async () => {
    setSabotage('throw');
    try {
      // Up to 150 requests to meet the one input that fails (a stake over 1,000 birr; most runs meet it by 50).
      await expect(prove(createGame, 150)).rejects.toThrow(
        // The request as sent: its path may be abused too ('/api/../api/games').
        /POST \/api\/games: a 500[\s\S]*request: POST \/api\//,
      );
    } finally {
      setSabotage(null);
    }
  });

  it('catches a refusal that is not the error model', async () => {
    setSabotage('text');
    try {
      await expect(prove(createGame, 60)).rejects.toThrow(/content-type "text\/plain[\s\S]*not JSON/);
    } finally {
      setSabotage(null);
    }
  });

  it('catches a refusal that changed the database', async () => {
    setSabotage('write-then-refuse');
    try {
      await expect(prove(createGame, 60)).rejects.toThrow(
        /a refusal that changed the database: public\.revoked_sessions/,
      );
    } finally {
      setSabotage(null);
    }
  });
});
