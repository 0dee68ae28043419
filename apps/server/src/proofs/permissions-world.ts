// The world the permissions matrix runs in (permissions.test.ts): every kind of caller, signed in once, and the
// things of agent A that the table's requests point at - A's game, cartelas, voice pack, earnings, the payments
// of A's commission-share neighbour - plus throwaway targets for the routes that destroy or end what they touch.
// Also the two checks every row uses: the database's fingerprint (a refused request changed nothing) and the
// identifiers of A's side of the network (an answer to B or to another super agent never holds one).
import { randomUUID } from 'node:crypto';
import {
  ErrorResponse,
  VOICE_MIN_BYTES,
  VOICE_PACK_FILES,
  type VoicePackUploadResponse,
} from '@cartela/contract';
import { addDays, businessDateOf, generateBalancedSet } from '@cartela/core';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { type Zippable, zipSync } from 'fflate';
import { expect } from 'vitest';
import { games, superAgentEarnings, type UserRow, users } from '../db/schema.js';
import { replaceSystemSet } from '../modules/cartelas/index.js';
import { claimsOf, signToken } from '../test/fixtures.js';
import { type GameCall, gameCaller, newGame } from '../test/games.js';
import {
  bearer,
  createAdmin,
  createAgent,
  createSuperAgent,
  insertGameRow,
  loginAs,
  type TestApp,
} from '../test/helpers.js';
import { fingerprinter } from './fingerprint.js';
import type { CallerName } from './permissions-table.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request of the matrix (the method comes from the route). */
export interface Req {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

let zipMade: Buffer | null = null;

/** A zip the upload accepts: every file of a pack, each an MP3 (or M4A) by its header, at the minimum size. */
export function voicePackZip(): Buffer {
  if (zipMade) return zipMade;
  const files: Zippable = {};
  for (const path of VOICE_PACK_FILES) {
    const data = new Uint8Array(VOICE_MIN_BYTES + 100).fill(0x55);
    data.set(
      path.endsWith('.m4a')
        ? [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x4d, 0x34, 0x41, 0x20] // 'ftyp' box, M4A brand
        : [0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0], // ID3v2.4 tag header
    );
    files[path] = data;
  }
  zipMade = Buffer.from(zipSync(files, { level: 6 }));
  return zipMade;
}

/** A valid 5x5 card (columns B I N G O from their ranges, free centre), for the card routes' bodies. */
export const aCard = (): number[][] => generateBalancedSet(1)[0]!.map((row) => [...row]);

export type World = Awaited<ReturnType<typeof buildWorld>>;

/**
 * Builds the world: the users (each hashed and signed in once: argon2 is the slow part), A's things, and the
 * factories of throwaway targets. `t` is the app on a fresh database.
 */
export async function buildWorld(t: TestApp) {
  const { app, database } = t;
  const { db } = database;
  let requests = 0;

  /** Every request of the matrix and of its setup goes through here, so the count is the file's. */
  const inject = (method: Method, token: string | null, req: Req): Promise<LightMyRequestResponse> => {
    requests++;
    return app.inject({
      method,
      url: req.url,
      headers: { ...(token ? bearer(token) : {}), ...req.headers },
      ...(req.payload === undefined ? {} : { payload: req.payload as object }),
    });
  };
  /** A setup request that must succeed (any 2xx): its JSON answer. */
  const ok = async (method: Method, token: string, req: Req) => {
    const res = await inject(method, token, req);
    expect(res.statusCode, `${method} ${req.url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };

  // The system set the cartela routes work on.
  await db.transaction((tx) => replaceSystemSet(tx, generateBalancedSet(300), { resetSettings: true }));

  // Names that cannot be found by accident inside another answer (the leak check looks for them as text).
  const [admin, a, b, superOfA, otherSuper, shareAgent, deactivated, demo] = await Promise.all([
    createAdmin(database, { username: 'perm-admin' }),
    createAgent(database, { username: 'agent-alpha' }),
    createAgent(database, { username: 'agent-bravo' }),
    createSuperAgent(database, { username: 'super-of-alpha' }),
    createSuperAgent(database, { username: 'super-charlie' }),
    createAgent(database, { username: 'share-delta', financialModel: 'commission-share' }),
    createAgent(database, { username: 'agent-echo' }),
    createAgent(database, { username: 'agent-foxtrot', mustChangePassword: true }),
  ]);
  // Everyone signs in through the real login routes (argon2: at most two at once, so in parallel).
  const login = (who: { user: UserRow; password: string }) => loginAs(app, who);
  const [adminToken, bToken, superOfAToken, otherSuperToken, demoToken, deactivatedToken, oldPasswordToken] =
    await Promise.all([
      login(admin),
      login(b),
      login(superOfA),
      login(otherSuper),
      login(demo),
      login(deactivated),
      login(a),
    ]);
  const asAdmin = (method: Method, req: Req) => ok(method, adminToken, req);

  // The network: A (and its commission-share neighbour) under super-of-alpha, B under super-charlie, so each
  // super agent has agents to see and the other's to not see.
  for (const [agent, sa] of [
    [a, superOfA],
    [shareAgent, superOfA],
    [b, otherSuper],
  ] as const) {
    await asAdmin('POST', {
      url: '/api/super-agents/assign-agent',
      payload: { agentId: agent.user.id, superAgentId: sa.user.id, superAgentCommissionRate: 20 },
    });
  }
  // Cartelas 1-20 for A and 1-10 for B (the same numbers: each agent holds its own copies).
  await asAdmin('POST', {
    url: `/api/cartelas/agent/${a.user.id}/assign`,
    payload: { cartelaNumbers: Array.from({ length: 20 }, (_, i) => i + 1) },
  });
  await asAdmin('POST', {
    url: `/api/cartelas/agent/${b.user.id}/assign`,
    payload: { cartelaNumbers: Array.from({ length: 10 }, (_, i) => i + 1) },
  });
  // A's coins: a top-up, which also writes super-of-alpha's first earning on A.
  await asAdmin('POST', {
    url: `/api/users/agents/${a.user.id}/add-coins`,
    payload: { coins: 5_000, etbAmount: 500, notes: 'permissions matrix' },
  });
  await asAdmin('POST', {
    url: `/api/users/agents/${b.user.id}/add-coins`,
    payload: { coins: 500, etbAmount: 50 },
  });

  // A's tokens: the one it signed in with, then the password change that makes it a token of the past.
  const newPassword = `pw-${randomUUID()}`;
  const changed = await ok('PUT', oldPasswordToken, {
    url: '/api/auth/profile',
    payload: { currentPassword: a.password, newPassword },
  });
  a.password = newPassword;
  const aToken: string = changed.token;
  expect(aToken, 'a password change answers a new token').toEqual(expect.any(String));

  // An expired token: A's claims exactly as the server signs them, except exp. The same claims with a future exp
  // are accepted, so the expiry alone is what the matrix sees refused.
  const claims = { ...claimsOf(aToken), jti: randomUUID(), iat: Math.floor(Date.now() / 1000) - 7200 };
  const expiredToken = signToken({ ...claims, exp: Math.floor(Date.now() / 1000) - 3600 });
  const alive = await inject('GET', signToken({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 }), {
    url: '/api/auth/me',
  });
  expect(alive.statusCode, `a hand-signed token with a future exp is accepted: ${alive.body}`).toBe(200);

  // The deactivated agent signed in; now the admin turns it off.
  await asAdmin('PUT', { url: `/api/users/agents/${deactivated.user.id}`, payload: { isActive: false } });

  const tokens: Record<CallerName, string | null> = {
    anonymous: null,
    expired: expiredToken,
    oldPassword: oldPasswordToken,
    deactivated: deactivatedToken,
    demoPassword: demoToken,
    admin: adminToken,
    agentA: aToken,
    agentB: bToken,
    superOfA: superOfAToken,
    otherSuper: otherSuperToken,
  };
  const asA: GameCall = gameCaller(app, aToken);
  const asB: GameCall = gameCaller(app, bToken);

  /**
   * Every table of the database as a hash of its rows (fingerprint.ts, shared with the hostile input proof): two
   * equal fingerprints, nothing was written.
   */
  const tables = await fingerprinter(database);
  const fingerprint = async (): Promise<Record<string, string>> =>
    Object.fromEntries((await tables.take()).fingerprint);

  // A's game the read routes point at (running, one ball called), a finished game of A (its fee is in A's figures,
  // so B's figures prove they leave it out), and B's own running game (so B's lists are not empty). A cartela is in
  // one round at a time: the running ones leave 1-5 free for the rows' creations (POST /api/games, freshGameOfA).
  const aGame = await newGame(asA, { cartelaNumbers: [11, 12, 13, 14, 15] });
  await asA('POST', `/api/games/${aGame.id}/call-number`);
  const aFinished = await newGame(asA);
  await asA('POST', `/api/games/${aFinished.id}/call-number`);
  expect((await asA('POST', `/api/games/${aFinished.id}/finish`)).statusCode).toBe(200);
  // The fingerprint sees a write (else the matrix's 'nothing changed' could never fail): B's game is one.
  const beforeBGame = await fingerprint();
  const bGame = await newGame(asB, { cartelaNumbers: [6, 7, 8, 9, 10] });
  const afterBGame = await fingerprint();
  expect(Object.keys(afterBGame).filter((table) => afterBGame[table] !== beforeBGame[table])).toContain(
    'public.games',
  );

  // A voice pack offered to A alone (as the voice packs policy sees it: packOffer).
  const packOffer = { isActive: true, offeredToAll: false, agentIds: [a.user.id] };
  const uploadPack = async (): Promise<string> => {
    const up: VoicePackUploadResponse = await asAdmin('POST', {
      url: `/api/voice-packs?name=perm-pack-${randomUUID().slice(0, 8)}&language=am`,
      payload: voicePackZip(),
      headers: { 'content-type': 'application/zip' },
    });
    await asAdmin('PUT', {
      url: `/api/voice-packs/${up.pack.id}`,
      payload: { offeredTo: { agentIds: packOffer.agentIds } },
    });
    return up.pack.id;
  };
  const aPacks = [await uploadPack()];

  // The commission-share neighbour's payments: each on a day of its own, generated by the admin.
  const today = businessDateOf(new Date(), t.config.businessTimeZone);
  let paymentDays = 0;
  /** A finished game of share-delta on the next unused past day (counted there); that day. */
  const nextShareGameDay = async (): Promise<string> => {
    const day = addDays(today, -30 + paymentDays++);
    const { id } = await insertGameRow(database, {
      agentId: shareAgent.user.id,
      createdAt: `${day}T09:00:00Z`, // noon in Addis Ababa
      financialModel: 'commission-share',
    });
    // The factory leaves the game's state a placeholder; the admin's games list shows every game, so it gets
    // the few fields a list row reads (a finished game with no ball recorded and no winner).
    await db.execute(
      sql`UPDATE games SET state = state || ${JSON.stringify({ calledNumbers: [], winners: [], finishReason: 'agent' })}::jsonb WHERE id = ${id}`,
    );
    return day;
  };

  return {
    app,
    database,
    tokens,
    today,
    /** The users behind the callers, and A's commission-share neighbour. */
    users: { admin, a, b, superOfA, otherSuper, shareAgent, deactivated, demo },
    /** A's things the table's requests point at (packOffer: how A's packs are offered). */
    a: { game: aGame, finishedGame: aFinished, pack: aPacks[0]!, packOffer },
    b: { game: bGame },
    /** How many requests went to the app so far. */
    requests: () => requests,

    /** The id of the caller's user (null for the anonymous caller). */
    idOf(caller: CallerName): string | null {
      const who = {
        anonymous: null,
        expired: a,
        oldPassword: a,
        deactivated,
        demoPassword: demo,
        admin,
        agentA: a,
        agentB: b,
        superOfA,
        otherSuper,
      }[caller];
      return who?.user.id ?? null;
    },
    /** The agent's coins as stored. */
    async coinsOf(agentId: string): Promise<number> {
      const [row] = await db.select({ coins: users.virtualCoins }).from(users).where(eq(users.id, agentId));
      return row!.coins;
    },
    /** The game's last event number as stored. */
    async lastSeqOf(gameId: string): Promise<number> {
      const [row] = await db.select({ seq: games.lastSeq }).from(games).where(eq(games.id, gameId));
      return row!.seq;
    },
    /**
     * Finishes every game of A not over but A's game of the world (w.a.game): what the rows' throwaway targets left
     * running. A cartela is in one round at a time, so the next row's fresh game finds cartelas free.
     */
    async finishThrowawayGamesOfA(): Promise<void> {
      const running = await db
        .select({ id: games.id })
        .from(games)
        .where(
          and(
            eq(games.agentId, a.user.id),
            inArray(games.status, ['active', 'paused']),
            ne(games.id, aGame.id),
          ),
        );
      for (const { id } of running) {
        expect((await asA('POST', `/api/games/${id}/finish`)).statusCode).toBe(200);
      }
    },

    /** The request as the caller: its token (none for the anonymous caller). */
    send(caller: CallerName, method: Method, req: Req, token = tokens[caller]) {
      return inject(method, token, req);
    },

    /** A new session of the caller's user (a sign-out ends only the session it is sent with). */
    freshSession(caller: CallerName): string | null {
      const token = tokens[caller];
      if (!token) return null;
      const { sub, role, tv } = claimsOf<{ sub: string; role: UserRow['role']; tv: number }>(token);
      return app.sessions.sign({ id: sub, role, tokenVersion: tv });
    },

    asAdmin,
    asA,

    // -- Throwaway targets: made fresh for one row, so the allowed caller may end or destroy them.

    /** A new running game of A; `calls` balls called, paused when asked. Its _id. */
    async freshGameOfA(options: { calls?: number; paused?: boolean } = {}): Promise<string> {
      const game = await newGame(asA);
      for (let i = 0; i < (options.calls ?? 0); i++) {
        expect((await asA('POST', `/api/games/${game.id}/call-number`)).statusCode).toBe(200);
      }
      if (options.paused) expect((await asA('POST', `/api/games/${game.id}/pause`)).statusCode).toBe(200);
      return game.id;
    },
    /** An agent nobody uses: its id. */
    async throwawayAgent(): Promise<string> {
      return (await createAgent(database)).user.id;
    },
    /** Another voice pack offered to A alone: its id. */
    async throwawayPackOfA(): Promise<string> {
      const id = await uploadPack();
      aPacks.push(id);
      return id;
    },
    /** A new pending coin-purchase earning of super-of-alpha on A (a top-up of A): its id. */
    async pendingEarningOnA(): Promise<string> {
      const topUp = await asAdmin('POST', {
        url: `/api/users/agents/${a.user.id}/add-coins`,
        payload: { coins: 10, etbAmount: 10 },
      });
      const [row] = await db
        .select({ id: superAgentEarnings.id, status: superAgentEarnings.status })
        .from(superAgentEarnings)
        .where(eq(superAgentEarnings.coinLedgerId, topUp.entry.id));
      expect(row?.status, 'the top-up wrote a pending earning').toBe('pending');
      return row!.id;
    },
    nextShareGameDay,
    /** A new pending commission payment of share-delta (one more counted game, generated): its id. */
    async pendingPayment(): Promise<string> {
      const date = await nextShareGameDay();
      const generated = await asAdmin('POST', { url: '/api/commission/generate-daily', payload: { date } });
      expect(generated.created, `a payment generated for ${date}`).toBe(1);
      return generated.payments[0].id;
    },

    // -- The two checks of every row.

    fingerprint,

    /**
     * The identifiers of A's side of the network, as text: A, its commission-share neighbour and super-of-alpha
     * (ids and usernames), their games (both ids), A's cartela copies and ledger rows, super-of-alpha's
     * agreements and earnings, the neighbour's payments, and the voice packs offered to A alone. None of them
     * may appear in an answer to agent B or to super-charlie.
     */
    async sideOfA(): Promise<string[]> {
      const [aId, shareId, superId] = [a.user.id, shareAgent.user.id, superOfA.user.id];
      // One statement: every row takes a round trip to the database otherwise, and this runs once per route.
      const found = rowsOf<{ v: string }>(
        await db.execute(sql`
          SELECT id::text AS v FROM users WHERE id IN (${aId}, ${shareId}, ${superId})
          UNION ALL SELECT username FROM users WHERE id IN (${aId}, ${shareId}, ${superId})
          UNION ALL SELECT id::text FROM games WHERE agent_id IN (${aId}, ${shareId})
          UNION ALL SELECT game_id FROM games WHERE agent_id IN (${aId}, ${shareId})
          UNION ALL SELECT id::text FROM agent_cartelas WHERE agent_id = ${aId}
          UNION ALL SELECT id::text FROM coin_ledger WHERE agent_id IN (${aId}, ${shareId})
          UNION ALL SELECT id::text FROM super_agent_agreements
            WHERE super_agent_id = ${superId} OR agent_id IN (${aId}, ${shareId})
          UNION ALL SELECT id::text FROM super_agent_earnings WHERE super_agent_id = ${superId}
          UNION ALL SELECT id::text FROM commission_payments WHERE agent_id = ${shareId}`),
      );
      return [...found.map((r) => r.v), ...aPacks];
    },
  };
}

/** The refusal's body is the API's error model, with this code and a message to show (this one, when given). */
export function expectErrorModel(
  res: LightMyRequestResponse,
  code: string,
  label: string,
  message?: string,
): void {
  let body: unknown = null;
  try {
    body = res.json();
  } catch {
    // left null: the model check below fails, naming the body
  }
  const parsed = ErrorResponse.strict().safeParse(body);
  const shown = res.body.slice(0, 300);
  expect.soft(parsed.success, `${label}: not the error model { message, code }: ${shown}`).toBe(true);
  if (!parsed.success) return;
  expect.soft(parsed.data.code, `${label}: the refusal's code (${shown})`).toBe(code);
  expect.soft(parsed.data.message, `${label}: a refusal says why`).toMatch(/\S/);
  if (message !== undefined)
    expect.soft(parsed.data.message, `${label}: the refusal's message`).toBe(message);
}
