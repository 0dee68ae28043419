// The demo's month (decision 076): made through the modules' use cases, it must look like a hall's month on every
// dashboard, every game in it must verify, and its money must add up. On PGlite and on PostgreSQL.
import { addDays, businessDateOf, findWinners, verifyGame } from '@cartela/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createCommissionService } from '../modules/commission/index.js';
import { createStatsService } from '../modules/stats/index.js';
import { createSuperAgentDashboardService } from '../modules/super-agents/index.js';
import { findUserByUsername, UserCache } from '../modules/users/index.js';
import { createTestDatabase, type TestDatabase, testConfig } from '../test/helpers.js';
import {
  DEMO_FINAL_COINS,
  DEMO_HISTORY_DAYS,
  type DemoHistoryResult,
  makeDemoHistory,
  planDemoHistory,
} from './demo-history.js';
import { coinLedger, commissionPayments, gameEvents, games, superAgentEarnings } from './schema.js';
import { seedDemoData } from './seed.js';

const TIME_ZONE = 'Africa/Addis_Ababa';
// A Monday, 19:30 in Addis Ababa: "this week" is today alone, so its figures come from today's session.
const NOW = new Date('2026-11-23T16:30:00Z');
const TODAY = businessDateOf(NOW, TIME_ZONE);
const now = () => NOW;

let t: TestDatabase;
let users: UserCache;
let made: DemoHistoryResult;
beforeAll(async () => {
  t = await createTestDatabase();
  users = new UserCache(t.database);
  expect(await seedDemoData(t.database, undefined, { timeZone: TIME_ZONE, now: NOW })).toBe(true);
  made = await makeDemoHistory(t.database, { timeZone: TIME_ZONE, now: NOW });
}, 300_000);
afterAll(async () => {
  users?.close();
  await t?.drop();
});

const account = async (username: string) => (await findUserByUsername(t.database.db, username))!;
const plan = () => planDemoHistory(NOW, TIME_ZONE);

