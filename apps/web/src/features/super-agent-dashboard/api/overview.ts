import { superAgentDashboardRoutes } from '@cartela/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Every call of this page lives under this key: Refresh Data and a sign-out reach them all at once. */
export const SUPER_AGENT_DASHBOARD_KEY = ['super-agent-dashboard'] as const;

/** GET /api/super-agents/overview: the signed-in super agent's totals, active agents, rate and account block. */
export const overviewQuery = () =>
  queryOptions({
    queryKey: [...SUPER_AGENT_DASHBOARD_KEY, 'overview'],
    queryFn: ({ signal }) => api(superAgentDashboardRoutes.overview, { signal }),
  });

export const useOverview = () => useQuery(overviewQuery());
