// Money and insight (issue 11): the three dashboards' statistics, commission settings and daily payments, the
// super agent's own calls and the admin's handling of its earnings, the games reports and their CSV export
// (spec 01 sections 2, 3, 7; spec 02 sections 2, 3, 4, 7; 00-decisions 'Money', 'The two financial models',
// 'Super agents'). The rules behind every figure: docs/decisions/053-money-and-insight.md. Every amount is
// summed in santim from the games table's integer columns and only turned into ETB here, at the edge.
import { CALENDARS } from '@cartela/core';
import { z } from 'zod';
import { Etb, FinancialModel, Id, IsoDateTime, Percent, text } from './common.js';
import { GameStatus } from './games.js';
import { IdParams } from './network.js';
import { defineRoute } from './route.js';

// ---------------------------------------------------------------------------------------------------------
// Business days and periods
// ---------------------------------------------------------------------------------------------------------

/** A business day in a request: YYYY-MM-DD, a day of the business time zone (Africa/Addis_Ababa by default). */
export const BusinessDate = z.iso.date('A date is YYYY-MM-DD');

/** A business day in an answer. */
export const BusinessDay = z
  .string()
  .describe('Business day, YYYY-MM-DD in the business time zone (Africa/Addis_Ababa unless configured)');

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export const Weekday = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof Weekday>;

/**
 * A dashboard period: the current calendar day, Monday-based week, month or year of the business time zone, up
 * to and including today (spec: Today, This Week, This Month, This Year).
 */
export const StatsPeriod = z.enum(['day', 'week', 'month', 'year']);
export type StatsPeriod = z.infer<typeof StatsPeriod>;

/**
 * The calendar a period's month and year follow (decision 065): 'gregorian', or 'ethiopic' for the Ethiopian
 * month and year an Amharic screen names (core's periodRange). The day and the Monday-based week are the same.
 */
export const StatsCalendar = z.enum(CALENDARS).default('gregorian');
export type StatsCalendar = z.infer<typeof StatsCalendar>;

/** The super agent's Earnings tab: Last Week, Last Month, Last Year (rolling, ending today). */
export const EarningsPeriod = z.enum(['week', 'month', 'year']);
export type EarningsPeriod = z.infer<typeof EarningsPeriod>;

/** The business days an answer covers, so every screen can say which days its figures are for. */
const PeriodRange = {
  period: z.string().describe('The period asked for (or its default)'),
  from: BusinessDay.describe('First business day covered'),
  to: BusinessDay.describe('Last business day covered (today)'),
  timeZone: z.string().describe('The business time zone, e.g. Africa/Addis_Ababa'),
};

const pageNumber = z.coerce.number().int('page is a whole number').min(1, 'page starts at 1').max(100_000);
const pageSize = z.coerce
  .number()
  .int('limit is a whole number')
  .min(1, 'limit is 1-100')
  .max(100, 'limit is 1-100');
const Notes = text().trim().max(500).nullable();

/** startDate <= endDate when both are given. */
const dateOrder = <T extends { startDate?: string | undefined; endDate?: string | undefined }>(v: T) =>
  v.startDate === undefined || v.endDate === undefined || v.startDate <= v.endDate;
const dateOrderIssue = { message: 'startDate must not be after endDate', path: ['endDate'] };

const Page = {
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
};

// ---------------------------------------------------------------------------------------------------------
// Statistics: the agent dashboard, the admin dashboard, payments
// ---------------------------------------------------------------------------------------------------------

