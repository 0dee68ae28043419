// GET /api/reports/games and its CSV export through the real HTTP stack, on a fixed set of games whose totals
// and summaries are worked out by hand below: two agents with games on both sides of 21:00 UTC (midnight in
// Addis Ababa, the business time zone), finished, cancelled, active and paused games, and a third agent whose
// name is a formula.
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../../test/fixtures.js';
import { bearer, createAgent, insertGameRow } from '../../test/helpers.js';

const t = useTestApp();
type Get = (url: string, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;
let asAdmin: Get;
let asA: Get;
let asB: Get;
let asSuperAgent: Get;
let anonymous: Get;
let agentA: { id: string; username: string };
let agentB: { id: string; username: string };
let agentC: { id: string; username: string };

const getter =
  (token: string | null): Get =>
  (url, headers = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } });

/** One fixture game: what was inserted and what the report must show for it. */
interface Fixture {
  key: string;
  agent: 'A' | 'B' | 'C';
  createdAt: string;
  status: 'active' | 'paused' | 'finished' | 'cancelled';
  stakeEtb: number;
  players: number;
  commissionPercent: number;
  totalCalls?: number;
  /** Worked out by hand. */
  businessDate: string;
  totalEtb: number;
  feeEtb: number;
}

// A: virtual-coin, 10%; B: commission-share, 12.5%; C: 10%, a name that is a formula.
const FIXTURES: Fixture[] = [
  // 2025-03-10 08:00 UTC = 11:00 in Addis: that day.
  {
    key: 'a1',
    agent: 'A',
    createdAt: '2025-03-10T08:00:00.000Z',
    status: 'finished',
    stakeEtb: 10,
    players: 3,
    commissionPercent: 10,
    businessDate: '2025-03-10',
    totalEtb: 30,
    feeEtb: 3,
  },
  // 20:59 UTC = 23:59 in Addis: still 2025-03-10.
  {
    key: 'a2',
    agent: 'A',
    createdAt: '2025-03-10T20:59:00.000Z',
    status: 'finished',
    stakeEtb: 20,
    players: 5,
    commissionPercent: 10,
    businessDate: '2025-03-10',
    totalEtb: 100,
    feeEtb: 10,
  },
  // 21:00 UTC = midnight in Addis: 2025-03-11.
  {
    key: 'a3',
    agent: 'A',
    createdAt: '2025-03-10T21:00:00.000Z',
    status: 'finished',
    stakeEtb: 15,
    players: 4,
    commissionPercent: 10,
    businessDate: '2025-03-11',
    totalEtb: 60,
    feeEtb: 6,
  },
  {
    key: 'a4',
    agent: 'A',
    createdAt: '2025-03-11T10:00:00.000Z',
    status: 'cancelled',
    stakeEtb: 10,
    players: 2,
    commissionPercent: 10,
    totalCalls: 5,
    businessDate: '2025-03-11',
    totalEtb: 20,
    feeEtb: 2,
  },
  {
    key: 'a5',
    agent: 'A',
    createdAt: '2025-03-11T12:00:00.000Z',
    status: 'active',
    stakeEtb: 25,
    players: 3,
    commissionPercent: 10,
    businessDate: '2025-03-11',
    totalEtb: 75,
    feeEtb: 7.5,
  },
  // Created at the same instant as a1: the tie is broken by id.
  {
    key: 'b1',
    agent: 'B',
    createdAt: '2025-03-10T08:00:00.000Z',
    status: 'finished',
    stakeEtb: 20,
    players: 3,
    commissionPercent: 12.5,
    businessDate: '2025-03-10',
    totalEtb: 60,
    feeEtb: 7.5,
  },
  {
    key: 'b2',
    agent: 'B',
    createdAt: '2025-03-10T20:59:59.999Z',
    status: 'cancelled',
    stakeEtb: 10,
    players: 3,
    commissionPercent: 12.5,
    businessDate: '2025-03-10',
    totalEtb: 30,
    feeEtb: 3.75,
  },
  {
    key: 'b3',
    agent: 'B',
    createdAt: '2025-03-11T08:00:00.000Z',
    status: 'finished',
    stakeEtb: 10,
    players: 7,
    commissionPercent: 12.5,
    businessDate: '2025-03-11',
    totalEtb: 70,
    feeEtb: 8.75,
  },
  {
    key: 'b4',
    agent: 'B',
    createdAt: '2025-03-11T15:00:00.000Z',
    status: 'paused',
    stakeEtb: 20,
    players: 2,
    commissionPercent: 12.5,
    businessDate: '2025-03-11',
    totalEtb: 40,
    feeEtb: 5,
  },
  {
    key: 'b5',
    agent: 'B',
    createdAt: '2025-03-12T06:00:00.000Z',
    status: 'finished',
    stakeEtb: 30,
    players: 3,
    commissionPercent: 12.5,
    businessDate: '2025-03-12',
    totalEtb: 90,
    feeEtb: 11.25,
  },
  {
    key: 'c1',
    agent: 'C',
    createdAt: '2025-02-01T10:00:00.000Z',
    status: 'finished',
    stakeEtb: 10,
    players: 2,
    commissionPercent: 10,
    businessDate: '2025-02-01',
    totalEtb: 20,
    feeEtb: 2,
  },
];

