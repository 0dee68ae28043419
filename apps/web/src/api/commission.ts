import {
  agentRoutes,
  type CommissionPaymentStatus,
  commissionRoutes,
  type GenerateDailyRequest,
  type MarkPaidRequest,
  type StatsCalendar,
  type StatsPeriod,
  statsRoutes,
  type UpdateCommissionSettingRequest,
} from '@cartela/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useFormat } from '@/lib/format';
import { routeQuery } from './client';
import { periodInput } from './stats';
import { SUPER_AGENT_FIGURES } from './super-agents';
import { useWrite } from './write';

// commissionRoutes: the commission-share payments, their summary and the agents' admin rates.

/**
 * GET /api/commission/summary?period&calendar: totals of the payments dated in the period (decision 065). One
 * factory for the commission page and the admin dashboard's cards, so they share one cached answer.
 */
export const commissionSummaryQuery = (period: StatsPeriod, calendar: StatsCalendar) =>
  routeQuery(commissionRoutes.summary, periodInput(period, calendar));

/** `keepPrevious`: the last period's figures stay on screen while a new one loads (the dashboard's cards). */
export function useCommissionSummary(period: StatsPeriod, { keepPrevious = false } = {}) {
  const { calendar } = useFormat();
  return useQuery({
    ...commissionSummaryQuery(period, calendar),
    ...(keepPrevious && { placeholderData: keepPreviousData }),
  });
}

export interface PaymentFilters {
  status?: CommissionPaymentStatus;
  agentId?: string;
  startDate?: string;
  endDate?: string;
  page: number;
  limit: number;
}

/** GET /api/commission/payments: newest business day first, filtered, 20 a page. */
export const paymentsQuery = (filters: PaymentFilters) =>
  routeQuery(commissionRoutes.payments, { query: filters });

/**
 * The payments of the page asked for; `enabled` is false while the filters are not a query the server would
 * take (an end date before the start date). The previous page stays on screen while the next one comes.
 */
export const useCommissionPayments = (filters: PaymentFilters, enabled = true) =>
  useQuery({ ...paymentsQuery(filters), enabled, placeholderData: keepPreviousData });

/** GET /api/commission/settings: every commission-share agent's admin commission rate and notes. */
export const settingsQuery = () =>
  routeQuery(commissionRoutes.settings, {}, { select: (data) => data.settings });

export const useCommissionSettings = () => useQuery(settingsQuery());

/** A payment's status changed: the list, the summary and the dashboards' figures. */
const PAYMENTS_CHANGED = [commissionRoutes.payments, commissionRoutes.summary, statsRoutes] as const;

/**
 * POST /api/commission/generate-daily {date}: one pending payment per commission-share agent owing for that
 * day, and their super agents' earnings: the super agents' figures changed too.
 */
export const useGenerateDaily = () =>
  useWrite(commissionRoutes.generateDaily, {
    request: (body: GenerateDailyRequest) => ({ body }),
    invalidates: [...PAYMENTS_CHANGED, ...SUPER_AGENT_FIGURES],
  });

/** PUT /api/commission/payments/:id/mark-paid {notes}: pending -> paid. */
export const useMarkPaid = () =>
  useWrite(commissionRoutes.markPaid, {
    request: ({ id, body }: { id: string; body: MarkPaidRequest }) => ({ params: { id }, body }),
    invalidates: PAYMENTS_CHANGED,
  });

/** PUT /api/commission/payments/:id/mark-pending: paid or cancelled -> pending. */
export const useMarkPending = () =>
  useWrite(commissionRoutes.markPending, {
    request: (id: string) => ({ params: { id } }),
    invalidates: PAYMENTS_CHANGED,
  });

/** PUT /api/commission/settings/:id (the agent's id): its admin commission rate (= systemCommissionShare) and notes. */
export const useUpdateSetting = () =>
  useWrite(commissionRoutes.updateSetting, {
    request: ({ agentId, body }: { agentId: string; body: UpdateCommissionSettingRequest }) => ({
      params: { id: agentId },
      body,
    }),
    onSuccess: ({ setting }, _, queryClient) => {
      queryClient.setQueryData(settingsQuery().queryKey, (data) =>
        data ? { settings: data.settings.map((s) => (s.agentId === setting.agentId ? setting : s)) } : data,
      );
    },
    // The rate is the agent's systemCommissionShare: the agents list shows it too.
    invalidates: [commissionRoutes.settings, agentRoutes.listAgents],
  });