describe('the demo history', () => {
  it('is the plan: 30 days of both agents, cancelled games among them, coin purchases and daily payments', async () => {
    const p = plan();
    expect(p.days).toHaveLength(DEMO_HISTORY_DAYS);
    expect(p.days.at(-1)).toBe(TODAY);
    expect(made).toEqual({
      games: p.games.length,
      topUps: p.topUps.length,
      payments: DEMO_HISTORY_DAYS - 1,
      complete: true,
    });
    // The same plan for the same moment: tests and screenshots can rely on it.
    expect(planDemoHistory(NOW, TIME_ZONE)).toEqual(p);

    const rows = await t.database.db
      .select({ status: games.status, day: games.businessDate, agentId: games.agentId })
      .from(games);
    expect(rows).toHaveLength(p.games.length);
    const cancelled = p.games.filter((g) => g.outcome === 'cancelled').length;
    expect(cancelled).toBeGreaterThan(0);
    expect(rows.filter((r) => r.status === 'cancelled')).toHaveLength(cancelled);
    expect(rows.filter((r) => r.status === 'finished')).toHaveLength(p.games.length - cancelled);
    // Every day, each agent finished games on it (its evening, today's session before the start).
    for (const agent of [await account('agent1'), await account('agent2')]) {
      const days = new Set(
        rows.filter((r) => r.agentId === agent.id && r.status === 'finished').map((r) => r.day),
      );
      expect([...days].sort()).toEqual(p.days);
    }
    // Stakes of the wizard's levels, patterns varied.
    expect(new Set(p.games.map((g) => g.stake)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(p.games.map((g) => g.pattern)).size).toBeGreaterThanOrEqual(8);
    expect(p.games.every((g) => g.stake >= 10 && g.stake <= 200)).toBe(true);
  });

  it('every game verifies: its seed, its commitment, its calls; each winner won on its ball, false claims blocked', async () => {
    const rows = await t.database.db
      .select({
        status: games.status,
        seed: games.drawSeed,
        commitment: games.drawCommitment,
        state: games.state,
        cartelas: games.cartelas,
      })
      .from(games);
    let falseClaims = 0;
    for (const row of rows) {
      const calls = row.state.calledNumbers;
      expect(verifyGame({ commitment: row.commitment, seedHex: row.seed, calls }).ok).toBe(true);
      if (row.status === 'cancelled') {
        expect(calls).toEqual([]); // cancelled before the first call: refunded
        continue;
      }
      expect(row.state.winners.length).toBeGreaterThan(0);
      for (const w of row.state.winners) {
        expect(w.callCount).toBe(calls.length);
        expect(findWinners(row.cartelas, row.state.patternId, calls)).toContain(w.cartelaNumber);
      }
      const blocks = row.state.validations.filter((v) => v.decision === 'block');
      for (const b of blocks) expect(b.reason).toBe('PATTERN_INCOMPLETE');
      falseClaims += blocks.length;
    }
    expect(falseClaims).toBeGreaterThan(0);
  });

  it('fills every dashboard: the admin, both agents, the commission payments and the super agent', async () => {
    const timeZone = TIME_ZONE;
    const stats = createStatsService({ database: t.database, timeZone, now });
    const admin = await stats.admin('week');
    expect(admin.overview.totalGames).toBeGreaterThan(0);
    expect(admin.overview.totalRevenue).toBeGreaterThan(0);
    expect(admin.overview.totalPlayers).toBeGreaterThan(0);
    expect(admin.topAgents.map((a) => a.username).sort()).toEqual(['agent1', 'agent2']);
    // The daily chart: all of its 30 days have games and revenue.
    expect(admin.dailyStats).toHaveLength(30);
    for (const d of admin.dailyStats) expect(d.games * d.revenue).toBeGreaterThan(0);
    const month = await stats.admin('month');
    expect(month.overview.coinRevenue).toBeGreaterThan(0);
    expect(month.overview.coinsSold).toBeGreaterThan(0);

    for (const name of ['agent1', 'agent2']) {
      const agent = await stats.agent(await account(name), 'week');
      expect(agent.totalGames, name).toBeGreaterThan(0);
      expect(agent.totalEarnings, name).toBeGreaterThan(0);
      for (const d of agent.last7Days) expect(d.games, `${name} ${d.date}`).toBeGreaterThan(0);
      expect(agent.games, name).toHaveLength(5);
    }

    const commission = createCommissionService({ database: t.database, users, timeZone, now });
    const { payments } = await commission.payments({ page: 1, limit: 100 });
    expect(payments).toHaveLength(DEMO_HISTORY_DAYS - 1);
    expect(payments.every((p) => p.agentUsername === 'agent2' && p.totalEarnings > 0)).toBe(true);
    // Paid up to three days ago; the last three days' payments pending.
    for (const p of payments) {
      expect(p.status, p.paymentDate).toBe(p.paymentDate >= addDays(TODAY, -3) ? 'pending' : 'paid');
    }
    const summary = await commission.summary('month');
    expect(summary.summary.totalAdminCommission).toBeGreaterThan(0);
    expect(summary.summary.pendingPayments).toBeGreaterThan(0);
    expect(summary.summary.paidPayments).toBeGreaterThan(0);

    const dashboard = createSuperAgentDashboardService({ database: t.database, users, timeZone, now });
    const super1 = await account('super1');
    const overview = await dashboard.overview(super1);
    expect(overview.totalEarnings).toBeGreaterThan(0);
    expect(overview.paidEarnings).toBeGreaterThan(0);
    expect(overview.pendingEarnings).toBeGreaterThan(0);
    expect(overview.lastPaymentDate).not.toBeNull();
    const earnings = await dashboard.earnings(super1, 'month');
    expect(earnings.payments.length).toBeGreaterThan(0);
    expect(earnings.payments.every((e) => e.paymentType === 'virtual-coin-purchase')).toBe(true);
  });

  it("ends agent1's month on its 1,000 coins, the sum of its ledger", async () => {
    const agent1 = await account('agent1');
    expect(agent1.virtualCoins).toBe(DEMO_FINAL_COINS);
    expect(DEMO_FINAL_COINS).toBe(1000);
    const [ledger] = await t.database.db
      .select({
        sum: sql<string>`sum(${coinLedger.delta})`,
        topUps: sql<number>`count(*) FILTER (WHERE ${coinLedger.reason} = 'top-up')::int`,
        refunds: sql<number>`count(*) FILTER (WHERE ${coinLedger.reason} = 'refund')::int`,
        demo: sql<number>`count(*) FILTER (WHERE ${coinLedger.reason} = 'demo')::int`,
      })
      .from(coinLedger)
      .where(eq(coinLedger.agentId, agent1.id));
    expect(Number(ledger!.sum)).toBe(agent1.virtualCoins);
    expect(ledger!.topUps).toBe(plan().topUps.length);
    expect(ledger!.demo).toBe(0);
    expect(ledger!.refunds).toBe(
      plan().games.filter((g) => g.agent === 'agent1' && g.outcome === 'cancelled').length,
    );
    // agent2 pays by commission share: no coins.
    expect((await account('agent2')).virtualCoins).toBe(0);
  });

  it('dates nothing after the start, and every business day of it within the 30 days', async () => {
    const { db } = t.database;
    const maxOf = async (query: ReturnType<typeof sql>) => {
      const { rows } = (await db.execute(query)) as unknown as { rows: { at: string | null }[] };
      return rows[0]?.at ? new Date(rows[0].at) : null;
    };
    const checks = [
      sql`SELECT max(greatest(${games.createdAt}, ${games.finishedAt}))::text AS at FROM ${games}`,
      sql`SELECT max(${gameEvents.at})::text AS at FROM ${gameEvents}`,
      sql`SELECT max(${coinLedger.createdAt})::text AS at FROM ${coinLedger}`,
      sql`SELECT max(greatest(${superAgentEarnings.paymentDate}, ${superAgentEarnings.paidAt}))::text AS at FROM ${superAgentEarnings}`,
      sql`SELECT max(${commissionPayments.paidAt})::text AS at FROM ${commissionPayments}`,
    ];
    for (const check of checks) {
      const at = await maxOf(check);
      expect(at).not.toBeNull();
      expect(at!.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    const first = addDays(TODAY, -(DEMO_HISTORY_DAYS - 1));
    const [range] = await db
      .select({
        from: sql<string>`min(${games.businessDate})::text`,
        to: sql<string>`max(${games.businessDate})::text`,
      })
      .from(games);
    expect(range).toEqual({ from: first, to: TODAY });
    const [paid] = await db
      .select({ to: sql<string>`max(${commissionPayments.paymentDate})::text` })
      .from(commissionPayments);
    expect(paid!.to).toBe(addDays(TODAY, -1)); // a payment is for a day that is over
  });
});

describe('while the month is being made', () => {
  it('stops between two steps when the server is asked to stop, writing nothing more', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(games);
    const stop = new AbortController();
    stop.abort();
    const cut = await makeDemoHistory(t.database, { timeZone: TIME_ZONE, now: NOW }, stop.signal);
    expect(cut).toMatchObject({ games: 0, payments: 0, complete: false });
    expect(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(games)).toEqual(before);
  });

  it('answers /api/health at once and holds every other API request until it is made', async () => {
    let made!: () => void;
    const ready = new Promise<void>((resolve) => {
      made = resolve;
    });
    const app = await buildApp({ config: testConfig(), database: t.database, logger: false, ready });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      let answered = false;
      const me = app.inject({ method: 'GET', url: '/api/auth/me' }).then((res) => {
        answered = true;
        return res;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false);
      made();
      expect((await me).statusCode).toBe(401);
      // Once it is made, nothing waits.
      expect((await app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