/** Each fixture's id and public game id, once inserted. */
const ids = new Map<string, { id: string; gameId: string }>();
const gameIdOf = (key: string) => ids.get(key)!.gameId;
const keyOfGameId = (gameId: string) => [...ids].find(([, v]) => v.gameId === gameId)![0];
const keysOf = (res: LightMyRequestResponse) =>
  (res.json().games as { gameId: string }[]).map((g) => keyOfGameId(g.gameId));

beforeAll(async () => {
  const admin = await signedIn(t, 'admin');
  const a = await signedIn(t, 'agent', { username: 'Abebe, "Lucky" Hall', commissionPercentage: 10 });
  const b = await signedIn(t, 'agent', {
    username: 'ሰላም ቢንጎ',
    financialModel: 'commission-share',
    commissionPercentage: 12.5,
  });
  const c = await createAgent(t.database, { username: '=HYPERLINK("http://evil.example","x")' });
  const superAgent = await signedIn(t, 'super-agent');
  agentA = a.user;
  agentB = b.user;
  agentC = c.user;
  const agents = { A: a.user.id, B: b.user.id, C: c.user.id };
  for (const f of FIXTURES) {
    ids.set(
      f.key,
      await insertGameRow(t.database, {
        agentId: agents[f.agent],
        createdAt: f.createdAt,
        status: f.status,
        stakeEtb: f.stakeEtb,
        players: f.players,
        commissionPercent: f.commissionPercent,
        financialModel: f.agent === 'B' ? 'commission-share' : 'virtual-coin',
        ...(f.totalCalls === undefined ? {} : { totalCalls: f.totalCalls }),
      }),
    );
  }
  // A cancelled game keeps its reason in the reports (decision 055); quotes and a comma to quote in the CSV.
  await t.database.db.execute(
    sql`UPDATE games SET state = state || ${JSON.stringify({ cancelReason: 'Power cut, "no" lights' })}::jsonb
      WHERE id = ${ids.get('a4')!.id}`,
  );
  asAdmin = getter(admin.token);
  asA = getter(a.token);
  asB = getter(b.token);
  asSuperAgent = getter(superAgent.token);
  anonymous = getter(null);
});

