import { cartelaRoutes } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { agentCartelasQuery, cartelasChanged } from './agent-cartelas';

/** DELETE /api/cartelas/agent/:agentId/cartela/:n: the agent no longer holds that cartela. */
export function removeAgentCartela({ agentId, n }: { agentId: string; n: number }) {
  return api(cartelaRoutes.removeAgentCartela, { params: { agentId, n: String(n) } });
}

export function useRemoveAgentCartela() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAgentCartela,
    onSuccess: async (_, { agentId, n }) => {
      queryClient.setQueryData(agentCartelasQuery(agentId).queryKey, (data) =>
        data ? { assignedCartelas: data.assignedCartelas.filter((c) => c.cartelaNumber !== n) } : data,
      );
      await cartelasChanged(queryClient, agentId);
    },
  });
}
