// The statistics on a fixed data set with hand-computed figures (decision 053): counted = finished, on the
// business day of creation in Africa/Addis_Ababa (20:59 UTC is that day, 21:00 UTC the next), cancelled games
// never (counted apart when played), coins sold by the day of their ledger row. Then: the rollup kept by the
// triggers equals its recomputation after games made and played through the API, and who may read what.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { useGamesApp } from '../../test/fixtures.js';
import { gameAgent, newGame } from '../../test/games.js';
import { createAgent, createSuperAgent, insertGameRow, loginAs } from '../../test/helpers.js';
import { caller } from '../../test/network.js';
import { applyBusinessTimeZone } from './business-day.js';

// Wednesday 25 November 2026, 12:00 in Addis Ababa.
const NOW = new Date('2026-11-25T09:00:00Z');

const { t, asAdmin } = useGamesApp({ now: () => NOW });
let agentA: Awaited<ReturnType<typeof createAgent>>;
let agentB: Awaited<ReturnType<typeof createAgent>>;
let asA: ReturnType<typeof caller>;
let asB: ReturnType<typeof caller>;
let asSuper: ReturnType<typeof caller>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function topUp(database: Database, agentId: string, coins: number, santim: number, at: string) {
  await database.db.execute(sql`
    INSERT INTO coin_ledger (agent_id, delta, balance_before, balance_after, reason, etb_amount_santim, created_at)
    VALUES (${agentId}, ${coins}, 0, ${coins}, 'top-up', ${santim}, ${at})`);
}

beforeAll(async () => {
  agentA = await createAgent(t.database, { financialModel: 'virtual-coin', commissionPercentage: 10 });
  agentB = await createAgent(t.database, { financialModel: 'commission-share', commissionPercentage: 20 });
  const superAgent = await createSuperAgent(t.database);
  asA = caller(t.app, await loginAs(t.app, agentA));
  asB = caller(t.app, await loginAs(t.app, agentB));
  asSuper = caller(t.app, await loginAs(t.app, superAgent));
  const a = agentA.user.id;
  const b = agentB.user.id;
  // Agent A, 10%: 20:59 UTC on Monday 23 is Monday; 21:00 UTC is Tuesday 24.
  await insertGameRow(t.database, {
    agentId: a,
    createdAt: '2026-11-23T20:59:00Z',
    stakeEtb: 10,
    players: 3,
  }); // fee 3.00
  await insertGameRow(t.database, {
    agentId: a,
    createdAt: '2026-11-23T21:00:00Z',
    stakeEtb: 20,
    players: 5,
  }); // fee 10.00
  await insertGameRow(t.database, {
    agentId: a,
    createdAt: '2026-11-24T08:00:00Z',
    status: 'cancelled',
    totalCalls: 5,
    stakeEtb: 100,
    players: 10,
  });
  await insertGameRow(t.database, { agentId: a, createdAt: '2026-11-25T06:00:00Z', status: 'active' });
  await insertGameRow(t.database, {
    agentId: a,
    createdAt: '2026-11-10T10:00:00Z',
    stakeEtb: 50,
    players: 4,
  }); // fee 20.00
  // 21:00 UTC on 31 October is 1 November in Addis Ababa: in the month.
  await insertGameRow(t.database, {
    agentId: a,
    createdAt: '2026-10-31T21:00:00Z',
    stakeEtb: 10,
    players: 2,
  }); // fee 2.00
  await insertGameRow(t.database, {
    agentId: a,
    createdAt: '2026-10-31T20:59:00Z',
    stakeEtb: 10,
    players: 2,
  }); // October
  // Agent B, commission-share, 20%.
  await insertGameRow(t.database, {
    agentId: b,
    createdAt: '2026-11-25T05:00:00Z',
    stakeEtb: 30,
    players: 10,
    commissionPercent: 20,
    financialModel: 'commission-share',
  }); // fee 60.00
  await insertGameRow(t.database, {
    agentId: b,
    createdAt: '2026-11-25T05:30:00Z',
    status: 'cancelled',
    totalCalls: 0,
    financialModel: 'commission-share',
  });
  // 100 coins for 50 ETB on Tuesday.
  await topUp(t.database, a, 100, 5000, '2026-11-24T10:00:00Z');
});

