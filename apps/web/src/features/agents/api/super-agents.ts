import { networkRoutes } from '@cartela/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * Every super agent (GET /api/super-agents), for the agent dialogs' choice. The same key as the super agents
 * page, so both share one answer and its invalidations.
 */
export const superAgentsQuery = () =>
  queryOptions({
    queryKey: ['super-agents', 'list'],
    queryFn: ({ signal }) => api(networkRoutes.listSuperAgents, { signal }),
    select: (data) => data.superAgents,
  });

export const useSuperAgents = () => useQuery(superAgentsQuery());
