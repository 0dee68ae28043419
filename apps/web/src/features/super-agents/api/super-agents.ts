import { networkRoutes } from '@cartela/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Every super agent, active or not (GET /api/super-agents). */
export const superAgentsQuery = () =>
  queryOptions({
    queryKey: ['super-agents', 'list'],
    queryFn: ({ signal }) => api(networkRoutes.listSuperAgents, { signal }),
    select: (data) => data.superAgents,
  });

export const useSuperAgents = () => useQuery(superAgentsQuery());
