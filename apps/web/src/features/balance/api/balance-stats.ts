import { cartelaRoutes } from '@cartela/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const balanceStatsQuery = () =>
  queryOptions({
    queryKey: ['balance', 'stats'],
    queryFn: ({ signal }) => api(cartelaRoutes.balanceStats, { signal }),
  });

/** GET /api/balance/stats; `enabled` is false for a non-admin, who would only be refused. */
export const useBalanceStats = (enabled: boolean) => useQuery({ ...balanceStatsQuery(), enabled });
