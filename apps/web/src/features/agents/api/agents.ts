import { type Agent, networkRoutes } from '@cartela/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Every agent, with its super agent and coins (GET /api/users/agents). Other features invalidate ['agents']. */
export const agentsQuery = () =>
  queryOptions({
    queryKey: ['agents', 'list'],
    queryFn: ({ signal }) => api(networkRoutes.listAgents, { signal }),
    select: (data) => data.agents,
  });

export const useAgents = (enabled = true) => useQuery({ ...agentsQuery(), enabled });

/** The agents as the server has them now (not the cache's copy), stored for every screen that shows them. */
export async function fetchAgents(queryClient: QueryClient): Promise<Agent[]> {
  const { queryKey, queryFn } = agentsQuery();
  const data = await queryClient.fetchQuery({ queryKey, queryFn, staleTime: 0 });
  return data.agents;
}

/** Puts an agent the server just answered with into the list at once (the refetch follows). */
export function storeAgent(queryClient: QueryClient, agent: Agent): void {
  queryClient.setQueryData(agentsQuery().queryKey, (data) =>
    data ? { agents: data.agents.map((a) => (a.id === agent.id ? agent : a)) } : data,
  );
}