describe('GET /api/stats/agent', () => {
  it('sums the counted games of the week (Monday to today), splitting days at 21:00 UTC', async () => {
    const res = await asA('GET', '/api/stats/agent');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      period: 'week',
      from: '2026-11-23',
      to: '2026-11-25',
      timeZone: 'Africa/Addis_Ababa',
      totalEarnings: 13,
      totalGames: 2,
      totalPlayers: 8,
      financialModel: 'virtual-coin',
      commissionPercentage: 10,
      systemCommissionShare: 20,
    });
    expect(body.weeklyEarnings).toEqual({
      Monday: 3,
      Tuesday: 10,
      Wednesday: 0,
      Thursday: 0,
      Friday: 0,
      Saturday: 0,
      Sunday: 0,
    });
    expect(body.last7Days.map((d: { date: string }) => d.date)).toEqual([
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
    expect(body.last7Days[4]).toEqual({
      date: '2026-11-23',
      weekday: 'Monday',
      earnings: 3,
      games: 1,
      players: 3,
    });
    expect(body.last7Days[5]).toEqual({
      date: '2026-11-24',
      weekday: 'Tuesday',
      earnings: 10,
      games: 1,
      players: 5,
    });
    // The 5 newest games of any status, newest first.
    expect(
      body.games.map((g: { status: string; numberOfPlayers: number }) => [g.status, g.numberOfPlayers]),
    ).toEqual([
      ['active', 3],
      ['cancelled', 10],
      ['finished', 5],
      ['finished', 3],
      ['finished', 4],
    ]);
    expect(body.games[2]).toMatchObject({ stake: 20, agentFee: 10, totalAmount: 100 });
  });

  it('answers each period', async () => {
    const of = async (period: string) => (await asA('GET', `/api/stats/agent?period=${period}`)).json();
    expect(await of('day')).toMatchObject({
      from: '2026-11-25',
      to: '2026-11-25',
      totalEarnings: 0,
      totalGames: 0,
    });
    // November: 3 + 10 + 20 + 2 (the game of 31 October 21:00 UTC).
    expect(await of('month')).toMatchObject({
      from: '2026-11-01',
      totalEarnings: 35,
      totalGames: 4,
      totalPlayers: 14,
    });
    expect(await of('year')).toMatchObject({
      from: '2026-01-01',
      totalEarnings: 37,
      totalGames: 5,
      totalPlayers: 16,
    });
  });

  it('shows the commission-share model with its share', async () => {
    const body = (await asB('GET', '/api/stats/agent?period=day')).json();
    expect(body).toMatchObject({
      financialModel: 'commission-share',
      totalEarnings: 60,
      totalGames: 1,
      totalPlayers: 10,
    });
  });

  it('refuses an unknown period with 400 and other roles with 403', async () => {
    expect((await asA('GET', '/api/stats/agent?period=decade')).statusCode).toBe(400);
    expect((await asA('GET', '/api/stats/agent?agentId=x')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/stats/agent')).statusCode).toBe(403);
    expect((await asSuper('GET', '/api/stats/agent')).statusCode).toBe(403);
    expect((await caller(t.app, null)('GET', '/api/stats/agent')).statusCode).toBe(401);
  });
});

describe('GET /api/stats/admin', () => {
  it('sums every agent over the month, with the 30 days and the top agents', async () => {
    const res = await asAdmin('GET', '/api/stats/admin?period=month');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ period: 'month', from: '2026-11-01', to: '2026-11-25' });
    expect(body.overview).toEqual({
      totalRevenue: 95,
      totalAgents: 2,
      activeAgents: 2,
      totalGames: 5,
      coinRevenue: 50,
      totalPlayers: 24,
      totalStakes: 650,
      totalPrizes: 555,
      coinsSold: 100,
      cancelledAfterCalls: 1,
    });
    expect(body.dailyStats).toHaveLength(30);
    expect(body.dailyStats[0].date).toBe('2026-10-27');
    const day = (d: string) => body.dailyStats.find((s: { date: string }) => s.date === d);
    expect(day('2026-10-31')).toEqual({
      date: '2026-10-31',
      revenue: 2,
      games: 1,
      players: 2,
      coinRevenue: 0,
    });
    expect(day('2026-11-01')).toEqual({
      date: '2026-11-01',
      revenue: 2,
      games: 1,
      players: 2,
      coinRevenue: 0,
    });
    expect(day('2026-11-24')).toEqual({
      date: '2026-11-24',
      revenue: 10,
      games: 1,
      players: 5,
      coinRevenue: 50,
    });
    expect(day('2026-11-25')).toEqual({
      date: '2026-11-25',
      revenue: 60,
      games: 1,
      players: 10,
      coinRevenue: 0,
    });
    expect(body.topAgents).toEqual([
      {
        id: agentB.user.id,
        _id: agentB.user.id,
        username: agentB.user.username,
        financialModel: 'commission-share',
        totalGames: 1,
        totalPlayers: 10,
        totalRevenue: 60,
      },
      {
        id: agentA.user.id,
        _id: agentA.user.id,
        username: agentA.user.username,
        financialModel: 'virtual-coin',
        totalGames: 4,
        totalPlayers: 14,
        totalRevenue: 35,
      },
    ]);
  });

  it('answers the week when no period is asked for (product/screens.md#period-selector, decision 066)', async () => {
    const body = (await asAdmin('GET', '/api/stats/admin')).json();
    expect(body).toMatchObject({ period: 'week', from: '2026-11-23', to: '2026-11-25' });
    expect(body.overview).toMatchObject({ totalRevenue: 73, totalGames: 3, coinRevenue: 50 });
  });

  it('answers the week and the day', async () => {
    const week = (await asAdmin('GET', '/api/stats/admin?period=week')).json();
    expect(week.overview).toMatchObject({ totalRevenue: 73, totalGames: 3, coinRevenue: 50 });
    const day = (await asAdmin('GET', '/api/stats/admin?period=day')).json();
    expect(day.overview).toMatchObject({
      totalRevenue: 60,
      totalGames: 1,
      coinRevenue: 0,
      cancelledAfterCalls: 0,
    });
  });

  it('is for the admin only', async () => {
    expect((await asA('GET', '/api/stats/admin')).statusCode).toBe(403);
    expect((await asSuper('GET', '/api/stats/admin')).statusCode).toBe(403);
    expect((await asA('GET', '/api/stats/payments')).statusCode).toBe(403);
    expect((await caller(t.app, null)('GET', '/api/stats/admin')).statusCode).toBe(401);
  });
});

