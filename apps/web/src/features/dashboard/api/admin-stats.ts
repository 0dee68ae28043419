import { type StatsPeriod, statsRoutes } from '@cartela/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const adminStatsQuery = (period: StatsPeriod) =>
  queryOptions({
    queryKey: ['stats', 'admin', { period }],
    queryFn: ({ signal }) => api(statsRoutes.adminStats, { query: { period }, signal }),
  });

/** GET /api/stats/admin?period: the system's figures; the last period's stay on screen while a new one loads. */
export const useAdminStats = (period: StatsPeriod) =>
  useQuery({ ...adminStatsQuery(period), placeholderData: keepPreviousData });