export const AgentStatsQuery = z.strictObject({
  period: StatsPeriod.default('week'),
  calendar: StatsCalendar,
});
export const AdminStatsQuery = z.strictObject({
  // Spec 01 section 2: the admin dashboard opens on the week, as the agent's does (decision 066).
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

/** The agent dashboard's Recent Games row (spec 01 section 3 'Game summary inside agent stats'). */
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

/** GET /api/stats/agent (spec 01 section 3 'Agent stats'). */
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

/** spec 01 section 3 'Admin stats' overview, plus the figures the same rows give for free. */
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

// ---------------------------------------------------------------------------------------------------------
// Commission: settings, daily payments, their lifecycle, the summary
// ---------------------------------------------------------------------------------------------------------

export const CommissionPaymentStatus = z.enum(['pending', 'paid', 'cancelled']);
export type CommissionPaymentStatus = z.infer<typeof CommissionPaymentStatus>;

/** spec 02 section 3 'Commission payment'. */
export const CommissionPayment = z
  .object({
    id: Id,
    _id: Id,
    agentId: Id,
    agentUsername: z.string(),
    paymentDate: BusinessDay.describe('The business day it was generated for'),
    gamesCount: z.number().int().describe('The counted games it settles'),
    totalEarnings: Etb.describe('Sum of their agentFee'),
    adminCommissionRate: Percent.describe("The agent's systemCommissionShare when it was generated"),
    adminCommissionAmount: Etb.describe('totalEarnings x adminCommissionRate, rounded once (core)'),
    agentNetAmount: Etb.describe('totalEarnings - adminCommissionAmount'),
    status: CommissionPaymentStatus,
    notes: z.string().nullable(),
    paidAt: IsoDateTime.nullable(),
    paidByUsername: z.string().nullable(),
    superAgentEarningId: Id.nullable().describe(
      "The super agent's 'commission-share' earning written with it",
    ),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  })
  .meta({ id: 'CommissionPayment' });
export type CommissionPayment = z.infer<typeof CommissionPayment>;

export const CommissionPaymentsQuery = z
  .strictObject({
    status: CommissionPaymentStatus.optional(),
    agentId: z.uuid('Not a valid id').optional(),
    startDate: BusinessDate.optional(),
    endDate: BusinessDate.optional(),
    page: pageNumber.default(1),
    limit: pageSize.default(20),
  })
  .refine(dateOrder, dateOrderIssue);

export const CommissionPaymentsResponse = z
  .object({ payments: z.array(CommissionPayment), ...Page })
  .meta({ id: 'CommissionPaymentsResponse' });

/** spec 02 section 3 'Commission setting': adminCommissionRate IS the agent's systemCommissionShare. */
export const CommissionSetting = z
  .object({
    agentId: Id,
    agentUsername: z.string(),
    financialModel: FinancialModel,
    isActive: z.boolean(),
    adminCommissionRate: Percent,
    notes: z.string().nullable(),
  })
  .meta({ id: 'CommissionSetting' });
export type CommissionSetting = z.infer<typeof CommissionSetting>;

export const CommissionSettingsResponse = z
  .object({ settings: z.array(CommissionSetting) })
  .meta({ id: 'CommissionSettingsResponse' });

export const UpdateCommissionSettingRequest = z
  .strictObject({ adminCommissionRate: Percent, notes: Notes.optional() })
  .meta({ id: 'UpdateCommissionSettingRequest' });
export type UpdateCommissionSettingRequest = z.input<typeof UpdateCommissionSettingRequest>;

export const CommissionSettingResponse = z
  .object({ message: z.string(), setting: CommissionSetting })
  .meta({ id: 'CommissionSettingResponse' });

export const GenerateDailyRequest = z
  .strictObject({
    date: BusinessDate.describe('A business day that is over (before today in the business time zone)'),
  })
  .meta({ id: 'GenerateDailyRequest' });
export type GenerateDailyRequest = z.input<typeof GenerateDailyRequest>;

export const GenerateDailyResponse = z
  .object({
    message: z.string(),
    date: BusinessDay,
    created: z.number().int().describe('Payments created now (0 when the date was already generated)'),
    payments: z.array(CommissionPayment).describe('The payments created now'),
  })
  .meta({ id: 'GenerateDailyResponse' });

export const MarkPaidRequest = z.strictObject({ notes: Notes.optional() }).meta({ id: 'MarkPaidRequest' });
export type MarkPaidRequest = z.input<typeof MarkPaidRequest>;

export const CommissionPaymentResponse = z
  .object({ message: z.string(), payment: CommissionPayment })
  .meta({ id: 'CommissionPaymentResponse' });

export const CommissionSummaryQuery = z.strictObject({
  period: StatsPeriod.default('week'),
  calendar: StatsCalendar,
});

/** spec 02 section 3 'Commission summary', over the payments dated in the period. */
export const CommissionSummaryResponse = z
  .object({
    ...PeriodRange,
    summary: z.object({
      totalEarnings: Etb.describe('Agent fees settled by the payments (not cancelled)'),
      totalAdminCommission: Etb.describe('Admin commission of the payments not cancelled'),
      totalAgentPayments: Etb.describe('agentNetAmount of the payments not cancelled'),
      pendingPayments: Etb.describe('Admin commission of the pending payments'),
      paidPayments: Etb.describe('Admin commission of the paid payments'),
      pendingCount: z.number().int(),
      paidCount: z.number().int(),
      cancelledCount: z.number().int(),
    }),
  })
  .meta({ id: 'CommissionSummaryResponse' });
export type CommissionSummaryResponse = z.infer<typeof CommissionSummaryResponse>;

// ---------------------------------------------------------------------------------------------------------
// Super agents: their own dashboard, and the admin's handling of their earnings
// ---------------------------------------------------------------------------------------------------------

export const EarningStatus = z.enum(['pending', 'paid', 'cancelled']);
export type EarningStatus = z.infer<typeof EarningStatus>;
export const EarningPaymentType = z.enum(['virtual-coin-purchase', 'commission-share']);

/** GET /api/super-agents/overview (spec 01 section 3 'Super agent overview' and the Account Information block). */
export const SuperAgentOverviewResponse = z
  .object({
    totalEarnings: Etb.describe(
      "The super agent's net (superAgentNetEarnings) of all its earnings not cancelled, pending and paid, all time: what it keeps after the platform share ('Your Net Earnings')",
    ),
    activeAgentsCount: z.number().int().describe('Agents under an active agreement (not deleted)'),
    platformCommissionRate: Percent,
    totalPlatformShare: Etb.describe(
      "The platform's cut (platformShare) of the super agent's gross shares, earnings not cancelled, all time ('Platform Share')",
    ),
    pendingEarnings: Etb.describe('Of totalEarnings (net), the pending earnings'),
    paidEarnings: Etb.describe('Of totalEarnings (net), the paid earnings'),
    username: z.string(),
    contact: z.string().nullable(),
    createdAt: IsoDateTime,
    lastPaymentDate: IsoDateTime.nullable().describe('When an earning was last marked paid'),
  })
  .meta({ id: 'SuperAgentOverviewResponse' });
export type SuperAgentOverviewResponse = z.infer<typeof SuperAgentOverviewResponse>;

/** spec 01 section 3 "Super agent's agent link": the agreement with the agent's figures under agentId. */
export const SuperAgentAgentLink = z.object({
  id: Id.describe("The agreement's id"),
  _id: Id,
  agentUsername: z.string(),
  agentId: z.object({
    id: Id,
    _id: Id,
    username: z.string(),
    contact: z.string().nullable(),
    financialModel: FinancialModel,
    virtualCoins: z.number().int(),
    totalEarnings: Etb.describe("Sum of agentFee of the agent's counted games, all time"),
    isActive: z.boolean(),
  }),
  superAgentCommissionRate: Percent,
  effectiveFrom: IsoDateTime,
});

export const SuperAgentAgentsResponse = z
  .object({ agents: z.array(SuperAgentAgentLink) })
  .meta({ id: 'SuperAgentAgentsResponse' });

/** spec 01 section 3 'Super agent earnings payment' (one row of super_agent_earnings). */
export const SuperAgentEarning = z
  .object({
    id: Id,
    _id: Id,
    paymentDate: IsoDateTime.describe('When the earning was written (the top-up, or the generation)'),
    businessDate: BusinessDay.describe('Its business day: the top-up day, or the commission payment day'),
    paymentType: EarningPaymentType,
    agentId: Id,
    agentUsername: z.string(),
    baseAmount: Etb.describe(
      "What the share is of, not an earning of the super agent: purchaseAmount (the ETB the agent paid for coins) or agentCommission (the agent's fees of the day) ('Base')",
    ),
    purchaseAmount: Etb.nullable().describe('A coin purchase: the ETB the agent paid (else null)'),
    agentCommission: Etb.nullable().describe(
      "A commission-share payment: the agent's fees it settles (else null)",
    ),
    superAgentCommissionRate: Percent.describe("The agreement's rate, copied when the earning was written"),
    platformCommissionRate: Percent.describe(
      "The super agent's platform rate, copied when the earning was written",
    ),
    superAgentShare: Etb.describe(
      "The super agent's gross share: baseAmount x superAgentCommissionRate ('Your Share (Gross)')",
    ),
    platformShare: Etb.describe(
      "The platform's cut: superAgentShare x platformCommissionRate ('Platform Share')",
    ),
    superAgentNetEarnings: Etb.describe(
      "What the super agent keeps: superAgentShare - platformShare ('Your Net Earnings')",
    ),
    status: EarningStatus,
    paidAt: IsoDateTime.nullable(),
    notes: z.string().nullable(),
    commissionPaymentId: Id.nullable(),
  })
  .meta({ id: 'SuperAgentEarning' });
export type SuperAgentEarning = z.infer<typeof SuperAgentEarning>;

export const SuperAgentEarningsQuery = z.strictObject({ period: EarningsPeriod.default('month') });
export const AdminSuperAgentEarningsQuery = z.strictObject({
  period: z.enum(['week', 'month', 'year', 'all']).default('month'),
  status: EarningStatus.optional(),
});

export const SuperAgentEarningsResponse = z
  .object({
    ...PeriodRange,
    payments: z.array(SuperAgentEarning).describe('Newest first'),
    totals: z
      .object({
        baseAmount: Etb.describe('Sum of baseAmount: what the shares are of, not earnings'),
        superAgentShare: Etb.describe("Sum of superAgentShare: the super agent's gross shares"),
        platformShare: Etb.describe("Sum of platformShare: the platform's cuts"),
        superAgentNetEarnings: Etb.describe('Sum of superAgentNetEarnings: what the super agent keeps'),
        pending: Etb.describe('Of superAgentNetEarnings, the pending earnings'),
        paid: Etb.describe('Of superAgentNetEarnings, the paid earnings'),
      })
      .describe("The period's earnings not cancelled (a cancelled one is listed, never summed)"),
  })
  .meta({ id: 'SuperAgentEarningsResponse' });
export type SuperAgentEarningsResponse = z.infer<typeof SuperAgentEarningsResponse>;

export const SuperAgentEarningResponse = z
  .object({ message: z.string(), earning: SuperAgentEarning })
  .meta({ id: 'SuperAgentEarningResponse' });

// ---------------------------------------------------------------------------------------------------------
// Reports: the games behind /reports (own) and /admin/reports (all), and their CSV export
// ---------------------------------------------------------------------------------------------------------

export const REPORT_SORT_FIELDS = [
  'gameId',
  'stake',
  'numberOfPlayers',
  'agentFee',
  'totalAmount',
  'createdAt',
] as const;
export const ReportSortField = z.enum(REPORT_SORT_FIELDS);

const ReportFilters = {
  status: z.enum(['all', 'active', 'paused', 'finished', 'cancelled']).default('all'),
  date: BusinessDate.optional().describe('One business day of creation (the spec date filter)'),
  startDate: BusinessDate.optional(),
  endDate: BusinessDate.optional(),
  agentId: z.uuid('Not a valid id').optional().describe('The admin only: one agent (an agent: 400)'),
  sortBy: ReportSortField.default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
};
const noDateMix = (v: {
  date?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}) => v.date === undefined || (v.startDate === undefined && v.endDate === undefined);
const noDateMixIssue = { message: 'Send date, or startDate and endDate, not both', path: ['date'] };

export const ReportQuery = z
  .strictObject({ ...ReportFilters, page: pageNumber.default(1), limit: pageSize.default(20) })
  .refine(dateOrder, dateOrderIssue)
  .refine(noDateMix, noDateMixIssue);
export type ReportQuery = z.input<typeof ReportQuery>;

export const ReportExportQuery = z
  .strictObject(ReportFilters)
  .refine(dateOrder, dateOrderIssue)
  .refine(noDateMix, noDateMixIssue);
export type ReportExportQuery = z.input<typeof ReportExportQuery>;

/** A row of the reports table (spec 02 section 2 'Reports'). */
export const ReportGame = z.object({
  id: Id,
  _id: Id,
  gameId: z.string(),
  agentId: Id,
  agentUsername: z.string(),
  financialModel: FinancialModel.describe('The model the game was created under'),
  status: GameStatus,
  stake: Etb,
  numberOfPlayers: z.number().int(),
  totalCalls: z.number().int(),
  commissionPercent: Percent,
  agentFee: Etb.describe('0 for a cancelled game (decision 064)'),
  totalAmount: Etb.describe('0 for a cancelled game: the stakes went back'),
  prize: Etb.describe('0 for a cancelled game'),
  winners: z
    .number()
    .int()
    .describe('Confirmed winners: more than one when several cards won on the same ball'),
  prizeShares: z
    .array(Etb)
    .describe(
      "Each winner's share of the prize, in the order confirmed (decision 062: equal parts, the odd santim to the first)",
    ),
  businessDate: BusinessDay.describe('The business day of creation'),
  createdAt: IsoDateTime,
  finishedAt: IsoDateTime.nullable(),
  cancelReason: z.string().nullable().describe("A cancelled game: why, in the agent's words (decision 055)"),
  refundedCoins: z
    .number()
    .int()
    .describe('Coins given back: a game cancelled before its first call (decision 064); else 0'),
});
export type ReportGame = z.infer<typeof ReportGame>;

export const ReportResponse = z
  .object({
    games: z.array(ReportGame),
    summary: z.object({
      totalGames: z.number().int().describe('Games matching the filters, any status'),
      countedGames: z.number().int().describe('Of those, finished: the ones that count'),
      totalEarnings: Etb.describe('Sum of agentFee of the counted games'),
      totalPlayers: z.number().int().describe('Of the counted games'),
      totalAmount: Etb.describe('Sum of totalAmount of the counted games'),
      averageRevenuePerGame: Etb.describe(
        'totalEarnings / countedGames, rounded half away from zero; 0 if none',
      ),
    }),
    ...Page,
  })
  .meta({ id: 'ReportResponse' });
export type ReportResponse = z.infer<typeof ReportResponse>;

/** The export is CSV, not JSON: this schema only stands for it in the contract (every route declares one). */
export const ReportCsv = z
  .object({})
  .describe(
    'text/csv; charset=utf-8, UTF-8 with BOM, CRLF; attachment cartela-report-{from}-{to}.csv. Columns: Game ID, Agent (admin), Status, Stake, Players, Calls, Commission %, Fee, Total, Prize, Winners, Prize per winner (one amount, or each share in the order confirmed joined by " / " when they differ by the odd santim; decision 062), Business date, Created (ISO, UTC), Finished, Cancel reason, Refunded coins. A cancelled game shows Fee, Total and Prize 0.00 (decision 064). Exactly the filtered rows, in the sort order; streamed',
  )
  .meta({ id: 'ReportCsv' });

// ---------------------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------------------

const admin = ['admin'] as const;
const agent = ['agent'] as const;
const superAgent = ['super-agent'] as const;
const agentOrAdmin = ['agent', 'admin'] as const;

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

export const commissionRoutes = {
  summary: defineRoute({
    method: 'GET',
    path: '/api/commission/summary',
    summary: 'Totals of the commission payments dated in the period',
    access: admin,
    query: CommissionSummaryQuery,
    response: CommissionSummaryResponse,
  }),
  payments: defineRoute({
    method: 'GET',
    path: '/api/commission/payments',
    summary: 'Commission payments, newest business day first, filtered and paginated',
    access: admin,
    query: CommissionPaymentsQuery,
    response: CommissionPaymentsResponse,
  }),
  settings: defineRoute({
    method: 'GET',
    path: '/api/commission/settings',
    summary: "Every commission-share agent's admin commission rate (its systemCommissionShare)",
    access: admin,
    response: CommissionSettingsResponse,
  }),
  updateSetting: defineRoute({
    method: 'PUT',
    path: '/api/commission/settings/:id',
    summary: "Set an agent's admin commission rate (= systemCommissionShare) and notes; :id is the agent's",
    access: admin,
    params: IdParams,
    body: UpdateCommissionSettingRequest,
    response: CommissionSettingResponse,
  }),
  generateDaily: defineRoute({
    method: 'POST',
    path: '/api/commission/generate-daily',
    summary:
      "One payment per commission-share agent with unsettled counted games up to that business day, with its super agent's earning; idempotent",
    access: admin,
    body: GenerateDailyRequest,
    response: GenerateDailyResponse,
  }),
  markPaid: defineRoute({
    method: 'PUT',
    path: '/api/commission/payments/:id/mark-paid',
    summary: 'pending -> paid (any other status: 409)',
    access: admin,
    params: IdParams,
    body: MarkPaidRequest,
    response: CommissionPaymentResponse,
  }),
  markPending: defineRoute({
    method: 'PUT',
    path: '/api/commission/payments/:id/mark-pending',
    summary: 'paid or cancelled -> pending (pending: 409)',
    access: admin,
    params: IdParams,
    response: CommissionPaymentResponse,
  }),
} as const;

export const superAgentDashboardRoutes = {
  overview: defineRoute({
    method: 'GET',
    path: '/api/super-agents/overview',
    summary: "The signed-in super agent's totals, active agents, platform rate and account block",
    access: superAgent,
    response: SuperAgentOverviewResponse,
  }),
  agents: defineRoute({
    method: 'GET',
    path: '/api/super-agents/agents',
    summary: "The signed-in super agent's agents (active agreements), newest first",
    access: superAgent,
    response: SuperAgentAgentsResponse,
  }),
  earnings: defineRoute({
    method: 'GET',
    path: '/api/super-agents/earnings',
    summary: "The signed-in super agent's earnings of the last week, month or year",
    access: superAgent,
    query: SuperAgentEarningsQuery,
    response: SuperAgentEarningsResponse,
  }),
  earningsOf: defineRoute({
    method: 'GET',
    path: '/api/super-agents/:id/earnings',
    summary: "One super agent's earnings (the admin), by period and status",
    access: admin,
    params: IdParams,
    query: AdminSuperAgentEarningsQuery,
    response: SuperAgentEarningsResponse,
  }),
  markEarningPaid: defineRoute({
    method: 'PUT',
    path: '/api/super-agents/earnings/:id/mark-paid',
    summary: "A super agent's earning: pending -> paid (any other status: 409)",
    access: admin,
    params: IdParams,
    body: MarkPaidRequest,
    response: SuperAgentEarningResponse,
  }),
  markEarningPending: defineRoute({
    method: 'PUT',
    path: '/api/super-agents/earnings/:id/mark-pending',
    summary: "A super agent's earning: paid -> pending (any other status: 409)",
    access: admin,
    params: IdParams,
    response: SuperAgentEarningResponse,
  }),
} as const;

export const reportRoutes = {
  games: defineRoute({
    method: 'GET',
    path: '/api/reports/games',
    summary:
      "Games for the reports: an agent's own, or every agent's for the admin; filtered, sorted, paginated",
    access: agentOrAdmin,
    query: ReportQuery,
    response: ReportResponse,
  }),
  exportGames: defineRoute({
    method: 'GET',
    path: '/api/reports/games/export',
    summary:
      'The filtered games as CSV (UTF-8 with BOM), streamed; at most 2 exports at once per user (429 RATE_LIMITED past that)',
    access: agentOrAdmin,
    query: ReportExportQuery,
    response: ReportCsv,
  }),
} as const;