describe('GET /api/stats/payments', () => {
  it('gives the coin revenue, commission payments and super agent earnings of the period, by day', async () => {
    const res = await asAdmin('GET', '/api/stats/payments?period=week');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.coinPurchases).toEqual({ count: 1, coins: 100, amount: 50 });
    expect(body.commissionPayments).toMatchObject({ count: 0, adminCommission: 0 });
    expect(body.netAdminIncome).toBe(50);
    expect(body.daily).toHaveLength(3);
    expect(body.daily[1]).toEqual({
      date: '2026-11-24',
      coinRevenue: 50,
      adminCommission: 0,
      superAgentNetEarnings: 0,
    });
  });
});

describe('the daily rollup', () => {
  it('equals its recomputation after games created, played, finished and cancelled through the API', async () => {
    const a = await gameAgent(t.app, t.database, asAdmin, { coins: 500 });
    const c = await gameAgent(t.app, t.database, asAdmin, { financialModel: 'commission-share' });
    const g1 = await newGame(a.as, { stake: 25 });
    const g2 = await newGame(a.as, { stake: 10 });
    const g3 = await newGame(c.as, { stake: 40 });
    const g4 = await newGame(c.as, { stake: 40 });
    // Played and finished; cancelled before a call (a game with calls cannot be cancelled, product/draw.md).
    for (const g of [g1, g3]) {
      expect((await (g === g1 ? a.as : c.as)('POST', `/api/games/${g.id}/call-number`)).statusCode).toBe(200);
    }
    expect((await a.as('POST', `/api/games/${g1.id}/finish`, {})).statusCode).toBe(200);
    expect((await a.as('POST', `/api/games/${g2.id}/cancel`, {})).statusCode).toBe(200);
    expect((await c.as('POST', `/api/games/${g3.id}/finish`, {})).statusCode).toBe(200);
    expect((await c.as('POST', `/api/games/${g4.id}/cancel`, {})).statusCode).toBe(200);

    const snapshot = async () => ({
      stats: rowsOf(
        await t.database.db.execute(sql`SELECT * FROM agent_daily_stats ORDER BY agent_id, business_date`),
      ),
      months: rowsOf(
        await t.database.db.execute(sql`SELECT * FROM agent_monthly_stats ORDER BY agent_id, month`),
      ),
      monthsFromDays: rowsOf(
        await t.database.db.execute(sql`
          SELECT agent_id, date_trunc('month', business_date)::date AS month, sum(games_created)::int AS created,
            sum(games_finished)::int AS finished, sum(agent_fee_santim)::text AS fees, sum(coins_sold)::text AS coins
          FROM agent_daily_stats GROUP BY 1, 2 ORDER BY 1, 2`),
      ),
      monthsSummed: rowsOf(
        await t.database.db.execute(sql`
          SELECT agent_id, month, games_created AS created, games_finished AS finished,
            agent_fee_santim::text AS fees, coins_sold::text AS coins
          FROM agent_monthly_stats WHERE games_created <> 0 OR top_ups <> 0 ORDER BY 1, 2`),
      ),
      earnings: rowsOf(
        await t.database.db.execute(
          sql`SELECT id, total_earnings FROM users WHERE role = 'agent' ORDER BY id`,
        ),
      ),
    });
    const kept = await snapshot();
    const mine = (
      kept.stats as {
        agent_id: string;
        games_created: number;
        games_finished: number;
        games_cancelled: number;
        games_cancelled_played: number;
      }[]
    ).filter((r) => r.agent_id === c.user.id);
    expect(
      mine.map((r) => [r.games_created, r.games_finished, r.games_cancelled, r.games_cancelled_played]),
    ).toEqual([[2, 1, 1, 0]]);
    // Each month is the sum of its days.
    expect(kept.monthsSummed).toEqual(kept.monthsFromDays);
    await t.database.db.execute(sql`SELECT cartela_rebuild_stats()`);
    expect(await snapshot()).toEqual(kept);
    // The finished game's fee is the agent's all-time earnings.
    const [fee] = rowsOf<{ total_earnings: unknown }>(
      await t.database.db.execute(sql`SELECT total_earnings FROM users WHERE id = ${a.user.id}`),
    );
    expect(Number(fee!.total_earnings)).toBe(
      Math.round((g1 as unknown as { agentFee: number }).agentFee * 100),
    );
  });

  it('refuses to take a finished game out of finished', async () => {
    const [row] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`SELECT id FROM games WHERE status = 'finished' LIMIT 1`),
    );
    await expect(
      t.database.db.execute(
        sql`UPDATE games SET status = 'active', finished_at = NULL WHERE id = ${row!.id}`,
      ),
    ).rejects.toThrow();
  });
});

