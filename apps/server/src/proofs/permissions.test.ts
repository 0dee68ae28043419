// The permissions matrix (issue 21): every route of the OpenAPI document x every kind of caller, as the ONE
// table of permissions-table.ts says. The routes come from the document the app serves (/api/docs/json), so a
// route added to the API without a row fails here, naming it; so does a row whose route is gone.
//
// The table states each route's audience, and must agree with packages/contract's `access` (so opening a route
// in the contract fails here instead of moving the expectations with it). For each route: the refused callers
// go first, each answer checked (status, and the error model { message, code } with its code), then the database
// is compared with what it was before them (nothing written), then the allowed callers, each answer checked by
// the row. No answer to agent B or to B's super agent holds an identifier of A's side of the network, and B's
// row-level refusal for A's thing is the answer for nothing. Finally B's and super-charlie's own lists are read once more, to
// show they hold their own rows and none of A's.
import { randomUUID } from 'node:crypto';
import type { RouteDef } from '@cartela/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../test/helpers.js';
import { CONTRACT_ROUTES } from './contract-routes.js';
import { CALLER_NAMES, type CallerName, expectedOf, type Outcome, PERMISSIONS } from './permissions-table.js';
import { buildWorld, expectErrorModel, type Method, type Req, type World } from './permissions-world.js';

const CONTRACT = CONTRACT_ROUTES;

// Top-level: the app (on a fresh database) is built before the tests are listed, because its OpenAPI document
// is what lists them. The same app and database serve the whole file.
const t = await startTestApp();
/** Every path x method of the document, as 'METHOD /path' with the contract's :param style. */
const DOCUMENTED: string[] = await (async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
  const paths = res.json().paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.keys(operations).map(
      (method) => `${method.toUpperCase()} ${path.replace(/\{\*\}/g, '*').replace(/\{(\w+)\}/g, ':$1')}`,
    ),
  );
})();

/** Identifiers of A's side that appear in the answer without having been in the request. */
function leaked(res: LightMyRequestResponse, req: Req, sideOfA: readonly string[]): string[] {
  const sent = `${req.url} ${Buffer.isBuffer(req.payload) ? '' : JSON.stringify(req.payload ?? '')}`;
  return sideOfA.filter((id) => !sent.includes(id) && res.body.includes(id));
}

/** The callers whose answers must never show A's side of the network. */
const OUTSIDERS: readonly CallerName[] = ['agentB', 'otherSuper'];

/** The request with every identifier of A's side in its URL and body replaced by an id nothing has. */
function pointedAtNothing(req: Req, sideOfA: readonly string[]): Req {
  let url = req.url;
  let payload = req.payload === undefined ? undefined : JSON.stringify(req.payload);
  for (const id of sideOfA) {
    const nothing = randomUUID();
    url = url.replaceAll(id, nothing);
    payload = payload?.replaceAll(id, nothing);
  }
  return { ...req, url, ...(payload === undefined ? {} : { payload: JSON.parse(payload) }) };
}

let w: World;
/** Requests of the matrix itself (the setup's and the lists' are in w.requests()). */
let matrixRequests = 0;

beforeAll(async () => {
  w = await buildWorld(t);
}, 120_000);

afterAll(async () => {
  if (w) {
    // The figure for docs/RELIABILITY.md.
    console.info(
      `permissions matrix: ${DOCUMENTED.length} routes x ${CALLER_NAMES.length} callers, ${matrixRequests} requests in the matrix, ${w.requests()} in all`,
    );
  }
  await t.close();
});

describe('the permissions table', () => {
  it('has a row for every route of the OpenAPI document, and none for a route it does not have', () => {
    expect(DOCUMENTED.length, 'the document lists the routes').toBeGreaterThan(50);
    const documented = new Set(DOCUMENTED);
    expect(
      DOCUMENTED.filter((key) => !PERMISSIONS[key]),
      'routes of the document without a row',
    ).toEqual([]);
    expect(
      Object.keys(PERMISSIONS).filter((key) => !documented.has(key)),
      'rows for routes the document does not have',
    ).toEqual([]);
  });

  it('agrees with packages/contract on who may call each route', () => {
    const audience = (access: RouteDef['access'], beforePasswordChange: boolean | undefined) => ({
      access: Array.isArray(access) ? [...access].sort() : access,
      beforePasswordChange: beforePasswordChange === true,
    });
    const disagree = Object.entries(PERMISSIONS).flatMap(([key, row]) => {
      const route = CONTRACT.get(key);
      if (!route) return []; // not a contract route (GET /api/metrics): the row is its only statement
      const table = audience(row.access, row.beforePasswordChange);
      const contracted = audience(route.access, route.beforePasswordChange);
      return JSON.stringify(table) === JSON.stringify(contracted)
        ? []
        : [{ key, table, contract: contracted }];
    });
    expect(disagree, 'a change of access in the contract is a change of the permissions table').toEqual([]);
  });
});

