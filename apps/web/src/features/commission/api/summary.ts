import { commissionRoutes, type StatsPeriod } from '@cartela/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/commission/summary?period: totals of the payments dated in the period. */
export const summaryQuery = (period: StatsPeriod) =>
  queryOptions({
    queryKey: ['commission', 'summary', period],
    queryFn: ({ signal }) => api(commissionRoutes.summary, { query: { period }, signal }),
  });

export const useCommissionSummary = (period: StatsPeriod) => useQuery(summaryQuery(period));
