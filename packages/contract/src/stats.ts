// The three dashboards' statistics: the agent's, the admin's, and the admin's money flows
// (product/screens.md#dashboard). The rules behind every figure: docs/decisions/053-money-and-insight.md. Every
// amount is summed in santim from the games table's integer columns and only turned into ETB here, at the edge.
import { z } from 'zod';
import { Etb, FinancialModel, Id, IsoDateTime, Percent } from './common.js';
import { PeriodRange } from './fields.js';
import { GameStatus } from './games.js';
import { BusinessDay, StatsCalendar, StatsPeriod, WEEKDAYS, Weekday } from './periods.js';
import { defineRoute } from './route.js';

export const AgentStatsQuery = z.strictObject({
  period: StatsPeriod.default('week'),
  calendar: StatsCalendar,
});
export const AdminStatsQuery = z.strictObject({
  // product/screens.md#period-selector: the admin dashboard opens on the week, as the agent's does (decision 066).
  period: StatsPeriod.default('week'),
  calendar: StatsCalendar,
});
export const PaymentStatsQuery = z.strictObject({
  period: StatsPeriod.default('month'),
  calendar: StatsCalendar,
});

/** One business day of an agent's counted games (finished games created that day). */
export const AgentDay = z.object({
  date: BusinessDay,
  weekday: Weekday,
  earnings: Etb.describe('Sum of agentFee'),
  games: z.number().int(),
  players: z.number().int(),
});

/** The agent dashboard's Recent Games row (product/screens.md#agent-dashboard). */
export const RecentGame = z.object({
  id: Id,
  _id: Id,
  gameId: z.string(),
  numberOfPlayers: z.number().int(),
  stake: Etb,
  agentFee: Etb,
  totalAmount: Etb,
  status: GameStatus,
  createdAt: IsoDateTime,
});

const weekdayAmounts = Object.fromEntries(WEEKDAYS.map((d) => [d, Etb])) as Record<Weekday, typeof Etb>;

/** GET /api/stats/agent (product/screens.md#agent-dashboard). */
export const AgentStatsResponse = z
  .object({
    ...PeriodRange,
    totalEarnings: Etb.describe("Sum of agentFee of the period's counted games"),
    totalGames: z.number().int().describe('Counted (finished) games of the period'),
    totalPlayers: z.number().int(),
    virtualCoins: z.number().int().describe('The balance now'),
    financialModel: FinancialModel,
    commissionPercentage: Percent.describe('The house cut of new games'),
    systemCommissionShare: Percent.describe(
      "The admin's share of a commission-share agent's fees (the Financial Model card)",
    ),
    weeklyEarnings: z
      .object(weekdayAmounts)
      .describe(
        'The last 7 business days (today and the 6 before), keyed by weekday; shown Monday to Sunday. Independent of period',
      ),
    last7Days: z
      .array(AgentDay)
      .describe('The same 7 days, oldest first, with games and players (the charts)'),
    games: z.array(RecentGame).describe('The 5 newest games, any status'),
  })
  .meta({ id: 'AgentStatsResponse' });
export type AgentStatsResponse = z.infer<typeof AgentStatsResponse>;

/**
 * The admin dashboard's overview (product/screens.md#admin-dashboard), plus the figures the same rows give for
 * free.
 */
export const AdminOverview = z.object({
  totalRevenue: Etb.describe("Sum of agentFee of the period's counted games, every agent"),
  totalAgents: z.number().int().describe('Agents not deleted (now)'),
  activeAgents: z.number().int().describe('Of those, active (now)'),
  totalGames: z.number().int().describe('Counted (finished) games of the period'),
  coinRevenue: Etb.describe('ETB paid for coins (top-ups) in the period'),
  totalPlayers: z.number().int(),
  totalStakes: Etb.describe('Sum of totalAmount (stake x players) of the counted games'),
  totalPrizes: Etb.describe('Sum of prize of the counted games'),
  coinsSold: z.number().int().describe('Coins added by top-ups in the period'),
  cancelledAfterCalls: z
    .number()
    .int()
    .describe('Games of the period cancelled after their first call: played, never counted (worth a look)'),
});