describe('every route answers every caller as the table says', () => {
  // A cartela is in one round at a time: the games a row made and left running end before the next row.
  afterEach(() => w.finishThrowawayGamesOfA());
  for (const key of DOCUMENTED) {
    it(key, async () => {
      const row = PERMISSIONS[key];
      if (!row) return expect.fail(`${key} has no row in permissions-table.ts: add one`);
      const { access } = row;
      const method = key.slice(0, key.indexOf(' ')) as Method;
      // What each caller gets: the table's access (the contract's, checked above), then the row-level rule (the
      // module's policy).
      const success = CONTRACT.get(key)?.status ?? 200;
      const judged = new Map(CALLER_NAMES.map((caller) => [caller, expectedOf(row, caller, w, success)]));
      const expected = new Map<CallerName, Outcome>(
        CALLER_NAMES.map((caller) => [caller, judged.get(caller)!.outcome]),
      );
      const refused = CALLER_NAMES.filter((c) => expected.get(c)!.status >= 400);
      const allowed = CALLER_NAMES.filter((c) => expected.get(c)!.status < 400);

      const target = row.target ? await row.target(w) : '';
      const sideOfA = await w.sideOfA();

      const attempt = async (caller: CallerName) => {
        const outcome = expected.get(caller)!;
        const ctx = { w, caller, target };
        const req = await row.request(ctx);
        const token = row.freshSession && outcome.status < 400 ? w.freshSession(caller) : w.tokens[caller];
        const res = await w.send(caller, method, req, token);
        matrixRequests++;
        const label = `${key} as ${caller}`;
        expect.soft(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBe(outcome.status);
        if (res.statusCode !== outcome.status) {
          // reported above; the answer's body is not worth checking any further
        } else if (outcome.code) expectErrorModel(res, outcome.code, label, outcome.message);
        else if (row.check) {
          try {
            await row.check(res, ctx);
          } catch (err) {
            throw new Error(`${label}: ${(err as Error).message}`, { cause: err });
          }
        }
        // A public route never reads the token: what it answers is not what the session may see (the login
        // with A's password answers A's account to whoever sends it).
        if (access !== 'public' && OUTSIDERS.includes(caller)) {
          expect
            .soft(leaked(res, req, sideOfA), `${label}: identifiers of A's side in the answer`)
            .toEqual([]);
        }
        // A row-level refusal to an outsider must not tell A's thing from nothing: the same request pointed at
        // ids nothing has gets the very same answer.
        if (judged.get(caller)!.rowLevel && OUTSIDERS.includes(caller)) {
          const nothing = pointedAtNothing(req, sideOfA);
          expect.soft(nothing, `${label}: the request names A's thing`).not.toEqual(req);
          const control = await w.send(caller, method, nothing, token);
          matrixRequests++;
          expect
            .soft(
              { status: control.statusCode, body: control.body },
              `${label}: the answer for A's thing differs from the one for nothing`,
            )
            .toEqual({ status: res.statusCode, body: res.body });
        }
      };

      // The refused first, while the target is as A left it; then the database must be as it was.
      const before = refused.length > 0 ? await w.fingerprint() : null;
      for (const caller of refused) await attempt(caller);
      if (before) {
        const after = await w.fingerprint();
        const written = Object.keys(after).filter((table) => after[table] !== before[table]);
        expect
          .soft(written, `${key}: tables written by refused requests (${refused.join(', ')})`)
          .toEqual([]);
      }
      for (const caller of allowed) await attempt(caller);
    });
  }
});

describe("B's and super-charlie's own lists", () => {
  it("the leak check sees A's identifiers where they are (A's own lists)", async () => {
    const sideOfA = await w.sideOfA();
    for (const url of ['/api/games/my-games', '/api/cartelas/my-cartelas', '/api/voice-packs/available']) {
      const res = await w.send('agentA', 'GET', { url });
      expect(leaked(res, { url }, sideOfA), `A's GET ${url}`).not.toEqual([]);
    }
  });

  /** The caller reads the URL: 200, with `own` in it and nothing of A's side. */
  async function readsOwnOnly(caller: CallerName, url: string, own: string) {
    const sideOfA = await w.sideOfA();
    const res = await w.send(caller, 'GET', { url });
    expect(res.statusCode, `${caller} GET ${url}: ${res.body.slice(0, 300)}`).toBe(200);
    expect(res.body, `${caller} GET ${url} shows its own`).toContain(own);
    expect(leaked(res, { url }, sideOfA), `${caller} GET ${url}: identifiers of A's side`).toEqual([]);
  }

  it("agent B's lists hold B's rows and none of A's", async () => {
    const b = w.users.b.user.id;
    for (const url of [
      '/api/games/my-games',
      '/api/cartelas/my-cartelas',
      '/api/games/my-cartelas',
      '/api/reports/games',
      '/api/reports/games/export',
    ]) {
      await readsOwnOnly('agentB', url, url.includes('report') ? w.b.game.gameId : b);
    }
    await readsOwnOnly('agentB', '/api/stats/agent', w.b.game.gameId);
    await readsOwnOnly('agentB', '/api/voice-packs/available', 'default-am');
    await readsOwnOnly('agentB', '/api/auth/me', b);
  });

  it("super-charlie sees its agent B and none of super-of-alpha's agents", async () => {
    const b = w.users.b.user.id;
    await readsOwnOnly('otherSuper', '/api/super-agents/agents', b);
    await readsOwnOnly('otherSuper', '/api/super-agents/earnings?period=year', b);
    await readsOwnOnly('otherSuper', '/api/super-agents/overview', w.users.otherSuper.user.username);
    await readsOwnOnly('otherSuper', '/api/super-agents/profile', w.users.otherSuper.user.id);
  });
});
