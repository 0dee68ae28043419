import { type EarningsPeriod, superAgentDashboardRoutes } from '@cartela/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { SUPER_AGENT_DASHBOARD_KEY } from './overview';

/** GET /api/super-agents/earnings?period: the signed-in super agent's earnings of the last week, month or year. */
export const earningsQuery = (period: EarningsPeriod) =>
  queryOptions({
    queryKey: [...SUPER_AGENT_DASHBOARD_KEY, 'earnings', period],
    queryFn: ({ signal }) => api(superAgentDashboardRoutes.earnings, { query: { period }, signal }),
  });

export const useEarnings = (period: EarningsPeriod) => useQuery(earningsQuery(period));
