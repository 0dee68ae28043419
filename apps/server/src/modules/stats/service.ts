// The three statistics answers (decision 053 sections 3, 6, 8). Every figure is an integer sum of the rollup
// in santim, turned into ETB only here, at the edge. "Today" is the business day of the app's clock.
import type {
  AdminStatsResponse,
  AgentStatsResponse,
  PaymentStatsResponse,
  StatsPeriod,
} from '@cartela/contract';
import {
  addDays,
  type Calendar,
  type DateRange,
  daysOf,
  moneyMoved,
  periodRange,
  type Santim,
  santim,
  WEEKDAY_NAMES,
  weekdayOf,
} from '@cartela/core';
import type { Database } from '../../db/client.js';
import { storedSantim } from '../../db/columns.js';
import type { UserRow } from '../../db/schema.js';
import { etb, percent } from '../users/index.js';
import { businessToday } from './business-day.js';
import * as q from './queries.js';

/**
 * A sum as the database prints it ('123'), or one added here, as santim: exact, or a 500 naming the answer's
 * figure it was for (decision 081), never a rounded float.
 */
const amount = (value: string | number | null | undefined, figure: string): Santim =>
  storedSantim(value, `stats ${figure}`);
const money = (value: string | null | undefined, figure: string): number => etb(amount(value, figure));

/** The admin's daily charts: always the 30 business days ending today. */
const DAILY_DAYS = 30;
const TOP_AGENTS = 10;
const RECENT_GAMES = 5;

export interface StatsDeps {
  database: Database;
  timeZone: string;
  now: () => Date;
}