const ok = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/reports/games: rows', () => {
  it('shows every game with its agent, its money in ETB and its business day (20:59 UTC that day, 21:00 UTC the next)', async () => {
    const body = ok(await asAdmin('/api/reports/games?limit=100'));
    expect(body.games).toHaveLength(FIXTURES.length);
    for (const f of FIXTURES) {
      const game = body.games.find((g: { gameId: string }) => g.gameId === gameIdOf(f.key));
      const agent = { A: agentA, B: agentB, C: agentC }[f.agent];
      expect(game, f.key).toEqual({
        id: ids.get(f.key)!.id,
        _id: ids.get(f.key)!.id,
        gameId: gameIdOf(f.key),
        agentId: agent.id,
        agentUsername: agent.username,
        financialModel: f.agent === 'B' ? 'commission-share' : 'virtual-coin',
        status: f.status,
        stake: f.stakeEtb,
        numberOfPlayers: f.players,
        totalCalls: f.totalCalls ?? (f.status === 'finished' ? 30 : 0),
        commissionPercent: f.commissionPercent,
        // A cancelled game moved no money (decision 064); one cancelled before its first call got its coins back.
        agentFee: f.status === 'cancelled' ? 0 : f.feeEtb,
        totalAmount: f.status === 'cancelled' ? 0 : f.totalEtb,
        prize: f.status === 'cancelled' ? 0 : Math.round((f.totalEtb - f.feeEtb) * 100) / 100,
        winners: 0,
        prizeShares: [],
        businessDate: f.businessDate,
        createdAt: f.createdAt,
        finishedAt:
          f.status === 'finished' || f.status === 'cancelled'
            ? new Date(Date.parse(f.createdAt) + 15 * 60_000).toISOString()
            : null,
        cancelReason: f.key === 'a4' ? 'Power cut, "no" lights' : null,
        refundedCoins: f.status === 'cancelled' && f.agent !== 'B' && !f.totalCalls ? Math.ceil(f.feeEtb) : 0,
      });
    }
  });

  it('is newest first by default, 20 a page, ties broken by id', async () => {
    const body = ok(await asAdmin('/api/reports/games'));
    expect(body).toMatchObject({ page: 1, limit: 20, total: 11, totalPages: 1 });
    const [first, second] = [ids.get('a1')!.id, ids.get('b1')!.id].sort().reverse();
    const tie = [first, second].map((id) => [...ids].find(([, v]) => v.id === id)![0]);
    expect(keysOf({ json: () => body } as LightMyRequestResponse)).toEqual([
      'b5',
      'b4',
      'a5',
      'a4',
      'b3',
      'a3',
      'b2',
      'a2',
      ...tie,
      'c1',
    ]);
  });
});