export const DailyStat = z.object({
  date: BusinessDay,
  revenue: Etb.describe('Sum of agentFee of the counted games created that day'),
  games: z.number().int(),
  players: z.number().int(),
  coinRevenue: Etb,
});

export const TopAgent = z.object({
  id: Id,
  _id: Id,
  username: z.string(),
  financialModel: FinancialModel,
  totalGames: z.number().int(),
  totalPlayers: z.number().int(),
  totalRevenue: Etb,
});

/** GET /api/stats/admin. */
export const AdminStatsResponse = z
  .object({
    ...PeriodRange,
    overview: AdminOverview,
    dailyStats: z
      .array(DailyStat)
      .describe('The 30 business days ending today, oldest first, days without games as zeros (any period)'),
    topAgents: z
      .array(TopAgent)
      .describe("The period's 10 best agents by revenue (then games, then username)"),
  })
  .meta({ id: 'AdminStatsResponse' });
export type AdminStatsResponse = z.infer<typeof AdminStatsResponse>;

const AmountCount = z.object({ count: z.number().int(), amount: Etb });

/** One business day of money flows (GET /api/stats/payments). */
export const PaymentDay = z.object({
  date: BusinessDay,
  coinRevenue: Etb,
  adminCommission: Etb.describe('Of the commission payments dated that day (not cancelled)'),
  superAgentNetEarnings: Etb.describe('Earnings written that day (not cancelled)'),
});

/**
 * GET /api/stats/payments: where the admin's money comes from and what it owes, over the period. Coins are
 * paid up front; commission-share agents owe their daily payments; super agents are owed their earnings.
 */
export const PaymentStatsResponse = z
  .object({
    ...PeriodRange,
    coinPurchases: z.object({
      count: z.number().int().describe('Top-ups'),
      coins: z.number().int(),
      amount: Etb.describe('ETB paid for them: the coin revenue'),
    }),
    commissionPayments: z.object({
      count: z.number().int().describe('Payments dated in the period, not cancelled'),
      totalEarnings: Etb.describe('The agent fees they settle'),
      adminCommission: Etb,
      agentNet: Etb,
      pending: AmountCount.describe('amount: admin commission still to collect'),
      paid: AmountCount.describe('amount: admin commission collected'),
      cancelled: AmountCount,
    }),
    superAgentEarnings: z.object({
      count: z.number().int().describe('Earnings written in the period, not cancelled'),
      superAgentShare: Etb,
      platformShare: Etb,
      superAgentNetEarnings: Etb,
      pending: AmountCount.describe('amount: net earnings still owed to super agents'),
      paid: AmountCount.describe('amount: net earnings paid out'),
    }),
    netAdminIncome: Etb.describe(
      'coinPurchases.amount + commissionPayments.adminCommission - superAgentEarnings.superAgentNetEarnings',
    ),
    daily: z.array(PaymentDay).describe('Every business day of the period, oldest first'),
  })
  .meta({ id: 'PaymentStatsResponse' });
export type PaymentStatsResponse = z.infer<typeof PaymentStatsResponse>;

const admin = ['admin'] as const;
const agent = ['agent'] as const;

export const statsRoutes = {
  agentStats: defineRoute({
    method: 'GET',
    path: '/api/stats/agent',
    summary: "The signed-in agent's dashboard: totals of the period, the last 7 days, the 5 newest games",
    access: agent,
    query: AgentStatsQuery,
    response: AgentStatsResponse,
  }),
  adminStats: defineRoute({
    method: 'GET',
    path: '/api/stats/admin',
    summary: 'The admin dashboard: overview of the period, the last 30 daily stats, the top 10 agents',
    access: admin,
    query: AdminStatsQuery,
    response: AdminStatsResponse,
  }),
  paymentStats: defineRoute({
    method: 'GET',
    path: '/api/stats/payments',
    summary: 'Money flows of the period: coin revenue, commission payments, super agent earnings, by day',
    access: admin,
    query: PaymentStatsQuery,
    response: PaymentStatsResponse,
  }),
} as const;
