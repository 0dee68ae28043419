import { networkRoutes } from '@cartela/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface AgentOption {
  id: string;
  username: string;
}

/**
 * The agents the admin can narrow the report to (GET /api/users/agents), by name. The same key as the agents
 * feature's list, so one answer serves both and their changes (which invalidate ['agents']) show here too.
 */
export const reportAgentsQuery = () =>
  queryOptions({
    queryKey: ['agents', 'list'],
    queryFn: ({ signal }) => api(networkRoutes.listAgents, { signal }),
    select: (data): AgentOption[] =>
      data.agents
        .map(({ id, username }) => ({ id, username }))
        .sort((a, b) => a.username.localeCompare(b.username)),
  });

/** `enabled` is false for an agent, who has no agent filter (and would only be refused). */
export const useReportAgents = (enabled: boolean) => useQuery({ ...reportAgentsQuery(), enabled });
