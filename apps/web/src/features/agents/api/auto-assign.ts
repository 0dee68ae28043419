import { cartelaRoutes } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { cartelasChanged } from './agent-cartelas';

/** POST /api/cartelas/agent/:agentId/auto-assign: the next free numbers, each with a balanced card. */
export function autoAssign({ agentId, count }: { agentId: string; count: number }) {
  return api(cartelaRoutes.autoAssign, { params: { agentId }, body: { count } });
}

export function useAutoAssign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: autoAssign,
    onSuccess: (_, { agentId }) => cartelasChanged(queryClient, agentId),
  });
}
