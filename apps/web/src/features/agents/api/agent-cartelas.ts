import { type AssignedCartela, cartelaRoutes } from '@cartela/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** An agent's assigned cartelas with the agent's own cards (GET /api/cartelas/agent/:agentId, admin). */
export const agentCartelasQuery = (agentId: string) =>
  queryOptions({
    queryKey: ['cartelas', 'agent', agentId],
    queryFn: ({ signal }) => api(cartelaRoutes.agentCartelas, { params: { agentId }, signal }),
    select: (data) => data.assignedCartelas,
  });

export const useAgentCartelas = (agentId: string | null) =>
  useQuery({ ...agentCartelasQuery(agentId ?? ''), enabled: agentId !== null });

/** One of the agent's cards as the server now has it, in the list at once. */
export function storeAgentCartela(queryClient: QueryClient, cartela: AssignedCartela): void {
  queryClient.setQueryData(agentCartelasQuery(cartela.agentId).queryKey, (data) =>
    data
      ? {
          assignedCartelas: data.assignedCartelas.map((c) =>
            c.cartelaNumber === cartela.cartelaNumber ? cartela : c,
          ),
        }
      : data,
  );
}

/** After cartelas were assigned or taken back: the agent's list and its count in the agents table. */
export function cartelasChanged(queryClient: QueryClient, agentId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: agentCartelasQuery(agentId).queryKey }),
    queryClient.invalidateQueries({ queryKey: ['agents'] }),
  ]);
}
