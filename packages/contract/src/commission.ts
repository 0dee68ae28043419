// Commission-share agents' money (product/screens.md#commission-management): the admin's rate per agent, the
// daily payments that settle the counted games, their lifecycle and the summary (decisions 053, 064).
import { z } from 'zod';
import { Etb, FinancialModel, Id, IdParams, IsoDateTime, Percent } from './common.js';
import { dateOrder, dateOrderIssue, Notes, Page, PeriodRange, pageNumber, pageSize } from './fields.js';
import { BusinessDate, BusinessDay, StatsCalendar, StatsPeriod } from './periods.js';
import { defineRoute } from './route.js';

export const CommissionPaymentStatus = z.enum(['pending', 'paid', 'cancelled']);
export type CommissionPaymentStatus = z.infer<typeof CommissionPaymentStatus>;

/** A commission payment (product/money.md#daily-commission-payments). */
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

/**
 * A commission setting (product/money.md#commission-share): adminCommissionRate IS the agent's
 * systemCommissionShare.
 */
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

/** The commission summary (product/money.md#daily-commission-payments), over the payments dated in the period. */
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

const admin = ['admin'] as const;

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