describe('GET /api/reports/games: total and summary (hand-computed)', () => {
  const summaryOf = async (get: Get, query: string) => {
    const body = ok(await get(`/api/reports/games?limit=100&${query}`));
    expect(body.games).toHaveLength(body.total); // the total agrees with the rows it counts
    return { total: body.total, summary: body.summary, keys: keysOf({ json: () => body } as never).sort() };
  };

  it('admin, no filter: 11 games, 7 counted', async () => {
    expect(await summaryOf(asAdmin, '')).toEqual({
      total: 11,
      // 3 + 10 + 6 + 7.5 + 8.75 + 11.25 + 2 = 48.50; players 3+5+4+3+7+3+2 = 27; 30+100+60+60+70+90+20 = 430;
      // 48.50 / 7 = 6.928... -> 6.93
      summary: {
        totalGames: 11,
        countedGames: 7,
        totalEarnings: 48.5,
        totalPlayers: 27,
        totalAmount: 430,
        averageRevenuePerGame: 6.93,
      },
      keys: FIXTURES.map((f) => f.key).sort(),
    });
  });

  it('status finished: the counted games; cancelled, active, paused: their games and no counted figures', async () => {
    const finished = await summaryOf(asAdmin, 'status=finished');
    expect(finished.total).toBe(7);
    expect(finished.keys).toEqual(['a1', 'a2', 'a3', 'b1', 'b3', 'b5', 'c1']);
    expect(finished.summary).toEqual({
      totalGames: 7,
      countedGames: 7,
      totalEarnings: 48.5,
      totalPlayers: 27,
      totalAmount: 430,
      averageRevenuePerGame: 6.93,
    });
    const zeros = {
      countedGames: 0,
      totalEarnings: 0,
      totalPlayers: 0,
      totalAmount: 0,
      averageRevenuePerGame: 0,
    };
    expect(await summaryOf(asAdmin, 'status=cancelled')).toEqual({
      total: 2,
      summary: { totalGames: 2, ...zeros },
      keys: ['a4', 'b2'],
    });
    expect(await summaryOf(asAdmin, 'status=active')).toEqual({
      total: 1,
      summary: { totalGames: 1, ...zeros },
      keys: ['a5'],
    });
    expect(await summaryOf(asAdmin, 'status=paused')).toEqual({
      total: 1,
      summary: { totalGames: 1, ...zeros },
      keys: ['b4'],
    });
    expect(await summaryOf(asAdmin, 'status=active&date=2025-03-10')).toEqual({
      total: 0,
      summary: { totalGames: 0, ...zeros },
      keys: [],
    });
  });

  it('date: one business day of creation, across 21:00 UTC', async () => {
    // 2025-03-10: a1, a2 (20:59 UTC), b1, b2 (20:59:59.999 UTC); counted a1, a2, b1:
    // 3 + 10 + 7.5 = 20.50, players 11, 190 ETB, 20.50 / 3 = 6.833 -> 6.83.
    expect(await summaryOf(asAdmin, 'date=2025-03-10')).toEqual({
      total: 4,
      summary: {
        totalGames: 4,
        countedGames: 3,
        totalEarnings: 20.5,
        totalPlayers: 11,
        totalAmount: 190,
        averageRevenuePerGame: 6.83,
      },
      keys: ['a1', 'a2', 'b1', 'b2'],
    });
    // 2025-03-11: a3 (21:00 UTC the day before), a4, a5, b3, b4; counted a3, b3: 6 + 8.75 = 14.75, 11 players,
    // 130 ETB, 14.75 / 2 = 7.375 -> 7.38 (half away from zero).
    expect(await summaryOf(asAdmin, 'date=2025-03-11')).toEqual({
      total: 5,
      summary: {
        totalGames: 5,
        countedGames: 2,
        totalEarnings: 14.75,
        totalPlayers: 11,
        totalAmount: 130,
        averageRevenuePerGame: 7.38,
      },
      keys: ['a3', 'a4', 'a5', 'b3', 'b4'],
    });
  });

  it('startDate and endDate, together or alone, inclusive', async () => {
    // 11th-12th: a3 a4 a5 b3 b4 b5; counted a3 b3 b5: 6 + 8.75 + 11.25 = 26, players 14, 220 ETB, 8.666 -> 8.67.
    expect(await summaryOf(asAdmin, 'startDate=2025-03-11&endDate=2025-03-12')).toEqual({
      total: 6,
      summary: {
        totalGames: 6,
        countedGames: 3,
        totalEarnings: 26,
        totalPlayers: 14,
        totalAmount: 220,
        averageRevenuePerGame: 8.67,
      },
      keys: ['a3', 'a4', 'a5', 'b3', 'b4', 'b5'],
    });
    const from12 = await summaryOf(asAdmin, 'startDate=2025-03-12');
    expect([from12.total, from12.keys]).toEqual([1, ['b5']]);
    const to10 = await summaryOf(asAdmin, 'endDate=2025-03-10');
    expect([to10.total, to10.keys]).toEqual([5, ['a1', 'a2', 'b1', 'b2', 'c1']]);
    expect(to10.summary).toMatchObject({
      countedGames: 4,
      totalEarnings: 22.5,
      totalPlayers: 13,
      totalAmount: 210,
    });
    const none = await summaryOf(asAdmin, 'startDate=2024-01-01&endDate=2024-12-31');
    expect(none).toEqual({
      total: 0,
      summary: {
        totalGames: 0,
        countedGames: 0,
        totalEarnings: 0,
        totalPlayers: 0,
        totalAmount: 0,
        averageRevenuePerGame: 0,
      },
      keys: [],
    });
  });

  it('the admin may name one agent, combined with the other filters', async () => {
    // A: a1..a5; counted a1 a2 a3: 3 + 10 + 6 = 19, players 12, 190 ETB, 6.333 -> 6.33.
    expect(await summaryOf(asAdmin, `agentId=${agentA.id}`)).toEqual({
      total: 5,
      summary: {
        totalGames: 5,
        countedGames: 3,
        totalEarnings: 19,
        totalPlayers: 12,
        totalAmount: 190,
        averageRevenuePerGame: 6.33,
      },
      keys: ['a1', 'a2', 'a3', 'a4', 'a5'],
    });
    const bFinished11 = await summaryOf(asAdmin, `agentId=${agentB.id}&status=finished&date=2025-03-11`);
    expect([bFinished11.total, bFinished11.keys, bFinished11.summary.totalEarnings]).toEqual([
      1,
      ['b3'],
      8.75,
    ]);
    const nobody = await summaryOf(asAdmin, 'agentId=00000000-0000-4000-8000-000000000000');
    expect([nobody.total, nobody.keys, nobody.summary.countedGames]).toEqual([0, [], 0]);
  });

  it('an agent sees only its own games and figures', async () => {
    // B: b1..b5; counted b1 b3 b5: 7.5 + 8.75 + 11.25 = 27.50, 13 players, 220 ETB, 9.1666 -> 9.17.
    const b = await summaryOf(asB, '');
    expect(b).toEqual({
      total: 5,
      summary: {
        totalGames: 5,
        countedGames: 3,
        totalEarnings: 27.5,
        totalPlayers: 13,
        totalAmount: 220,
        averageRevenuePerGame: 9.17,
      },
      keys: ['b1', 'b2', 'b3', 'b4', 'b5'],
    });
    // A, finished on the 10th: a1 a2: 13 ETB, 8 players, 130 ETB, 6.50.
    expect(await summaryOf(asA, 'status=finished&date=2025-03-10')).toEqual({
      total: 2,
      summary: {
        totalGames: 2,
        countedGames: 2,
        totalEarnings: 13,
        totalPlayers: 8,
        totalAmount: 130,
        averageRevenuePerGame: 6.5,
      },
      keys: ['a1', 'a2'],
    });
    const aPaused = await summaryOf(asA, 'status=paused');
    expect([aPaused.total, aPaused.keys]).toEqual([0, []]); // b4 is B's
    const body = ok(await asA('/api/reports/games?limit=100'));
    expect(new Set(body.games.map((g: { agentUsername: string }) => g.agentUsername))).toEqual(
      new Set([agentA.username]),
    );
  });
});