describe('the business time zone', () => {
  it('recomputes the business days and the rollup when it changes, and changes nothing when it does not', async () => {
    const day = async () =>
      rowsOf<{ d: string }>(
        await t.database.db.execute(
          sql`SELECT business_date::text AS d FROM games WHERE agent_id = ${agentA.user.id} AND created_at = '2026-11-23T21:00:00Z'`,
        ),
      )[0]!.d;
    expect(await day()).toBe('2026-11-24');
    expect(await applyBusinessTimeZone(t.database, 'Africa/Addis_Ababa')).toBe('unchanged');
    expect(await applyBusinessTimeZone(t.database, 'UTC')).toBe('changed');
    expect(await day()).toBe('2026-11-23');
    const [monday] = rowsOf<{ games: number }>(
      await t.database.db.execute(
        sql`SELECT games_finished AS games FROM agent_daily_stats WHERE agent_id = ${agentA.user.id} AND business_date = '2026-11-23'`,
      ),
    );
    expect(monday!.games).toBe(2);
    expect(await applyBusinessTimeZone(t.database, 'Africa/Addis_Ababa')).toBe('changed');
    expect(await day()).toBe('2026-11-24');
  });
});

describe('the Ethiopian calendar (calendar=ethiopic, decision 065)', () => {
  // Today, 25 November 2026, is Hidar 16, 2019: Hidar began on 10 November, the year 2019 on 11 September.
  it("counts the Ethiopian month and year an Amharic screen names, to the business day's edge", async () => {
    const c = await createAgent(t.database, { financialModel: 'virtual-coin', commissionPercentage: 10 });
    const asC = caller(t.app, await loginAs(t.app, c));
    const game = (createdAt: string, stakeEtb: number) =>
      insertGameRow(t.database, { agentId: c.user.id, createdAt, stakeEtb, players: 1 });
    await game('2026-11-09T20:59:00Z', 10); // Tikimt 30: fee 1
    await game('2026-11-09T21:00:00Z', 20); // Hidar 1 in Addis Ababa: fee 2
    await game('2026-09-10T20:59:00Z', 40); // Pagume 5, 2018: fee 4
    await game('2026-09-10T21:00:00Z', 80); // Meskerem 1, 2019: fee 8
    const of = async (query: string) => {
      const res = await asC('GET', `/api/stats/agent?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    expect(await of('period=month&calendar=ethiopic')).toMatchObject({
      period: 'month',
      from: '2026-11-10',
      to: '2026-11-25',
      timeZone: 'Africa/Addis_Ababa',
      totalEarnings: 2,
      totalGames: 1,
    });
    expect(await of('period=year&calendar=ethiopic')).toMatchObject({
      from: '2026-09-11',
      totalEarnings: 11,
      totalGames: 3,
    });
    // The Gregorian calendar stays the default, and the week and the day are the same in both.
    expect(await of('period=month')).toMatchObject({ from: '2026-11-01', totalEarnings: 3, totalGames: 2 });
    expect(await of('period=month&calendar=gregorian')).toMatchObject({ from: '2026-11-01' });
    expect(await of('period=year')).toMatchObject({ from: '2026-01-01', totalEarnings: 15 });
    expect((await of('period=week&calendar=ethiopic')).from).toBe('2026-11-23');

    const admin = await asAdmin('GET', '/api/stats/admin?period=month&calendar=ethiopic');
    expect(admin.json()).toMatchObject({ from: '2026-11-10', to: '2026-11-25' });
    const payments = await asAdmin('GET', '/api/stats/payments?period=month&calendar=ethiopic');
    expect(payments.json()).toMatchObject({ from: '2026-11-10', to: '2026-11-25' });
    expect(payments.json().daily).toHaveLength(16);
    const summary = await asAdmin('GET', '/api/commission/summary?period=year&calendar=ethiopic');
    expect(summary.json()).toMatchObject({ period: 'year', from: '2026-09-11', to: '2026-11-25' });

    expect((await asC('GET', '/api/stats/agent?calendar=julian')).statusCode).toBe(400);
  });
});
