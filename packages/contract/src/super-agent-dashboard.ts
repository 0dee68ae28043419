// What a super agent sees of its own network (its totals, agents and earnings), and the admin's handling of
// those earnings (product/money.md#super-agent-shares; decision 053).
import { z } from 'zod';
import { MarkPaidRequest } from './commission.js';
import { Etb, FinancialModel, Id, IdParams, IsoDateTime, Percent } from './common.js';
import { PeriodRange } from './fields.js';
import { BusinessDay } from './periods.js';
import { defineRoute } from './route.js';

/** The super agent's Earnings tab: Last Week, Last Month, Last Year (rolling, ending today). */
export const EarningsPeriod = z.enum(['week', 'month', 'year']);
export type EarningsPeriod = z.infer<typeof EarningsPeriod>;

export const EarningStatus = z.enum(['pending', 'paid', 'cancelled']);
export type EarningStatus = z.infer<typeof EarningStatus>;
export const EarningPaymentType = z.enum(['virtual-coin-purchase', 'commission-share']);

/**
 * GET /api/super-agents/overview (product/screens.md#overview-tab: the cards and the Account Information block).
 */
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

/**
 * A super agent's agent (product/screens.md#my-agents-tab): the agreement with the agent's figures under agentId.
 */
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

/** A super agent's earning (product/money.md#super-agent-shares; one row of super_agent_earnings). */
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

const admin = ['admin'] as const;
const superAgent = ['super-agent'] as const;

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