describe('GET /api/reports/games: sorting and pages', () => {
  const FIELDS: Record<string, (f: Fixture) => number | string> = {
    gameId: (f) => gameIdOf(f.key),
    stake: (f) => f.stakeEtb,
    numberOfPlayers: (f) => f.players,
    agentFee: (f) => f.feeEtb,
    totalAmount: (f) => f.totalEtb,
    createdAt: (f) => Date.parse(f.createdAt),
  };
  /** The order the report must have: by the key, ties by id (uuid order = its text order), one direction. */
  const expected = (sortBy: string, order: 'asc' | 'desc', rows: Fixture[] = FIXTURES) =>
    [...rows]
      .sort((x, y) => {
        const [kx, ky] = [FIELDS[sortBy]!(x), FIELDS[sortBy]!(y)];
        const byKey = kx < ky ? -1 : kx > ky ? 1 : 0;
        const byId = ids.get(x.key)!.id < ids.get(y.key)!.id ? -1 : 1;
        const cmp = byKey || byId;
        return order === 'asc' ? cmp : -cmp;
      })
      .map((f) => f.key);

  for (const sortBy of Object.keys(FIELDS)) {
    for (const order of ['asc', 'desc'] as const) {
      it(`sortBy=${sortBy}&sortOrder=${order}`, async () => {
        const res = await asAdmin(`/api/reports/games?limit=100&sortBy=${sortBy}&sortOrder=${order}`);
        expect(keysOf(res)).toEqual(expected(sortBy, order));
      });
    }
  }

  it('the fixture has ties on every key but gameId (so the id decides)', () => {
    for (const key of ['stake', 'numberOfPlayers', 'agentFee', 'totalAmount', 'createdAt']) {
      const values = FIXTURES.map(FIELDS[key]!);
      expect(new Set(values).size, key).toBeLessThan(values.length);
    }
  });

  it('an agent sorted: its own rows in the same order', async () => {
    const res = await asB('/api/reports/games?sortBy=stake&sortOrder=asc');
    expect(keysOf(res)).toEqual(
      expected(
        'stake',
        'asc',
        FIXTURES.filter((f) => f.agent === 'B'),
      ),
    );
  });

  it('pages cut the same order: page/limit, total and totalPages; past the end, no rows', async () => {
    const all = expected('totalAmount', 'desc');
    const pages = [];
    for (let page = 1; page <= 4; page++) {
      const body = ok(await asAdmin(`/api/reports/games?sortBy=totalAmount&limit=4&page=${page}`));
      expect(body).toMatchObject({ page, limit: 4, total: 11, totalPages: 3 });
      pages.push(keysOf({ json: () => body } as never));
    }
    expect(pages.map((p) => p.length)).toEqual([4, 4, 3, 0]);
    expect(pages.flat()).toEqual(all);
    const filtered = ok(await asAdmin('/api/reports/games?status=finished&limit=5&page=2'));
    expect(filtered).toMatchObject({ page: 2, limit: 5, total: 7, totalPages: 2 });
    expect(filtered.games).toHaveLength(2);
  });
});

