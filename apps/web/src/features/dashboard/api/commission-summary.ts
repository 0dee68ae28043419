import { commissionRoutes, type StatsPeriod } from '@cartela/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

// Under 'commission', so whatever changes a commission payment (generating, marking paid) refreshes it too.
export const commissionSummaryQuery = (period: StatsPeriod) =>
  queryOptions({
    queryKey: ['commission', 'summary', { period }],
    queryFn: ({ signal }) => api(commissionRoutes.summary, { query: { period }, signal }),
  });

/** GET /api/commission/summary?period: the admin dashboard's commission cards, for the same period. */
export const useCommissionSummary = (period: StatsPeriod) =>
  useQuery({ ...commissionSummaryQuery(period), placeholderData: keepPreviousData });