export function createStatsService({ database, timeZone, now }: StatsDeps) {
  const today = () => businessToday(now(), timeZone);
  // The month and the year follow the calendar the screen speaks in (decision 065).
  const rangeOf = (period: StatsPeriod, day: string, calendar: Calendar) => ({
    period,
    ...periodRange(period, day, calendar),
    timeZone,
  });

  return {
    /** GET /api/stats/agent: the signed-in agent's period, its last 7 days and 5 newest games. */
    async agent(
      agent: UserRow,
      period: StatsPeriod,
      calendar: Calendar = 'gregorian',
    ): Promise<AgentStatsResponse> {
      const day = today();
      const range = rangeOf(period, day, calendar);
      const week: DateRange = { from: addDays(day, -6), to: day };
      const [totals, days, recent] = await Promise.all([
        q.agentTotals(database, agent.id, range.from, range.to),
        q.agentDays(database, agent.id, week.from, week.to),
        q.recentGames(database, agent.id, RECENT_GAMES),
      ]);
      const byDate = new Map(days.map((d) => [d.date, d]));
      const last7Days = daysOf(week).map((date) => {
        const d = byDate.get(date);
        return {
          date,
          weekday: weekdayOf(date),
          earnings: money(d?.fees, 'agent last7Days.earnings'),
          games: d?.games ?? 0,
          players: d?.players ?? 0,
        };
      });
      const weeklyEarnings = Object.fromEntries(
        WEEKDAY_NAMES.map((name) => [name, last7Days.find((d) => d.weekday === name)?.earnings ?? 0]),
      ) as AgentStatsResponse['weeklyEarnings'];
      return {
        ...range,
        totalEarnings: money(totals.fees, 'agent totalEarnings'),
        totalGames: totals.games,
        totalPlayers: totals.players,
        virtualCoins: agent.virtualCoins,
        financialModel: agent.financialModel ?? 'virtual-coin',
        commissionPercentage: percent(agent.commissionPercentage) ?? 0,
        systemCommissionShare: percent(agent.systemCommissionShare) ?? 0,
        weeklyEarnings,
        last7Days,
        games: recent.map((g) => {
          // A cancelled game moved no money (decision 064): core's rule.
          const shown = moneyMoved(
            { status: g.status, totalCalls: 0 },
            {
              totalAmount: amount(g.total, 'agent games.totalAmount'),
              agentFee: amount(g.fee, 'agent games.agentFee'),
              prize: santim(0),
              coinCost: 0,
            },
          );
          return {
            id: g.id,
            _id: g.id,
            gameId: g.gameId,
            numberOfPlayers: g.players,
            stake: money(g.stake, 'agent games.stake'),
            agentFee: etb(shown.agentFee),
            totalAmount: etb(shown.totalAmount),
            status: g.status,
            createdAt: new Date(g.createdAt).toISOString(),
          };
        }),
      };
    },

    /** GET /api/stats/admin: the network's period, the 30 days ending today, the period's top agents. */
    async admin(period: StatsPeriod, calendar: Calendar = 'gregorian'): Promise<AdminStatsResponse> {
      const day = today();
      const range = rangeOf(period, day, calendar);
      const daily: DateRange = { from: addDays(day, -(DAILY_DAYS - 1)), to: day };
      const [totals, counts, days, top] = await Promise.all([
        q.networkTotals(database, range.from, range.to),
        q.agentCounts(database),
        q.networkDays(database, daily.from, daily.to),
        q.topAgents(database, range.from, range.to, TOP_AGENTS),
      ]);
      const byDate = new Map(days.map((d) => [d.date, d]));
      return {
        ...range,
        overview: {
          totalRevenue: money(totals.fees, 'admin overview.totalRevenue'),
          totalAgents: counts.total,
          activeAgents: counts.active,
          totalGames: totals.games,
          coinRevenue: money(totals.coinRevenue, 'admin overview.coinRevenue'),
          totalPlayers: totals.players,
          totalStakes: money(totals.stakes, 'admin overview.totalStakes'),
          totalPrizes: money(totals.prizes, 'admin overview.totalPrizes'),
          coinsSold: Number(amount(totals.coinsSold, 'admin overview.coinsSold')),
          cancelledAfterCalls: totals.cancelledPlayed,
        },
        dailyStats: daysOf(daily).map((date) => {
          const d = byDate.get(date);
          return {
            date,
            revenue: money(d?.fees, 'admin dailyStats.revenue'),
            games: d?.games ?? 0,
            players: d?.players ?? 0,
            coinRevenue: money(d?.coinRevenue, 'admin dailyStats.coinRevenue'),
          };
        }),
        topAgents: top.map((a) => ({
          id: a.id,
          _id: a.id,
          username: a.username,
          financialModel: a.financialModel ?? 'virtual-coin',
          totalGames: a.games,
          totalPlayers: a.players,
          totalRevenue: money(a.fees, 'admin topAgents.totalRevenue'),
        })),
      };
    },

    /** GET /api/stats/payments: coins sold, commission payments and super agent earnings of the period. */
    async payments(period: StatsPeriod, calendar: Calendar = 'gregorian'): Promise<PaymentStatsResponse> {
      const range = rangeOf(period, today(), calendar);
      const [totals, payments, earnings, coinDays, moneyDays] = await Promise.all([
        q.networkTotals(database, range.from, range.to),
        q.paymentsByStatus(database, range.from, range.to),
        q.earningsByStatus(database, range.from, range.to),
        q.networkDays(database, range.from, range.to),
        q.moneyDays(database, range.from, range.to),
      ]);
      const live = <T extends { status: string }>(rows: T[]) => rows.filter((r) => r.status !== 'cancelled');
      const sum = <T>(rows: T[], pick: (r: T) => string, figure: string) =>
        amount(
          rows.reduce((s, r) => s + amount(pick(r), `payments ${figure}`), 0),
          `payments ${figure}`,
        );
      const ofStatus = <T extends { status: string; count: number }>(
        rows: T[],
        status: string,
        pick: (r: T) => string,
        figure: string,
      ) => {
        const row = rows.find((r) => r.status === status);
        return { count: row?.count ?? 0, amount: money(row ? pick(row) : '0', `payments ${figure}`) };
      };
      const livePayments = live(payments);
      const liveEarnings = live(earnings);
      const coinRevenue = amount(totals.coinRevenue, 'payments coinPurchases.amount');
      const adminCommission = sum(livePayments, (r) => r.commission, 'commissionPayments.adminCommission');
      const superAgentNet = sum(liveEarnings, (r) => r.net, 'superAgentEarnings.superAgentNetEarnings');
      const coinsByDate = new Map(coinDays.map((d) => [d.date, d.coinRevenue]));
      const moneyByDate = new Map(moneyDays.map((d) => [d.date, d]));
      return {
        ...range,
        coinPurchases: {
          count: totals.topUps,
          coins: Number(amount(totals.coinsSold, 'payments coinPurchases.coins')),
          amount: etb(coinRevenue),
        },
        commissionPayments: {
          count: livePayments.reduce((s, r) => s + r.count, 0),
          totalEarnings: etb(sum(livePayments, (r) => r.earnings, 'commissionPayments.totalEarnings')),
          adminCommission: etb(adminCommission),
          agentNet: etb(sum(livePayments, (r) => r.net, 'commissionPayments.agentNet')),
          pending: ofStatus(payments, 'pending', (r) => r.commission, 'commissionPayments.pending'),
          paid: ofStatus(payments, 'paid', (r) => r.commission, 'commissionPayments.paid'),
          cancelled: ofStatus(payments, 'cancelled', (r) => r.commission, 'commissionPayments.cancelled'),
        },
        superAgentEarnings: {
          count: liveEarnings.reduce((s, r) => s + r.count, 0),
          superAgentShare: etb(sum(liveEarnings, (r) => r.share, 'superAgentEarnings.superAgentShare')),
          platformShare: etb(sum(liveEarnings, (r) => r.platform, 'superAgentEarnings.platformShare')),
          superAgentNetEarnings: etb(superAgentNet),
          pending: ofStatus(earnings, 'pending', (r) => r.net, 'superAgentEarnings.pending'),
          paid: ofStatus(earnings, 'paid', (r) => r.net, 'superAgentEarnings.paid'),
        },
        // Checked before the subtraction: past 2^53 the addition is already rounded.
        netAdminIncome: etb(
          amount(
            amount(coinRevenue + adminCommission, 'payments netAdminIncome') - superAgentNet,
            'payments netAdminIncome',
          ),
        ),
        daily: daysOf(range).map((date) => {
          const m = moneyByDate.get(date);
          return {
            date,
            coinRevenue: money(coinsByDate.get(date), 'payments daily.coinRevenue'),
            adminCommission: money(m?.commission, 'payments daily.adminCommission'),
            superAgentNetEarnings: money(m?.net, 'payments daily.superAgentNetEarnings'),
          };
        }),
      };
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
