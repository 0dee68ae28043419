import { superAgentDashboardRoutes } from '@cartela/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { SUPER_AGENT_DASHBOARD_KEY } from './overview';

/** GET /api/super-agents/agents: the agents under an active agreement with the signed-in super agent. */
export const myAgentsQuery = () =>
  queryOptions({
    queryKey: [...SUPER_AGENT_DASHBOARD_KEY, 'agents'],
    queryFn: ({ signal }) => api(superAgentDashboardRoutes.agents, { signal }),
    select: (data) => data.agents,
  });

export const useMyAgents = () => useQuery(myAgentsQuery());