describe('GET /api/reports/games: who may ask, and what', () => {
  it('an agent naming an agent (even itself) is refused on agentId', async () => {
    for (const url of [
      `/api/reports/games?agentId=${agentB.id}`,
      `/api/reports/games?agentId=${agentA.id}`,
      `/api/reports/games/export?agentId=${agentB.id}`,
    ]) {
      const res = await asA(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'agentId' });
    }
  });

  it('a super agent: 403; no token: 401 (both routes)', async () => {
    for (const url of ['/api/reports/games', '/api/reports/games/export']) {
      const forbidden = await asSuperAgent(url);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN' });
      const anon = await anonymous(url);
      expect(anon.statusCode).toBe(401);
      expect(anon.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('refuses malformed filters (the contract), on both routes', async () => {
    for (const query of [
      'status=open',
      'sortBy=agent',
      'sortOrder=up',
      'date=10-03-2025',
      'date=2025-03-10&startDate=2025-03-10',
      'startDate=2025-03-12&endDate=2025-03-10',
      'agentId=nope',
      'unknown=1',
    ]) {
      for (const path of ['/api/reports/games', '/api/reports/games/export']) {
        const res = await asAdmin(`${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
    }
    for (const query of ['page=0', 'limit=0', 'limit=101']) {
      expect((await asAdmin(`/api/reports/games?${query}`)).statusCode, query).toBe(400);
    }
    // Paging is not part of the export.
    expect((await asAdmin('/api/reports/games/export?page=2')).statusCode).toBe(400);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The CSV export

/** RFC 4180 records (CRLF between records, quoted fields may hold anything, "" is a quote). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
    i++;
  }
  expect(field, 'the file ends with CRLF').toBe('');
  expect(record).toEqual([]);
  return records;
}

// The columns as the contract's ReportCsv lists them, written out here: the file must say exactly this.
const HEADER = (
  'Game ID,Agent,Status,Stake,Players,Calls,Commission %,Fee,Total,Prize,Winners,Prize per winner,' +
  'Business date,Created,Finished,Cancel reason,Refunded coins'
).split(',');

async function exportCsv(get: Get, query = '', headers: Record<string, string> = {}) {
  const res = await get(`/api/reports/games/export${query ? `?${query}` : ''}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** The file's text without its BOM, after checking the BOM and that every line ends with CRLF. */
function csvText(bytes: Buffer): string {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replaceAll('\r\n', '')).not.toMatch(/\n/); // no bare LF: every record ends with CRLF
  return text;
}

describe('GET /api/reports/games/export', () => {
  it('the admin: BOM, header with Agent, CRLF, every game newest first, quoting and the formula rule', async () => {
    const res = await exportCsv(asAdmin);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="cartela-report-all-all.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = csvText(res.rawPayload);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(HEADER);
    const json = ok(await asAdmin('/api/reports/games?limit=100'));
    expect(rows.map((r) => r[0])).toEqual(json.games.map((g: { gameId: string }) => g.gameId));

    // The exact lines: a name with a comma and quotes is quoted, its quotes doubled.
    const lines = text.split('\r\n');
    expect(lines).toContain(
      `${gameIdOf('a2')},"Abebe, ""Lucky"" Hall",finished,20.00,5,30,10,10.00,100.00,90.00,0,,2025-03-10,2025-03-10T20:59:00.000Z,2025-03-10T21:14:00.000Z,,0`,
    );
    expect(lines).toContain(
      `${gameIdOf('a3')},"Abebe, ""Lucky"" Hall",finished,15.00,4,30,10,6.00,60.00,54.00,0,,2025-03-11,2025-03-10T21:00:00.000Z,2025-03-10T21:15:00.000Z,,0`,
    );
    // Amharic intact (UTF-8), 12.5 %, an open game without a finish time.
    expect(lines).toContain(
      `${gameIdOf('b4')},ሰላም ቢንጎ,paused,20.00,2,0,12.5,5.00,40.00,35.00,0,,2025-03-11,2025-03-11T15:00:00.000Z,,,0`,
    );
    expect(lines).toContain(
      `${gameIdOf('b2')},ሰላም ቢንጎ,cancelled,10.00,3,0,12.5,0.00,0.00,0.00,0,,2025-03-10,2025-03-10T20:59:59.999Z,2025-03-10T21:14:59.999Z,,0`,
    );
    // A name that is a formula: a single quote in front, then quoted for its quotes and commas.
    expect(lines).toContain(
      `${gameIdOf('c1')},"'=HYPERLINK(""http://evil.example"",""x"")",finished,10.00,2,30,10,2.00,20.00,18.00,0,,2025-02-01,2025-02-01T10:00:00.000Z,2025-02-01T10:15:00.000Z,,0`,
    );
    const c1 = rows.find((r) => r[0] === gameIdOf('c1'))!;
    expect(c1[1]).toBe(`'${agentC.username}`);
  });

  it('exactly the filtered rows, in the sort order, named after the days', async () => {
    for (const [query, fileName] of [
      ['status=finished&sortBy=stake&sortOrder=asc', 'cartela-report-all-all.csv'],
      ['date=2025-03-11&sortBy=numberOfPlayers', 'cartela-report-2025-03-11-2025-03-11.csv'],
      [
        'startDate=2025-03-11&endDate=2025-03-12&sortBy=gameId&sortOrder=asc',
        'cartela-report-2025-03-11-2025-03-12.csv',
      ],
      ['startDate=2025-03-11&sortBy=agentFee', 'cartela-report-2025-03-11-all.csv'],
      [`agentId=${agentB.id}&status=cancelled`, 'cartela-report-all-all.csv'],
      ['status=active&sortBy=createdAt&sortOrder=asc', 'cartela-report-all-all.csv'],
      ['date=2024-01-01', 'cartela-report-2024-01-01-2024-01-01.csv'],
    ] as const) {
      const res = await exportCsv(asAdmin, query);
      expect(res.headers['content-disposition'], query).toBe(`attachment; filename="${fileName}"`);
      const [header, ...rows] = parseCsv(csvText(res.rawPayload));
      expect(header).toEqual(HEADER);
      const json = ok(await asAdmin(`/api/reports/games?limit=100&${query}`));
      expect(
        rows.map((r) => r[0]),
        query,
      ).toEqual(json.games.map((g: { gameId: string }) => g.gameId));
    }
  });

  it('an agent: its own games only, without the Agent column', async () => {
    const res = await exportCsv(asA, 'sortBy=totalAmount&sortOrder=asc');
    expect(res.headers['content-disposition']).toBe('attachment; filename="cartela-report-all-all.csv"');
    const [header, ...rows] = parseCsv(csvText(res.rawPayload));
    expect(header).toEqual(HEADER.filter((h) => h !== 'Agent'));
    const json = ok(await asA('/api/reports/games?sortBy=totalAmount&sortOrder=asc'));
    expect(rows.map((r) => r[0])).toEqual(json.games.map((g: { gameId: string }) => g.gameId));
    expect(rows.map((r) => keyOfGameId(r[0]!)).sort()).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(rows.find((r) => r[0] === gameIdOf('a4'))).toEqual([
      gameIdOf('a4'),
      'cancelled',
      '10.00',
      '2',
      '5',
      '10',
      '0.00',
      '0.00',
      '0.00',
      '0',
      '',
      '2025-03-11',
      '2025-03-11T10:00:00.000Z',
      '2025-03-11T10:15:00.000Z',
      'Power cut, "no" lights',
      '0',
    ]);
  });

  it('HEAD: the headers without a body', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: '/api/reports/games/export?date=2025-03-10',
      headers: bearer((await signedIn(t, 'admin')).token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="cartela-report-2025-03-10-2025-03-10.csv"',
    );
    expect(res.rawPayload).toHaveLength(0);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/reports/games/export' })).statusCode).toBe(401);
  });

  it('gzip when the client accepts it (streamed), the same bytes once unpacked', async () => {
    const plain = await exportCsv(asAdmin, 'sortBy=stake');
    const packed = await exportCsv(asAdmin, 'sortBy=stake', { 'accept-encoding': 'gzip, deflate, br' });
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers.vary).toMatch(/accept-encoding/);
    expect(packed.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(gunzipSync(packed.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});
